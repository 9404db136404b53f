"""Fixtures for the browser tests: one Streamlit server, one chromium and one browser context
per session, a new page (a new Streamlit session) per test, one shared context per screen for
the layout walks (``screen``), (the timing figures they record are printed by tests/conftest.py).

Where chromium is missing or does not start, the browser tests are skipped with the reason,
except under CI=true, where that is a failure (CI must run them).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from gtl_dev.app_server import CHROMIUM, CHROMIUM_ARGS
from tests.browser.helpers import VIEWPORT, streamlit_server


def browser_unavailable(reason: str) -> None:
    """Skip (locally) or fail (under CI=true) because the browser cannot run."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason} (set up with `make chromium`)")


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


@pytest.fixture(scope="session")
def screen(browser):  # -> Callable[..., contextmanager[playwright.sync_api.Page]]
    """A new page in the session's one context for a screen: ``with screen(viewport=...,
    device_scale_factor=..., has_touch=...) as page``; the page is closed on exit. The walks
    of many pages on a few screens (tests/browser/test_projector.py, the translated pages'
    walks) share a context per screen, so its HTTP and code caches keep Streamlit's and the
    canvas's code, as a person's browser does after the first page; each page is still a new
    Streamlit session with its own window probe. A first visit with an empty cache is
    tests/browser/test_first_visit.py's and test_fresh_server.py's."""
    made: dict[tuple, object] = {}

    @contextmanager
    def open_on(**options) -> Iterator:
        key = tuple(
            sorted(
                (k, repr(sorted(v.items())) if isinstance(v, dict) else v)
                for k, v in options.items()
            )
        )
        if key not in made:
            made[key] = browser.new_context(**options)
            made[key].set_default_timeout(60_000)
        pg = made[key].new_page()
        try:
            yield pg
        finally:
            pg.close()

    yield open_on
    for context in made.values():
        context.close()


@pytest.fixture
def page(browser_context, base_url):  # -> playwright.sync_api.Page
    """A new page (so a new Streamlit session) per test, closed afterwards."""
    pg = browser_context.new_page()
    yield pg
    pg.close()
