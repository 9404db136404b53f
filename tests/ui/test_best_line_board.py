"""The best line on the board component (mode "line"): the frames a lab page sends, decoded
here the way the browser does (game_tree_lab/board/line.js), checked against the
independent solvers of tests/engine: each frame is a position of the line, each next frame
one legal move later (the rules written apart), and the side to move wins or loses in
exactly the plies left (the line is a best line, whatever ties the engine broke)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import pawn
from tests.engine import reference_chase_solver as ref_chase
from tests.engine.reference_pawn_solver import Solver
from ui.common.board import NAME as BOARD
from viz.board import BOARD_CODES, LAST_DARK, LAST_LIGHT
from viz.board_payload import line_payload
from viz.pawn_board import pawn_picture

PAGES = Path(__file__).resolve().parents[2] / "app_pages"


def _line(page: str, query: dict | None = None) -> dict:
    at = AppTest.from_file(str(PAGES / f"{page}.py"), default_timeout=120)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    assert not at.exception
    (data,) = [
        json.loads(c.proto.json)
        for c in at.get("bidi_component")
        if c.proto.component_name.endswith(BOARD) and json.loads(c.proto.json)["mode"] == "line"
    ]
    return data


def _frames(line: dict) -> list[dict]:
    """Every frame whole: the first position with the frame's changes put in."""
    out = []
    for frame in line["frames"]:
        board = {}
        for key in ("fill", "text", "ink", "names"):
            values = dict(enumerate(line[key]))
            values.update({int(sq): v for sq, v in frame[key].items()})
            board[key] = [values.get(sq, "") for sq in range(line["rows"] * line["cols"])]
        for key in ("white", "black", "arrows", "caption", "hatch"):
            board[key] = frame[key]
        out.append(board)
    return out


def _caption(k: int, n: int, name: str) -> str:
    return f"start: ply 0 of {n}" if k == 0 else f"ply {k} of {n}: {name}"


def test_the_pawn_best_line_is_a_best_line_by_the_reference_solver():
    line = _line("pawn")  # the 4 vs 4 start, white to move; the best line's tab is open
    rows, cols = line["rows"], line["cols"]
    ref = Solver(rows, cols)
    frames = _frames(line)
    cells = [
        "".join(
            "P" if sq in f["white"] else "p" if sq in f["black"] else "."
            for sq in range(rows * cols)
        )
        for f in frames
    ]
    assert cells[0] == "pppp" + "." * 8 + "PPPP"
    winner, plies = ref.result(cells[0], True)
    assert (winner, plies) == ("white", 11) and len(frames) == plies + 1
    white = True
    for k in range(plies):
        # one legal move of the side to move, and still the same result, one ply sooner
        (move,) = [
            m for m in ref.moves(cells[k], white) if ref.after(cells[k], *m[:2]) == cells[k + 1]
        ]
        i, j, capture = move
        assert ref.move_result(cells[k], white, i, j) == (winner, plies - k)
        f = frames[k + 1]
        assert f["caption"] == _caption(k + 1, plies, ref.name(i, j, capture))
        assert f["arrows"] == [[i, j]]
        last = {sq for sq, colour in enumerate(f["fill"]) if colour in (LAST_LIGHT, LAST_DARK)}
        assert last == {i, j}
        white = not white
    assert frames[0]["caption"] == _caption(0, plies, "") and frames[0]["arrows"] == []
    for f in frames:  # every square named by what stands on it
        for sq, name in enumerate(f["names"]):
            r, c = divmod(sq, cols)
            on = "white pawn" if sq in f["white"] else "black pawn" if sq in f["black"] else "empty"
            assert name.startswith(f"{'abcd'[c]}{rows - r}, {on}"), (sq, name)
    assert line["step"] == 0 and line["ms"] > 0 and line["moves"] == {}


def test_the_chase_best_line_is_a_best_line_by_value_iteration():
    line = _line("chase")  # 8 x 8, white on row 2 col 2, black on row 7 col 6, white to move
    n = line["rows"]
    values = ref_chase.values(n)
    frames = _frames(line)
    plies = len(frames) - 1
    assert plies == 18 and frames[0]["white"] == [9] and frames[0]["black"] == [6 * n + 5]
    side = 0  # white to move
    for k in range(plies):
        f, g = frames[k], frames[k + 1]
        (w,), (b,) = f["white"], f["black"]
        v = int(values[side, *divmod(w, n), *divmod(b, n)])
        assert abs(v) == ref_chase.WIN - (plies - k), k  # decided in exactly the plies left
        mover, other = (w, b) if side == 0 else (b, w)
        steps = ref_chase.WHITE_STEPS if side == 0 else ref_chase.BLACK_STEPS
        lands = g["white"] if side == 0 else g["black"]
        (to,) = lands
        dr, dc = divmod(to, n)[0] - divmod(mover, n)[0], divmod(to, n)[1] - divmod(mover, n)[1]
        assert (dr, dc) in steps, k
        assert g["arrows"] == [[mover, to]]
        assert g["caption"].startswith(f"ply {k + 1} of {plies}: {'WB'[side]} ")
        if k == plies - 1:  # the last ply captures: the taken piece is off the board
            assert to == other and g["caption"].endswith(" x")
            assert (g["black"] if side == 0 else g["white"]) == []
        side = 1 - side
    assert frames[0]["caption"] == _caption(0, plies, "")


def test_a_frame_carries_only_the_squares_that_changed():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    move = pawn.legal_moves(pos)[0]
    pics = [pawn_picture(pos), pawn_picture(pawn.play(pos, move), last=move, caption="x")]
    squares = [f"s{i}" for i in range(16)]
    line = line_payload(
        pics, frame_ms=300, files="abcd", ranks="4321", squares=squares, label="L", ver="v"
    )
    (r0, c0), (r1, c1) = move.from_sq, move.to_sq
    moved = {str(r0 * 4 + c0), str(r1 * 4 + c1)}
    assert line["frames"][0]["fill"] == {} and line["frames"][0]["names"] == {}
    assert set(line["frames"][1]["fill"]) == moved == set(line["frames"][1]["names"])
    assert set(line["frames"][1]["fill"].values()) <= set(BOARD_CODES[2:])
    with pytest.raises(ValueError):
        line_payload([], frame_ms=300, files="", ranks="", squares=[], label="", ver="")
