"""Iterative deepening with move ordering and a transposition table, on pawn chess and the
chase: every iteration exact, bounds never used as exact values, replayable traces."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.deepening import EXACT, LOWER, UPPER, deepen, flag_of
from engine.errors import SearchError
from engine.game import from_node, score, to_node
from engine.games import chase, pawn
from engine.games.chase_solver import solve_position, solve_table
from engine.search import search_game
from engine.trace import LEAF, TABLE, Replayer
from tests.replay_reference import fold_visits

PAWN_CASES = [
    pawn.start(3, 3),
    pawn.parse_board(".ppp\n....\n.PPP\n...."),
    pawn.parse_board("...p\n...p\npP.P\n...P"),
    pawn.parse_board("pp..\n..p.\nP...\n.PP."),
]


@cache
def chase_table(n: int):
    return solve_table(n)


def chase_positions(n: int) -> st.SearchStrategy:
    sq = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    return (
        st.tuples(sq, sq, st.booleans())
        .filter(lambda t: t[0] != t[1])
        .map(lambda t: chase.ChasePosition(n, t[0], t[1], t[2]))
    )


def truth(game, state, depth: int, root_side: str) -> int:
    """Depth-limited minimax of ``state`` in the root side's view, relative to the state."""
    v = search_game(game, state, depth, algorithm="minimax").value
    return v if game.to_move(state) == root_side else -v


def check(game, state, max_depth: int) -> None:
    side = game.to_move(state)
    for use_table in (True, False):
        res = deepen(game, state, max_depth, table=use_table)
        quiet = deepen(game, state, max_depth, table=use_table, record=False)
        prev_best = None
        for it, q in zip(res.iterations, quiet.iterations, strict=True):
            run = it.run
            assert run.value == search_game(game, state, it.depth, algorithm="minimax").value
            assert (q.value, q.run.leaves_evaluated, q.run.nodes_visited, q.run.counts) == (
                run.value,
                run.leaves_evaluated,
                run.nodes_visited,
                run.counts,
            )
            assert run.leaves_evaluated == sum(e.kind == LEAF for e in run.events)
            root_moves = [run.tree.labels[c] for c in run.tree.children[0]]
            if prev_best is not None and root_moves:
                assert root_moves[0] == game.move_name(state, prev_best)  # best move first
            prev_best = it.best_move
            hits = 0
            for e in run.events:
                if e.kind != TABLE:
                    continue
                assert use_table
                if e.value is None:
                    continue
                hits += 1
                ply = run.tree.depth[e.node]
                true = from_node(truth(game, run.states[e.node], it.depth - ply, side), ply)
                if e.tag == EXACT:
                    assert true == e.value
                elif e.tag == LOWER:
                    assert true >= e.value >= e.beta
                else:
                    assert e.tag == UPPER and true <= e.value <= e.alpha
            assert hits == run.counts["table_hits"]
        for s, entry in res.table.items():  # every stored entry says what it is, no more
            true = truth(game, s, entry.depth, side)
            assert {EXACT: true == entry.value, LOWER: true >= entry.value}.get(
                entry.flag, true <= entry.value
            ), (entry, true)
        assert res.table == {} or use_table


@pytest.mark.parametrize("pos", PAWN_CASES, ids=range(len(PAWN_CASES)))
def test_pawn_positions(pos):
    check(pawn.PawnGame(), pos, 5)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from([3, 4]).flatmap(chase_positions), st.integers(1, 5))
def test_chase_with_the_exact_frontier(pos, depth):
    game = chase.ChaseGame(chase_table(pos.n))
    check(game, pos, depth)
    # the frontier is exact, so every iteration has the solver's value
    sol = solve_position(pos, chase_table(pos.n))
    want = score(None if sol.winner is None else sol.winner.lower(), sol.plies, game.to_move(pos))
    assert all(it.value == want for it in deepen(game, pos, depth).iterations)


def test_the_table_answers_transpositions():
    pos = chase.ChasePosition(4, (0, 0), (3, 3))
    res = deepen(chase.ChaseGame(chase_table(4)), pos, 5)
    assert res.total("table_hits") > 0
    plain = deepen(chase.ChaseGame(chase_table(4)), pos, 5, table=False)
    assert res.value == plain.value
    assert res.total("leaves") < plain.total("leaves")


@settings(max_examples=20, deadline=None)
@given(st.sampled_from([3, 4]).flatmap(chase_positions), st.integers(1, 4))
def test_iterations_replay(pos, depth):
    iterations = deepen(chase.ChaseGame(chase_table(pos.n)), pos, depth).iterations
    assert iterations
    for it in iterations:
        run = it.run
        rp = Replayer(run)
        for k in range(len(run.events) + 1):
            snap = rp.snapshot(k)
            assert (snap.status, snap.value, snap.alpha, snap.beta) == fold_visits(run, k)


def test_helpers():
    assert flag_of(3, 3, 7) == UPPER and flag_of(7, 3, 7) == LOWER and flag_of(5, 3, 7) == EXACT
    for v in (995, -995, 0):
        assert from_node(to_node(v, 3), 3) == v
    assert to_node(995, 3) == 998  # "wins 2 plies from here" whatever the path
    with pytest.raises(SearchError):
        deepen(pawn.PawnGame(), pawn.start(3, 3), 0)
