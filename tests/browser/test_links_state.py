"""Every state in the link (issue 11), in a real browser: each state is set on the page the
way a person sets it, the address bar is read, and the link is opened in a NEW browser
context (no session, cookie or storage shared), where the same state must be on screen.

The chase heatmap's colouring; play mode with the moves played and the side, pawn and chase;
the board search tab's step, drill-down and selected node; the practice switch and score;
one tree format for every page (an old practice link still opens and is rewritten)."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from engine.alphabeta import alpha_beta
from engine.games import pawn
from engine.games.pawn_solver import solve
from engine.play import human_move, new_session
from gtl_dev.pages import rerun
from tests.browser.helpers import (
    CANVAS,
    assert_no_exception,
    assert_share_link_restores,
    board_pieces,
    canvas_next,
    click_button,
    expect,
    expect_query,
    expect_step,
    expect_value,
    open_page,
    screenshot,
    tap_square,
    whole_tree,
)

pytestmark = pytest.mark.browser

MAIN = '[data-testid="stMain"]'


def _query(page) -> dict[str, str]:
    """The address bar's query, one value per parameter (the last)."""
    return {k: v[-1] for k, v in parse_qs(urlsplit(page.url).query).items()}


def _segment(page, key: str, label: str) -> None:
    """Click the option ``label`` of the segmented control keyed ``key`` and wait."""
    with rerun(page):
        page.locator(f".st-key-{key} button").filter(has_text=label).first.click()
    assert_no_exception(page)


def _text(page) -> str:
    return page.locator(MAIN).inner_text()


def _says(page, text: str) -> None:
    """Wait until the main block's text has ``text``."""
    expect(page.locator(MAIN)).to_contain_text(text, use_inner_text=True)


def _moves_line(page) -> str:
    return next((ln for ln in _text(page).splitlines() if ln.startswith("Moves:")), "")


# ---- the chase heatmap -------------------------------------------------------------------------
def test_the_chase_heatmap_mode_survives_a_copied_link(page, base_url, browser):
    open_page(page, base_url, "chase?c=8-2.2-7.6-w")
    _segment(page, "chase-heat", "White on every square")
    expect_query(page, "heat", "white")
    moving = "if the white piece stood on that square"
    _says(page, moving)

    def check(p) -> None:
        _says(p, moving)
        # read once: the page's run is over (open_url) and drew the caption above
        assert not p.locator('[data-testid="stAlert"]').count()

    assert_share_link_restores(browser, page.url, check)
    _segment(page, "chase-heat", "No colours")
    expect_query(page, "heat", "off")
    assert_share_link_restores(browser, page.url, lambda p: _no_heat_caption(p))


def _no_heat_caption(page) -> None:
    # read once: the page's run is over (open_url) and the board it draws is on the page
    expect(page.locator(".gtl-board").first).to_be_visible()
    assert "Each number: plies to the capture" not in _text(page)


# ---- play mode and the moves played -----------------------------------------------------------
def _play(page) -> None:
    with rerun(page):
        page.locator(f"{MAIN} button").filter(has_text="Play against the engine").first.click()
    assert_no_exception(page)


def test_a_pawn_game_survives_a_copied_link(page, base_url, browser):
    code = "4x4w:.ppp/..../.PPP/...."
    open_page(page, base_url, f"pawn?p={code}")
    _play(page)
    start = pawn.from_code(code)
    rules = pawn.PawnGame()

    def reply(p):
        return solve(p).moves[0][0]

    b2b3 = next(m for m in pawn.legal_moves(start) if pawn.move_name(start, m) == "b2-b3")
    tap_square(page, 2 * 4 + 1, reruns=False)  # b2, then b3
    tap_square(page, 1 * 4 + 1)
    game = human_move(new_session(start, "white", rules, reply), b2b3, rules, reply)
    assert game.plies == 2
    expect_query(page, "mode", "play")
    expect_query(page, "mv", ".".join(game.names))
    expect_query(page, "side", None)
    moves = "Moves: " + " · ".join(f"{i + 1}. {m}" for i, m in enumerate(game.names))
    cells = game.position.cells  # the board after the engine's reply, from the rules
    pieces = {
        "white pieces": [i for i, ch in enumerate(cells) if ch == pawn.WHITE],
        "black pieces": [i for i, ch in enumerate(cells) if ch == pawn.BLACK],
    }
    expect_value(page, lambda: board_pieces(page), pieces, "the played board")

    def check(p) -> None:
        _says(p, "Your move (White)")
        _says(p, moves)
        expect_value(p, lambda: board_pieces(p), pieces, "the link's board")
        _says(p, f"The engine replied {game.names[1]}")

    assert_share_link_restores(browser, page.url, check)


def test_a_chase_game_with_the_person_on_black_survives_a_copied_link(page, base_url, browser):
    open_page(page, base_url, "chase?c=6-1.1-5.4-w")
    _play(page)
    _segment(page, "chase-game-side", "Black")  # the engine (white) opens
    _says(page, "Your move (Black)")
    expect_query(page, "side", "black")
    moves = expect_value(page, lambda: _query(page).get("mv", ""), lambda mv: mv, "mv")
    assert len(moves.split(".")) == 1, moves
    # black (row 5, column 4) steps up: the square above it, one click
    tap_square(page, 3 * 6 + 3)
    moves = expect_value(
        page, lambda: _query(page).get("mv", ""), lambda mv: len(mv.split(".")) == 3, "mv"
    )
    assert moves.split(".")[1] == "u", moves
    line = expect_value(page, lambda: _moves_line(page), lambda ln: ln.count("·") == 2, "moves")
    # read once: tap_square waited for the tap's run and the board to have it (not busy)
    pieces = board_pieces(page)

    def check(p) -> None:
        _says(p, "Your move (Black)")
        expect_value(p, lambda: _moves_line(p), line, "the link's moves")
        expect_value(p, lambda: board_pieces(p), pieces, "the link's board")

    assert_share_link_restores(browser, page.url, check)


def test_a_bad_move_in_a_link_stops_the_game_there_with_a_warning(page, base_url):
    open_page(page, base_url, "pawn?p=4x4w:.ppp/..../.PPP/....&mode=play&mv=b2-b3.b2-b4")
    _says(page, "move 2 'b2-b4' is not legal")
    _says(page, "the game stops after move 1")
    _says(page, "Moves: 1. b2-b3 · 2. ")  # the engine replied
    _says(page, "Your move (White)")
    mv = expect_value(
        page, lambda: _query(page).get("mv", ""), lambda v: len(v.split(".")) == 2, "mv"
    )
    assert mv.split(".")[0] == "b2-b3", mv
    screenshot(page, "links_bad_move", full_page=False)


# ---- the board search tab: step, drill-down, selection --------------------------------------
def test_the_search_tab_step_and_drill_down_survive_a_copied_link(page, base_url, browser):
    # depth 5: 497 nodes, more than the 300 markers drawn, so "+N nodes" markers show
    open_page(page, base_url, "chase?c=6-1.1-5.4-w&tab=The+search+tree&depth=5")
    whole_tree(page)
    for _ in range(7):
        canvas_next(page)
    marker = page.locator(f"{CANVAS} g.sum").first
    opened = int(marker.get_attribute("data-open"))
    marker.scroll_into_view_if_needed()
    with rerun(page):
        marker.click()
    page.wait_for_selector(f'{CANVAS} g.n[data-id="{opened}"]')
    node = page.locator(f"{CANVAS} g.n").nth(1)
    picked = int(node.get_attribute("data-id"))
    with rerun(page):
        node.click()
    assert_no_exception(page)
    expect_step(page, 7)
    for name, value in (("k", 7), ("open", opened), ("sel", picked), ("depth", 5)):
        expect_query(page, name, str(value))
    expect_query(page, "tab", "The search tree")
    # read once: the selection's run is over (rerun) and the link has its node (above)
    selected = page.get_by_text("Selected: ").first.inner_text()

    def check(p) -> None:
        whole_tree(p)
        expect_step(p, 7)
        first = p.locator(f"{CANVAS} g.n").first
        expect(first).to_have_attribute("data-id", str(opened))  # the opened subtree on top
        expect(p.get_by_text("Selected: ").first).to_have_text(selected, use_inner_text=True)
        expect(p.locator(".st-key-chase-search-root button")).to_have_count(1)  # breadcrumb

    assert_share_link_restores(browser, page.url, check)
    with rerun(page):  # the best line: the search's state leaves the link with its tab
        page.get_by_role("tab", name="The best line").click()
    for name in ("k", "open", "sel", "depth"):
        expect_query(page, name, None)


def test_the_pawn_search_tab_step_is_written_and_read_back(page, base_url, browser):
    open_page(page, base_url, "pawn?p=4x4w:.ppp/..../.PPP/....&tab=The+search+tree")
    whole_tree(page)
    for _ in range(5):
        canvas_next(page)
    expect_query(page, "k", "5")  # the canvas writes ?k= as it steps (no rerun)

    def check(p) -> None:
        whole_tree(p)
        expect_step(p, 5)

    assert_share_link_restores(browser, page.url, check)


# ---- the practice switch and score ---------------------------------------------------------
ANSWER = f"{CANVAS} .ans-f input"  # the answer field in the asked node


def test_the_practice_score_survives_a_copied_link(page, base_url, browser):
    open_page(page, base_url, "practice?t=b3:3,12,8,2,4,6,14,5,2")
    page.locator(ANSWER).fill("3")  # beta at B after leaf 1: right, typed in B itself
    with rerun(page):
        page.locator(ANSWER).press("Enter")
    click_button(page, "practice.quiz.next")
    click_button(page, "practice.quiz.skip")
    expect_query(page, "score", "rs")
    line = "1 ✓ right · 0 ✗ wrong · 0 revealed · 1 skipped · 2 of 21 asked"
    _says(page, line)

    def check(p) -> None:
        _says(p, line)
        _says(p, "Question 3 of 21")

    assert_share_link_restores(browser, page.url, check)


def test_the_practice_switch_survives_a_copied_link(page, base_url, browser):
    open_page(page, base_url, "alphabeta?t=b3:3,12,8,2,4,6,14,5,2")
    toggle = page.locator(".st-key-ab-quiz-on label").first
    with rerun(page):
        toggle.click()
    expect_query(page, "practice", "on")
    _says(page, "Question 1 of")

    def on(p) -> None:
        _says(p, "Question 1 of")

    assert_share_link_restores(browser, page.url, on)
    open_page(page, base_url, "practice?t=b3:3,12,8,2,4,6,14,5,2")  # on by default here
    with rerun(page):
        page.locator(".st-key-practice-quiz-on label").first.click()
    expect_query(page, "practice", "off")

    def off(p) -> None:
        p.locator(f"{CANVAS} .b-next:visible").wait_for()  # the canvas, with its controls
        # read once: the page's run is over (open_url) and its canvas is drawn (above)
        assert "Question 1 of" not in _text(p)

    assert_share_link_restores(browser, page.url, off)


# ---- one tree format --------------------------------------------------------------------------
def test_one_tree_format_moves_between_pages_and_old_links_still_open(page, base_url, browser):
    open_page(page, base_url, "practice?t=3, 12, 8, 2, 4, 6, 14, 5, 2&b=3")  # an old link
    assert_no_exception(page)
    expect_query(page, "t", "b3:3,12,8,2,4,6,14,5,2")
    expect_query(page, "b", None)
    # read once: the page's run is over (open_page) and rewrote the link (above)
    assert not page.locator('[data-testid="stAlert"]').filter(has_text="could not").count()
    leaves = page.locator(".st-key-practice-tree-leaves input")
    with rerun(page):
        page.locator(".st-key-practice-tree-b input").fill("2")
        page.locator(".st-key-practice-tree-b input").press("Enter")
    with rerun(page):
        leaves.fill("5, 6, 7, 4")
        leaves.press("Enter")
    assert_no_exception(page)
    expect_query(page, "t", "b2:5,6,7,4")
    value = str(list(alpha_beta([5, 6, 7, 4], 2)))
    lab = page.url.replace("/practice?", "/alphabeta?")

    def on_the_lab(p) -> None:
        expect_value(p, lambda: p.locator(".gtl-figures dd").first.inner_text(), value, "dd")
        expect_query(p, "t", "b2:5,6,7,4")

    assert_share_link_restores(browser, lab, on_the_lab)

    def back(p) -> None:
        expect(p.locator(".st-key-practice-tree-leaves input")).to_have_value("5, 6, 7, 4")

    assert_share_link_restores(browser, page.url, back)
