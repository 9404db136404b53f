"""The game review (teach.game_review): kinds and sentences on a hand-made line of verdicts,
and on real pawn games every move's "after" equals that move's outcome in the reference
solver's move list (tests/engine/reference_pawn_solver.py, written apart from the engine)."""

from __future__ import annotations

from engine.games import pawn
from engine.games.pawn_solver import solve
from engine.play import PlaySession, human_move, new_session
from teach.game_review import (
    BEST,
    GAVE_WIN,
    LOSING,
    SLOWER,
    review,
    review_summary,
    row_sentence,
)
from tests.engine import reference_pawn_solver as ref


class Line:
    """A game that is a line of numbered states (0, 1, 2, ...), white moves at even states;
    ``verdicts[s]`` is state s's exact (winner, plies)."""

    def __init__(self, verdicts):
        self.verdicts = verdicts

    def to_move(self, s):
        return "white" if s % 2 == 0 else "black"

    def describe(self, s):
        return self.verdicts[s]


def session(n: int, human: str = "white") -> PlaySession:
    return PlaySession(tuple(range(n + 1)), tuple(f"m{i + 1}" for i in range(n)), human)


def test_kinds_and_words_on_a_hand_made_game():
    line = Line(
        {
            0: ("white", 9),  # white wins in 9
            1: ("white", 8),  # after m1: kept (8 + the move = 9)
            2: ("white", 9),  # black's reply made it slower for black? no: white to move
            3: ("white", 10),  # after m3: a win in 11 instead of 9: slower
            4: ("white", 9),
            5: (None, 0),  # after m5: the win slipped to a draw
            6: (None, 0),
            7: ("black", 5),  # after m7: a draw became a loss in 6: the losing move
            8: ("black", 4),
            9: ("black", 1),  # after m9: a loss in 4 became a loss in 2: quicker than needed
        }
    )
    rows = review(session(9), line, line.describe)
    assert [r.number for r in rows] == [1, 3, 5, 7, 9]
    assert [r.kind for r in rows] == [BEST, SLOWER, GAVE_WIN, LOSING, SLOWER]
    assert row_sentence(rows[0]) == "move 1, m1: a win in 9, kept (a best move)"
    assert (
        row_sentence(rows[1]) == "move 3, m3: a win in 9 became a win in 11 (not the quickest win)"
    )
    assert row_sentence(rows[2]) == "move 5, m5: a win in 9 became a draw (the win slipped away)"
    assert row_sentence(rows[3]) == "move 7, m7: a draw became a loss in 6 (the losing move)"
    assert row_sentence(rows[4]) == (
        "move 9, m9: a loss in 4 became a loss in 2 (not the slowest defence)"
    )
    assert review_summary(rows) == "The losing move: move 7, m7 (a draw became a loss in 6)."


def test_black_s_moves_and_the_summaries_without_a_losing_move():
    line = Line({0: ("white", 5), 1: ("white", 4), 2: ("white", 2), 3: ("white", 1)})
    rows = review(session(3, "black"), line, line.describe)
    # black's move from state 1 (a loss in 4) to state 2 (2 plies to go, plus the move)
    assert [(r.number, r.before, r.after) for r in rows] == [(2, ("loss", 4), ("loss", 3))]
    assert rows[0].kind == SLOWER
    assert review_summary(rows).startswith("No losing move: the position was a loss in 4")
    held = Line({0: ("white", 3), 1: ("white", 2), 2: ("white", 1), 3: ("white", 0)})
    rows = review(session(3), held, held.describe)
    assert [r.kind for r in rows] == [BEST, BEST]
    assert review_summary(rows) == (
        "No losing move: you held the win from a win in 3; 2 of 2 moves kept the verdict."
    )
    assert review_summary([]) == "You have not moved yet: nothing to review."


def _ref_outcome(pos: pawn.PawnPosition, move: pawn.Move) -> tuple[str, int]:
    sol = ref.solve(pos)
    return next((w, n) for m, _, w, n in sol.moves if m == move)


def test_real_pawn_games_agree_with_the_reference_solver():
    game = pawn.PawnGame()

    def describe(p):
        s = solve(p)
        return s.winner, s.plies

    def reply(p):
        return solve(p).moves[0][0]

    for code in ("3x3w:ppp/.../PPP", "4x4w:.ppp/..../.PPP/...."):
        start = pawn.from_code(code)
        for pick in (0, -1):  # the person plays the first, then the last move of each list
            sess = new_session(start, "white", game, reply)
            while game.winner(sess.position) is None and game.moves(sess.position):
                sess = human_move(sess, game.moves(sess.position)[pick], game, reply)
            rows = review(sess, game, describe)
            assert rows and all(r.number % 2 == 1 for r in rows)
            for r in rows:
                pos = sess.history[r.number - 1]
                mv = game.moves(pos)[pick]
                w, n = _ref_outcome(pos, mv)
                assert r.after == ("win" if w == "white" else "loss", n)
                best_w, best_n = ref.solve(pos).winner, ref.solve(pos).plies
                assert r.before == ("win" if best_w == "white" else "loss", best_n)
            losing = [r for r in rows if r.kind == LOSING]
            assert len(losing) <= 1
            if game.winner(sess.position) == "black" and rows[0].before[0] == "win":
                assert losing  # a won start that ended lost has its losing move
