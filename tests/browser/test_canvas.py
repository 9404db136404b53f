"""Real-browser tests of the tree canvas (game_tree_lab/tree_canvas/core.js) on the alpha-beta lab:
keys, buttons, slider and autoplay step it in the browser; the counter, the sentence, the
current node's α/β box and the link's ?k= agree with the engine's replay at every checked
step; no script rerun while stepping; label boxes never overlap; links open at their step;
a "+N nodes" marker opens its subtree."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlparse

import pytest

from engine.random_tree import random_leaves
from engine.search import search_tree
from engine.trace import Replayer
from engine.tree import complete_tree
from engine.values import fmt_value
from gtl_dev.pages import open_url, rerun, runs_of, wait_reported
from teach.explain import describe
from tests.browser.helpers import (
    VIEWPORT,
    expect,
    expect_query,
    expect_step,
    expect_value,
    pause_clock,
    screenshot,
)

pytestmark = pytest.mark.browser

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]
CANVAS = ".gtl-canvas"
DRAWN = f"{CANVAS} svg.tree g.n"


def open_lab(page, base_url: str, query: str = "") -> None:
    # deadlines, not waits: a loaded machine took 45 to 64 s to open the 262-step lab
    open_url(page, f"{base_url}/alphabeta{query}", 90_000)
    page.wait_for_selector(DRAWN, timeout=90_000)
    page.locator("h1").first.click()  # focus out of every input: keys go to the canvas


def step_of(page) -> int:
    """The canvas's step, read once (a clock paused by pause_clock has settled it)."""
    return int(page.locator(CANVAS).get_attribute("data-step"))


def requested(page) -> int:
    return runs_of(page).requested


def reported(page) -> int:
    """The last step the lab's canvas reported to the server (-1: none yet)."""
    return runs_of(page).steps.get("ab.canvas", (-1,))[0]


def assert_agrees(page, run, k: int) -> None:
    """Counter, sentence, the α/β box of the current node (its parent's for a leaf) and the
    URL all show step ``k`` as the engine's replay has it (the address bar is written at
    most every 120 ms: each is waited for)."""
    n = len(run.events)
    cv = page.locator(CANVAS)
    expect(cv).to_have_attribute("data-step", str(k))
    expect(cv.locator(".counter")).to_have_text(f"step {k} of {n}", use_inner_text=True)
    sentence = f"Step {k} of {n}. {describe(run, k)}"
    expect(cv.locator(".sentence")).to_have_text(sentence, use_inner_text=True)
    expect_query(page, "k", str(k))
    snap = Replayer(run).snapshot(k)
    if snap.current is None:
        return
    v = snap.current if run.tree.children[snap.current] else run.tree.parent[snap.current]
    want = f"α {fmt_value(snap.alpha[v])}β {fmt_value(snap.beta[v])}v " + (
        fmt_value(snap.value[v]) if snap.value[v] is not None else "?"
    )
    expect(cv.locator(f'g.box[data-id="{v}"]')).to_have_text(want)


@pytest.fixture(scope="module")
def sample_run():
    return search_tree(complete_tree(SAMPLE, 3))


REPORT_MS = 400  # core.js's debounce of the step report: one report this long after a change


def watch_steps(page) -> None:
    """Record in the page the time (performance.now) of every change of a canvas's step."""
    page.locator(CANVAS).evaluate(
        """(canvas) => {
        window.__gtlStepTimes = [];
        // the canvas's own root (components v2 draw it in a shadow root, which an observer
        // of the document does not see into)
        new MutationObserver(() => window.__gtlStepTimes.push(performance.now())).observe(
            canvas.getRootNode(), {attributes: true, attributeFilter: ["data-step"], subtree: true});
    }"""
    )


def pauses(page) -> tuple[int, list[float]]:
    """The pauses of at least REPORT_MS between two step changes since :func:`watch_steps`,
    each of which lets a debounced reporter send one report before the last change (a machine
    busy with other work makes the test's own pauses that long; on an idle one there are
    none); with the gaps in ms (for a message)."""
    times = page.evaluate("window.__gtlStepTimes")
    gaps = [round(b - a) for a, b in zip(times, times[1:], strict=False)]
    return sum(g >= REPORT_MS - 20 for g in gaps), gaps


def test_keys_buttons_and_slider_step_in_the_browser(page, base_url, sample_run):
    open_lab(page, base_url)
    before = requested(page)
    watch_steps(page)
    assert_agrees(page, sample_run, 0)
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert_agrees(page, sample_run, 5)
    page.locator(f"{CANVAS} .b-next").click()
    assert_agrees(page, sample_run, 6)
    page.locator(f"{CANVAS} .b-prev").click()
    page.locator(f"{CANVAS} .b-prev").click()
    assert_agrees(page, sample_run, 4)
    page.keyboard.press("End")
    assert_agrees(page, sample_run, len(sample_run.events))
    page.keyboard.press("ArrowLeft")
    assert_agrees(page, sample_run, len(sample_run.events) - 1)
    page.keyboard.press("Home")
    assert_agrees(page, sample_run, 0)
    page.locator(f"{CANVAS} .slider").fill("13")
    assert_agrees(page, sample_run, 13)
    page.locator(f"{CANVAS} .b-last").click()
    assert_agrees(page, sample_run, len(sample_run.events))
    page.locator(f"{CANVAS} .b-first").click()
    assert_agrees(page, sample_run, 0)
    page.locator(f"{CANVAS} .slider").fill("9")  # the cut of the statement sample
    assert_agrees(page, sample_run, 9)
    # at most the debounced reports (one after the last step, and one in each pause the test
    # made of REPORT_MS or more), never one per step
    paused, gaps = pauses(page)
    assert requested(page) - before <= 1 + paused, f"gaps between steps (ms): {gaps}"
    page.locator(CANVAS).scroll_into_view_if_needed()
    screenshot(page, "canvas_cut", full_page=False)


def test_twenty_fast_presses_advance_exactly_twenty(page, base_url, sample_run):
    open_lab(page, base_url)
    for _ in range(20):  # back to back, as fast as Playwright types: faster than a person
        page.keyboard.press("ArrowRight")
    assert_agrees(page, sample_run, 20)


@contextmanager
def clocked_page(browser) -> Iterator:
    """A page in a browser context of its own whose clock Playwright drives (page.clock):
    it runs as usual until paused, then autoplay's timer fires only as run_for() says, so
    a test asserts the exact steps an autoplay speed makes, with no wall-clock limit."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.clock.install()  # before the page loads: every timer of the page is the clock's
        yield page
    finally:
        context.close()


def assert_playing(page, playing: bool) -> None:
    play = page.locator(f"{CANVAS} .b-play")
    expect(play).to_have_attribute("aria-label", "pause" if playing else "play")
    has_class = expect(page.locator(CANVAS))
    playing_class = re.compile(r"(^|\s)playing(\s|$)")
    if playing:
        has_class.to_have_class(playing_class)
    else:
        has_class.not_to_have_class(playing_class)


def test_autoplay_steps_at_its_speed_pauses_and_stops_at_the_end(browser, base_url, sample_run):
    n = len(sample_run.events)
    with clocked_page(browser) as page:
        open_lab(page, base_url)
        page.locator(f"{CANVAS} .speed").select_option("8")
        pause_clock(page)
        page.locator(f"{CANVAS} .b-play").click()
        assert_playing(page, True)
        expect_query(page, "play", "8")
        page.clock.run_for(1060)  # 8 steps a second: ticks at 125, 250, ..., 1000 ms
        expect_step(page, 8)
        page.locator(f"{CANVAS} .b-play").click()  # pause
        assert_playing(page, False)
        expect_query(page, "play", None)
        page.clock.run_for(2000)  # paused means paused: no tick in 2 s
        expect_step(page, 8)
        page.clock.resume()
        assert_agrees(page, sample_run, 8)

        pause_clock(page)
        page.locator(f"{CANVAS} .b-play").click()  # on to the last step, where it stops
        page.clock.run_for(125 * (n - 8) + 60)
        expect_step(page, n)
        assert_playing(page, False)
        page.clock.run_for(2000)
        expect_step(page, n)
        page.clock.resume()
        expect_query(page, "play", None)
        assert_agrees(page, sample_run, n)

        pause_clock(page)
        page.locator(f"{CANVAS} .b-play").click()  # play at the last step starts over
        expect_step(page, 0)
        page.clock.run_for(185)
        expect_step(page, 1)
        page.locator(f"{CANVAS} .b-play").click()
        page.clock.resume()
        assert_agrees(page, sample_run, 1)


BIG = "?t=b3:" + ",".join(map(str, random_leaves(3, 4, -99, 99, 4)))  # 262 steps


def test_autoplay_is_in_the_link_and_a_link_plays(browser, base_url):
    with clocked_page(browser) as page:
        open_lab(page, base_url, BIG)
        page.locator(f"{CANVAS} .speed").select_option("8")
        pause_clock(page)
        page.locator(f"{CANVAS} .b-play").click()
        page.clock.run_for(3 * 125 + 100)  # 3 steps, and the address bar written
        expect_step(page, 3)
        expect_query(page, "k", "3")
        expect_query(page, "play", "8")
        link = page.evaluate("window.location.href")  # settled: both waited for above
        page.locator(f"{CANVAS} .b-play").click()  # pause
        expect_query(page, "play", None)
        expect_query(page, "k", "3")
        page.clock.resume()

        open_lab(page, base_url, "?" + urlparse(link).query)  # the copied link, playing
        expect(page.locator(f"{CANVAS} .speed")).to_have_value("8")
        assert_playing(page, True)  # 262 steps at 8 a second: still playing
        pause_clock(page)
        k = step_of(page)  # the clock is paused: no tick moves it now
        assert k >= 3  # from the link's step
        page.clock.run_for(250)  # its next tick is due within 125 ms: two ticks
        expect_step(page, k + 2)  # on its own, at the link's speed
        page.clock.resume()
        expect_query(page, "play", "8")  # and its link says it plays

        open_lab(page, base_url, BIG + "&k=0&play=1")  # one step a second: each is reported
        assert_playing(page, True)
        pause_clock(page)
        k = step_of(page)  # the clock is paused: no tick moves it now
        page.clock.run_for(1000)
        expect_step(page, k + 1)
        page.clock.resume()
        wait_reported(page, k + 1)  # the report reran the script, which publishes ?k=
        # the next steps, a second apart, are reported too: a later one at least (under load a
        # step's report can come while the last one's run is on, and the next one replaces it)
        expect_value(page, lambda: reported(page), lambda s: s >= k + 2, "the step reported")
        expect_query(page, "play", "1")  # and the link still plays
        assert_playing(page, True)


def test_thirty_steps_make_no_rerun_and_one_report(browser, base_url, sample_run):
    with clocked_page(browser) as page:
        open_lab(page, base_url)
        before = requested(page)
        pause_clock(page)  # the page's time moves only as the test says: a busy machine's
        for _ in range(30):  # slow presses are no pauses to the debounce
            page.keyboard.press("ArrowRight")
            # 30 ms of the page's time a step: 0.9 s in all, longer than the 400 ms debounce,
            # so a report per step or one every so often would show as a rerun
            page.clock.run_for(30)
        expect_step(page, 30)
        page.clock.run_for(REPORT_MS)  # the debounce runs out once, after the last step
        page.clock.resume()
        wait_reported(page, 30)
        # every report before step 30's came before it on the websocket: there was none
        assert requested(page) == before + 1, "the final step is reported once, after the burst"
        assert_agrees(page, sample_run, 30)  # the rerun left the browser's step and link alone


def test_a_copied_link_opens_at_the_same_step(page, browser, base_url, sample_run):
    open_lab(page, base_url)
    for _ in range(11):
        page.keyboard.press("ArrowRight")
    expect_query(page, "k", "11")
    url = page.evaluate("window.location.href")
    context = browser.new_context(viewport=VIEWPORT)
    try:
        fresh = context.new_page()
        open_url(fresh, url)
        fresh.wait_for_selector(DRAWN)
        assert_agrees(fresh, sample_run, 11)
    finally:
        context.close()


# the drawing's parts with a box on screen, read in one go (one frame's layout)
_DRAWING_JS = """(c) => {
  const rects = (sel) => [...c.querySelectorAll(sel)].filter((e) => e.getClientRects().length)
      .map((e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; });
  return {boxes: rects('g.box rect'), shapes: [...rects('g.n polygon'), ...rects('g.n circle')],
          names: rects('g.n text.ln'), texts: rects('g.box text'), ring: rects('circle.ring')};
}"""


def _drawing(page, k: int, least_boxes: int = 1) -> dict:
    """The canvas's drawing at step ``k`` once on show: a step's report reruns the page, and
    for a moment then the canvas is not laid out (nothing of it has a box on screen)."""
    expect_step(page, k)
    return expect_value(
        page,
        lambda: page.locator(CANVAS).evaluate(_DRAWING_JS),
        lambda d: len(d["boxes"]) >= least_boxes and all(d.values()),
        f"the drawing at step {k}",
    )


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and a["y"] < b["y"] + b["h"]
        and b["y"] < a["y"] + a["h"]
    )


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_label_boxes_never_overlap_at_the_last_step(screen, base_url, scale):
    with screen(viewport={"width": 1400, "height": 900}, device_scale_factor=scale) as page:
        leaves = random_leaves(3, 4, -99, 99, 4)
        open_lab(page, base_url, "?t=b3:" + ",".join(map(str, leaves)))
        page.keyboard.press("End")
        n = len(search_tree(complete_tree(leaves, 3)).events)
        expect(page.locator(f"{CANVAS} .counter")).to_have_text(f"step {n} of {n}")
        d = _drawing(page, n, least_boxes=20)
        boxes = d["boxes"]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not _overlap(a, b), (a, b)
            for b in d["shapes"] + d["names"]:
                assert not _overlap(a, b), (a, b)
        assert len(d["texts"]) >= len(boxes)
        assert all(any(_inside(t, b) for b in boxes) for t in d["texts"]), "text out of a box"
        # The current node's ring covers no box, at the end and on the way there.
        for k, key in zip(range(n, n - 41, -1), ("End", *["ArrowLeft"] * 40), strict=True):
            page.keyboard.press(key)
            d = _drawing(page, k)
            ring = d["ring"][0]
            assert not any(_overlap(ring, b) for b in d["boxes"]), (k, ring)
        screenshot(page, f"canvas_81_leaves_{scale:g}x", full_page=False)


def _inside(t: dict, b: dict) -> bool:
    return (
        t["x"] >= b["x"] - 0.5
        and t["y"] >= b["y"] - 0.5
        and t["x"] + t["w"] <= b["x"] + b["w"] + 0.5
        and t["y"] + t["h"] <= b["y"] + b["h"] + 0.5
    )


def test_a_plus_n_marker_opens_its_subtree(page, base_url):
    open_lab(page, base_url, "?t=r:5,5,-99,99,1")  # 3,906 nodes: collapsed
    for _ in range(7):
        page.keyboard.press("ArrowRight")  # and drill down before the step is reported
    expect_step(page, 7)
    marker = page.locator(f"{CANVAS} g.sum").first
    expect(marker).to_contain_text("hidden")
    expect(marker).to_contain_text("nodes")
    opened = int(marker.get_attribute("data-open"))  # set when the marker is drawn
    marker.scroll_into_view_if_needed()
    with rerun(page):
        marker.click()
    page.wait_for_selector(f'{CANVAS} g.n[data-id="{opened}"]')
    expect(page.locator("body")).to_contain_text("Showing the subtree")
    # the focus is the first node drawn
    expect(page.locator(f"{CANVAS} g.n").first).to_have_attribute("data-id", str(opened))
    wait_reported(page, 7)  # the same run: the step stays, the server is told it
    expect(page.locator(CANVAS)).to_have_attribute("data-step", "7")
    expect_query(page, "k", "7")
