"""Play-vs-engine sessions: the engine answers with perfect play, undo and restart work."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games import chase, pawn
from engine.games.chase import ChasePosition
from engine.games.pawn_solver import solve
from engine.play import (
    chase_rules,
    chase_target,
    click_move,
    human_move,
    human_to_move,
    new_session,
    pawn_from,
    pawn_rules,
    pawn_target,
    restart,
    undo,
)

PAWN = pawn_rules()
CHASE = chase_rules()
SAMPLE1 = pawn.parse_board(".ppp\n....\n.PPP\n....")


def _play_out(session, rules, pick):
    """Let the person play ``pick(position, legal moves)`` until the game ends."""
    while rules.winner(session.position) is None:
        assert human_to_move(session, rules)
        pos = session.position
        session = human_move(session, pick(pos, rules.legal_moves(pos)), rules)
    return session


def test_engine_as_winner_keeps_the_solved_distance():
    # White wins sample 1 in 7: the person plays black, the engine white; whatever black does,
    # white's wins come no later than the solved distance from each position.
    s = new_session(SAMPLE1, "black", PAWN)
    assert s.plies == 1 and s.names[0] == solve(SAMPLE1).moves[0][1]
    done = _play_out(s, PAWN, lambda pos, ms: ms[-1])
    assert PAWN.winner(done.position) == "white"
    assert done.plies <= solve(SAMPLE1).plies


def test_engine_as_loser_loses_slowly():
    # The person (white) plays perfectly; the engine (black) loses as slowly as possible, so the
    # game lasts exactly the solved number of plies.
    s = new_session(SAMPLE1, "white", PAWN)
    done = _play_out(s, PAWN, lambda pos, ms: solve(pos).moves[0][0])
    assert PAWN.winner(done.position) == "white"
    assert done.plies == solve(SAMPLE1).plies


def test_illegal_or_out_of_turn_move_changes_nothing():
    s = new_session(SAMPLE1, "white", PAWN)
    black_move = pawn.Move((0, 1), (1, 1))
    assert human_move(s, black_move, PAWN) == s


def test_undo_takes_back_the_person_and_the_engine():
    s0 = new_session(SAMPLE1, "white", PAWN)
    assert undo(s0, PAWN) == s0
    s1 = human_move(s0, pawn.legal_moves(SAMPLE1)[0], PAWN)
    assert s1.plies == 2
    assert undo(s1, PAWN) == s0
    # engine moved first: undo never removes its opening move
    b0 = new_session(SAMPLE1, "black", PAWN)
    b1 = human_move(b0, pawn.legal_moves(b0.position)[0], PAWN)
    assert undo(b1, PAWN) == b0


def test_restart_and_switch_sides():
    s = human_move(new_session(SAMPLE1, "white", PAWN), pawn.legal_moves(SAMPLE1)[0], PAWN)
    assert restart(s, PAWN) == new_session(SAMPLE1, "white", PAWN)
    assert restart(s, PAWN, "black").human == "black"


def test_pawn_clicks_select_then_move():
    s = new_session(SAMPLE1, "white", PAWN)
    s2, sel = click_move(s, None, (2, 1), PAWN, pawn_target, pawn_from)
    assert (s2, sel) == (s, (2, 1))  # own pawn: selected
    s3, sel = click_move(s, (2, 1), (1, 1), PAWN, pawn_target, pawn_from)
    assert sel is None and s3.plies == 2 and s3.names[0] == "b2-b3"
    s4, sel = click_move(s, None, (3, 3), PAWN, pawn_target, pawn_from)  # nothing lands there
    assert (s4, sel) == (s, None)


def test_chase_clicks_and_samples():
    start = ChasePosition(3, (0, 0), (2, 2))
    s = new_session(start, "white", CHASE)
    s2, _ = click_move(s, None, (1, 0), CHASE, chase_target)
    assert s2.names[0] == "W down" and s2.plies == 2  # the engine (black) answered
    # person plays black in 2 1 1 2 2 (BLACK 2): engine white moves, black wins on move 2 best
    t = new_session(ChasePosition(2, (0, 0), (1, 1)), "black", CHASE)
    done = _play_out(t, CHASE, lambda pos, ms: chase.solve_position(pos).moves[0][0])
    assert CHASE.winner(done.position) == "black" and done.plies == 2


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.data())
def test_chase_engine_never_worse_than_the_table(n, data):
    sq = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    w, b = data.draw(sq), data.draw(sq)
    if w == b:
        return
    pos = ChasePosition(n, w, b)
    sol = chase.solve_position(pos)
    if sol.winner != "BLACK":  # white wins only from adjacent squares, at once
        assert sol.winner == "WHITE" and sol.plies == 1
        return
    s = new_session(pos, "white", CHASE)
    seed = data.draw(st.integers(0, 3))
    done = _play_out(s, CHASE, lambda p, ms: ms[seed % len(ms)])
    # black (the engine) wins, never slower than the solved distance
    assert CHASE.winner(done.position) == "black" and done.plies <= sol.plies
