"""Real browser: MCTS stepped in the alpha-beta lab from a link (200 iterations traced): the
visits plugin writes N beside the nodes as the tree grows, each step's sentence says its
phase, a step takes under 10 ms (key to layout done, recorded and asserted loosely), the
chart of the estimate is drawn, and the link keeps the parameters; and MCTS stepped on the
pawn search tab (a board lab's tree, grown by the Explorer)."""

from __future__ import annotations

import re
import time

import pytest

from engine.games.pawn import PawnGame, from_code
from engine.mcts import mcts_game, mcts_tree
from engine.tree import complete_tree
from tests.browser.helpers import (
    CANVAS,
    CANVAS_DRAWN,
    assert_no_exception,
    expect,
    expect_query,
    expect_step,
    open_page,
    record_figure,
    screenshot,
)

pytestmark = pytest.mark.browser

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]
LINK = "alphabeta?algo=mcts&mcts=200,1.41,0,random"
# Right-arrow steps dispatched in the page, each timed from the key event to style and
# layout done (bench/bench_browser.py's measure): the median in ms.
STEP_MS = """async (count) => {
  const host = [...document.querySelectorAll('*')].find(
      (e) => e.shadowRoot && e.shadowRoot.querySelector('.gtl-canvas'));
  const root = host ? host.shadowRoot : document;  // the canvas's isolated styles
  const svg = root.querySelector('.gtl-canvas svg.tree'), out = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
    svg.getBoundingClientRect();
    out.push(performance.now() - t0);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  }
  out.sort((a, b) => a - b);
  return out[out.length >> 1];
}"""


def _said_at_each_step(page, words: list[str]) -> None:
    """Step the canvas from step 0 once per entry of ``words``; each step's sentence says it."""
    expect_step(page, 0)
    for k, said in enumerate(words, start=1):
        page.locator(f"{CANVAS} .b-next").click()
        expect_step(page, k)
        expect(page.locator(f"{CANVAS} .sentence")).to_contain_text(said)


def test_mcts_steps_in_the_alphabeta_lab(page, base_url):
    open_page(page, base_url, LINK, timeout_ms=90_000)  # a loaded machine: the first visit
    page.wait_for_selector(CANVAS_DRAWN)
    assert_no_exception(page)
    m = mcts_tree(complete_tree(SAMPLE, 3), 200, 0)
    n = len(m.run.events)
    expect(page.locator(f"{CANVAS} .counter")).to_contain_text(f"of {n:,}".replace(",", ""))
    labels = page.locator(f"{CANVAS} g.mc-n text")
    # N and W/N per drawn node; empty until it is in the tree
    expect(labels).to_have_text([re.compile(r"^\s*$")] * 26)
    # iteration 1: select the root, expand B, play out, back up at A
    _said_at_each_step(
        page,
        ["selection starts at the root", "Expansion: B joins", "Playout from B"]
        + ["Backup at A: N 0 → 1"],
    )
    expect(page.locator(f"{CANVAS} g.mc-n text[data-i='0']").first).to_have_text("N 1")
    mean = f"W/N {m.iterations[0].reward:.2f}"
    expect(page.locator(f"{CANVAS} g.mc-n text.mean[data-i='0']")).to_have_text(mean)
    expect(page.locator(f"{CANVAS} .mc-note")).to_contain_text("iteration 1 of 200")
    # MCTS prunes nothing and keeps no window: the legend does not say it does
    expect(page.locator(f"{CANVAS} .legend .lg-pruned")).to_be_hidden()
    expect(page.locator(f"{CANVAS} .legend .lg-ab")).to_be_hidden()
    expect(page.locator(f"{CANVAS} .legend").get_by_text("current node")).to_be_visible()
    page.locator("h1").first.click()
    page.keyboard.press("End")  # the last step: the root has all 200 visits
    expect(page.locator(f"{CANVAS} g.mc-n text[data-i='0']").first).to_have_text("N 200")
    last = f"W/N {m.value:.2f}"  # the root; a leaf shows its mean alone
    expect(page.locator(f"{CANVAS} g.mc-n text.mean[data-i='0']")).to_have_text(last)
    page.keyboard.press("Home")
    expect_step(page, 0)
    step_ms = page.evaluate(STEP_MS, 40)
    record_figure("mcts 200 iterations: one step, key to layout done, median of 40", step_ms / 1000)
    # the canvas's goal is 10 ms a step (its plugins included); a busy shared machine gets
    # a looser bound here (the figure is recorded)
    assert step_ms < 40
    start = time.perf_counter()
    page.keyboard.press("End")
    record_figure("mcts 200 iterations: Home to End", time.perf_counter() - start)
    expect(page.locator(".js-plotly-plot")).to_have_count(1)
    expect_query(page, "mcts", "200,1.41,0,random")
    page.locator(CANVAS).scroll_into_view_if_needed()
    screenshot(page, "mcts_alphabeta")
    assert_no_exception(page)


def test_mcts_steps_on_the_pawn_search_tab(page, base_url):
    """The board tab steps the engine's run: iteration 1's four phases, then N at the root
    beside it, every visit at the end; the link keeps the algorithm and parameters."""
    code = "3x3w:ppp/.../PPP"
    link = f"pawn?p={code}&tab=The+search+tree&algo=mcts&mcts=30,1.41,0,random"
    open_page(page, base_url, link, timeout_ms=90_000)
    page.wait_for_selector(CANVAS_DRAWN)
    assert_no_exception(page)
    m = mcts_game(PawnGame(), from_code(code), 30, 0)
    n = len(m.run.events)
    expect(page.locator(f"{CANVAS} .counter")).to_contain_text(f"of {n}")
    first = m.iterations[0]
    assert len(first.path) == 2  # the root, then its first child expanded
    child = m.run.tree.labels[first.path[1]]
    _said_at_each_step(
        page,
        ["selection starts at the root", f"Expansion: {child} joins the tree"]
        + [f"Playout from {child}", "Backup at root: N 0 → 1"],
    )
    expect(page.locator(f"{CANVAS} g.mc-n text[data-i='0']").first).to_have_text("N 1")
    page.locator("h1").first.click()
    page.keyboard.press("End")
    expect(page.locator(f"{CANVAS} g.mc-n text[data-i='0']").first).to_have_text("N 30")
    expect(page.locator(f"{CANVAS} g.mc-n text.mean[data-i='0']")).to_have_text(
        f"W/N {m.value:.2f}"
    )
    expect_query(page, "algo", "mcts")
    expect_query(page, "mcts", "30,1.41,0,random")
    page.locator(CANVAS).scroll_into_view_if_needed()
    screenshot(page, "mcts_pawn_tab")
    assert_no_exception(page)
