"""Board figures and the labs' click handlers (plain functions of state and square)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.games import chase, pawn
from engine.games.chase_solver import solve_table
from ui.boards.board_lab import (
    ChaseEdit,
    chase_click,
    chase_code,
    chase_from_code,
    outcome_words,
    pawn_click,
    pawn_too_big,
    verdict_words,
)
from viz.board import animated_figure, square_of
from viz.chase_board import chase_figure
from viz.pawn_board import pawn_figure, pawn_picture


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


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.data())
def test_chase_code_round_trips(n, data):
    sq = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    w, b = data.draw(sq), data.draw(sq)
    if w == b:
        return
    pos = chase.ChasePosition(n, w, b, data.draw(st.booleans()))
    assert chase_from_code(chase_code(pos)) == pos


@pytest.mark.parametrize(
    "code", ["", "20-1.1-20.20", "1-1.1-1.1-w", "41-1.1-2.2-w", "3-1.1-1.1-w", "3-4.1-1.1-b", "x"]
)
def test_bad_chase_codes_raise_input_error(code):
    with pytest.raises(InputError):
        chase_from_code(code)


def test_words():
    assert verdict_words("white", 7) == "White wins in 7 plies"
    assert verdict_words("BLACK", 1) == "Black wins in 1 ply"
    assert verdict_words(None, -1).startswith("Draw")
    assert outcome_words("white", "white", 5) == "wins in 5"
    assert outcome_words("BLACK", "WHITE", 4) == "loses in 4"


def test_pawn_cap_on_5x5():
    assert pawn_too_big(pawn.start(5, 5)) is None  # the full start is allowed
    crowded = pawn.from_code("5x5w:ppppp/pp.../...PP/...../PPPPP")
    assert "up to 10 pawns" in pawn_too_big(crowded)
    assert pawn_too_big(pawn.start(6, 6)) is not None


def test_pawn_figure_squares_are_clickable():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    fig = pawn_figure(pos, arrows=[pawn.legal_moves(pos)[0]])
    squares, arrows, white, black = fig.data[:4]
    assert list(squares.customdata) == list(range(16))
    assert squares.marker.symbol == "square"
    assert sorted(white.customdata) == [9, 10, 11] and sorted(black.customdata) == [1, 2, 3]
    assert fig.layout.xaxis.fixedrange and fig.layout.yaxis.fixedrange
    # a click on a square or on a piece names the square
    assert square_of({"customdata": 5}) == 5 and square_of({"customdata": [7]}) == 7
    assert square_of({}) is None and square_of({"customdata": "x"}) is None


def test_chase_heatmap_colours_follow_the_table():
    n = 6
    t = solve_table(n)
    pos = chase.ChasePosition(n, (2, 2), (5, 5))
    vals, _ = t.heatmap("white", pos.white, 0)
    fig = chase_figure(pos, heat=vals, longest=int(np.abs(vals).max()))
    colours = list(fig.data[0].marker.color)
    texts = list(fig.data[0].text)
    for s, v in enumerate(vals.reshape(-1)):
        if v == 0:
            assert texts[s] == ""
        else:
            assert texts[s] == str(abs(v))
            # orange (white wins) exactly on the squares next to white
            assert colours[s].startswith("rgb(")
            r, c = divmod(s, n)
            assert (v < 0) == (abs(r - 2) + abs(c - 2) == 1)


def test_animation_has_a_frame_per_ply():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    pics = [pawn_picture(pos)]
    for mv in pawn.legal_moves(pos)[:2]:
        pics.append(pawn_picture(pawn.play(pos, mv), last=mv))
    fig = animated_figure(pics)
    assert [f.name for f in fig.frames] == ["0", "1", "2"]
    assert fig.layout.updatemenus and fig.layout.sliders
