"""The race table: every exact search agrees with minimax; orderings as promised."""

from __future__ import annotations

from hypothesis import assume, given, settings

from engine.expectimax import expectimax
from engine.games import pawn
from engine.mtdf import mtdf
from engine.node_types import minimal_leaves, perfect_order
from engine.pvs import pvs
from engine.race import CURRENT, PERFECT, WORST, complete_shape, race_position, race_tree
from engine.search import search_game, search_tree
from engine.tree import complete_tree, minimax
from engine.tree_text import parse_brackets
from tests.strategies import chance_trees, complete_cases, random_trees


def test_statement_sample():
    table = race_tree(complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    assert table.minimal_leaves == 5
    assert table.row("alphabeta").leaves == 7
    assert table.row("alphabeta", PERFECT).leaves == 5
    assert table.row("minimax", WORST).leaves == 9
    assert {r.value for r in table.rows} == {3}


@settings(max_examples=60, deadline=None)
@given(random_trees(max_nodes=30))
def test_rows_agree_with_minimax_and_the_traced_searches(tree):
    table = race_tree(tree)
    assert {r.value for r in table.rows} == {minimax(tree).value}
    mm = search_tree(tree, "minimax")
    assert (table.row("minimax", WORST).leaves, table.row("minimax").nodes) == (
        mm.leaves_evaluated,
        mm.nodes_visited,
    )
    ab = table.row("alphabeta", CURRENT)
    assert ab.leaves == search_tree(tree).leaves_evaluated
    run = pvs(tree)
    row = table.row("pvs")
    assert (row.leaves, row.nodes, row.null_windows, row.re_searches) == (
        run.leaves_evaluated,
        run.nodes_visited,
        run.counts["null_windows"],
        run.counts["re_searches"],
    )
    res = mtdf(tree)
    row = table.row("mtdf")
    assert (row.leaves, row.nodes, row.passes, row.table_hits) == (
        res.leaves_evaluated,
        res.nodes_visited,
        len(res.passes),
        res.table_hits,
    )
    perfect = table.row("alphabeta", PERFECT).leaves
    assert search_tree(perfect_order(tree)).leaves_evaluated == perfect
    if complete_shape(tree) is not None:  # then best-first is the minimal tree: none fewer
        assert perfect <= ab.leaves and perfect <= table.row("alphabeta", WORST).leaves


def test_best_first_is_not_always_fewest_on_an_irregular_tree():
    # Root MAX: 0, then B = MIN(0, MAX(-1, -1)), 0, 0. Best-first puts B last and, at B, the
    # subtree worth -1 before the leaf 0: refuting B then costs two leaves instead of one.
    tree = parse_brackets("(0 (0 (-1 -1)) 0 0)")
    table = race_tree(tree)
    assert table.row("alphabeta").leaves == 4
    assert table.row("alphabeta", PERFECT).leaves == 5
    assert table.minimal_leaves is None


@settings(max_examples=60, deadline=None)
@given(complete_cases(branching=(2, 3), depth=(1, 4)))
def test_minimal_tree_on_complete_trees(case):
    b, leaves = case
    tree = complete_tree(leaves, b)
    d = tree.depth[tree.leaves()[0]]
    assert complete_shape(tree) == (b, d)
    table = race_tree(tree)
    assert table.minimal_leaves == minimal_leaves(b, d) == table.row("alphabeta", PERFECT).leaves


@settings(max_examples=40, deadline=None)
@given(chance_trees())
def test_chance_trees_race_expectimax_only(tree):
    assume(tree.has_chance)  # the claim is about chance trees (most of those drawn)
    table = race_tree(tree)
    (row,) = table.rows
    assert row.algorithm == "expectimax" and row.value == expectimax(tree).value
    assert row.leaves == len(tree.leaves())


def test_position_race():
    pos = pawn.start(3, 3)
    table = race_position(pawn.PawnGame(), pos, 5)
    want = search_game(pawn.PawnGame(), pos, 5, algorithm="minimax").value
    assert {r.value for r in table.rows} == {want}
    assert table.row("deepening+table").passes == 5
    assert table.row("mtdf+deepening").passes >= 5
    assert table.row("minimax").leaves >= table.row("alphabeta").leaves
    assert complete_shape(complete_tree([1, 2, 3], 3)) == (3, 1)
