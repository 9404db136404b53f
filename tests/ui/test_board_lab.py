"""ui.boards.board_lab's plain helpers for the best line and the play panel."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games import pawn
from engine.games.pawn import PawnGame
from engine.games.pawn_solver import solve
from engine.play import human_move, new_session
from ui.boards.board_lab import engine_reply, ply_rows, short_line

NAMES = st.lists(st.text("WBudlr x", min_size=1, max_size=8), max_size=60)


@settings(max_examples=200, deadline=None)
@given(NAMES)
def test_short_line_keeps_the_ends_and_says_how_many(names):
    line = short_line(names, head=4, tail=2)
    if len(names) <= 7:
        assert line == " → ".join(names)
    else:
        assert line.startswith(" → ".join(names[:4]) + " → … → ")
        assert line.endswith(" → ".join(names[-2:]) + f" ({len(names)} plies)")
        assert line.count(" → ") == 6


@settings(max_examples=100, deadline=None)
@given(NAMES)
def test_ply_rows_number_every_ply_and_alternate_sides(names):
    rows = ply_rows(names, ("White", "Black"))
    assert [r["ply"] for r in rows] == list(range(1, len(names) + 1))
    assert [r["move"] for r in rows] == names
    assert [r["side"] for r in rows] == [("White", "Black")[i % 2] for i in range(len(names))]
    assert all("side" not in r for r in ply_rows(names))


def test_engine_reply_names_the_engines_moves_since_the_persons_move():
    game = PawnGame()

    def reply(p):
        return solve(p).moves[0][0]

    start = pawn.from_code("4x4w:.ppp/..../.PPP/....")  # statement sample 1, white to move
    sess = new_session(start, "white", game, reply)
    assert sess.plies == 0 and engine_reply(sess, game) == []
    move = pawn.legal_moves(start)[0]
    after = human_move(sess, move, game, reply)
    assert after.plies == 2 and after.names[0] == pawn.move_name(start, move)
    assert engine_reply(after, game) == [after.names[1]]
    opened = new_session(start, "black", game, reply)  # the engine plays white and moves first
    assert opened.plies == 1 and engine_reply(opened, game) == [opened.names[0]]
