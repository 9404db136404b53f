"""MTD(f): exact values, converging bounds, sound memory, replayable passes."""

from __future__ import annotations

import math

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.mtdf import mtdf
from engine.trace import ENTER, LEAF, LOWER, TABLE, UPPER, Replayer
from engine.tree import complete_tree, minimax
from tests.replay_reference import fold_visits
from tests.strategies import random_trees


def test_statement_sample():
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    res = mtdf(tree)
    assert res.value == 3
    assert [(p.beta, p.value, p.lower, p.upper) for p in res.passes] == [
        (0, 3, 3, math.inf),  # is it >= 0? yes: at least 3
        (4, 3, 3, 3),  # is it >= 4? no: at most 3
    ]
    assert res.leaves_evaluated == sum(p.run.leaves_evaluated for p in res.passes)


@settings(max_examples=200, deadline=None)
@given(random_trees(), st.integers(-12, 12))
def test_value_is_minimax_and_bounds_converge(tree, guess):
    res = mtdf(tree, guess)
    exact = minimax(tree)
    assert res.value == exact.value
    lo, hi = -math.inf, math.inf
    for p in res.passes:
        assert p.run.events[0].kind == ENTER
        assert (p.run.events[0].alpha, p.run.events[0].beta) == (p.beta - 1, p.beta)
        assert p.lower >= lo and p.upper <= hi
        lo, hi = p.lower, p.upper
        assert lo <= exact.value <= hi
    assert lo == hi == exact.value
    quiet = mtdf(tree, guess, record=False)
    assert [(p.beta, p.value, p.run.leaves_evaluated, p.run.counts) for p in quiet.passes] == [
        (p.beta, p.value, p.run.leaves_evaluated, p.run.counts) for p in res.passes
    ]
    assert all(p.run.events == [] for p in quiet.passes)


@settings(max_examples=150, deadline=None)
@given(random_trees(), st.integers(-12, 12))
def test_memory_never_passes_a_bound_off_as_exact(tree, guess):
    exact = minimax(tree).node_values
    hits = [e for p in mtdf(tree, guess).passes for e in p.run.events if e.kind == TABLE]
    assume(hits)  # an example with no table look checks nothing (most have some)
    for e in hits:
        bound = e.value if e.value is not None else (e.alpha if e.tag == LOWER else e.beta)
        if e.tag == LOWER:
            assert exact[e.node] >= bound
        else:
            assert e.tag == UPPER and exact[e.node] <= bound


@settings(max_examples=100, deadline=None)
@given(random_trees(max_nodes=25), st.integers(-5, 5))
def test_each_pass_replays(tree, guess):
    for p in mtdf(tree, guess).passes:
        run = p.run
        assert run.leaves_evaluated == sum(e.kind == LEAF for e in run.events)
        rp = Replayer(run)
        for k in range(len(run.events) + 1):
            snap = rp.snapshot(k)
            status, value, alpha, beta = fold_visits(run, k)
            assert (snap.status, snap.value, snap.alpha, snap.beta) == (status, value, alpha, beta)
        assert rp.snapshot(len(run.events)).value[0] == p.value


# ---- MTD(f) with iterative deepening on game positions -------------------------------------
def _truth(game, state, depth, root_side):
    from engine.search import search_game

    v = search_game(game, state, depth, algorithm="minimax").value
    return v if game.to_move(state) == root_side else -v


def _check_positions(game, state, max_depth) -> int:
    from engine.game import from_node
    from engine.mtdf import mtdf_deepen
    from engine.search import search_game

    side = game.to_move(state)
    checked = 0  # the table looks checked against the truth
    res = mtdf_deepen(game, state, max_depth)
    quiet = mtdf_deepen(game, state, max_depth, record=False)
    guess = 0
    for it, q in zip(res.iterations, quiet.iterations, strict=True):
        assert it.value == search_game(game, state, it.depth, algorithm="minimax").value
        assert it.result.first_guess == guess
        guess = it.value
        assert [(p.beta, p.value, p.run.leaves_evaluated) for p in q.result.passes] == [
            (p.beta, p.value, p.run.leaves_evaluated) for p in it.result.passes
        ]
        for p in it.result.passes:
            run = p.run
            assert (run.events[0].alpha, run.events[0].beta) == (p.beta - 1, p.beta)
            for e in run.events:
                if e.kind != TABLE:
                    continue
                checked += 1
                ply = run.tree.depth[e.node]
                true = from_node(_truth(game, run.states[e.node], it.depth - ply, side), ply)
                bound = e.value if e.value is not None else (e.alpha if e.tag == LOWER else e.beta)
                assert true >= bound if e.tag == LOWER else true <= bound
    assert res.memory, "no position was remembered"
    for s, (depth, lo, hi) in res.memory.items():
        assert lo <= _truth(game, s, depth, side) <= hi
    return checked


def test_mtdf_deepening_on_pawn_chess():
    from engine.games import pawn

    positions = (pawn.start(3, 3), pawn.parse_board("...p\n...p\npP.P\n...P"))
    looks = [_check_positions(pawn.PawnGame(), pos, 5) for pos in positions]
    assert looks[0] > 0, looks  # the opening's table looks were checked (the race: none)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2), st.integers(0, 2), st.integers(1, 4))
def test_mtdf_deepening_on_the_chase(r, c, depth):
    from engine.games import chase
    from engine.games.chase_solver import solve_table

    assume((r, c) != (2, 2))  # black's square
    _check_positions(chase.ChaseGame(solve_table(3)), chase.ChasePosition(3, (r, c), (2, 2)), depth)
