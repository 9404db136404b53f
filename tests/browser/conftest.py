"""Fixtures for the browser tests: one Streamlit server, one chromium and one browser context
per session, a new page (a new Streamlit session) per test, and the timing figures printed at
the end of the run.

Where chromium is missing or does not start, the browser tests are skipped with the reason,
except under CI=true, where that is a failure (CI must run them).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.helpers import ROOT, TIMINGS, VIEWPORT, open_url

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


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


@pytest.fixture(scope="session")
def base_url(browser) -> Iterator[str]:
    """Start `streamlit run app.py` on a free loopback port; yield its base URL once the app
    has run once (see _warm_up). Needs the browser, so it is skipped or failed with it."""
    port = _free_port()
    log_dir = Path(tempfile.mkdtemp(prefix="gtl-streamlit-"))
    out, err = open(log_dir / "stdout", "wb"), open(log_dir / "stderr", "wb")
    cmd = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        "app.py",
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=err)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_TIMEOUT_S
        while not _healthy(f"{url}/_stcore/health"):
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
        _warm_up(browser, url)
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


def _warm_up(browser, url: str) -> None:
    """Run the app once. Until app.py has run, the server does not know the pages that
    st.navigation registers, so the first visitor who opens a lab's URL directly gets a
    "Page not found" box over the right page (streamlit issue 9992). Every test after this
    sees a server that has run at least once."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        open_url(context.new_page(), url)
    finally:
        context.close()


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
        shown = ", ".join(f"{v:.2f}" for v in values)
        tr.write_line(f"{name:<{width}}  {shown}")
