"""The follow view of a big search (game_tree_lab/tree_canvas/plugins/follow.js) on the pawn 4 x 4 start:
at several steps it shows the path, the siblings and the α/β the engine's replay has; the
jumps land where the engine says (the next cut-off, the end of this subtree); the best line
appears only from the step the search has proved it; the switch to the whole tree."""

from __future__ import annotations

import re
import statistics

import pytest

from engine.games import pawn
from engine.search import search_game
from engine.trace import CUT, DONE, EXIT, LEAF, Replayer
from gtl_dev.pages import open_url, rerun, wait_reported
from tests.browser.axe import assert_axe_clean
from tests.browser.helpers import (
    CANVAS,
    assert_no_exception,
    canvas,
    expect,
    expect_query,
    expect_step,
    open_page,
    record_figure,
    screenshot,
)
from tests.viz.test_follow import expected
from ui.boards.board_search import pv_nodes

pytestmark = pytest.mark.browser

CODE = "4x4w:pppp/..../..../PPPP"
FOLLOW = f"{CANVAS} .follow"


@pytest.fixture(scope="module")
def searched():
    run = search_game(pawn.PawnGame(), pawn.from_code(CODE))
    rep = Replayer(run)
    return run, rep, pv_nodes(run, rep.final_values())


def _open(page, base_url) -> None:
    open_page(page, base_url, f"pawn?p={CODE}")
    with rerun(page):
        page.get_by_role("tab", name="The search tree").click()
    page.wait_for_selector(f"{FOLLOW} .f-row", timeout=90_000)
    assert_no_exception(page)


def _go(page, k: int) -> None:
    """Drag the step slider to ``k`` (an input event, as a person's drag sends)."""
    page.locator(f"{CANVAS} .slider").evaluate(
        "(s, k) => { s.value = String(k); s.dispatchEvent(new Event('input')); }", k
    )
    expect_step(page, k)  # and with it everything step k draws (the follow view too)


CHIPS = """(cs) => cs.map((c) => [Number(c.dataset.node), c.dataset.status,
    Number(c.dataset.nodes), Number(c.dataset.depth) < 0 ? null : Number(c.dataset.depth),
    c.dataset.value === '' ? null : c.dataset.value])"""


def _below(page):
    """The chips of the row below the current node (its children)."""
    return page.locator(f"{FOLLOW} .f-row.below .f-chip").evaluate_all(CHIPS)


def _shown(page):
    """The follow view's rows as the browser drew them, in the form tests.viz.test_follow's
    ``expected`` gives them."""
    return page.locator(f"{FOLLOW} .f-row:not(.below)").evaluate_all(
        """(rows) => rows.map((r) => {
             const w = r.querySelector('.f-win').dataset, t = (x) => (x === '' ? null : x);
             return [Number(r.dataset.node), t(w.a), t(w.b), t(w.v),
               [...r.querySelectorAll('.f-chip')].map((c) => [Number(c.dataset.node),
                 c.dataset.status, Number(c.dataset.nodes),
                 Number(c.dataset.depth) < 0 ? null : Number(c.dataset.depth), t(c.dataset.value)])];
           })"""
    )


def _as_lists(rows):
    return [[v, a, b, x, [list(s) for s in sibs]] for v, a, b, x, sibs in rows]


def test_follow_view_shows_the_replay_at_several_steps(page, base_url, searched):
    run, rep, _ = searched
    _open(page, base_url)
    expect(page.locator(f"{CANVAS} svg.tree")).to_be_hidden()  # too big to read whole: follow
    n = len(run.events)
    for k in (0, 1, 17, 4_321, 40_000, n - 1, n):
        _go(page, k)
        rows, below = expected(run, rep, k)[:2]
        assert rows, k  # the path has the root at least: the rows compared are not none
        # read once: _go waited for step k, and the canvas draws a step in one go
        assert _shown(page) == _as_lists(rows), k
        assert _below(page) == [list(x) for x in below], k
        cur = page.locator(f"{FOLLOW} .f-chip.cur")
        expect(cur).to_have_count(1 if k else 0)
        if k:
            expect(cur).to_have_attribute("data-node", str(run.events[k - 1].node))
    _go(page, 40_000)
    screenshot(page, "follow_pawn_4x4_step_40000", full_page=False)
    assert_axe_clean(page, "the follow view at step 40,000")
    # the browser's work per Right press in the follow view (the key handler runs the
    # whole step: the core's render and this view's), median of 10, in ms
    times = page.evaluate(
        """() => [...Array(10)].map(() => {
             const t = performance.now();
             document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}));
             return performance.now() - t;
           })"""
    )
    record_figure(
        "follow view: one Right press, browser work (median of 10)", statistics.median(times) / 1000
    )
    print("follow view ms per Right press:", sorted(times))
    expect_step(page, 40_010)
    assert _shown(page) == _as_lists(expected(run, rep, 40_010)[0])  # settled with the step
    # issue 22, 8: the counts so far are drawn with the step (read before any rerun), and no
    # side panel says another step's counts, before or after the run the step's report asks
    now = page.locator(f"{FOLLOW} .f-ply-now")
    expect(now).to_have_text(re.compile(r"^So far at step 40,010\."))
    caption = page.locator('[data-testid="stCaptionContainer"]', has_text="So far")
    expect(caption).to_have_count(0)
    wait_reported(page, 40_010)
    expect(caption).to_have_count(0)
    expect(now).to_have_text(re.compile(r"^So far at step 40,010\."))


def test_jumps_land_where_the_engine_says(page, base_url, searched):
    run, rep, _ = searched
    _open(page, base_url)
    events = run.events
    k = 12_345
    _go(page, k)
    for _ in range(3):  # the next cut-off: the first CUT event after this step
        page.locator(f"{CANVAS} .b-cut").click()
        want = next(j for j in range(k + 1, len(events) + 1) if events[j - 1].kind == CUT)
        expect_step(page, want)
        k = want
    for _ in range(4):  # the end of this subtree: the innermost active node returns
        snap = rep.snapshot(k)
        inner = [v for v in snap.path if snap.status[v] == "active"][-1]
        want = next(
            j
            for j in range(k + 1, len(events) + 1)
            if events[j - 1].node == inner and events[j - 1].kind in (LEAF, EXIT)
        )
        page.locator(f"{CANVAS} .b-end").click()
        expect_step(page, want)
        assert rep.snapshot(want).status[inner] == DONE
        k = want
    page.keyboard.press("c")  # the keys do the same: the next cut-off
    want = next(j for j in range(k + 1, len(events) + 1) if events[j - 1].kind == CUT)
    expect_step(page, want)
    assert events[want - 1].kind == CUT
    _go(page, len(events))
    expect(page.locator(f"{CANVAS} .b-cut")).to_be_disabled()
    expect(page.locator(f"{CANVAS} .b-end")).to_be_disabled()


def test_best_line_appears_only_once_the_search_proves_it(page, base_url, searched):
    """Not before the root returns for the last time: a lower node of the line is done for
    good long before, but the search does not know yet that it lies on the best line."""
    run, rep, pv = searched
    _open(page, base_url)
    n = len(run.events)
    done_at = {}  # the step each node returns for the last time, from the engine's trace
    for j, e in enumerate(run.events, start=1):
        if e.kind in (LEAF, EXIT):
            done_at[e.node] = j
    root = done_at[pv[0]]
    u, child = pv[1], pv[2]
    s = done_at[u]
    assert s < root and rep.snapshot(s).status[u] == DONE
    chip = f'{FOLLOW} .f-row.below .f-chip[data-node="{child}"]'  # u's children, below it
    _go(page, s)
    expect(page.locator(chip)).to_have_count(1)
    # read once: _go waited for step s, whose drawing made this chip (not on the path at 0)
    assert page.locator(chip).get_attribute("data-best") is None
    page.locator(f"{CANVAS} .f-mode .m-tree").click()  # the whole tree: the green line
    page.wait_for_selector(f"{CANVAS} svg.tree g.n")
    expect_query(page, "fv", "tree")  # the link says the view on screen (written within 120 ms)
    tree = canvas(page)
    expect(tree).to_have_attribute("data-pv", "0")
    _go(page, 0)
    expect(tree).to_have_attribute("data-pv", "0")
    _go(page, root - 1)
    expect(tree).to_have_attribute("data-pv", "0")
    _go(page, root)
    expect(tree).to_have_attribute("data-pv", str(len(pv) - 1))
    _go(page, n)
    expect(tree).to_have_attribute("data-pv", str(len(pv) - 1))
    screenshot(page, "follow_whole_tree_last_step", full_page=False)
    page.locator(f"{CANVAS} .f-mode .m-follow").click()
    expect(page.locator(f"{CANVAS} svg.tree")).to_be_hidden()
    expect_query(page, "fv", "follow")
    expect_query(page, "k", str(n))
    # a copied link of the whole tree opens in it, at its step
    other = page.context.new_page()
    open_url(other, page.url.replace("fv=follow", "fv=tree"))
    other.wait_for_selector(f"{CANVAS} svg.tree g.n", timeout=90_000)
    expect(other.locator(f"{CANVAS} .f-mode .m-tree")).to_have_attribute("aria-pressed", "true")
    expect_step(other, n)
    expect(other.locator(FOLLOW)).to_be_hidden()
    other.close()
    # at the end: the root alone on the path, its children below it, the best one starred
    expect(page.locator(f"{FOLLOW} .f-row:not(.below)")).to_have_count(1)
    best = page.locator(f'{FOLLOW} .f-row.below .f-chip[data-best="1"]')
    expect(best).to_have_count(1)
    expect(best).to_have_attribute("data-node", str(pv[1]))
