"""Phone-speed benchmark (issue 21): prints figures, asserts nothing.

    python -m bench.bench_phone

Starts the app and Debian's chromium at 390x844, touch, device scale factor 3, and measures
each figure twice: on the desk (no throttling) and as a mid-range phone (chromium's CPU
throttled 4x, CDP ``Emulation.setCPUThrottlingRate``):

- each lab opened to its drawn figure (a fresh tab, the browser's cache warm): the tree
  canvas's nodes or the board's squares on screen; goal 3 s on the phone;
- a step of the tree canvas (a tap on its next button to the next frame, median of 15);
  goal 50 ms;
- a board tap's result: a tap on a square of the pawn board to the finished, drawn rerun;
  goal 400 ms; beside it, the browser's long tasks (over 50 ms) in that time, added up: the
  main thread's busy stretches, which depend less on the machine's load than the seconds;
- Check on the whole-tree exercise: the tap to the grade on screen.
"""

from __future__ import annotations

import os
import statistics
import time

from gtl_dev.app_server import CHROMIUM, CHROMIUM_ARGS, Server
from gtl_dev.pages import open_url, rerun

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "has_touch": True}
RATE = 4
CANVAS_NODES = ".gtl-canvas svg.tree g.n"
BOARD_SQUARES = '.gtl-board [role="gridcell"]'  # the board component (game_tree_lab/board/)
LABS = {  # name -> (url path, what is drawn)
    "alphabeta": ("alphabeta", CANVAS_NODES),
    "tree": ("tree", CANVAS_NODES),
    "pawn": ("pawn", BOARD_SQUARES),
    "chase": ("chase", BOARD_SQUARES),
    "practice": ("practice", CANVAS_NODES),
}
GOALS = {"open": 3.0, "step": 0.050, "tap": 0.400}

_STEP_JS = """async () => {
  const host = [...document.querySelectorAll('*')].find((e) => e.shadowRoot && e.shadowRoot.querySelector('.gtl-canvas'));
  const el = host.shadowRoot.querySelector('.gtl-canvas'), next = el.querySelector('.b-next');
  const k = Number(el.dataset.step), t0 = performance.now();
  next.click();
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return [performance.now() - t0, Number(el.dataset.step) === k + 1];
}"""


def _page(context, rate: int):
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return page


def _open(context, url: str, drawn: str, rate: int) -> tuple[float, object]:
    page = _page(context, rate)
    start = time.perf_counter()
    open_url(page, url, 120_000)
    page.locator(drawn).first.wait_for(state="attached", timeout=120_000)
    return time.perf_counter() - start, page


def measure(browser, base: str, rate: int) -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    context = browser.new_context(**PHONE)
    try:
        warm = _page(context, 1)  # the browser's cache warm, as a student's second visit
        open_url(warm, f"{base}/alphabeta", 120_000)
        warm.close()
        for name, (path, drawn) in LABS.items():
            seconds, page = _open(context, f"{base}/{path}", drawn, rate)
            out[f"open {name}"] = seconds
            if name == "alphabeta":
                steps = []
                for _ in range(15):
                    ms, ok = page.evaluate(_STEP_JS)
                    if ok:
                        steps.append(ms / 1000)
                out["step"] = statistics.median(steps) if steps else None
            if name == "pawn":
                out["board tap"], out["tap long tasks"] = _tap(page)
            page.close()
        seconds, page = _open(
            context, f"{base}/practice?tab=Whole-tree+exercise", CANVAS_NODES, rate
        )
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


def _tap(page) -> tuple[float | None, float | None]:
    """A tap on a square of the first board, to its finished, drawn rerun, and the long
    tasks meanwhile (None: no board square to tap, or the tap asked for no rerun)."""
    point = page.locator(BOARD_SQUARES).first
    try:
        point.scroll_into_view_if_needed(timeout=10_000)
        box = point.bounding_box()
        page.evaluate(_LONG_TASKS_JS)
        start = time.perf_counter()
        with rerun(page, start_timeout_ms=3_000, timeout_ms=60_000):
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        seconds = time.perf_counter() - start
        return seconds, page.evaluate("() => window.__gtlLong") / 1000
    except Exception:  # a figure, not a test: say it is missing
        return None, None


def main() -> None:
    from playwright.sync_api import sync_playwright

    with Server({"GTL_WARM_UP": "1"}) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            desk = measure(browser, server.url, 1)
            phone = measure(browser, server.url, RATE)
        finally:
            browser.close()
    print(f"phone figures at 390x844 touch, dsf 3: desk (no throttling) and {RATE}x CPU throttling")
    print(f"{'what':<16} {'desk':>9} {'phone':>9} {'goal':>8}  met")
    for name in desk:
        goal = (
            GOALS["open"]
            if name.startswith("open")
            else GOALS.get({"step": "step", "board tap": "tap"}.get(name, ""), None)
        )
        d, f = desk[name], phone.get(name)

        def shown(v: float | None) -> str:
            return "n/a" if v is None else (f"{v * 1000:.0f} ms" if v < 1 else f"{v:.2f} s")

        met = "" if goal is None or f is None else ("yes" if f <= goal else "no")
        print(f"{name:<16} {shown(d):>9} {shown(f):>9} {shown(goal):>8}  {met}")
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
