"""Helpers for the browser tests: open a page and wait for Streamlit, click things, take
screenshots, record timing figures, check share links.

Always import as ``from tests.browser.helpers import ...`` so every test module shares one
timing record (printed at the end of the run by tests/browser/conftest.py).
"""

from __future__ import annotations

import json
import re
import socket
import statistics
import sys
import time
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

if TYPE_CHECKING:  # playwright is imported by the browser fixture, which skips without it
    from playwright.sync_api import Browser, Locator, Page, WebSocket

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A free TCP port on the loopback address."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def streamlit_command(port: int) -> list[str]:
    """`streamlit run app.py` headless on ``port`` of the loopback address (run it in ROOT)."""
    return [
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


def answers(url: str) -> bool:
    """True when ``url`` answers 200 within a second (a server's health check)."""
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


SCREENSHOTS = ROOT / "artifacts" / "screenshots"

# A projector-ish window: wide layout gets room, screenshots stay readable.
VIEWPORT = {"width": 1440, "height": 900}

APP = '[data-testid="stApp"]'
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
CHART = '[data-testid="stPlotlyChart"]'
EXCEPTION = '[data-testid="stException"]'
SKELETON = '[data-testid="stMain"] [data-testid="stSkeleton"]'

# name -> seconds, in the order recorded; printed by pytest_terminal_summary.
TIMINGS: dict[str, list[float]] = {}


EXPECT_TIMEOUT_MS = 30_000  # as long as the browser context's default (Playwright's is 5 s)


def expect(actual, message: str | None = None):
    """Playwright's auto-retrying ``expect``, retrying up to EXPECT_TIMEOUT_MS (a machine
    busy with other work is slow, not wrong). Imported when called, so that without
    playwright the browser tests are still collected, and then skipped by the browser
    fixture."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    return playwright_expect(actual, message)


def expect_query(page: Page, name: str, value: str | None) -> None:
    """Wait until the address bar's query has ``name=value`` (``None``: no ``name``). The
    tree canvas writes ``?k=`` and ``?play=`` itself, at most every 120 ms."""
    if value is None:
        expect(page).not_to_have_url(re.compile(rf"[?&]{re.escape(name)}="))
    else:
        value = urllib.parse.quote_plus(value)
        expect(page).to_have_url(re.compile(rf"[?&]{re.escape(name)}={re.escape(value)}(&|#|$)"))


def record_figure(name: str, seconds: float) -> None:
    """Record a timing figure (printed at the end of the run; never asserted)."""
    TIMINGS.setdefault(name, []).append(seconds)


def _charts_drawn(page: Page, timeout_ms: float) -> None:
    """Wait until no element is still a loading skeleton (plotly charts are one while the
    plotly bundle loads) and every plotly chart has drawn its SVG."""
    page.wait_for_function(
        """([chart, skeleton]) => !document.querySelector(skeleton)
               && [...document.querySelectorAll(chart)].every(
                      (c) => c.querySelector('.js-plotly-plot .main-svg'))""",
        arg=[CHART, SKELETON],
        timeout=timeout_ms,
    )


def wait_idle(page: Page, timeout_ms: float = 30_000) -> None:
    """Wait until no script run is going on and every plotly chart is drawn."""
    page.wait_for_selector(IDLE, timeout=timeout_ms)
    _charts_drawn(page, timeout_ms)


class _Runs:
    """What a page's Streamlit websocket has carried: rerun requests sent, runs finished,
    the kinds of message received, and the steps the tree canvases reported."""

    def __init__(self) -> None:
        self.requested = 0
        self.finished = 0
        self.last_request = 0.0  # perf_counter of the last rerun request
        self.kinds: Counter[str] = Counter()  # ForwardMsg kinds received ("page_not_found")
        # widget key -> (step, requested, finished): the step a canvas's state carries, as of
        # the rerun request that first carried it, and the counts just before that request
        self.steps: dict[str, tuple[int, int, int]] = {}

    def sent(self, payload: str | bytes) -> None:
        if not isinstance(payload, bytes):
            return
        msg = BackMsg.FromString(payload)
        if not msg.HasField("rerun_script"):
            return
        for widget in msg.rerun_script.widget_states.widgets:
            step = _step_of(widget)
            key = widget.id.split("-", 2)[-1]  # "$$ID-<hash>-<key>"
            if step is not None and self.steps.get(key, (None,))[0] != step:
                self.steps[key] = (step, self.requested, self.finished)
        self.requested += 1
        self.last_request = time.perf_counter()

    def received(self, payload: str | bytes) -> None:
        if isinstance(payload, bytes):
            kind = ForwardMsg.FromString(payload).WhichOneof("type")
            self.kinds[kind] += 1
            if kind == "script_finished":
                self.finished += 1


def _step_of(widget) -> int | None:
    """The step in a tree canvas's component state ({"step": k, ...}), else None."""
    if widget.WhichOneof("value") != "json_value":
        return None
    try:
        state = json.loads(widget.json_value)
    except ValueError:
        return None
    step = state.get("step") if isinstance(state, dict) else None
    return step if isinstance(step, int) and not isinstance(step, bool) else None


_RUNS: WeakKeyDictionary[Page, _Runs] = WeakKeyDictionary()


def _watch(page: Page) -> None:
    """Count the rerun requests and finished runs on ``page``'s websocket (before goto)."""
    if page in _RUNS:
        return
    runs = _RUNS[page] = _Runs()

    def on_websocket(ws: WebSocket) -> None:
        if ws.url.endswith("/_stcore/stream"):
            ws.on("framesent", runs.sent)
            ws.on("framereceived", runs.received)

    page.on("websocket", on_websocket)


def runs_of(page: Page) -> _Runs:
    """What ``page``'s websocket has carried (the page must be opened with open_page/open_url)."""
    runs = _RUNS.get(page)
    if runs is None:
        raise RuntimeError("open the page with open_page() or open_url() first")
    return runs


def _pump_until(page: Page, done: Callable[[], bool], timeout_ms: float) -> bool:
    """Let Playwright deliver events until ``done()`` or the timeout; return done().

    This is a poll, not a fixed wait: ``done`` reads what the websocket has carried, which
    lives in this process (no ``expect`` can see it), and Playwright's sync API delivers the
    frames' events only while it is called, so it is called every 10 ms until ``done()``.
    """
    deadline = time.perf_counter() + timeout_ms / 1000
    while not done() and time.perf_counter() < deadline:
        page.wait_for_timeout(10)
    return done()


def _runs_over(page: Page, runs: _Runs, requested: int, finished: int, timeout_ms: float) -> None:
    """Wait until the runs asked for since the counts were ``requested`` and ``finished``
    are over (at least one was asked for)."""

    # Every requested run ends with script_finished, except one the server folds into a
    # newer request that came while it had not started (a click and the tree canvas's
    # debounced step report at once): then a run has finished since the last request, a
    # second has gone by with no new one, and the page is idle.
    def done() -> bool:
        if runs.finished >= finished + runs.requested - requested:
            return True
        quiet = time.perf_counter() - runs.last_request > 1.0
        return quiet and runs.finished > finished and page.locator(IDLE).count() > 0

    if not _pump_until(page, done, timeout_ms):
        raise AssertionError(
            f"the rerun did not finish within {timeout_ms / 1000:.0f} s: {runs.requested - requested}"
            f" asked for, {runs.finished - finished} finished"
        )


@contextmanager
def rerun(
    page: Page, start_timeout_ms: float = 2_000, timeout_ms: float = 30_000
) -> Iterator[None]:
    """Wrap an action that makes Streamlit rerun (a click, a key press, a slider drag).

    On exit, wait until the browser has asked for a rerun (at most ``start_timeout_ms``: an
    action that asks for none just waits for the idle state), the server has finished that
    run, the page shows it and every chart is drawn. Read from the websocket, so a run that
    is over before the page could show "running" is not missed. The page must have been
    opened with open_page or open_url.
    """
    runs = runs_of(page)
    requested, finished = runs.requested, runs.finished
    yield
    if _pump_until(page, lambda: runs.requested > requested, start_timeout_ms):
        _runs_over(page, runs, requested, finished, timeout_ms)
    wait_idle(page, timeout_ms)


def wait_reported(page: Page, step: int, key: str | None = None, timeout_ms: float = 30_000):
    """Wait until the browser has told the server that a tree canvas is at ``step`` (its
    debounced step report, or any rerun request whose state carries that step) and that run
    is over. ``key``: the canvas's widget key (``Canvas.widget``, e.g. "ab.canvas"); None:
    any canvas on the page."""
    runs = runs_of(page)

    def seen() -> tuple[int, int, int] | None:
        return next((v for k, v in runs.steps.items() if key in (None, k) and v[0] == step), None)

    if not _pump_until(page, lambda: seen() is not None, timeout_ms):
        raise AssertionError(f"no canvas reported step {step} (reported: {runs.steps})")
    _, requested, finished = seen()
    _runs_over(page, runs, requested, finished, timeout_ms)
    wait_idle(page, timeout_ms)


def assert_no_rerun_for(page: Page, ms: float) -> None:
    """Fail as soon as ``page`` asks for a script rerun within ``ms``. A deliberate wait:
    what is checked is that nothing happens (the longer, the surer)."""
    runs = runs_of(page)
    before = runs.requested
    asked = _pump_until(page, lambda: runs.requested > before, ms)
    assert not asked, f"the page asked for {runs.requested - before} rerun(s) within {ms} ms"


def quiet_for(page: Page, ms: float, timeout_ms: float = 90_000) -> None:
    """Wait until ``page`` has asked for no rerun for ``ms`` and is idle: for a report that
    may or may not come, where nothing on the page says which (the window probe). A
    deliberate quiet period; a report that comes meanwhile is waited for."""
    runs, start = runs_of(page), time.perf_counter()
    before = runs.requested

    def calm() -> bool:
        since = max(start, runs.last_request)
        return (time.perf_counter() - since) * 1000 >= ms and page.locator(IDLE).count() > 0

    if not _pump_until(page, calm, timeout_ms):
        state = page.locator(APP).get_attribute("data-test-script-state")
        raise AssertionError(
            f"no quiet {ms} ms in {timeout_ms / 1000:.0f} s: {runs.requested - before} reruns"
            f" asked for, the script is {state}"
        )
    wait_idle(page, timeout_ms)


def next_frame(page: Page) -> None:
    """Wait until the browser has drawn a frame after this moment (a scroll or a resize is
    on screen for a screenshot)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def open_url(page: Page, url: str, timeout_ms: float = 30_000) -> float:
    """Go to ``url``, wait until the app has finished its run and drawn its charts.

    Returns the seconds from navigation to a finished, drawn page.
    """
    _watch(page)
    _RUNS[page].steps.clear()  # a new session: no step reported yet
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


# True once the element's box has been the same on every frame for `hold` ms; "gone" when
# the element has left the page (Streamlit drew a new one).
_STEADY_JS = """([el, hold]) => {
  if (!el.isConnected) return "gone";
  const r = el.getBoundingClientRect(), now = performance.now();
  const box = [r.x, r.y, r.width, r.height].join(" "), seen = el.__gtlSteady;
  if (!seen || seen.box !== box) { el.__gtlSteady = {box, since: now}; return false; }
  return now - seen.since >= hold;
}"""


def steady_box(locator: Locator, hold_ms: float = 500, timeout_ms: float = 15_000) -> dict | None:
    """The element's bounding box once it has stopped moving: the same for ``hold_ms`` (a
    sidebar's slide, a chart redrawn at its new width). AssertionError if it is still moving
    after ``timeout_ms`` (a box read mid-move would make a measurement pass or fail by luck);
    Playwright's TimeoutError if the element is not there for that long."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = locator.page
    deadline = time.perf_counter() + timeout_ms / 1000

    def left() -> float:
        return max(1.0, (deadline - time.perf_counter()) * 1000)

    while True:
        element = locator.element_handle(timeout=left())
        try:
            steady = page.wait_for_function(_STEADY_JS, arg=[element, hold_ms], timeout=left())
        except PlaywrightTimeout:
            box = locator.bounding_box(timeout=1_000)
            raise AssertionError(
                f"{locator} kept moving for {timeout_ms / 1000:.0f} s: last {box}"
            ) from None
        if steady.json_value() is True:
            return locator.bounding_box(timeout=left())


def assert_no_exception(page: Page) -> None:
    """Fail when the page shows a Streamlit exception box or a traceback."""
    boxes = page.locator(EXCEPTION)
    assert boxes.count() == 0, f"exception on page: {boxes.first.inner_text()[:2000]}"
    dialogs = page.locator('[role="dialog"]').filter(has_text="Page not found")
    assert dialogs.count() == 0, "a 'Page not found' box is open"
    body = page.locator("body").inner_text()
    assert "Traceback" not in body, f"traceback on page: {body[:2000]}"


# plotly's hover data holds the point (its trace, its index) whose marker is `el`
_HOVERED_JS = """([el]) => {
  const gd = el.closest(".js-plotly-plot"), trace = el.closest("g.trace");
  const curve = trace && trace.__data__ && trace.__data__[0].trace.index;
  return (gd._hoverdata || []).some((h) => h.curveNumber === curve && h.pointNumber === el.__data__.i);
}"""


def click_plotly_point(page: Page, index: int, chart: int = 0) -> float:
    """Click marker ``index`` (DOM order of ``.scatterlayer path.point``) of plotly chart
    number ``chart``, the way a person does, and wait for the rerun.

    Returns the seconds from the click to a finished, drawn page.
    """
    point = page.locator(CHART).nth(chart).locator(".scatterlayer path.point").nth(index)
    point.wait_for(state="attached")
    point.scroll_into_view_if_needed()  # Streamlit scrolls its main block, not the window
    box = steady_box(point, hold_ms=300)  # not a board still growing into its column
    assert box is not None, f"plotly point {index} of chart {chart} is not on screen"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    # plotly takes a click on the point its hover has found (its hover is throttled)
    page.wait_for_function(_HOVERED_JS, arg=[point.element_handle()])
    start = time.perf_counter()
    with rerun(page):
        page.mouse.click(x, y)
    return time.perf_counter() - start


def click_button(page: Page, key: str) -> float:
    """Click the ``st.button`` with ``key`` and wait for the rerun. A button with ``help=``
    is in the DOM twice (Streamlit renders its tooltip target again), so the first visible
    match is clicked. Keys are written as in Python: ``ab.next`` finds ``.st-key-ab-next``.

    Returns the seconds from the click to a finished, drawn page.
    """
    button = page.locator(f".st-key-{css_key(key)} button:visible").first
    button.wait_for(state="visible")
    start = time.perf_counter()
    with rerun(page):
        button.click()
    return time.perf_counter() - start


def css_key(key: str) -> str:
    """The class suffix Streamlit gives a widget key (``.st-key-<this>``): characters other
    than letters, digits, ``-`` and ``_`` become ``-``."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", key)


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
        charts = page.locator(f"{CHART} .main-svg")
        if charts.count():  # plotly redraws its charts at the new size
            steady_box(charts.last, hold_ms=200)
        next_frame(page)
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


# ---- the tree canvas (ui/common/tree_canvas.js): it steps in the browser, with no rerun ----
CANVAS = ".gtl-canvas"
CANVAS_DRAWN = f"{CANVAS} svg.tree g.n"


def canvas(page: Page, i: int = 0):
    """The locator of tree canvas number ``i`` on the page."""
    return page.locator(CANVAS).nth(i)


def canvas_sentence(page: Page, i: int = 0) -> str:
    return canvas(page, i).locator(".sentence").inner_text()


def canvas_step(page: Page, i: int = 0) -> int:
    return int(canvas(page, i).get_attribute("data-step"))


def canvas_next(page: Page, i: int = 0) -> float:
    """Click canvas ``i``'s next button; seconds until its step has changed (no rerun)."""
    k = canvas_step(page, i)
    start = time.perf_counter()
    canvas(page, i).locator(".b-next").click()  # the handler has run when click() returns
    assert canvas_step(page, i) == k + 1
    return time.perf_counter() - start


def whole_tree(page) -> None:
    """Wait for the canvas; a search too big to read whole opens in the follow view
    (tree_canvas_follow.js): switch it to the whole tree, and wait for the tree's nodes."""
    switch = page.locator(f"{CANVAS} .f-mode .m-tree").first
    # the first of them on show (a canvas that is no follow view has its switch hidden)
    page.locator(f"{CANVAS_DRAWN}:visible, {CANVAS} .f-mode .m-tree:visible").first.wait_for()
    if switch.is_visible() and switch.get_attribute("aria-pressed") != "true":
        switch.click()
    page.locator(CANVAS_DRAWN).first.wait_for()


def board_pieces(page) -> dict[str, list[int]]:
    """The squares of the pieces drawn on the first board (read from the plotly figure)."""
    return page.evaluate(
        """(chart) => Object.fromEntries(
               document.querySelector(chart + ' .js-plotly-plot').data
                   .filter((t) => (t.name || '').endsWith('pieces'))
                   .map((t) => [t.name, [...(t.meta || [])].map(Number).sort((a, b) => a - b)]))""",
        CHART,
    )
