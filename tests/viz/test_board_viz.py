"""Board pictures and the labs' click handlers (plain functions of state and square)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.games import chase, pawn
from engine.games.chase import move_target
from engine.games.chase_solver import solve_table
from ui.boards.board_lab import (
    ChaseEdit,
    chase_click,
    pawn_click,
    pawn_too_big,
)
from viz.board import BOARD_CODES
from viz.chase_board import NUMBERS_UP_TO, chase_move_squares, chase_picture, heat_scale
from viz.pawn_board import pawn_picture


def test_pawn_click_cycles_empty_white_black():
    pos = pawn.start(4, 4)
    sq = 1 * 4 + 2  # row 1, col 2 (c3), empty
    a = pawn_click(pos, sq)
    b = pawn_click(a, sq)
    c = pawn_click(b, sq)
    assert (a.at(1, 2), b.at(1, 2), c.at(1, 2)) == ("P", "p", ".")
    assert c == pos
    assert pawn_click(pos, 99) == pos  # off the board: nothing happens


def test_chase_click_places_and_swaps():
    e = ChaseEdit(chase.ChasePosition(5, (0, 0), (4, 4)), "black")
    e2 = chase_click(e, 2 * 5 + 3)
    assert e2.pos.black == (2, 3) and e2.pos.white == (0, 0)
    e3 = chase_click(e2, 0)  # black onto white: they swap
    assert e3.pos.black == (0, 0) and e3.pos.white == (2, 3)
    w = chase_click(ChaseEdit(e3.pos, "white"), 24)
    assert w.pos.white == (4, 4) and w.pos.black == (0, 0)
    assert chase_click(e, -1) == e


def test_pawn_cap_on_5x5():
    assert pawn_too_big(pawn.start(5, 5)) is None  # the full start is allowed
    crowded = pawn.from_code("5x5w:ppppp/pp.../...PP/...../PPPPP")
    assert "up to 10 pawns" in pawn_too_big(crowded)
    assert pawn_too_big(pawn.start(6, 6)) is not None


def test_pawn_picture_squares_pieces_and_arrow():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    move = pawn.legal_moves(pos)[0]
    pic = pawn_picture(pos, last=move, arrows=[move])
    assert sorted(pic.white) == [9, 10, 11] and sorted(pic.black) == [1, 2, 3]
    (r0, c0), (r1, c1) = move.from_sq, move.to_sq
    assert pic.arrows == [(r0 * 4 + c0, r1 * 4 + c1)]
    # light and dark squares alternate; the last move's two squares are tinted (codes 2, 3)
    for sq, code in enumerate(pic.fill):
        r, c = divmod(sq, 4)
        tinted = sq in (r0 * 4 + c0, r1 * 4 + c1)
        assert code == (r + c) % 2 + (2 if tinted else 0)
        assert BOARD_CODES[code]
    assert pic.hover[9] == "b2, white pawn" and pic.hover[0] == "a4, empty"


def test_chase_heatmap_colours_follow_the_table():
    n = 6
    t = solve_table(n)
    pos = chase.ChasePosition(n, (2, 2), (5, 5))
    vals, _ = t.heatmap("white", pos.white, 0)
    pic = chase_picture(pos, heat=vals, longest=int(np.abs(vals).max()))
    for s, v in enumerate(vals.reshape(-1)):
        if v == 0:
            assert pic.text[s] == ""
        else:
            assert pic.text[s] == str(abs(v))
            # orange (white wins, striped too) exactly on the squares next to white
            assert pic.fill[s].startswith("rgb(")
            r, c = divmod(s, n)
            assert (v < 0) == (abs(r - 2) + abs(c - 2) == 1) == (s in pic.hatch)


@pytest.mark.parametrize("n", [20, 21, 40])
def test_heatmap_numbers_are_readable_up_to_20_and_a_colour_scale_beyond(n):
    """Issue 11: past 20 x 20 the numbers are left out and the colour scale (with each
    square's name) tells the plies."""
    vals = np.zeros((n, n), dtype=int)
    vals[0, :] = np.arange(1, n + 1)
    pos = chase.ChasePosition(n, (n - 1, 0), (n - 1, n - 1))
    pic = chase_picture(pos, heat=vals, longest=n)
    if n <= NUMBERS_UP_TO:
        assert pic.text[:n] == [str(v) for v in range(1, n + 1)]
    else:
        assert not pic.text
    assert "wins in " + str(n) in pic.hover[n - 1]  # the square's name always says it
    scale = heat_scale(n, numbers=n <= NUMBERS_UP_TO)
    assert "Black wins" in scale and "White wins" in scale and f"{n} plies" in scale
    assert ("Point at a square" in scale) is (n > NUMBERS_UP_TO)


def test_chase_move_squares_lands_where_the_engine_says():
    pos = chase.ChasePosition(n=5, white=(2, 2), black=(0, 0), white_to_move=True)
    for to_move in (True, False):
        p = pos if to_move else chase.play(pos, chase.legal_moves(pos)[0])
        for mv in chase.legal_moves(p):
            a, b = chase_move_squares(p, mv)
            assert b == move_target(p, mv)
            assert a == (p.white if p.white_to_move else p.black)
