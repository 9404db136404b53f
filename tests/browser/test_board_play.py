"""The boards played by touch and by keyboard alone (issues 21 and 26): a tap picks, a second
tap on a target plays, every time; the arrow keys and Enter do the same with no mouse; every
square has a name; nothing is lost over twenty moves (the final position is compared with
an independent replay of the moves in the test); the best line stepped and played on its
board by keyboard, with no rerun."""

from __future__ import annotations

import re

import pytest

from engine.games import chase, pawn
from engine.games.chase_solver import solve_position, solve_table
from engine.games.pawn_solver import solve
from gtl_dev.pages import rerun, runs_of, steady_box
from tests.browser.axe import assert_axe_clean
from tests.browser.helpers import (
    BOARD,
    assert_no_exception,
    board_cell,
    board_marks,
    board_pieces,
    board_ready,
    expect,
    expect_pieces,
    expect_value,
    open_page,
    record_figure,
    screenshot,
    tap_square,
)

pytestmark = pytest.mark.browser

PHONE = dict(
    viewport={"width": 390, "height": 844}, device_scale_factor=3, has_touch=True, is_mobile=True
)
MOVES = 20
RULES = pawn.PawnGame()


def _play_mode(page, touch: bool = False) -> None:
    button = page.locator('[data-testid="stMain"] button').filter(
        has_text="Play against the engine"
    )
    with rerun(page):
        button.first.tap() if touch else button.first.click()
    assert_no_exception(page)


def _pieces(cells: str, white: str, black: str) -> dict[str, list[int]]:
    return {
        "white pieces": [i for i, ch in enumerate(cells) if ch == white],
        "black pieces": [i for i, ch in enumerate(cells) if ch == black],
    }


def _chase_pieces(pos: chase.ChasePosition) -> dict[str, list[int]]:
    n = pos.n
    return {
        "white pieces": [pos.white[0] * n + pos.white[1]],
        "black pieces": [pos.black[0] * n + pos.black[1]],
    }


def _picked(page, square: int) -> None:
    """Wait until ``square`` is the board's one picked square."""
    expect(board_cell(page, square)).to_have_attribute("aria-selected", "true")
    expect(page.locator(BOARD).first.locator('[aria-selected="true"]')).to_have_count(1)


def _assert_phone_board(page, what: str) -> None:
    """Every square at least 44 x 44 CSS px, no sideways scroll, no hover label."""
    steady_box(page.locator(BOARD).first, hold_ms=150)  # measured once it holds still
    sizes = page.locator(BOARD).first.evaluate(
        """(b) => [...b.querySelectorAll('[role="gridcell"]')].map((c) => {
               const r = c.getBoundingClientRect(); return [r.width, r.height, r.right]; })"""
    )
    assert sizes, what  # the squares were found: the sizes checked are theirs
    assert min(min(w, h) for w, h, _ in sizes) >= 44, (what, min(sizes))
    width = page.evaluate("() => window.innerWidth")
    assert max(right for *_, right in sizes) <= width, what
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, what
    # read once: the board is drawn and still (above), in the run that would draw a chart
    assert page.locator(".hoverlayer, [data-testid='stPlotlyChart']").count() == 0, what


def _restart(page) -> None:
    with rerun(page):
        page.locator(
            ".st-key-pawn-game-restart button, .st-key-chase-game-restart button"
        ).first.tap()
    board_ready(page)


def test_pawn_and_chase_by_touch_twenty_moves_none_lost(screen, base_url):
    with screen(**PHONE) as page:
        # ---- pawn chess: the person plays white from the 4-vs-4 start, the engine black
        code = "4x4w:pppp/..../..../PPPP"
        open_page(page, base_url, f"pawn?p={code}")
        _play_mode(page, touch=True)
        _assert_phone_board(page, "pawn 4x4")
        start = pawn.from_code(code)
        pos, played = start, 0
        while played < MOVES:
            if not pawn.legal_moves(pos) or RULES.winner(pos) is not None:
                _restart(page)  # the game is over: a new one, the count goes on
                pos = start
            move = solve(pos).moves[-1][0]  # the person's slowest line: longer games
            (fr, fc), (tr, tc) = move.from_sq, move.to_sq
            tap_square(page, fr * 4 + fc, touch=True, reruns=False)  # pick: no rerun
            try:
                _picked(page, fr * 4 + fc)
            except AssertionError as lost:
                screenshot(page, "pawn_touch_lost_pick", full_page=False)
                raise AssertionError((played, board_marks(page))) from lost
            seconds = tap_square(page, tr * 4 + tc, touch=True)  # play: the server answers
            if played == 0:
                record_figure("pawn by touch: a move and the engine's reply", seconds)
                screenshot(page, "pawn_touch_390", full_page=False)
            pos = pawn.play(pos, move)  # the independent replay: the rules, then the engine
            if pawn.legal_moves(pos) and RULES.winner(pos) is None:
                pos = pawn.play(pos, solve(pos).moves[0][0])
            played += 1
            expect_pieces(page, _pieces(pos.cells, pawn.WHITE, pawn.BLACK))
        assert_no_exception(page)
        # ---- the chase: the person plays white on the default 8 x 8 board
        code = "8-2.2-7.6-w"
        open_page(page, base_url, f"chase?c={code}")
        _play_mode(page, touch=True)
        _assert_phone_board(page, "chase 8x8")
        table = solve_table(8)
        start = chase.from_code(code)
        pos, played = start, 0
        while played < MOVES:
            if chase.winner(pos) is not None:
                _restart(page)
                pos = start
            move = solve_position(pos, table).moves[0][0]  # white's slowest loss
            to = chase.move_target(pos, move)
            mine = pos.white[0] * 8 + pos.white[1]
            tap_square(page, mine, touch=True, reruns=False)  # its own piece: stays picked
            _picked(page, mine)
            tap_square(page, to[0] * 8 + to[1], touch=True)
            pos = chase.play(pos, move)
            if chase.winner(pos) is None:
                pos = chase.play(pos, solve_position(pos, table).moves[0][0])
            played += 1
            if chase.winner(pos) is None or not pos.captured:
                expect_pieces(page, _chase_pieces(pos))
        assert_no_exception(page)
        screenshot(page, "chase_touch_390", full_page=False)
        hint = page.locator(".gtl-board-hint")
        # 8 x 44 px fit: no note (the board has drawn: the last move's pieces were waited for)
        expect(hint.first).to_be_hidden()
        # ---- the 20 x 20 chase: 44 px squares do not fit a phone; its box scrolls sideways,
        # and a note above the board says so
        open_page(page, base_url, "chase?c=20-1.1-20.20-w")
        expect(hint.first).to_have_text("↔ The board scrolls sideways.")
        wide = "(b) => b.scrollWidth > b.clientWidth"
        expect_value(page, lambda: page.locator(BOARD).first.evaluate(wide), True, "scrolls")
        screenshot(page, "chase_20_touch_390", full_page=False)


_COUNT_POINTER = """() => { window.__gtlPointer = 0;
  for (const t of ['mousedown', 'mouseup', 'pointerdown', 'touchstart'])
    document.addEventListener(t, () => { window.__gtlPointer += 1; }, true); }"""


def _arrows_to(page, frm: int, to: int, cols: int) -> None:
    (r0, c0), (r1, c1) = divmod(frm, cols), divmod(to, cols)
    for _ in range(abs(r1 - r0)):
        page.keyboard.press("ArrowDown" if r1 > r0 else "ArrowUp")
    for _ in range(abs(c1 - c0)):
        page.keyboard.press("ArrowRight" if c1 > c0 else "ArrowLeft")


def test_pawn_game_to_its_end_by_keyboard_alone(page, base_url):
    code = "4x4w:.ppp/..../.PPP/...."  # statement sample 1: white wins in 7 plies
    open_page(page, base_url, f"pawn?p={code}")
    page.evaluate(_COUNT_POINTER)
    mode = page.locator('[data-testid="stMain"] button').filter(has_text="Play against the engine")
    mode.first.focus()
    with rerun(page):
        page.keyboard.press("Enter")
    start = pawn.from_code(code)
    # every square a named cell of one grid; one of them in the tab order (roving tabindex)
    grid = page.locator(BOARD).first.get_by_role("grid")
    expect(grid).to_have_count(1)
    expect(page.locator(BOARD).first.get_by_role("gridcell")).to_have_count(16)
    b2 = page.get_by_role("gridcell", name="b2, white pawn; moves to b3", exact=True)
    expect(b2).to_have_count(1)
    expect(page.get_by_role("gridcell", name="b4, black pawn", exact=True)).to_have_count(1)
    expect(page.get_by_role("gridcell", name="a1, empty", exact=True)).to_have_count(1)
    expect(page.locator(f'{BOARD} [role="gridcell"][tabindex="0"]')).to_have_count(1)
    page.locator(f'{BOARD} [role="gridcell"][tabindex="0"]').focus()
    focus = 0
    pos = start
    plies = 0
    while RULES.winner(pos) is None and pawn.legal_moves(pos):
        plies += 1
        move = solve(pos).moves[0][0]
        frm = move.from_sq[0] * 4 + move.from_sq[1]
        to = move.to_sq[0] * 4 + move.to_sq[1]
        _arrows_to(page, focus, frm, 4)
        page.keyboard.press("Enter")  # pick: no rerun
        _picked(page, frm)
        expect(board_cell(page, frm)).to_have_attribute("aria-label", re.compile("picked up"))
        _arrows_to(page, frm, to, 4)
        with rerun(page):
            page.keyboard.press(" ")  # Space plays, as Enter does
        board_ready(page)
        focus = to
        pos = pawn.play(pos, move)
        if RULES.winner(pos) is None and pawn.legal_moves(pos):
            reply = solve(pos).moves[0][0]
            pos = pawn.play(pos, reply)
            said = page.locator(f"{BOARD} [role=status]").first
            expect(said).to_contain_text("The engine replied")  # said once the board redrew
        expect_pieces(page, _pieces(pos.cells, pawn.WHITE, pawn.BLACK))
        # the focus stayed on the board, on the square the pawn went to
        expect(board_cell(page, to)).to_be_focused()
    assert plies > 0  # the sample is a game to play: the loop checked its moves
    heading = page.locator('[data-testid="stMain"] h3').first
    expect(heading).to_have_text("White won", use_inner_text=True)
    # the board says it once it has redrawn the run's position (expect waits for that)
    expect(page.locator(f"{BOARD} [role=status]").first).to_have_text("White won.")
    # read once: every event counted is one already dispatched (counted at its capture)
    assert page.evaluate("() => window.__gtlPointer") == 0  # no mouse, no touch
    screenshot(page, "pawn_keyboard_over", full_page=False)


@pytest.mark.parametrize(
    "size",
    [
        dict(viewport={"width": 853, "height": 480}, device_scale_factor=1.5),
        dict(viewport={"width": 1280, "height": 720}, device_scale_factor=1.5),
        dict(viewport={"width": 1400, "height": 900}),
    ],
    ids=["853x480", "1280x720", "1400x900"],
)
def test_boards_at_the_class_screens(screen, base_url, size):
    with screen(**size) as page:
        name = f"{size['viewport']['width']}x{size['viewport']['height']}"
        open_page(page, base_url, "pawn?p=4x4w:.ppp/..../.PPP/....")
        _play_mode(page)
        cells = page.locator(f'{BOARD} [role="gridcell"]')
        expect(cells, name).to_have_count(16)
        box = steady_box(cells.first, hold_ms=150)  # measured once it holds still
        assert box and box["width"] >= 44 and abs(box["width"] - box["height"]) < 1, name
        board = steady_box(page.locator(BOARD).first, hold_ms=150)
        assert board and board["x"] + board["width"] <= size["viewport"]["width"], name
        screenshot(page, f"pawn_play_{name}", full_page=False)
        open_page(page, base_url, "chase?c=8-2.2-7.6-w")
        # the chase's 8 x 8 board fits its column and the window's height: on a projector
        # its squares may be under 44 px there (29 px at 853x480): only drawn and looked at
        # drawn after the run is over; the first board (the best line's player is another)
        heat = page.locator(BOARD).first.locator('[role="gridcell"]')
        expect(heat, name).to_have_count(64)
        screenshot(page, f"chase_heat_{name}", full_page=False)


def test_the_best_line_steps_and_plays_in_the_browser_by_keyboard(page, base_url):
    """The chase's best line (mode "line"): stepped by keyboard, the ply in words and
    announced, played to its end; not one rerun asked for, and axe-clean."""
    start = chase.from_code("8-2.2-7.6-w")  # the page's default position
    sol = solve_position(start, solve_table(start.n))
    positions, names = [start], []
    for mv in sol.pv:
        names.append(chase.move_name(positions[-1], mv))
        positions.append(chase.play(positions[-1], mv))
    n = len(names)
    open_page(page, base_url, "chase")
    page.evaluate(_COUNT_POINTER)
    line = page.locator(f'{BOARD}[data-mode="line"]')
    cap = line.locator(".cap")
    expect(cap).to_have_text(f"start: ply 0 of {n}")
    asked = runs_of(page).requested
    line.get_by_role("button", name="One ply forward").focus()
    page.keyboard.press("Enter")
    expect(cap).to_have_text(f"ply 1 of {n}: {names[0]}")
    expect(line.get_by_role("status")).to_have_text(f"ply 1 of {n}: {names[0]}")
    page.keyboard.press(" ")
    expect(line).to_have_attribute("data-step", "2")
    expect_pieces(page, _chase_pieces(positions[2]), 1)
    page.keyboard.press("Tab")  # end »
    page.keyboard.press("Tab")  # the slider
    page.keyboard.press("End")
    expect(line).to_have_attribute("data-step", str(n))
    slider = line.get_by_role("slider", name="Ply of the best line")
    expect(slider).to_have_attribute("aria-valuetext", f"ply {n} of {n}: {names[-1]}")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(line).to_have_attribute("data-step", str(n - 2))
    for _ in range(3):  # back past end » and forward › to play
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(line).to_have_attribute("data-step", str(n))  # played to the end, then paused
    expect(line.get_by_role("button", name="▶ play")).to_be_focused()
    # the capture: white is taken
    expect_value(page, lambda: board_pieces(page, 1)["white pieces"], [], "white pieces")
    # read once: the line (board/line.js) reports nothing; a board reports from the key's
    # own handler (board.report), so a step that asked for a run would have asked by now
    assert runs_of(page).requested == asked  # every step in the browser
    assert page.evaluate("() => window.__gtlPointer") == 0  # no mouse, no touch
    assert_axe_clean(page, "the chase's best line, played to its end")
    screenshot(page, "chase_best_line_end", full_page=False)
