"""The board component's payload (viz.board_payload): what Python decides for the browser,
checked against the rules written out here (legal moves by hand, names spelled out)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from engine.games import chase, pawn
from engine.games.chase_solver import solve_table
from viz.board_payload import and_list, board_payload
from viz.chase_board import chase_picture, chase_square_name, heat_colours
from viz.pawn_board import pawn_files, pawn_picture, pawn_ranks, pawn_squares

SAMPLE1 = pawn.from_code("4x4w:.ppp/..../.PPP/....")


def _pawn_payload(pos, **kw):
    return board_payload(
        pawn_picture(pos),
        files=pawn_files(pos),
        ranks=pawn_ranks(pos),
        squares=pawn_squares(pos),
        label="board",
        **kw,
    )


def _white_moves_by_hand(pos: pawn.PawnPosition) -> dict[int, list[int]]:
    """White's pawn moves written from the rules: one step up onto an empty square, or one
    square diagonally up onto a black pawn (no pawn on row 0 may move: the game is over)."""
    out: dict[int, list[int]] = {}
    for r in range(pos.rows):
        for c in range(pos.cols):
            if pos.at(r, c) != pawn.WHITE or r == 0:
                continue
            to = [] if pos.at(r - 1, c) != pawn.EMPTY else [(r - 1) * pos.cols + c]
            for dc in (-1, 1):
                if 0 <= c + dc < pos.cols and pos.at(r - 1, c + dc) == pawn.BLACK:
                    to.append((r - 1) * pos.cols + c + dc)
            if to:
                out[r * pos.cols + c] = sorted(to)
    return out


def test_and_list():
    assert [and_list(x) for x in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == [
        "",
        "a",
        "a and b",
        "a, b and c",
    ]


def test_pawn_squares_are_named_with_their_moves():
    pos = pawn.from_code("4x4w:.p.p/..P./.P../....")  # c3 steps to c4 or takes b4, d4
    moves = _white_moves_by_hand(pos)
    p = _pawn_payload(pos, mode="play", moves=moves, ver="v")
    assert p["names"][1 * 4 + 2] == "c3, white pawn; moves to b4, c4 and d4"
    assert p["names"][2 * 4 + 1] == "b2, white pawn; moves to b3"
    assert p["names"][0] == "a4, empty" and p["names"][1] == "b4, black pawn"
    assert {int(k): sorted(v) for k, v in p["moves"].items()} == moves
    assert p["white"] == [6, 9] and p["black"] == [1, 3]


def test_sample_name_from_the_issue():
    blocked = pawn.from_code("4x4w:..../.p../.P../....")
    assert _white_moves_by_hand(blocked) == {}  # b3 taken, nothing to capture
    assert _pawn_payload(blocked, mode="play", ver="v")["names"][9] == "b2, white pawn"
    pos2 = pawn.from_code("4x4w:..../..p./.P../....")
    p = _pawn_payload(pos2, mode="play", moves=_white_moves_by_hand(pos2), ver="v")
    assert p["names"][9] == "b2, white pawn; moves to b3 and c3"


def test_modes_and_what_each_lets_the_browser_do():
    moves = _white_moves_by_hand(SAMPLE1)
    edit = _pawn_payload(SAMPLE1, mode="edit", moves=moves, ver="e")
    assert edit["mode"] == "edit" and edit["moves"] == {} and edit["auto"] is None
    play = _pawn_payload(SAMPLE1, mode="play", moves=moves, auto=9, ver="p")
    assert play["auto"] == 9 and set(play["moves"]) == {"9", "10", "11"}
    assert _pawn_payload(SAMPLE1, mode="play", moves=moves, auto=0, ver="p")["auto"] is None
    with pytest.raises(ValueError):
        _pawn_payload(SAMPLE1, mode="drag")
    json.dumps(play)  # plain data: it travels as JSON


def test_last_move_is_named():
    move = pawn.legal_moves(SAMPLE1)[0]
    after = pawn.play(SAMPLE1, move)
    p = board_payload(
        pawn_picture(after, last=move),
        files=pawn_files(after),
        ranks=pawn_ranks(after),
        squares=pawn_squares(after),
        label="board",
    )
    fr, fc = move.from_sq
    tr, tc = move.to_sq
    assert p["names"][fr * 4 + fc].endswith("; last move")
    assert p["names"][tr * 4 + tc].endswith("; last move")
    assert sum(n.endswith("last move") for n in p["names"]) == 2


def _contrast(a: str, b: str) -> float:
    def lum(colour: str) -> float:
        if colour.startswith("#"):
            rgb = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
        elif colour.startswith("rgb("):
            rgb = [int(x) for x in colour[4:-1].split(",")]
        else:
            rgb = {"white": [255, 255, 255]}[colour]
        lin = [(v / 255 / 12.92) if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_chase_heatmap_is_text_and_stripes_not_colour_alone():
    pos = chase.from_code("5-1.1-5.5-w")
    table = solve_table(5)
    vals, _ = table.heatmap("white", pos.white, 0)
    longest = int(np.abs(vals).max())
    pic = chase_picture(pos, heat=vals, heat_piece="black", longest=longest)
    squares = [chase_square_name(s, 5) for s in range(25)]
    p = board_payload(pic, files=["1"] * 5, ranks=["1"] * 5, squares=squares, label="b")
    flat = vals.reshape(-1).tolist()
    assert p["hatch"] == [s for s, v in enumerate(flat) if v < 0]  # white wins: striped
    for s, v in enumerate(flat):
        if v:
            who = "black" if v > 0 else "white"
            assert p["text"][s] == str(abs(v))
            assert f"black here: {who} wins in {abs(v)} pl" in p["names"][s]
    # every number readable on its square: WCAG 1.4.3's 4.5:1
    fill, ink = heat_colours(vals, longest)
    for s, v in enumerate(flat):
        if v:
            assert _contrast(fill[s], ink[s]) >= 4.5, (s, fill[s], ink[s])


def test_chase_pieces_named():
    pos = chase.from_code("3-1.1-3.3-w")
    pic = chase_picture(pos)
    assert pic.hover[0] == "row 1, col 1, white piece (slow, 1 step)"
    assert pic.hover[8] == "row 3, col 3, black piece (fast, 1 or 2 steps)"
    assert pic.hover[4] == "row 2, col 2"
