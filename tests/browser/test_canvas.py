"""Real-browser tests of the tree canvas (game_tree_lab/tree_canvas/core.js) on the alpha-beta lab:
keys, buttons, slider and autoplay step it in the browser; the counter, the sentence, the
current node's α/β box and the link's ?k= agree with the engine's replay at every checked
step; no script rerun while stepping; label boxes never overlap; links open at their step;
a "+N nodes" marker opens its subtree."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlparse

import pytest

from engine.random_tree import random_leaves
from engine.search import search_tree
from engine.trace import Replayer
from engine.tree import complete_tree
from engine.values import fmt_value
from teach.explain import describe
from tests.browser.helpers import _RUNS, VIEWPORT, open_url, rerun, screenshot

pytestmark = pytest.mark.browser

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]
CANVAS = ".gtl-canvas"
DRAWN = f"{CANVAS} svg.tree g.n"


def open_lab(page, base_url: str, query: str = "") -> None:
    open_url(page, f"{base_url}/alphabeta{query}")
    page.wait_for_selector(DRAWN)
    page.locator("h1").first.click()  # focus out of every input: keys go to the canvas


def step_of(page) -> int:
    return int(page.locator(CANVAS).get_attribute("data-step"))


def url_k(page) -> int | None:
    ks = parse_qs(urlparse(page.evaluate("window.location.href")).query).get("k")
    return int(ks[0]) if ks else None


def box_text(page, node: int) -> str:
    return page.locator(f'{CANVAS} g.box[data-id="{node}"]').text_content()


def requested(page) -> int:
    return _RUNS[page].requested


def assert_agrees(page, run, k: int) -> None:
    """Counter, sentence, the α/β box of the current node (its parent's for a leaf) and the
    URL all show step ``k`` as the engine's replay has it."""
    page.wait_for_timeout(200)  # the address bar is written at most every 120 ms
    n = len(run.events)
    assert step_of(page) == k
    assert page.locator(f"{CANVAS} .counter").inner_text() == f"step {k} of {n}"
    sentence = page.locator(f"{CANVAS} .sentence").inner_text()
    assert sentence == f"Step {k} of {n}. {describe(run, k)}"
    assert url_k(page) == k
    snap = Replayer(run).snapshot(k)
    if snap.current is None:
        return
    v = snap.current if run.tree.children[snap.current] else run.tree.parent[snap.current]
    want = f"α {fmt_value(snap.alpha[v])}β {fmt_value(snap.beta[v])}v " + (
        fmt_value(snap.value[v]) if snap.value[v] is not None else "?"
    )
    assert box_text(page, v) == want


@pytest.fixture(scope="module")
def sample_run():
    return search_tree(complete_tree(SAMPLE, 3))


def test_keys_buttons_and_slider_step_in_the_browser(page, base_url, sample_run):
    open_lab(page, base_url)
    before = requested(page)
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
    assert requested(page) - before <= 1  # at most the debounced report, never one per step
    page.locator(CANVAS).scroll_into_view_if_needed()
    screenshot(page, "canvas_cut", full_page=False)


def test_twenty_fast_presses_advance_exactly_twenty(page, base_url, sample_run):
    open_lab(page, base_url)
    for _ in range(20):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(50)
    assert_agrees(page, sample_run, 20)


def test_autoplay_and_pause_agree(page, base_url, sample_run):
    open_lab(page, base_url)
    page.locator(f"{CANVAS} .speed").select_option("8")
    page.locator(f"{CANVAS} .b-play").click()
    page.wait_for_timeout(1200)
    page.locator(f"{CANVAS} .b-play").click()  # pause
    k = step_of(page)
    assert 4 <= k < len(sample_run.events)
    page.wait_for_timeout(600)
    assert step_of(page) == k  # paused means paused
    assert_agrees(page, sample_run, k)


def url_play(page) -> str | None:
    plays = parse_qs(urlparse(page.evaluate("window.location.href")).query).get("play")
    return plays[0] if plays else None


def wait_step_above(page, k: int, timeout_s: float = 10.0) -> int:
    """Poll the counter until it passes ``k`` (autoplay on its own); the step reached."""
    end = time.monotonic() + timeout_s
    while (now := step_of(page)) <= k and time.monotonic() < end:
        page.wait_for_timeout(50)
    assert now > k, f"the canvas stayed at step {now}"
    return now


def test_autoplay_is_in_the_link_and_a_link_plays(page, base_url, sample_run):
    open_lab(page, base_url)
    page.locator(f"{CANVAS} .speed").select_option("8")
    page.locator(f"{CANVAS} .b-play").click()
    wait_step_above(page, 2)
    assert url_play(page) == "8"
    link = page.evaluate("window.location.href")
    page.locator(f"{CANVAS} .b-play").click()  # pause
    page.wait_for_timeout(200)  # the address bar is written at most every 120 ms
    assert url_play(page) is None
    assert url_k(page) == step_of(page)
    k0 = int(parse_qs(urlparse(link).query)["k"][0])
    assert k0 < len(sample_run.events) - 4

    open_lab(page, base_url, "?" + urlparse(link).query)  # the copied link, playing
    assert page.locator(f"{CANVAS} .speed").input_value() == "8"
    assert step_of(page) >= k0  # from the link's step
    wait_step_above(page, k0 + 2)  # on its own
    assert url_play(page) == "8"

    open_lab(page, base_url, "?k=0&play=1")  # one step a second: each step is reported
    before = requested(page)
    wait_step_above(page, 1)
    end = time.monotonic() + 10
    while requested(page) == before and time.monotonic() < end:
        page.wait_for_timeout(100)
    assert requested(page) > before  # the report reran the script, which publishes ?k=
    page.wait_for_timeout(300)
    assert url_play(page) == "1"  # and the link still plays


def test_thirty_steps_make_no_rerun_and_one_report(page, base_url, sample_run):
    open_lab(page, base_url)
    before = requested(page)
    for _ in range(30):
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(30)
    assert requested(page) == before, "a step made the script rerun"
    page.wait_for_timeout(1500)
    assert requested(page) == before + 1, "the final step is reported once, after the burst"
    page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
    page.wait_for_timeout(800)
    assert_agrees(page, sample_run, 30)  # the rerun left the browser's step and link alone


def test_a_copied_link_opens_at_the_same_step(page, browser, base_url, sample_run):
    open_lab(page, base_url)
    for _ in range(11):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    url = page.evaluate("window.location.href")
    assert url_k(page) == 11
    context = browser.new_context(viewport=VIEWPORT)
    try:
        fresh = context.new_page()
        open_url(fresh, url)
        fresh.wait_for_selector(DRAWN)
        assert_agrees(fresh, sample_run, 11)
    finally:
        context.close()


def _rects(page, selector: str) -> list[dict]:
    return page.locator(selector).evaluate_all(
        """(els) => els.filter((e) => e.getClientRects().length)
             .map((e) => { const r = e.getBoundingClientRect();
                           return {x: r.x, y: r.y, w: r.width, h: r.height}; })"""
    )


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["w"]
        and b["x"] < a["x"] + a["w"]
        and a["y"] < b["y"] + b["h"]
        and b["y"] < a["y"] + a["h"]
    )


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_label_boxes_never_overlap_at_the_last_step(browser, base_url, scale):
    context = browser.new_context(
        viewport={"width": 1400, "height": 900}, device_scale_factor=scale
    )
    try:
        page = context.new_page()
        leaves = random_leaves(3, 4, -99, 99, 4)
        open_lab(page, base_url, "?t=b3:" + ",".join(map(str, leaves)))
        page.keyboard.press("End")
        page.wait_for_timeout(200)
        boxes = _rects(page, f"{CANVAS} g.box rect")
        assert len(boxes) >= 20
        shapes = _rects(page, f"{CANVAS} g.n polygon") + _rects(page, f"{CANVAS} g.n circle")
        names = _rects(page, f"{CANVAS} g.n text.ln")
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not _overlap(a, b), (a, b)
            for b in shapes + names:
                assert not _overlap(a, b), (a, b)
        texts = _rects(page, f"{CANVAS} g.box text")
        assert all(any(_inside(t, b) for b in boxes) for t in texts), "text sticks out of a box"
        # The current node's ring covers no box, at the end and on the way there.
        for key in ("End", *["ArrowLeft"] * 40):
            page.keyboard.press(key)
            ring = _rects(page, f"{CANVAS} circle.ring")[0]
            assert not any(_overlap(ring, b) for b in _rects(page, f"{CANVAS} g.box rect"))
        screenshot(page, f"canvas_81_leaves_{scale:g}x", full_page=False)
    finally:
        context.close()


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
    marker = page.locator(f"{CANVAS} g.sum").first
    label = marker.text_content()
    assert "hidden" in label and "nodes" in label
    opened = int(marker.get_attribute("data-open"))
    marker.scroll_into_view_if_needed()
    with rerun(page):
        marker.click()
    page.wait_for_selector(f'{CANVAS} g.n[data-id="{opened}"]')
    start = time.perf_counter()
    while time.perf_counter() - start < 10 and "Showing the subtree" not in page.inner_text("body"):
        page.wait_for_timeout(100)
    assert "Showing the subtree" in page.inner_text("body")
    first = page.locator(f"{CANVAS} g.n").first
    assert int(first.get_attribute("data-id")) == opened  # the focus is the first node drawn
    page.wait_for_timeout(800)
    assert step_of(page) == 7 and url_k(page) == 7  # the same run: the step stays
