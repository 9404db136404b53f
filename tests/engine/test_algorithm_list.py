"""The list of algorithms the labs step (engine.algorithms): which run on a tree, one run per
algorithm with minimax's value and the race's counts, MTD(f)'s passes joined into one run,
node types only with windows, the board algorithms' runs with a state per node."""

from __future__ import annotations

import pytest

from engine import algorithms as ea
from engine.errors import SearchError
from engine.games import chase
from engine.games.chase_solver import solve_table
from engine.mtdf import join_passes, mtdf
from engine.node_types import classify
from engine.race import race_tree
from engine.search import search_game
from engine.trace import ENTER, EXIT, NULL_WINDOW, Replayer
from engine.tree import complete_tree, minimax
from engine.tree_text import parse_brackets

SAMPLE = (3, 12, 8, 2, 4, 6, 14, 5, 2)
CHANCE = "(?(0.5:3 0.5:(2 4)) 1)"
CHASE_POS, DEPTH = chase.ChasePosition(8, (1, 1), (6, 5)), 3


def sample():
    return complete_tree(SAMPLE, 3)


def test_choices_and_fallback():
    # MCTS beside the exact ones, and expectimax always in reach (issue 22)
    assert ea.choices(sample()) == ea.TREE_ALGOS + ea.ESTIMATES + (ea.EXPECTIMAX,)
    tree = parse_brackets(CHANCE)
    assert ea.choices(tree) == (ea.EXPECTIMAX,)
    assert ea.usable(tree, ea.ALPHABETA) == ea.EXPECTIMAX
    assert ea.usable(sample(), ea.EXPECTIMAX) == ea.EXPECTIMAX
    # on a tree without chance nodes expectimax gives minimax's values
    plain = ea.tree_run(sample(), ea.EXPECTIMAX).run
    assert plain.value == ea.tree_run(sample(), ea.MINIMAX).run.value == 3
    assert ea.usable(tree, ea.MCTS) == ea.EXPECTIMAX  # MCTS runs on MAX/MIN trees only
    assert ea.usable(sample(), ea.PVS) == ea.PVS


@pytest.mark.parametrize("algo", ea.TREE_ALGOS)
def test_every_algorithm_runs_with_minimax_value_and_race_counts(algo):
    tree = sample()
    run = ea.tree_run(tree, algo).run
    assert run.value == minimax(tree).value
    row = race_tree(tree).row(algo)
    assert (run.leaves_evaluated, run.nodes_visited) == (row.leaves, row.nodes)
    assert Replayer(run).snapshot(len(run.events)).status[0] == "done"


def test_mtdf_passes_join_into_one_run():
    tree = sample()
    res = mtdf(tree)
    got = ea.tree_run(tree, ea.MTDF)
    run = got.run
    assert got.passes == res.passes and len(res.passes) > 1
    assert run == join_passes(res.passes)
    assert len(run.events) == sum(len(p.run.events) for p in res.passes)
    roots = [e for e in run.events if e.kind == ENTER and e.node == 0]
    assert len(roots) == len(res.passes) and all(e.tag == NULL_WINDOW for e in roots)
    # apart from the root's tag, each pass's events in order, unchanged
    at = 0
    for p in res.passes:
        evs = p.run.events
        assert run.events[at + 1 : at + len(evs)] == evs[1:]
        at += len(evs)
    assert run.counts == {
        "null_windows": len(res.passes),
        "passes": len(res.passes),
        "table_hits": res.table_hits,
    }
    assert (run.leaves_evaluated, run.nodes_visited) == (res.leaves_evaluated, res.nodes_visited)
    assert run.value == res.value == 3
    ends = ea.pass_ends(run)
    assert len(ends) == len(res.passes)
    assert all(run.events[k - 1].kind == EXIT and run.events[k - 1].node == 0 for k in ends)
    assert ends[-1] == len(run.events)


def test_node_types_only_for_searches_with_windows():
    tree = sample()
    ab = ea.tree_run(tree, ea.ALPHABETA).run
    assert ea.node_types(ab) == classify(ab).types
    assert ea.node_types(ea.tree_run(tree, ea.MINIMAX).run) == {}
    assert ea.node_types(ea.tree_run(parse_brackets(CHANCE), ea.EXPECTIMAX).run) == {}


def test_unknown_algorithm_is_refused():
    with pytest.raises(SearchError, match="unknown algorithm 'bogus'"):
        ea.tree_run(sample(), "bogus")


@pytest.mark.parametrize("algo", ea.DEPTH_LIMITED)
def test_every_board_algorithm_has_the_depth_limited_value_and_states(algo):
    game = chase.ChaseGame(solve_table(CHASE_POS.n))
    want = search_game(game, CHASE_POS, DEPTH, algorithm="minimax").value
    run = ea.game_run(game, CHASE_POS, DEPTH, algo, 60_000)
    assert run.value == want
    assert run.states is not None and len(run.states) == len(run.tree)
    assert run.states[0] == CHASE_POS
    assert Replayer(run).snapshot(len(run.events)).status[0] == "done"


def test_deepening_needs_a_depth_and_unknown_board_algorithms_are_refused():
    game = chase.ChaseGame(solve_table(CHASE_POS.n))
    with pytest.raises(SearchError, match="depth limit"):
        ea.game_run(game, CHASE_POS, None, ea.DEEPENING, 60_000)
    with pytest.raises(SearchError, match="unknown algorithm"):
        ea.game_run(game, CHASE_POS, DEPTH, "bogus", 60_000)
