"""Accessibility in a real browser (issue 26): the alpha-beta lab's tree as a screen reader
reads it (Playwright's ARIA snapshot) against a plain replay of the engine's events, the
focus on the current node, each step said once in the live region, the tree's keys and the
core's stepping keys apart, axe-core clean in those states, and a whole-tree exercise handed
in with the keyboard alone."""

from __future__ import annotations

import re

import pytest

from engine.trace import ACTIVE, DONE, PRUNED, UNSEEN
from engine.tree import complete_tree
from engine.values import fmt_value
from gtl_dev.pages import rerun
from teach.cut_words import cut_notes
from teach.quiz import node_names
from tests.browser.axe import assert_axe_clean
from tests.browser.helpers import (
    CANVAS,
    canvas,
    expect,
    expect_sentence,
    expect_step,
    expect_value,
    open_page,
    pause_clock,
)
from tests.replay_reference import fold_visits
from ui.tree import tree_lab as tl

pytestmark = pytest.mark.browser

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]
TREE = complete_tree(SAMPLE, 3)
STATUS = {UNSEEN: "not reached yet", ACTIVE: "on the current path", DONE: "done", PRUNED: "pruned"}

# the element in focus, through the shadow roots
FOCUSED_JS = """() => { let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a && (a.getAttribute('aria-label') || a.tagName); }"""

# every text the live region takes from now on, and every mouse button pressed
WATCH_JS = """() => {
  const host = [...document.querySelectorAll('*')].find((e) => e.shadowRoot && e.shadowRoot.querySelector('.acc-live'));
  const live = (host ? host.shadowRoot : document).querySelector('.gtl-canvas .acc-live');
  window.__said = [];
  new MutationObserver(() => { if (live.textContent) window.__said.push(live.textContent); })
      .observe(live, {childList: true, characterData: true, subtree: true});
}"""


def expected_items(k: int) -> list[tuple[int, str]]:
    """(depth, words) of every node in search order at step k, from a plain fold of the
    engine's events (tests/replay_reference.py), in the words teach/access_words.py gives."""
    run = tl.make_lab(TREE).run
    status, value, alpha, beta = fold_visits(run, k)
    cur = run.events[k - 1].node if k else None
    names = node_names(TREE)
    notes = cut_notes(run)
    out = []
    for v in TREE.preorder():
        if TREE.is_leaf(v):
            kind = "leaf"
        else:
            kind = "MAX node" if TREE.is_max(v) else "MIN node"
        words = [f"{names[v]}, {kind}: {STATUS[status[v]]}"]
        if v == cur:
            words.append("the current node")
        if TREE.is_leaf(v):
            words.append(f"value {fmt_value(TREE.values[v])}")
        elif status[v] in (ACTIVE, DONE) and alpha[v] is not None:
            val = "not known yet" if value[v] is None else fmt_value(value[v])
            words.append(f"α {fmt_value(alpha[v])}, β {fmt_value(beta[v])}, value {val}")
        if status[v] == PRUNED:  # issue 22: why, the sentence of the cut-off that pruned it
            why = next(
                c.text
                for c in notes
                if c.step <= k and any(v in TREE.preorder(s) for s in c.skipped)
            )
            words.append(f"why: {why}")
        out.append((int(TREE.depth[v]), "; ".join(words)))
    return out


def current_item(k: int) -> str:
    """The words of the current node's item at step k."""
    return next(w for _, w in expected_items(k) if "the current node" in w)


def read_tree(page) -> list[tuple[int, str]]:
    """(depth, name) of every treeitem in the canvas's ARIA snapshot, in order."""
    snap = canvas(page).locator(".acc-tree").aria_snapshot()
    assert snap.lstrip().startswith("- tree "), snap[:200]
    items = []
    for line in snap.splitlines():
        m = re.match(r"^( *)- '?treeitem \"(.*)\"'?:?$", line)
        if m:
            items.append(((len(m.group(1)) - 2) // 4, m.group(2)))
    return items


def _expect_focus(page, want: str) -> None:
    """Wait until the element in focus (through the shadow roots) is named ``want``."""
    expect_value(page, lambda: page.evaluate(FOCUSED_JS), want, "the element in focus")


def _said(page) -> list[str]:
    return page.evaluate("() => window.__said")


def test_the_tree_a_screen_reader_walks_at_step_18(page, base_url):
    open_page(page, base_url, "alphabeta?k=18")
    expect(canvas(page).locator(".acc-tree [role=treeitem]").first).to_be_attached()
    expect_step(page, 18)
    expect_value(page, lambda: read_tree(page), expected_items(18), "the tree's items")
    # the current node is the item Tab reaches; stepping inside the tree keeps the focus on it
    canvas(page).locator(".acc-tree [tabindex='0']").focus()
    _expect_focus(page, current_item(18))
    page.evaluate(WATCH_JS)
    for _ in range(3):
        page.keyboard.press("PageDown")
    expect_step(page, 21)
    _expect_focus(page, current_item(21))
    said = [f"Step {k} of 33. " + sentence(k) for k in (19, 20, 21)]
    expect_value(page, lambda: _said(page), said, "what the live region said")
    expect_sentence(page, said[-1])
    # walking the tree does not step the search; the same key outside the tree does
    items = [w for _, w in expected_items(21)]
    page.keyboard.press("ArrowUp")
    _expect_focus(page, items[items.index(current_item(21)) - 1])
    page.keyboard.press("Home")
    _expect_focus(page, items[0])
    page.keyboard.press("ArrowRight")  # the first child
    _expect_focus(page, items[1])
    page.keyboard.press("End")
    _expect_focus(page, items[-1])
    expect_step(page, 21)
    # a redraw at the same step says nothing: the redraw happens (the nodes change size) ...
    node = canvas(page).locator("svg.tree g.n").first
    width = node.bounding_box()["width"]
    canvas(page).locator(".zoom").select_option("0.75")
    expect_value(
        page, lambda: node.bounding_box()["width"], lambda w: abs(w - width) > 1, "node width"
    )
    # ... and nothing was said: the redraw and its announcement are synchronous in the change
    # event (core.js layout, access.js rendered), so the redrawn node above settled it
    assert _said(page) == said
    assert_axe_clean(page, "alpha-beta lab, step 21, the tree view in focus")
    canvas(page).locator(".b-next").focus()
    page.keyboard.press("ArrowRight")
    expect_step(page, 22)
    # autoplay to the end at 30 steps a second: at most one announcement a second, the last
    # step always said
    canvas(page).locator(".speed").select_option("30")
    canvas(page).locator(".b-play").press("Enter")
    expect(canvas(page)).to_have_attribute("data-step", "33")
    expect(canvas(page).locator(".acc-live")).to_have_text(f"Step 33 of 33. {sentence(33)}")
    said = _said(page)  # settled: step 33 was said, and autoplay stops at the last step
    assert said[-1] == f"Step 33 of 33. {sentence(33)}", said
    assert len(said) - 4 <= 2, said[4:]  # 11 steps in about 0.4 s


def sentence(k: int) -> str:
    from teach.explain import describe

    return describe(tl.make_lab(TREE).run, k)


def _alphabeta_sheet(tree) -> tuple[dict[int, str], set[tuple[int, int]]]:
    """The whole-tree exercise's answers, by a plain recursive alpha-beta (statement rule:
    fail-soft, cut when α ≥ β): each visited inner node's value, and the edges to the
    children never searched."""
    values: dict[int, str] = {}
    cuts: set[tuple[int, int]] = set()

    def ab(v, a, b):
        if tree.is_leaf(v):
            return tree.values[v]
        kids = tree.children[v]
        best = float("-inf") if tree.is_max(v) else float("inf")
        for j, c in enumerate(kids):
            x = ab(c, a, b)
            if tree.is_max(v):
                best, a = max(best, x), max(a, x)
            else:
                best, b = min(best, x), min(b, x)
            if a >= b:
                cuts.update((v, later) for later in kids[j + 1 :])
                break
        values[v] = str(best)
        return best

    ab(0, float("-inf"), float("inf"))
    return values, cuts


def test_a_whole_tree_exercise_handed_in_with_the_keyboard_alone(page, base_url):
    open_page(page, base_url, "practice?t=3,12,8,2,4,6,14,5,2&b=3&tab=Whole-tree+exercise")
    c = canvas(page)
    c.locator(".ans-f input").first.wait_for()
    page.evaluate(
        """() => { window.__mouse = 0;
            for (const t of ['mousedown', 'pointerdown', 'touchstart'])
              window.addEventListener(t, () => window.__mouse++, true); }"""
    )
    values, cuts = _alphabeta_sheet(TREE)
    names = node_names(TREE)
    want_fields = {f"value of {names[v]}": t for v, t in values.items()}
    want_edges = {f"edge {names[p]} to {names[ch]}" for p, ch in cuts}
    # from the top of the page, Tab reaches the tree view, then each field and edge in
    # search order, then Check
    seen = []
    for _ in range(120):
        page.keyboard.press("Tab")
        at = page.evaluate(FOCUSED_JS)
        if at and at.startswith("A, MAX node"):
            break
    else:
        pytest.fail("Tab never reached the tree view")
    for _ in range(60):
        page.keyboard.press("Tab")
        at = page.evaluate(FOCUSED_JS)
        seen.append(at)
        if at in want_fields:
            page.keyboard.type(want_fields[at])
        elif at.startswith("edge ") and at.rsplit(":", 1)[0] in want_edges:
            page.keyboard.press("Space")
        elif at == "BUTTON":  # Check
            break
    assert seen[-1] == "BUTTON" and c.locator(".ans-check").evaluate("(b) => b.matches(':focus')")
    order = [s for s in seen if s.startswith("value of ")]
    assert order == [f"value of {names[v]}" for v in TREE.preorder() if not TREE.is_leaf(v)]
    with rerun(page):
        page.keyboard.press("Enter")
    n = len(values) + len(cuts)
    expect(c.locator(".ans-hint")).to_have_text(re.compile(rf"^Check 1: {n} of {n} right"))
    assert page.evaluate("() => window.__mouse") == 0  # counted since the start: settled
    assert_axe_clean(page, "whole-tree exercise, checked")


def test_a_link_s_autoplay_waits_under_reduced_motion(browser, base_url):
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        page.clock.install()  # before the page loads: autoplay's timer is the clock's
        open_page(page, base_url, "alphabeta?k=2&play=4")
        page.locator(f"{CANVAS} .acc-tree [role=treeitem]").first.wait_for(state="attached")
        pause_clock(page)
        page.clock.run_for(2000)  # 4 steps a second would have made 8 steps by now
        expect_step(page, 2)
        play = canvas(page).locator(".b-play")
        expect(play).to_have_attribute("aria-label", "play")
        # the play button still plays, and the clock drives it: the same 2 s would have moved
        play.click()
        page.clock.run_for(2100)  # ticks at 250, 500, ..., 2000 ms
        expect_step(page, 10)
        page.clock.resume()
    finally:
        context.close()


def test_a_quiz_question_answered_with_the_keyboard_alone(page, base_url):
    open_page(page, base_url, "practice?t=3,12,8,2,4,6,14,5,2&b=3")
    canvas(page).locator(".ans-f input").wait_for()
    for _ in range(120):  # Tab from the top of the page to the field in the asked node
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_JS) == "β of B":
            break
    else:
        pytest.fail("Tab never reached the quiz's field")
    page.keyboard.type("3")
    with rerun(page):
        page.keyboard.press("Enter")
    expect(page.get_by_text("Right: best = 3")).to_be_visible()
