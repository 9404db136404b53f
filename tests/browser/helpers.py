"""Helpers for the browser tests: a fresh app server, open a page, click things, take
screenshots, record timing figures, check share links. The app server, chromium and the
page-run watch (open_url, rerun, wait_idle) are gtl_dev's, shared with the benchmarks.

Always import as ``from tests.browser.helpers import ...`` so every test module shares one
timing record (printed at the end of the run by tests/conftest.py).
"""

from __future__ import annotations

import re
import statistics
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from gtl_dev.app_server import ROOT, Server, ServerFailed
from gtl_dev.pages import CHART, open_url, rerun, steady_box

if TYPE_CHECKING:  # playwright is imported by the browser fixture, which skips without it
    from playwright.sync_api import Browser, Locator, Page

EXCEPTION = '[data-testid="stException"]'
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

# A projector-ish window: wide layout gets room, screenshots stay readable.
VIEWPORT = {"width": 1440, "height": 900}

# name -> seconds, in the order recorded; printed by pytest_terminal_summary.
TIMINGS: dict[str, list[float]] = {}


START_S = 120.0  # how long a fresh app server may take to answer its health check
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


@contextmanager
def streamlit_server(port: int | None = None, base_path: str = "") -> Iterator[str]:
    """A fresh app server on ``port`` (a free one by default; under the prefix ``base_path``
    if given): its base URL once healthy, stopped on exit; the test fails with the server's
    stderr when it does not start. Nothing visits the app first: a test sees the server a
    class's first student sees."""
    # a deadline, not a wait: a busy 2-core machine took over 30 s to import Streamlit
    server = Server(port=port, timeout_s=START_S, base_path=base_path)
    try:
        server.start()
    except ServerFailed as exc:
        pytest.fail(str(exc), pytrace=False)
    try:
        yield server.url
    finally:
        server.stop()


def next_frame(page: Page) -> None:
    """Wait until the browser has drawn a frame after this moment (a scroll or a resize is
    on screen for a screenshot)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def open_page(page: Page, base_url: str, url_path: str = "", timeout_ms: float = 90_000) -> float:
    """Open the app page at ``url_path`` ("" = home; may carry a ``?query``) and wait for it
    (at most ``timeout_ms``: a deadline, not a wait; a 2-core machine at load 50 took 45 to 64
    s to open the alpha-beta lab on a 262-step tree).

    Returns the seconds from navigation to a finished run with every plotly chart drawn.
    """
    return open_url(page, f"{base_url.rstrip('/')}/{url_path.lstrip('/')}", timeout_ms)


def assert_no_exception(page: Page) -> None:
    """Fail when the page shows a Streamlit exception box or a traceback. A one-shot read:
    call it once a wait has settled the run (open_page, rerun, click_button, wait_idle)."""
    boxes = page.locator(EXCEPTION)
    assert boxes.count() == 0, f"exception on page: {boxes.first.inner_text()[:2000]}"
    dialogs = page.locator('[role="dialog"]').filter(has_text="Page not found")
    assert dialogs.count() == 0, "a 'Page not found' box is open"
    body = page.locator("body").inner_text()
    assert "Traceback" not in body, f"traceback on page: {body[:2000]}"


# ---- the boards (game_tree_lab/board/index.js): an ARIA grid of squares --------------------
BOARD = ".gtl-board"


def board_cell(page: Page, index: int, board: int = 0) -> Locator:
    """Square ``index`` (``r * cols + c``, row 0 at the top) of board number ``board``."""
    return page.locator(BOARD).nth(board).locator(f'[role="gridcell"][data-sq="{index}"]')


def board_ready(page: Page, board: int = 0) -> None:
    """Wait until board ``board`` has heard back about every report it sent (not busy)."""
    expect(page.locator(BOARD).nth(board)).not_to_have_class(re.compile(r"\bbusy\b"))


def tap_square(
    page: Page, index: int, *, board: int = 0, touch: bool = False, reruns: bool = True
) -> float:
    """Tap (``touch``: the touchscreen) or click square ``index`` of board ``board``, the
    way a person does. ``reruns``: the tap reports to the server (a move, an edit): wait
    for the run and the board to have it. Returns the seconds until then."""
    cell = board_cell(page, index, board)
    # centred: a square at the window's top edge may sit under Streamlit's header
    cell.evaluate("(c) => c.scrollIntoView({block: 'center'})")
    # the box once still: a page just opened may still move its board by a few dozen px (a
    # phone's chase board, 26 px within 22 ms of the run's end), and a square's centre read
    # before that is the next row's (CI, stop 36: a tap on a1 put the piece on a2)
    box = steady_box(cell, hold_ms=150)
    assert box is not None, f"square {index} of board {board} is not on screen"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    start = time.perf_counter()
    if not reruns:
        page.touchscreen.tap(x, y) if touch else page.mouse.click(x, y)
        return time.perf_counter() - start
    # a reporting tap asks for a run once the board has drawn and painted it: under a loaded
    # machine that took over rerun's default 2 s, and the run was then not waited for
    with rerun(page, start_timeout_ms=10_000):
        page.touchscreen.tap(x, y) if touch else page.mouse.click(x, y)
    board_ready(page, board)
    return time.perf_counter() - start


def export_text(page: Page) -> str:
    """The tree editor's export text (ui.common.plain_text) as the page shows it, its "Import
    and export" box opened first if closed (its contents are made only while it is open)."""
    open_box(page, "Import and export")
    return page.locator(".st-key-ed-shown pre").first.inner_text().strip()


def open_box(page: Page, label: str) -> None:
    """Open the expander ``label`` if it is closed, and wait for the run that makes its
    contents (the boxes made with on_change="rerun")."""
    summary = page.locator("summary").filter(has_text=label)
    if summary.locator("xpath=..").get_attribute("open") is None:
        with rerun(page, start_timeout_ms=10_000, timeout_ms=90_000):
            summary.click()


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


# ---- the tree canvas (game_tree_lab/tree_canvas/core.js): it steps in the browser, with no rerun ----
CANVAS = ".gtl-canvas"
CANVAS_DRAWN = f"{CANVAS} svg.tree g.n"


def canvas(page: Page, i: int = 0):
    """The locator of tree canvas number ``i`` on the page."""
    return page.locator(CANVAS).nth(i)


def canvas_sentence(page: Page, i: int = 0) -> str:
    """Canvas ``i``'s sentence, read once: to assert it, wait with :func:`expect_sentence`."""
    return canvas(page, i).locator(".sentence").inner_text()


def canvas_step(page: Page, i: int = 0) -> int:
    """Canvas ``i``'s step, read once: to assert it, wait with :func:`expect_step`."""
    return int(canvas(page, i).get_attribute("data-step"))


def canvas_next(page: Page, i: int = 0) -> float:
    """Click canvas ``i``'s next button and wait until its step is one more; the seconds from
    the click to then (no rerun). The step before is read once: call it on a canvas at rest
    (its step waited for, or the page idle)."""
    k = canvas_step(page, i)
    start = time.perf_counter()
    canvas(page, i).locator(".b-next").click()
    expect_step(page, k + 1, i)
    return time.perf_counter() - start


def pause_clock(page: Page) -> None:
    """Stop the page's clock (installed with ``page.clock.install()`` before the page
    opened) a moment from now, so its timers fire only as ``page.clock.run_for`` says: a
    negative ("no tick in 2 s") is then proved by running the clock past it, not by a wait.
    A moment that passes before Playwright gets there (a busy machine) is tried again."""
    from playwright.sync_api import Error

    for _ in range(5):
        try:
            page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 0.2)
            return
        except Error as e:
            if "to the past" not in str(e):
                raise
    raise AssertionError("the page's clock ran past every moment to pause at")


def expect_sentence(page: Page, text: str, i: int = 0) -> None:
    """Wait until canvas ``i``'s sentence is ``text`` (as the page shows it)."""
    expect(canvas(page, i).locator(".sentence")).to_have_text(text, use_inner_text=True)


def expect_step(page: Page, k: int, i: int = 0) -> None:
    """Wait until canvas ``i`` is at step ``k``. The canvas draws a step in one synchronous
    go (core.js ``render``: sentence, counter, best line, buttons, then ``data-step``, then
    the plugins' views), so once this holds a one-shot read of what that step drew is
    settled (until the next step or rerun)."""
    expect(canvas(page, i)).to_have_attribute("data-step", str(k))


def expect_value(page: Page, read: Callable[[], object], want, message: str = "", timeout_ms=None):
    """Retry ``read()`` (a value computed over the page, which no locator expresses) until
    it equals ``want`` (``want`` callable: until ``want(value)`` is true), and return that
    value; AssertionError showing the last value after ``timeout_ms`` (EXPECT_TIMEOUT_MS by
    default). A poll every 50 ms, not a fixed wait: a value already right returns at once."""
    ok = want if callable(want) else (lambda v: v == want)
    deadline = time.perf_counter() + (timeout_ms or EXPECT_TIMEOUT_MS) / 1000
    while True:
        value = read()
        if ok(value):
            return value
        if time.perf_counter() > deadline:
            wanted = "" if callable(want) else f", want {want!r}"
            raise AssertionError(f"{message or 'value'}: last {value!r}{wanted}")
        page.wait_for_timeout(50)


def whole_tree(page) -> None:
    """Wait for the canvas; a search too big to read whole opens in the follow view
    (plugins/follow.js): switch it to the whole tree, and wait for the tree's nodes."""
    switch = page.locator(f"{CANVAS} .f-mode .m-tree").first
    # the first of them on show (a canvas that is no follow view has its switch hidden)
    page.locator(f"{CANVAS_DRAWN}:visible, {CANVAS} .f-mode .m-tree:visible").first.wait_for()
    if switch.is_visible() and switch.get_attribute("aria-pressed") != "true":
        switch.click()
    page.locator(CANVAS_DRAWN).first.wait_for()


def board_pieces(page, board: int = 0) -> dict[str, list[int]]:
    """The squares of the pieces drawn on board ``board`` (read from its squares)."""
    return (
        page.locator(BOARD)
        .nth(board)
        .evaluate(
            """(b) => {
            const on = (side) => [...b.querySelectorAll(`[data-piece="${side}"]`)]
                .map((c) => +c.dataset.sq).sort((x, y) => x - y);
            return {"white pieces": on("white"), "black pieces": on("black")};
        }"""
        )
    )


def expect_pieces(page, want: dict[str, list[int]], board: int = 0) -> None:
    """Wait until board ``board`` draws the pieces ``want`` (as :func:`board_pieces` reads
    them); AssertionError with the last pieces drawn."""
    expect_value(page, lambda: board_pieces(page, board), want, f"the pieces on board {board}")


def board_marks(page, board: int = 0) -> dict:
    """What board ``board`` marks: the square picked (or None), the dotted targets, the
    arrows drawn (their count)."""
    return (
        page.locator(BOARD)
        .nth(board)
        .evaluate(
            """(b) => ({
            picked: [...b.querySelectorAll('[aria-selected="true"]')].map((c) => +c.dataset.sq)[0] ?? null,
            targets: [...b.querySelectorAll('.cell.dot')].map((c) => +c.dataset.sq).sort((x, y) => x - y),
            arrows: [...b.querySelectorAll('.over .arrow')].map((a) => [+a.dataset.a, +a.dataset.b]),
        })"""
        )
    )
