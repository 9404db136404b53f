"""The board labs in a real browser: clicking squares changes the position and the verdict
(equal to the engine's answer), share links restore, the search tabs step and drill down,
screenshots are written."""

from __future__ import annotations

import time

import pytest

from engine.games import chase, pawn
from engine.games.chase_solver import solve_position, solve_table
from engine.games.pawn_solver import solve
from engine.judge import chase_answer
from engine.play import human_move, new_session
from engine.search import search_game
from tests.browser.helpers import (
    CHART,
    assert_no_exception,
    assert_share_link_restores,
    click_plotly_point,
    css_key,
    median_of_clicks,
    open_page,
    record_figure,
    rerun,
    screenshot,
)
from ui.boards.board_lab import chase_from_code, verdict_words
from viz.tree_figure import SUMMARY_CURVE

pytestmark = pytest.mark.browser


def _verdict(page) -> str:
    return page.locator('[data-testid="stMain"] h3').first.inner_text().strip()


def test_pawn_click_changes_the_verdict(page, base_url, browser):
    code = "4x4w:...p/...p/pP.P/...P"  # statement sample 2: black wins in 2
    record_figure("pawn: time to first figure", open_page(page, base_url, f"pawn?p={code}"))
    assert_no_exception(page)
    assert _verdict(page) == "Black wins in 2 plies"
    pos = pawn.from_code(code)
    square = 1 * 4 + 2  # c3: empty, becomes a white pawn
    record_figure("pawn: click a square", click_plotly_point(page, square))
    assert_no_exception(page)
    after = solve(pawn.toggled(pos, 1, 2))
    assert _verdict(page) == verdict_words(after.winner, after.plies)
    assert "Black wins in 2" not in _verdict(page)
    screenshot(page, "pawn_after_click")
    expected = _verdict(page)
    assert_share_link_restores(browser, page.url, lambda p: _verdict_is(p, expected))


def _verdict_is(page, text: str) -> None:
    assert _verdict(page) == text


def test_chase_click_changes_the_verdict(page, base_url, browser):
    code = "3-1.1-3.3-w"  # statement sample 2: BLACK 6
    record_figure("chase: time to first figure", open_page(page, base_url, f"chase?c={code}"))
    assert_no_exception(page)
    assert page.get_by_text("BLACK 6").count() >= 1
    # the palette places black: put it next to white (row 1, col 2) -> WHITE 1
    record_figure("chase: click a square", click_plotly_point(page, 1))
    assert_no_exception(page)
    pos = chase_from_code(code)
    moved = chase.ChasePosition(3, pos.white, (0, 1))
    assert chase_answer(solve_position(moved, solve_table(moved.n))) == "WHITE 1"
    assert _verdict(page) == "White wins in 1 ply"
    screenshot(page, "chase_after_click")
    assert_share_link_restores(browser, page.url, lambda p: _verdict_is(p, "White wins in 1 ply"))


def _bottom(locator) -> float:
    box = locator.bounding_box()
    assert box is not None
    return box["y"] + box["height"]


def test_chase_big_board_heatmap(page, base_url):
    seconds = open_page(page, base_url, "chase?c=20-1.1-20.20-w")
    record_figure("chase 20x20: time to first figure", seconds)
    assert_no_exception(page)
    assert page.get_by_text("BLACK 56").count() >= 1
    # above the fold on a projector: the board, the verdict and the move table
    screenshot(page, "chase_20_fold", full_page=False)
    height = page.viewport_size["height"]
    assert _bottom(page.locator(CHART).first) <= height
    assert _bottom(page.locator('[data-testid="stMain"] h3').first) <= height
    assert _bottom(page.locator('[data-testid="stDataFrame"]').first) <= height
    record_figure("chase 20x20: click a square", click_plotly_point(page, 10 * 20 + 10))
    assert_no_exception(page)
    screenshot(page, "chase_20")


def _step(page, player: str, action: str) -> float:
    """Press a step-player button and wait for the rerun; the seconds it took.

    Not helpers.click_button: a button with ``help=`` is rendered twice (the second copy
    hidden), so the locator takes the first."""
    button = page.locator(f".st-key-{css_key(player + '.' + action)} button").first
    button.wait_for(state="visible")
    start = time.perf_counter()
    with rerun(page):
        button.click()
    return time.perf_counter() - start


def _open_search_tab(page) -> None:
    with rerun(page):  # the tabs are lazy: opening one reruns the page
        page.get_by_role("tab", name="The search tree").click()


def test_pawn_search_tab_steps(page, base_url):
    code = "4x4w:pppp/..../..../PPPP"  # the 4-vs-4 start: tens of thousands of nodes
    open_page(page, base_url, f"pawn?p={code}")
    start = time.perf_counter()
    _open_search_tab(page)
    record_figure("pawn 4x4 start: open the search tab", time.perf_counter() - start)
    assert_no_exception(page)
    pos = pawn.from_code(code)
    run = search_game(pawn.PawnGame(), pos)
    assert page.get_by_text(f"{run.nodes_visited:,}", exact=True).count() >= 1
    before = page.get_by_text("Press next to start").count()
    assert before == 1
    record_figure("pawn 4x4 start: first next step", _step(page, "pawn.search", "next"))
    assert_no_exception(page)
    assert page.get_by_text("Start at the root").count() == 1
    screenshot(page, "pawn_search_4x4_start")
    # once the tab is open, the step player, its sentence and the tree fill the window
    page.get_by_role("tablist").first.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    screenshot(page, "pawn_search_tab_top", full_page=False)
    tabs = page.get_by_role("tablist").first.bounding_box()
    tree = page.locator(f'[class*="st-key-pawn-search-tree-chart-"] {CHART}').bounding_box()
    sentence = page.get_by_text("Start at the root").first.bounding_box()
    assert tabs and tree and sentence
    print(
        f"tabs→tree {tree['y'] - tabs['y']:.0f} px, sentence→tree {tree['y'] - sentence['y']:.0f} px"
    )
    assert tree["y"] - tabs["y"] < 600
    assert 0 < tree["y"] - sentence["y"] < 120
    record_figure(
        "pawn 4x4 start: next step (median of 10)",
        median_of_clicks(lambda: _step(page, "pawn.search", "next")),
    )
    assert page.get_by_text("step 11 of").count() == 1
    # open a collapsed part of the tree by clicking its "+N nodes" marker
    assert _summaries(page).count() > 0
    record_figure("pawn 4x4 start: open a '+N nodes' marker", _click_summary(page))
    assert_no_exception(page)
    screenshot(page, "pawn_search_drilled")
    assert page.locator(".st-key-pawn-search-root button").count() == 1


def _summaries(page):
    """The "+N nodes" markers of the search tree figure."""
    tree = page.locator(f'[class*="st-key-pawn-search-tree-chart-"] {CHART}')
    return tree.locator(".scatterlayer .trace").nth(SUMMARY_CURVE).locator("path.point")


def _click_summary(page) -> float:
    point = _summaries(page).first
    point.scroll_into_view_if_needed()  # the tree is below the fold; clicks need it on screen
    box = point.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.wait_for_timeout(100)
    start = time.perf_counter()
    with rerun(page):
        page.mouse.click(x, y)
    return time.perf_counter() - start


def test_chase_search_tab(page, base_url):
    open_page(page, base_url, "chase?c=6-1.1-5.4-w")
    _open_search_tab(page)
    assert_no_exception(page)
    for _ in range(6):
        _step(page, "chase.search", "next")
    assert_no_exception(page)
    assert page.get_by_text("agrees").count() >= 1
    screenshot(page, "chase_search")


def _pieces(page) -> dict[str, list[int]]:
    """The squares of the pieces drawn on the first board (read from the plotly figure)."""
    return page.evaluate(
        """(chart) => Object.fromEntries(
               document.querySelector(chart + ' .js-plotly-plot').data
                   .filter((t) => (t.name || '').endsWith('pieces'))
                   .map((t) => [t.name, [...(t.customdata || [])].map(Number).sort((a, b) => a - b)]))""",
        CHART,
    )


def _expected_pieces(pos: pawn.PawnPosition) -> dict[str, list[int]]:
    cells = pos.cells
    return {
        "white pieces": sorted(i for i, ch in enumerate(cells) if ch == pawn.WHITE),
        "black pieces": sorted(i for i, ch in enumerate(cells) if ch == pawn.BLACK),
    }


def _play_mode(page) -> None:
    with rerun(page):
        page.locator('[data-testid="stMain"] button').filter(
            has_text="Play against the engine"
        ).first.click()


def test_pawn_play_one_move_against_the_engine(page, base_url):
    code = "4x4w:.ppp/..../.PPP/...."  # statement sample 1; the person plays white
    open_page(page, base_url, f"pawn?p={code}")
    _play_mode(page)
    assert_no_exception(page)
    start = pawn.from_code(code)
    sol = solve(start)
    assert _verdict(page) == verdict_words(sol.winner, sol.plies)
    assert page.get_by_text("Your move (White)").count() == 1
    assert _pieces(page) == _expected_pieces(start)
    move = sol.moves[0][0]  # the best move, played by two clicks: the pawn, then its target
    (fr, fc), (tr, tc) = move.from_sq, move.to_sq
    click_plotly_point(page, fr * start.cols + fc)
    assert_no_exception(page)
    assert _pieces(page) == _expected_pieces(start)  # a selection, not a move yet
    record_figure(
        "pawn play: a move and the engine's reply", click_plotly_point(page, tr * start.cols + tc)
    )
    assert_no_exception(page)
    rules = pawn.PawnGame()

    def reply(p):
        return solve(p).moves[0][0]

    game = human_move(new_session(start, "white", rules, reply), move, rules, reply)
    assert game.plies == 2  # the person's move and the engine's answer
    mine = pawn.play(start, move)
    assert _expected_pieces(mine) not in (_expected_pieces(start), _expected_pieces(game.position))
    assert _pieces(page) == _expected_pieces(game.position)
    assert page.get_by_text(f"The engine replied {game.names[1]}").count() == 1
    after = solve(game.position)
    assert _verdict(page) == verdict_words(after.winner, after.plies)
    screenshot(page, "pawn_play", full_page=False)


def test_chase_play_to_game_over(page, base_url):
    open_page(page, base_url, "chase?c=3-1.1-1.2-w")  # white captures next door at once
    _play_mode(page)
    assert_no_exception(page)
    screenshot(page, "chase_play", full_page=False)
    click_plotly_point(page, 1)  # onto black: the capture
    assert_no_exception(page)
    assert _verdict(page) == "White won"
    assert page.get_by_text("you won!").count() == 1
    for key in ("chase.game.undo", "chase.game.restart"):
        assert page.locator(f".st-key-{css_key(key)} button").count() == 1
    screenshot(page, "chase_play_over", full_page=False)
