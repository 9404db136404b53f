"""Helpers for the browser tests: open a page and wait for Streamlit, click things, take
screenshots, record timing figures, check share links.

Always import as ``from tests.browser.helpers import ...`` so every test module shares one
timing record (printed at the end of the run by tests/browser/conftest.py).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

# A projector-ish window: wide layout gets room, screenshots stay readable.
VIEWPORT = {"width": 1440, "height": 900}

APP = '[data-testid="stApp"]'
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
CHART = '[data-testid="stPlotlyChart"]'
EXCEPTION = '[data-testid="stException"]'

# name -> seconds, in the order recorded; printed by pytest_terminal_summary.
TIMINGS: dict[str, list[float]] = {}


def record_figure(name: str, seconds: float) -> None:
    """Record a timing figure (printed at the end of the run; never asserted)."""
    TIMINGS.setdefault(name, []).append(seconds)


def _charts_drawn(page: Page, timeout_ms: float) -> None:
    """Wait until every plotly chart on the page has drawn its SVG."""
    page.wait_for_function(
        """(sel) => [...document.querySelectorAll(sel)].every(
               (c) => c.querySelector('.js-plotly-plot .main-svg'))""",
        arg=CHART,
        timeout=timeout_ms,
    )


def wait_idle(page: Page, *, after_action: bool = True, timeout_ms: float = 30_000) -> None:
    """Wait until the script run has finished and every plotly chart is drawn.

    ``after_action``: first give the rerun a moment (up to 1 s) to start, so that a check right
    after a click does not see the idle state from before the click.
    """
    if after_action:
        try:
            page.wait_for_selector(
                f'{APP}:not([data-test-script-state="notRunning"])', timeout=1_000
            )
        except Exception:  # the rerun was quicker than the poll, or there was none
            pass
    page.wait_for_selector(IDLE, timeout=timeout_ms)
    _charts_drawn(page, timeout_ms)


def open_url(page: Page, url: str, timeout_ms: float = 30_000) -> float:
    """Go to ``url``, wait until the app has finished its run and drawn its charts.

    Returns the seconds from navigation to a finished, drawn page.
    """
    start = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
    page.wait_for_selector(APP, timeout=timeout_ms)
    # The first run goes initial -> running -> notRunning; "initial" is not idle.
    page.wait_for_selector(IDLE, timeout=timeout_ms)
    # Wait for the page's body to be on screen (the main block has at least one element).
    page.wait_for_selector('[data-testid="stMain"] [data-testid="stElementContainer"]')
    _charts_drawn(page, timeout_ms)
    return time.perf_counter() - start


def open_page(page: Page, base_url: str, url_path: str = "", timeout_ms: float = 30_000) -> float:
    """Open the app page at ``url_path`` ("" = home; may carry a ``?query``) and wait for it.

    Returns the seconds from navigation to a finished run with every plotly chart drawn.
    """
    return open_url(page, f"{base_url.rstrip('/')}/{url_path.lstrip('/')}", timeout_ms)


def assert_no_exception(page: Page) -> None:
    """Fail when the page shows a Streamlit exception box or a traceback."""
    boxes = page.locator(EXCEPTION)
    assert boxes.count() == 0, f"exception on page: {boxes.first.inner_text()[:2000]}"
    body = page.locator("body").inner_text()
    assert "Traceback" not in body, f"traceback on page: {body[:2000]}"


def click_plotly_point(page: Page, index: int, chart: int = 0) -> float:
    """Click marker ``index`` (DOM order of ``.scatterlayer path.point``) of plotly chart
    number ``chart``, the way a person does, and wait for the rerun.

    Returns the seconds from the click to a finished, drawn page.
    """
    point = page.locator(CHART).nth(chart).locator(".scatterlayer path.point").nth(index)
    point.wait_for(state="attached")
    box = point.bounding_box()
    assert box is not None, f"plotly point {index} of chart {chart} is not on screen"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.wait_for_timeout(100)  # plotly needs the hover before the click counts
    start = time.perf_counter()
    page.mouse.click(x, y)
    wait_idle(page)
    return time.perf_counter() - start


def click_button(page: Page, key: str) -> float:
    """Click the ``st.button`` with ``key`` and wait for the rerun.

    Returns the seconds from the click to a finished, drawn page.
    """
    start = time.perf_counter()
    page.locator(f".st-key-{key} button").click()
    wait_idle(page)
    return time.perf_counter() - start


def median_of_clicks(click: Callable[[], float], times: int = 10) -> float:
    """Run ``click`` (returning its seconds) ``times`` times; return the median seconds."""
    return statistics.median(click() for _ in range(times))


def screenshot(page: Page, name: str, full_page: bool = True) -> Path:
    """Save a screenshot to artifacts/screenshots/NAME.png (repo root) and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    viewport = page.viewport_size
    # Streamlit scrolls inside its main block, so a "full page" shot would stop at the window:
    # grow the window to the content's height for the shot, then put it back.
    height = page.evaluate(
        """() => Math.max(...[...document.querySelectorAll('[data-testid="stMain"], body')]
                   .map((e) => e.scrollHeight))"""
    )
    if full_page and viewport and height > viewport["height"]:
        page.set_viewport_size({"width": viewport["width"], "height": min(int(height), 8000)})
        page.wait_for_timeout(200)  # let plotly and the layout settle at the new size
    page.screenshot(path=str(path))
    if viewport and page.viewport_size != viewport:
        page.set_viewport_size(viewport)
    return path


def assert_share_link_restores(browser: Browser, url: str, check: Callable[[Page], None]) -> None:
    """Open ``url`` (a full share link) in a NEW browser context, so no session state, cookie
    or storage is shared with the page that made it; assert it loads cleanly and run
    ``check(page)`` on it."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        open_url(page, url)
        assert_no_exception(page)
        check(page)
    finally:
        context.close()
