"""The cut-off kept explained on the tree (issue 22; plugins/cuts.js, teach/cut_words.py): at
the cut-off's step the two bounds compared and the ancestor's are highlighted; afterwards the
pruned edge keeps its note, which a pointer or a tap opens into the full sentence; the tree
view reads that sentence for a pruned node."""

from __future__ import annotations

import re

import pytest

from engine.search import search_tree
from engine.tree import complete_tree
from gtl_dev.pages import PHONE, open_url, steady_box
from teach.cut_words import cut_notes
from teach.explain import node_name
from tests.browser.helpers import expect, expect_value, screenshot

pytestmark = pytest.mark.browser

SAMPLE = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
CANVAS = ".gtl-canvas"


def _open(page, base_url: str, k: int) -> None:
    open_url(page, f"{base_url}/alphabeta?k={k}", 90_000)  # a loaded machine: a first visit
    expect(page.locator(CANVAS)).to_have_attribute("data-step", str(k))


def test_the_cut_is_highlighted_then_kept_as_a_note(page, base_url):
    (cut,) = cut_notes(search_tree(SAMPLE))  # step 18 at C, from A (an independent check
    assert cut.note == "β 2 ≤ α 3, from A"  # of these words: tests/teach/test_cut_words.py)
    cv = page.locator(CANVAS)
    _open(page, base_url, cut.step)
    c_box = cv.locator(f'g.box[data-id="{cut.node}"]')
    expect(c_box.locator("text.cut-hl")).to_have_count(2)  # C's α and β
    expect(cv.locator('g.box[data-id="0"] text.cut-hl')).to_have_count(1)  # A's α
    expect(cv.locator('g.box[data-id="0"] text.cut-hl')).to_have_text("α 3")
    expect(cv.locator('g.n[data-id="0"]')).to_have_class("n k-max s-active cut-hl")
    link = cv.locator("line.cut-link")  # from A down to C (a vertical line: no width)
    expect(link).not_to_have_css("display", "none")
    note = cv.locator("g.cut-note")
    expect(note).to_have_count(1)
    expect(note).to_be_visible()
    expect(note.locator("text")).to_have_text(cut.note)
    cv.locator("svg.tree").scroll_into_view_if_needed()
    screenshot(page, "cut_step_1400", full_page=False)
    page.keyboard.press("ArrowLeft")  # before the cut-off: no note, no highlight
    expect(cv).to_have_attribute("data-step", str(cut.step - 1))
    expect(note).to_be_hidden()
    expect(cv.locator("text.cut-hl")).to_have_count(0)
    page.keyboard.press("End")
    expect(note).to_be_visible()  # kept after the step
    expect(cv.locator("text.cut-hl")).to_have_count(0)
    expect(link).to_have_css("display", "none")
    note.hover()
    pop = cv.locator(".cut-pop")
    expect(pop).to_be_visible()
    expect(pop).to_have_text(cut.text)
    screenshot(page, "cut_note_hover_1400", full_page=False)
    # the tree view (a keyboard's way) reads the sentence for each pruned leaf
    assert cut.skipped, cut
    for leaf in cut.skipped:
        item = cv.locator(f'.acc-tree [role="treeitem"][data-id="{leaf}"]')
        said = f"leaf {node_name(SAMPLE, leaf)}, leaf: pruned; value {SAMPLE.values[leaf]}"
        expect(item).to_have_attribute("aria-label", f"{said}; why: {cut.text}")


def test_a_tap_on_the_note_opens_the_sentence_on_a_phone(screen, base_url):
    with screen(**PHONE) as page:
        (cut,) = cut_notes(search_tree(SAMPLE))
        _open(page, base_url, 33)
        cv = page.locator(CANVAS)
        cv.locator(".zoom").select_option("fit")
        note = cv.locator("g.cut-note")
        note.scroll_into_view_if_needed()
        box = steady_box(note)
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        pop = cv.locator(".cut-pop")
        expect(pop).to_have_text(cut.text)
        expect(cv).to_have_attribute("data-step", "33")  # the tap did not step
        screenshot(page, "cut_note_tap_phone", full_page=False)
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(pop).to_be_hidden()


def test_leaves_hidden_show_only_what_the_search_evaluated(page, base_url):
    """issue 22: with ``leaves=hidden`` a leaf shows "?" until the step that evaluates it,
    and a pruned leaf keeps "?" at the last step; the tree view says the same."""
    run = search_tree(SAMPLE)
    evaluated = {}
    for k, e in enumerate(run.events, start=1):
        if e.kind == "leaf":
            evaluated.setdefault(e.node, k)
    open_url(page, f"{base_url}/alphabeta?leaves=hidden&k=10", 90_000)
    cv = page.locator(CANVAS)
    expect(cv).to_have_attribute("data-step", "10")

    def shown_values():
        return {
            v: cv.locator(f'g.n[data-id="{v}"] text.lv').text_content()
            for v in range(len(SAMPLE))
            if not SAMPLE.children[v]
        }

    def expected(k):
        return {
            v: str(SAMPLE.values[v]) if evaluated.get(v, 10**9) <= k else "?"
            for v in range(len(SAMPLE))
            if not SAMPLE.children[v]
        }

    expect_value(page, shown_values, expected(10), "the leaves' values at step 10")
    page.keyboard.press("End")
    expect(cv).to_have_attribute("data-step", str(len(run.events)))
    shown = expect_value(page, shown_values, expected(len(run.events)), "the leaves' values")
    assert [v for v, t in shown.items() if t == "?"] == [8, 9]  # the pruned ones
    item = cv.locator('.acc-tree [role="treeitem"][data-id="8"]')
    expect(item).to_have_attribute("aria-label", re.compile("value not known yet"))
    cv.locator("svg.tree").scroll_into_view_if_needed()
    screenshot(page, "leaves_hidden_end_1400", full_page=False)


def test_pvs_re_searches_are_drawn_at_their_steps(page, base_url):
    """issue 22: PVS's probe that fails and its full-window re-search are drawn at the node
    at their steps (teach.search_words.re_searches), with a legend entry only PVS has."""
    from engine.pvs import pvs
    from engine.search import reorder
    from teach.search_words import re_searches

    tree = reorder(SAMPLE, "worst-first")
    last = re_searches(pvs(tree))[-1]  # B: probe (2, 3) failed high, then (2, +∞)
    cv = page.locator(CANVAS)
    open_url(page, f"{base_url}/alphabeta?algo=pvs&order=worst-first&k={last.failed}", 90_000)
    expect(cv).to_have_attribute("data-step", str(last.failed))
    pill = cv.locator("g.rs-pill:visible")
    expect(pill).to_have_count(1)
    expect(pill).to_have_class("rs-pill rs-probe")
    expect(pill.locator("text")).to_have_text(last.probe_words)
    expect(cv.locator(".legend .lg-rs")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(pill).to_have_class("rs-pill rs-full")
    expect(pill.locator("text")).to_have_text(last.full_words)
    expect(cv.locator(f'g.box.rs-box[data-id="{last.node}"]')).to_have_count(1)
    cv.locator("svg.tree").scroll_into_view_if_needed()
    screenshot(page, "pvs_re_search_1400", full_page=False)
    page.keyboard.press("End")
    expect(cv.locator("g.rs-pill:visible")).to_have_count(0)
    expect(cv.locator("g.box.rs-box")).to_have_count(0)
    open_url(page, f"{base_url}/alphabeta?order=worst-first&k=5", 90_000)  # plain alpha-beta
    expect(cv).to_have_attribute("data-step", "5")
    expect(cv.locator(".legend .lg-cut")).to_have_count(0)  # worst first: no cut-off either
    expect(cv.locator(".legend .lg-rs")).to_have_count(0)
