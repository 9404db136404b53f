"""A board draws a tap's result at once (issue 21): on a phone at 4x a tap's rerun takes a few
hundred ms, so the payload says, with the position, what each tap leads to (an edit's
square, a move) and the board draws that before the server answers; the server's position
then replaces it. Checked in the same task as the tap (no rerun can have come back by then),
against the rules applied in the test, then the board once the server has answered."""

from __future__ import annotations

import pytest

from engine.games import chase, pawn
from engine.games.chase_solver import solve_position, solve_table
from engine.games.pawn_solver import solve
from gtl_dev.pages import PHONE, probe_settled, rerun
from tests.browser.helpers import (
    assert_no_exception,
    board_cell,
    board_marks,
    board_ready,
    expect_pieces,
    expect_value,
    open_page,
    tap_square,
)

pytestmark = pytest.mark.browser


# a click on the square, then the pieces drawn, read before the browser can run anything else:
# a deliberate one-shot read (what the board drew before any answer could come back)
_TAP_AND_LOOK = """(cell) => {
  cell.click();
  const b = cell.closest('.gtl-board');
  const on = (side) => [...b.querySelectorAll(`[data-piece="${side}"]`)]
      .map((c) => +c.dataset.sq).sort((x, y) => x - y);
  return {"white pieces": on("white"), "black pieces": on("black")};
}"""


def _pawns(pos: pawn.PawnPosition) -> dict[str, list[int]]:
    return {
        "white pieces": [i for i, ch in enumerate(pos.cells) if ch == "P"],
        "black pieces": [i for i, ch in enumerate(pos.cells) if ch == "p"],
    }


def _chase(pos: chase.ChasePosition) -> dict[str, list[int]]:
    n = pos.n
    return {
        "white pieces": [pos.white[0] * n + pos.white[1]],
        "black pieces": [pos.black[0] * n + pos.black[1]],
    }


def _tap_ahead(page, square: int) -> dict[str, list[int]]:
    """Tap ``square`` of the first board; the pieces drawn right after the tap (the rerun
    it asks for is waited for)."""
    with rerun(page):
        drawn = board_cell(page, square).evaluate(_TAP_AND_LOOK)
    board_ready(page)
    assert_no_exception(page)
    return drawn


def _open(page, base_url: str, path: str) -> None:
    """Open ``path`` and wait until its window probe has settled (on a phone its first report
    reruns the page: a run that started before the tap would draw the position before it)."""
    open_page(page, base_url, path, timeout_ms=90_000)
    probe_settled(page)
    board_ready(page)


def _play_mode(page) -> None:
    button = page.locator('[data-testid="stMain"] button').filter(
        has_text="Play against the engine"
    )
    with rerun(page):
        button.first.tap()


def test_pawn_board_draws_an_edit_and_a_move_before_the_server_answers(screen, base_url):
    code = "4x4w:pppp/..../..../PPPP"
    start = pawn.from_code(code)
    with screen(**PHONE) as page:
        _open(page, base_url, f"pawn?p={code}")
        # edit: b3 (square 5, empty) gets a white pawn
        cells = list(start.cells)
        cells[5] = "P"
        edited = pawn.PawnPosition(4, 4, "".join(cells), True)
        assert _tap_ahead(page, 5) == _pawns(edited)
        expect_pieces(page, _pawns(edited))  # the server's position agrees
        # play, from the start again: b1 (square 13) picked, then b2 (square 9)
        _open(page, base_url, f"pawn?p={code}")
        _play_mode(page)
        tap_square(page, 13, touch=True, reruns=False)
        expect_value(page, lambda: board_marks(page)["picked"], 13, "the square picked")
        cells = list(start.cells)
        cells[13], cells[9] = ".", "P"
        mine = pawn.PawnPosition(4, 4, "".join(cells), False)
        assert _tap_ahead(page, 9) == _pawns(mine)
        # then the engine's reply, with the server's answer
        reply = solve(mine).moves[0][0]
        expect_pieces(page, _pawns(pawn.play(mine, reply)))


def test_chase_board_draws_an_edit_and_a_move_before_the_server_answers(screen, base_url):
    code = "8-2.2-7.6-w"
    start = chase.from_code(code)
    with screen(**PHONE) as page:
        _open(page, base_url, f"chase?c={code}")
        # edit: the palette's piece (black) goes to a1 (square 0)
        edited = chase.ChasePosition(8, start.white, (0, 0), True)
        assert _tap_ahead(page, 0) == _chase(edited)
        expect_pieces(page, _chase(edited))
        # play: white's one piece is picked from the start; one step up onto an empty square
        _open(page, base_url, f"chase?c={code}")
        _play_mode(page)
        r, c = start.white
        mine = chase.ChasePosition(8, (r - 1, c), start.black, False)
        assert _tap_ahead(page, (r - 1) * 8 + c) == _chase(mine)
        reply = solve_position(mine, solve_table(8)).moves[0][0]
        expect_pieces(page, _chase(chase.play(mine, reply)))
