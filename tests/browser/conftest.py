"""Fixtures for the browser tests: one Streamlit server, one chromium and one browser context
per session, a new page (a new Streamlit session) per test, and the timing figures printed at
the end of the run.

Where chromium is missing or does not start, the browser tests are skipped with the reason,
except under CI=true, where that is a failure (CI must run them).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.browser.helpers import (
    ROOT,
    TIMINGS,
    VIEWPORT,
    answers,
    free_port,
    streamlit_command,
)

# Debian's chromium; GTL_CHROMIUM overrides the path (e.g. to check the skip/fail logic).
CHROMIUM = os.environ.get("GTL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_TIMEOUT_S = 30.0


def browser_unavailable(reason: str) -> None:
    """Skip (locally) or fail (under CI=true) because the browser cannot run."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason} (set up with `make chromium`)")


@contextmanager
def streamlit_server(port: int | None = None) -> Iterator[str]:
    """Run `streamlit run app.py` on a loopback port (a free one by default) and yield its
    base URL once /_stcore/health answers; stop it on exit. Nothing visits the app first: a
    test sees the server a class's first student sees."""
    port = port or free_port()
    log_dir = Path(tempfile.mkdtemp(prefix="gtl-streamlit-"))
    out, err = open(log_dir / "stdout", "wb"), open(log_dir / "stderr", "wb")
    cmd = streamlit_command(port)
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=err)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_TIMEOUT_S
        while not answers(f"{url}/_stcore/health"):
            if proc.poll() is not None or time.monotonic() > deadline:
                err.flush()
                stderr = (log_dir / "stderr").read_text(errors="replace")[-4000:]
                state = (
                    f"exited with {proc.returncode}"
                    if proc.poll() is not None
                    else (f"not healthy after {SERVER_TIMEOUT_S:.0f} s")
                )
                pytest.fail(f"streamlit server {state}; stderr:\n{stderr}", pytrace=False)
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        out.close()
        err.close()


@pytest.fixture(scope="session")
def base_url(browser) -> Iterator[str]:
    """One fresh server for the session (no warm-up visit). Needs the browser, so it is
    skipped or failed with it."""
    with streamlit_server() as url:
        yield url


@pytest.fixture(scope="session")
def browser():  # -> playwright.sync_api.Browser
    """Debian's chromium under Playwright, one per session (never `playwright install`)."""
    if not os.access(CHROMIUM, os.X_OK):
        browser_unavailable(f"{CHROMIUM} not found")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        browser_unavailable(f"playwright is not installed ({exc})")
    manager = sync_playwright().start()
    try:
        try:
            chromium = manager.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
        except Exception as exc:  # a launch failure of any kind means "no browser here"
            browser_unavailable(f"{CHROMIUM} did not start: {str(exc).splitlines()[0]}")
        yield chromium
        chromium.close()
    finally:
        manager.stop()


@pytest.fixture(scope="session")
def browser_context(browser):  # -> playwright.sync_api.BrowserContext
    """One context for the session: its HTTP and code caches keep the plotly bundle warm.
    Each page still gets its own Streamlit session (sessions live on the websocket); a test
    that needs a clean browser (share links) opens its own context."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(30_000)
    yield context
    context.close()


@pytest.fixture
def page(browser_context, base_url):  # -> playwright.sync_api.Page
    """A new page (so a new Streamlit session) per test, closed afterwards."""
    pg = browser_context.new_page()
    yield pg
    pg.close()


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Print the timing figures the browser tests recorded (figures, not assertions)."""
    if not TIMINGS:
        return
    tr = terminalreporter
    tr.write_sep("-", "browser timings (seconds)")
    width = max(len(name) for name in TIMINGS)
    for name, values in TIMINGS.items():
        shown = ", ".join(f"{v:.2f}" if v >= 0.01 else f"{v * 1000:.1f} ms" for v in values)
        tr.write_line(f"{name:<{width}}  {shown}")
