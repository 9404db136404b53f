"""Play-vs-engine sessions: the engine answers with perfect play, undo and restart work."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.games import chase, pawn
from engine.games.chase import ChaseGame, ChasePosition
from engine.games.chase_solver import best_move, solve_position, solve_table
from engine.games.pawn import PawnGame
from engine.games.pawn_solver import solve
from engine.play import (
    human_move,
    human_to_move,
    new_session,
    restart,
    resume,
    square_move,
    square_moves,
    undo,
)

PAWN = PawnGame()
CHASE = ChaseGame()
_TABLES: dict = {}


def table(n):
    if n not in _TABLES:
        _TABLES[n] = solve_table(n)
    return _TABLES[n]


def pawn_reply(pos):
    return solve(pos).moves[0][0]


def chase_reply(pos):
    return best_move(pos, table(pos.n))


def chase_solve(pos):
    return solve_position(pos, table(pos.n))


SAMPLE1 = pawn.parse_board(".ppp\n....\n.PPP\n....")


def _play_out(session, game, pick):
    reply = pawn_reply if game is PAWN else chase_reply
    """Let the person play ``pick(position, legal moves)`` until the game ends."""
    while game.winner(session.position) is None:
        assert human_to_move(session, game)
        pos = session.position
        session = human_move(session, pick(pos, game.moves(pos)), game, reply)
    return session


def test_engine_as_winner_keeps_the_solved_distance():
    # White wins sample 1 in 7: the person plays black, the engine white; whatever black does,
    # white's wins come no later than the solved distance from each position.
    s = new_session(SAMPLE1, "black", PAWN, pawn_reply)
    assert s.plies == 1 and s.names[0] == solve(SAMPLE1).moves[0][1]
    done = _play_out(s, PAWN, lambda pos, ms: ms[-1])
    assert PAWN.winner(done.position) == "white"
    assert done.plies <= solve(SAMPLE1).plies


def test_engine_as_loser_loses_slowly():
    # The person (white) plays perfectly; the engine (black) loses as slowly as possible, so the
    # game lasts exactly the solved number of plies.
    s = new_session(SAMPLE1, "white", PAWN, pawn_reply)
    done = _play_out(s, PAWN, lambda pos, ms: solve(pos).moves[0][0])
    assert PAWN.winner(done.position) == "white"
    assert done.plies == solve(SAMPLE1).plies


def test_illegal_or_out_of_turn_move_changes_nothing():
    s = new_session(SAMPLE1, "white", PAWN, pawn_reply)
    black_move = pawn.Move((0, 1), (1, 1))
    assert human_move(s, black_move, PAWN, pawn_reply) == s


def test_undo_takes_back_the_person_and_the_engine():
    s0 = new_session(SAMPLE1, "white", PAWN, pawn_reply)
    assert undo(s0, PAWN) == s0
    s1 = human_move(s0, pawn.legal_moves(SAMPLE1)[0], PAWN, pawn_reply)
    assert s1.plies == 2
    assert undo(s1, PAWN) == s0
    # engine moved first: undo never removes its opening move
    b0 = new_session(SAMPLE1, "black", PAWN, pawn_reply)
    b1 = human_move(b0, pawn.legal_moves(b0.position)[0], PAWN, pawn_reply)
    assert undo(b1, PAWN) == b0


def test_restart_and_switch_sides():
    start = new_session(SAMPLE1, "white", PAWN, pawn_reply)
    s = human_move(start, pawn.legal_moves(SAMPLE1)[0], PAWN, pawn_reply)
    assert restart(s, PAWN, pawn_reply) == new_session(SAMPLE1, "white", PAWN, pawn_reply)
    assert restart(s, PAWN, pawn_reply, "black").human == "black"


def test_pawn_moves_by_their_squares():
    moves = square_moves(SAMPLE1, PAWN, pawn.move_target, pawn.move_source)
    by_hand: dict = {}
    for m in pawn.legal_moves(SAMPLE1):
        by_hand.setdefault(m.from_sq, []).append(m.to_sq)
    assert moves == by_hand and (2, 1) in moves and (1, 1) in moves[(2, 1)]
    b2b3 = square_move(SAMPLE1, PAWN, (2, 1), (1, 1), pawn.move_target, pawn.move_source)
    assert pawn.move_name(SAMPLE1, b2b3) == "b2-b3"
    assert square_move(SAMPLE1, PAWN, (2, 1), (0, 3), pawn.move_target, pawn.move_source) is None
    assert square_move(SAMPLE1, PAWN, (0, 1), (1, 1), pawn.move_target, pawn.move_source) is None


def test_chase_moves_by_their_squares_and_samples():
    start = ChasePosition(3, (0, 0), (2, 2))
    assert square_moves(start, CHASE, chase.move_target, chase.move_source) == {
        (0, 0): [chase.move_target(start, m) for m in chase.legal_moves(start)]
    }
    down = square_move(start, CHASE, (0, 0), (1, 0), chase.move_target, chase.move_source)
    s2 = human_move(new_session(start, "white", CHASE, chase_reply), down, CHASE, chase_reply)
    assert s2.names[0] == "W down" and s2.plies == 2  # the engine (black) answered
    # person plays black in 2 1 1 2 2 (BLACK 2): engine white moves, black wins on move 2 best
    t = new_session(ChasePosition(2, (0, 0), (1, 1)), "black", CHASE, chase_reply)
    done = _play_out(t, CHASE, lambda pos, ms: chase_solve(pos).moves[0][0])
    assert CHASE.winner(done.position) == "black" and done.plies == 2


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.data())
def test_chase_engine_never_worse_than_the_table(n, data):
    sq = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    w, b = data.draw(sq), data.draw(sq)
    if w == b:
        return
    pos = ChasePosition(n, w, b)
    sol = chase_solve(pos)
    if sol.winner != "BLACK":  # white wins only from adjacent squares, at once
        assert sol.winner == "WHITE" and sol.plies == 1
        return
    s = new_session(pos, "white", CHASE, chase_reply)
    seed = data.draw(st.integers(0, 3))
    done = _play_out(s, CHASE, lambda p, ms: ms[seed % len(ms)])
    # black (the engine) wins, never slower than the solved distance
    assert CHASE.winner(done.position) == "black" and done.plies <= sol.plies


def test_the_engine_reply_is_the_first_ranked_move_of_the_solver():
    for n in (2, 3, 5):
        for w in [(0, 0), (1, 1)]:
            for b in [(n - 1, n - 1), (0, n - 1)]:
                if w == b:
                    continue
                for white in (True, False):
                    pos = ChasePosition(n, w, b, white)
                    assert chase_reply(pos) == chase_solve(pos).moves[0][0]


# ---- resume: a shared link's game (issue 11) -------------------------------------------------
def test_resume_replays_both_sides_moves_and_lets_the_engine_answer():
    played = human_move(
        new_session(SAMPLE1, "white", PAWN, pawn_reply),
        pawn.legal_moves(SAMPLE1)[0],
        PAWN,
        pawn_reply,
    )
    moves = [
        next(m for m in PAWN.moves(a) if PAWN.play(a, m) == b)
        for a, b in zip(played.history, played.history[1:], strict=False)
    ]
    assert resume(SAMPLE1, "white", moves, PAWN, pawn_reply) == played
    # cut after the person's move: the engine answers, as it did in the game
    assert resume(SAMPLE1, "white", moves[:1], PAWN, pawn_reply) == played


def test_resume_refuses_an_illegal_move_naming_it():
    first = pawn.legal_moves(SAMPLE1)[0]
    with pytest.raises(InputError, match="move 2 is not a legal move"):
        resume(SAMPLE1, "white", [first, first], PAWN, pawn_reply)
    with pytest.raises(InputError, match="human must be"):
        resume(SAMPLE1, "grey", [], PAWN, pawn_reply)
