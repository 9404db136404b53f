"""A Streamlit page in Playwright: open it and wait for its run, wrap an action that reruns
it, and count the runs its websocket asked for and finished (so a run over before the page
could show "running" is not missed).

A page must be opened with :func:`open_url` (it starts the watch) before :func:`rerun`,
:func:`runs_of`, :func:`wait_reported` (the step a tree canvas reported), or the deliberate
quiet periods :func:`assert_no_rerun_for` and :func:`quiet_for`. Shared by the browser
tests and the benchmarks: an element's box once it holds still (:func:`steady_box`, read
before a tap at its centre), and the moment a page's main area last moved (:func:`settled`).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

if TYPE_CHECKING:  # the caller that drives a browser imports playwright
    from playwright.sync_api import Locator, Page, WebSocket

# a mid-range phone as the tests and benchmarks open one: 390x844 CSS px, touch, dsf 3
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "has_touch": True}

APP = '[data-testid="stApp"]'
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
CHART = '[data-testid="stPlotlyChart"]'
SKELETON = '[data-testid="stMain"] [data-testid="stSkeleton"]'


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


class Runs:
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


_RUNS: WeakKeyDictionary[Page, Runs] = WeakKeyDictionary()


def runs_of(page: Page) -> Runs:
    """What ``page``'s websocket has carried since it was opened with :func:`open_url`."""
    runs = _RUNS.get(page)
    if runs is None:
        raise RuntimeError("open the page with open_url() first: its websocket is not watched")
    return runs


def _watch(page: Page) -> None:
    """Count the rerun requests and finished runs on ``page``'s websocket (before goto)."""
    if page in _RUNS:
        return
    runs = _RUNS[page] = Runs()

    def on_websocket(ws: WebSocket) -> None:
        if ws.url.endswith("/_stcore/stream"):
            ws.on("framesent", runs.sent)
            ws.on("framereceived", runs.received)

    page.on("websocket", on_websocket)


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


def _runs_over(page: Page, runs: Runs, requested: int, finished: int, timeout_ms: float) -> None:
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
    may or may not come, where nothing on the page says which (a class page's bell; the
    window probe says it itself: :func:`probe_settled`). A deliberate quiet period; a report
    that comes meanwhile is waited for."""
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


def probe_settled(page: Page, timeout_ms: float = 90_000) -> None:
    """Wait until the window probe (ui/common/projector.py) has looked at the window and
    found it as the server knows it, so it will not report (a report it made has been run
    and the probe has looked again), and the page is idle: the page's layout is the one it
    keeps. Only on the pages with the projector switch (page_header draws the probe)."""
    page.wait_for_function("() => window.__gtlProbe === 'still'", timeout=timeout_ms)
    wait_idle(page, timeout_ms)


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


# Installed before a page's own scripts (``context.add_init_script``): on every animation
# frame, the place and height of each element of the main area; window.__gtlMoved is the last
# moment (ms from navigation) one of them changed. A widget whose code arrives after the
# run's end (a first visit's lazily loaded chunks) is drawn then and moves what is below it.
MOVED_JS = """(() => {
  let last = "";
  const frame = () => {
    const boxes = document.querySelectorAll('[data-testid="stMain"] [data-testid="stElementContainer"]');
    const key = Array.from(boxes, (el) => {
      const r = el.getBoundingClientRect();
      return Math.round(r.top) + ":" + Math.round(r.height);
    }).join(" ");
    if (key !== last) { last = key; window.__gtlMoved = performance.now(); }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();"""


def settled(page: Page, hold_ms: float = 1000, timeout_ms: float = 180_000) -> float:
    """Seconds from the page's navigation to its main area's last move, once nothing has
    moved for ``hold_ms`` (its context installed :data:`MOVED_JS` before it opened)."""
    page.wait_for_function(
        f"performance.now() - window.__gtlMoved > {hold_ms}", timeout=timeout_ms, polling=100
    )
    return page.evaluate("window.__gtlMoved") / 1000


# True once the element's box has been the same on every frame for `hold` ms; "gone" when
# the element has left the page (Streamlit drew a new one).
_STEADY_JS = """([el, hold]) => {
  if (!el.isConnected) return "gone";
  const r = el.getBoundingClientRect(), now = performance.now();
  const box = [r.x, r.y, r.width, r.height].join(" "), seen = el.__gtlSteady;
  if (!seen || seen.box !== box) { el.__gtlSteady = {box, since: now}; return false; }
  return now - seen.since >= hold;
}"""


def watch_box(locator: Locator) -> None:
    """Note the element's box now: a later :func:`steady_box` counts its hold from this
    moment if the box is the same then (a wait for something else meanwhile, the window
    probe's, is part of the hold instead of coming before it)."""
    locator.evaluate(f"(el) => ({_STEADY_JS})([el, 0])")


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
