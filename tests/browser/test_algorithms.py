"""Real-browser tests of the algorithm choice on the alpha-beta lab (issue 13): the race table
on the statement sample shows the engine's numbers, PVS steps on the canvas to its first
re-search, the node-type switch draws the engine's types, and the choice is in the link."""

from __future__ import annotations

import re

import pytest

from engine.node_types import classify
from engine.race import race_tree
from engine.trace import ENTER, RE_SEARCH
from engine.tree import complete_tree
from engine.values import fmt_value
from gtl_dev.pages import rerun
from teach.algorithms import LABELS
from tests.browser.helpers import (
    CANVAS,
    CANVAS_DRAWN,
    assert_no_exception,
    assert_share_link_restores,
    canvas_sentence,
    css_key,
    expect,
    expect_query,
    expect_step,
    open_page,
)
from ui.common.keys import AlphaBeta as K
from ui.tree import tree_lab as tl
from ui.tree.race_panel import ORDER_LABELS

pytestmark = pytest.mark.browser

SAMPLE = (3, 12, 8, 2, 4, 6, 14, 5, 2)  # PROBLEMS.md problem 1's sample, branching 3


def pick(page, key: str, label: str) -> None:
    """Click the option ``label`` of the segmented control ``key`` and wait for the rerun."""
    button = page.locator(f".st-key-{css_key(key)} button", has_text=label).first
    with rerun(page):
        button.click()
    page.wait_for_selector(CANVAS_DRAWN)


def race_cells(page):
    """The race table's cells, row after row (a markdown table: ui.common.table)."""
    return page.locator(f".st-key-{css_key(K.lab.race)} table td")


def test_race_table_shows_the_engine_numbers(page, base_url):
    open_page(page, base_url, "alphabeta")
    assert_no_exception(page)
    table = race_tree(complete_tree(SAMPLE, 3))
    want: list[str] = []
    for r in table.rows:
        want += [LABELS[r.algorithm], ORDER_LABELS[r.ordering], fmt_value(r.value)]
        want += [str(x) for x in (r.leaves, r.nodes, r.null_windows, r.re_searches, r.table_hits)]
    assert want
    expect(race_cells(page)).to_have_text(want)
    # Knuth and Moore's minimal tree beside the leaf count: 3^1 + 3^1 - 1 = 5.
    expect(page.locator("body")).to_contain_text("= 5 leaves (Knuth & Moore 1975)")


def test_pvs_steps_to_its_first_re_search(page, base_url, browser):
    open_page(page, base_url, "alphabeta")
    pick(page, K.algo, LABELS["pvs"])
    pick(page, K.order, "worst move first")  # as given, the sample's probes all fail low
    assert_no_exception(page)
    lab = tl.make_lab(tl.ordered(complete_tree(SAMPLE, 3), "worst-first"), "statement", "pvs")
    events = lab.run.events
    first = next(i for i, e in enumerate(events) if e.kind == ENTER and e.tag == RE_SEARCH)
    k = first + 1  # the canvas shows step k once the k-th event (index k - 1) is applied
    page.locator("h1").first.click()
    for _ in range(k):
        page.keyboard.press("ArrowRight")
    expect_step(page, k)
    expect(page.locator(f"{CANVAS} .counter")).to_have_text(f"step {k} of {len(events)}")
    text = canvas_sentence(page)  # the step waited for above: its sentence is settled
    assert "Re-search" in text and "null window" in text
    assert text.endswith(lab.describe(lab.run, k))
    # The node-type switch draws each finished inner node's type, as the engine classifies.
    page.locator(f"{CANVAS} .b-last").click()
    expect_step(page, len(events))
    page.locator(f"{CANVAS} .types").check()
    types = classify(lab.run).types
    for node in (0, *lab.run.tree.children[0]):
        label = page.locator(f"{CANVAS} g.n[data-id='{node}'] text.nt")
        expect(label).to_be_visible()
        expect(label).to_have_text(types[node])
    # The choice is in the link and restores in a new session.
    expect_query(page, "k", str(len(events)))  # the canvas writes its step to the link
    expect_query(page, "algo", "pvs")
    url = page.url

    def check(p) -> None:
        p.wait_for_selector(CANVAS_DRAWN)
        chosen = p.locator(f".st-key-{css_key(K.algo)} button[aria-checked='true']")
        expect(chosen).to_have_text(LABELS["pvs"])

    assert_share_link_restores(browser, url, check)


def test_issue_22_the_screen_says_the_run_shown(page, base_url):
    """Issue 22 on the page: worst first, the heading is that run's, plain alpha-beta's
    one-wide window is not drawn as a null window, and the node types' legend states the one
    definition; MTD(f)'s pass history is beside its tree, the passes marked as they finish."""
    open_page(page, base_url, "alphabeta?order=worst-first")
    page.wait_for_selector(CANVAS_DRAWN)
    assert_no_exception(page)
    body = page.locator("body")
    expect(body).to_contain_text("alpha-beta looked at 9 of 9 leaves (nothing pruned)")
    page.keyboard.press("End")
    # the last step (its number read from the counter: "step n of n"), then what it drew
    expect(page.locator(f"{CANVAS} .counter")).to_have_text(re.compile(r"^step (\d+) of \1$"))
    expect(page.locator(f"{CANVAS} .box.nullw")).to_have_count(0)
    page.locator(f"{CANVAS} .types-l input").check()
    legend = page.locator(f"{CANVAS} .lg-types")
    expect(legend).to_contain_text("failed high (MAX: ≥ β, MIN: ≤ α")
    expect(legend).to_contain_text("side to move")
    open_page(page, base_url, "alphabeta?algo=mtdf&k=43")
    page.wait_for_selector(CANVAS_DRAWN)
    rows = page.locator(f"{CANVAS} .gtl-hist tbody tr")
    expect(rows).to_have_class(["done", "done"])  # two rows, both passes finished
    page.locator(f"{CANVAS} .b-first").click()
    expect_step(page, 0)
    page.locator(f"{CANVAS} .b-next").click()
    expect_step(page, 1)
    expect(rows).to_have_class(["running", "later"])
