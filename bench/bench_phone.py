"""Phone-speed benchmark (issue 21): prints figures, asserts nothing.

    python -m bench.bench_phone

Starts the app, opens its home page (which starts the board labs' warm-up) and waits until the
server is idle (the browser shares this machine's cores with it; a phone does not), then
Debian's chromium at 390x844, touch, device scale factor 3, measures each figure twice: on
the desk (no throttling) and as a mid-range phone (chromium's CPU throttled 4x, CDP
``Emulation.setCPUThrottlingRate``):

- each lab opened to its drawn figure (a fresh tab, the browser's cache warm): the tree
  canvas's nodes or the board's squares on screen; goal 3 s on the phone; and to the page
  settled (``open X, settled``: the main area's last move, gtl_dev.pages.settled, in the
  page's clock from navigation), held to the same goal: the widgets whose code arrives
  after the run's end are drawn by then;
- a step of the tree canvas (a tap on its next button to the next frame, median of 15);
  goal 50 ms;
- a board tap's result: a tap on a square of the pawn board (edit mode: a pawn put on it) to
  the tapped square's new piece on screen (the board draws it from its payload before the
  server answers; the browser's clock, from the touch to the frame after): goal 400 ms; and to
  the finished, drawn rerun (the verdict, the table, the link), no goal; beside it, the
  browser's long tasks (over 50 ms) in the rerun's time, added up: the main thread's busy
  stretches, which depend less on the machine's load than the seconds; the same for a tap on
  the chase's board (the black piece moved);
- what a tap's rerun sends, counted on the page's websocket (figures that do not depend on
  the load): its deltas, the elements among them that differ from the same place's in the run
  before (what Streamlit's frontend draws again; an element equal to the one before it at its
  place keeps its drawing), and its messages' bytes (before the socket's deflate);
- Check on the whole-tree exercise: the tap to the grade on screen.
"""

from __future__ import annotations

import os
import statistics
import time

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from gtl_dev.app_server import CHROMIUM, CHROMIUM_ARGS, Server
from gtl_dev.pages import (
    MOVED_JS,
    PHONE,
    open_url,
    rerun,
    runs_of,
    settled,
    steady_box,
    wait_idle,
)

RATE = 4
CANVAS_NODES = ".gtl-canvas svg.tree g.n"
BOARD_SQUARES = '.gtl-board [role="gridcell"]'  # the board component (game_tree_lab/board/)
TAPPED = {"pawn": 5, "chase": 0}  # the square tapped: pawn b3 (empty at the start), chase a1
LABS = {  # name -> (url path, what is drawn)
    "alphabeta": ("alphabeta", CANVAS_NODES),
    "tree": ("tree", CANVAS_NODES),
    "pawn": ("pawn", BOARD_SQUARES),
    "chase": ("chase", BOARD_SQUARES),
    "practice": ("practice", CANVAS_NODES),
}
GOALS = {"open": 3.0, "step": 0.050, "tap": 0.400}
# a tap's result is the tapped square's new piece on screen (docs/benchmarks.md); the finished
# rerun (the verdict, the table, the link) is printed beside it, with no goal
TAP_GOALS = ("pawn tap drawn", "chase tap drawn")

_STEP_JS = """async () => {
  const host = [...document.querySelectorAll('*')].find((e) => e.shadowRoot && e.shadowRoot.querySelector('.gtl-canvas'));
  const el = host.shadowRoot.querySelector('.gtl-canvas'), next = el.querySelector('.b-next');
  const k = Number(el.dataset.step), t0 = performance.now();
  next.click();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return [performance.now() - t0, Number(el.dataset.step) === k + 1];
}"""


_FRAMES: dict[object, list[bytes]] = {}  # page -> the websocket's messages received


def _page(context, rate: int):
    page = context.new_page()
    got = _FRAMES[page] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda m: got.append(m) if isinstance(m, bytes) else 0),
    )
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return page


def _open(context, url: str, drawn: str, rate: int) -> tuple[float, float, object]:
    """The seconds to ``drawn``, to the page settled (gtl_dev.pages.settled: its late
    widgets drawn), and the page."""
    page = _page(context, rate)
    start = time.perf_counter()
    open_url(page, url, 120_000)
    page.locator(drawn).first.wait_for(state="attached", timeout=120_000)
    return time.perf_counter() - start, settled(page), page


def measure(browser, base: str, rate: int) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    context = browser.new_context(**PHONE)
    context.add_init_script(MOVED_JS)
    try:
        warm = _page(context, 1)  # the browser's cache warm, as a student's second visit
        open_url(warm, f"{base}/alphabeta", 120_000)
        warm.close()
        for name, (path, drawn) in LABS.items():
            seconds, still, page = _open(context, f"{base}/{path}", drawn, rate)
            out[f"open {name}"], out[f"open {name}, settled"] = seconds, still
            if name == "alphabeta":
                steps = []
                for _ in range(15):
                    ms, ok = page.evaluate(_STEP_JS)
                    if ok:
                        steps.append(ms / 1000)
                out["step"] = statistics.median(steps) if steps else None
            if name in TAPPED:
                tap, drawn, long, sent = _tap(page, TAPPED[name])
                out[f"{name} tap drawn"], out[f"{name} tap"] = drawn, tap
                out[f"{name} tap long tasks"] = long
                SENT[(name, rate)] = sent
            page.close()
        _, _, page = _open(context, f"{base}/practice?tab=Whole-tree+exercise", CANVAS_NODES, rate)
        check = page.locator(".gtl-canvas .ans-check").first
        start = time.perf_counter()
        with rerun(page, timeout_ms=120_000):
            check.tap()
        page.locator(".gtl-canvas .ans-hint.said").first.wait_for(timeout=60_000)
        out["Check"] = time.perf_counter() - start
        page.close()
    finally:
        context.close()
    return out


_LONG_TASKS_JS = """() => { window.__gtlLong = 0; new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__gtlLong += e.duration; }).observe({type: "longtask"}); }"""


# the touch on the square to the frame after its piece changed (the browser's clock)
_DRAWN_JS = """(cell) => { window.__gtlDrawn = null; let t0 = null; const was = cell.dataset.piece;
  cell.addEventListener("touchstart", () => { t0 = performance.now(); }, {once: true, capture: true});
  const seen = new MutationObserver(() => {
    if (t0 === null || cell.dataset.piece === was) return;
    seen.disconnect();
    requestAnimationFrame(() => setTimeout(() => { window.__gtlDrawn = performance.now() - t0; }, 0));
  });
  seen.observe(cell, {attributes: true, attributeFilter: ["data-piece"]}); }"""


SENT: dict[tuple[str, int], tuple[int, int, int] | None] = {}  # (lab, rate) -> what a tap sent


def _elements(frames: list[bytes]) -> dict[tuple[int, ...], bytes]:
    """The elements the messages drew, by their place (the last one at each place)."""
    out = {}
    for raw in frames:
        msg = ForwardMsg.FromString(raw)
        if msg.WhichOneof("type") == "delta" and msg.delta.WhichOneof("type") == "new_element":
            out[tuple(msg.metadata.delta_path)] = msg.delta.new_element.SerializeToString()
    return out


def _sent(before: list[bytes], frames: list[bytes]) -> tuple[int, int, int]:
    """(deltas, elements that differ from the run before's at their place, bytes)."""
    deltas = sum(ForwardMsg.FromString(m).WhichOneof("type") == "delta" for m in frames)
    old, new = _elements(before), _elements(frames)
    changed = sum(old.get(place) != element for place, element in new.items())
    return deltas, changed, sum(len(m) for m in frames)


def _tap(page, square: int) -> tuple:
    """A tap on a square of the first board, to its finished, drawn rerun; to its new piece
    drawn; the long tasks meanwhile; what the rerun sent (None: no board square to tap, or
    no rerun)."""
    point = page.locator(BOARD_SQUARES).nth(square)
    frames = _FRAMES[page]
    try:
        wait_idle(page, 60_000)  # the page's own runs over (its window probe's report too)
        point.scroll_into_view_if_needed(timeout=10_000)
        # its centre once still: late widgets above may still move the board (gtl_dev.pages)
        box = steady_box(point, hold_ms=150)
        page.evaluate(_LONG_TASKS_JS)
        point.evaluate(_DRAWN_JS)
        before = list(frames)
        frames.clear()
        asked = runs_of(page).requested
        start = time.perf_counter()
        with rerun(page, start_timeout_ms=3_000, timeout_ms=60_000):
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        seconds = time.perf_counter() - start
        if runs_of(page).requested == asked:  # the tap asked for no rerun: no figure
            return None, None, None, None
        drawn = page.evaluate("() => window.__gtlDrawn")
        long = page.evaluate("() => window.__gtlLong") / 1000
        return seconds, None if drawn is None else drawn / 1000, long, _sent(before, frames)
    except Exception:  # a figure, not a test: say it is missing
        return None, None, None, None


def main() -> None:
    from playwright.sync_api import sync_playwright

    with Server({"GTL_WARM_UP": "1"}) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            # a first run starts the server's warm-up; measured once it is done (a class's
            # server is up before its students: their phones do not wait on it)
            first = browser.new_page()
            open_url(first, f"{server.url}/", 120_000)
            first.close()
            waited = server.wait_quiet()
            desk = measure(browser, server.url, 1)
            phone = measure(browser, server.url, RATE)
        finally:
            browser.close()
    print(f"phone figures at 390x844 touch, dsf 3: desk (no throttling) and {RATE}x CPU throttling")
    print(
        f"(measured once the server's start-up warm-up was over: {waited:.0f} s after its first run)"
    )
    print(f"{'what':<22} {'desk':>9} {'phone':>9} {'goal':>8}  met")
    for name in desk:
        goal = (
            GOALS["open"]
            if name.startswith("open")
            else GOALS["tap"]
            if name in TAP_GOALS
            else GOALS.get(name)
        )
        d, f = desk[name], phone.get(name)

        def shown(v: float | None) -> str:
            return "n/a" if v is None else (f"{v * 1000:.0f} ms" if v < 1 else f"{v:.2f} s")

        met = "" if goal is None or f is None else ("yes" if f <= goal else "no")
        print(f"{name:<22} {shown(d):>9} {shown(f):>9} {shown(goal):>8}  {met}")
    for (lab, rate), sent in SENT.items():
        said = "n/a"
        if sent is not None:
            deltas, changed, size = sent
            said = f"{deltas} deltas, {changed} elements changed, {size / 1000:.1f} KB"
        print(f"{lab} tap's rerun ({'desk' if rate == 1 else 'phone'}): {said}")
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
