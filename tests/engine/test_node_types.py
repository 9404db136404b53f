"""Knuth and Moore's node types, cut kinds and the minimal tree."""

from __future__ import annotations

from hypothesis import given, settings

from engine.alphabeta import alpha_beta
from engine.node_types import (
    ALL,
    ALPHA_CUT,
    BETA_CUT,
    CUT_NODE,
    PV,
    classify,
    expected_types,
    minimal_leaves,
    node_type,
    perfect_order,
    worst_order,
)
from engine.search import search_tree
from engine.trace import CUT, EXIT
from engine.tree import complete_tree, minimax
from tests.strategies import complete_cases, random_trees

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]


def test_statement_sample():
    tree = complete_tree(SAMPLE, 3)
    nt = classify(search_tree(tree))
    a, b, c, d = 0, *tree.children[0]
    # A and B return 3 from inside their windows; C and D (window (3, +∞)) fall to 2 <= 3:
    # MIN's fail high. C cut after leaf 4 (value 2); D saw its 2 last.
    assert {n: nt.types[n] for n in (a, b, c, d)} == {a: PV, b: PV, c: CUT_NODE, d: CUT_NODE}
    assert nt.counts() == {PV: 2, CUT_NODE: 2, ALL: 0}
    (cut,) = nt.cuts
    assert (cut.node, cut.kind, cut.cause, cut.bound) == (c, ALPHA_CUT, a, 3)


def test_node_type_rule():
    assert node_type(True, 5, 3, 7) == PV
    assert node_type(True, 7, 3, 7) == CUT_NODE
    assert node_type(True, 3, 3, 7) == ALL
    assert node_type(False, 3, 3, 7) == CUT_NODE  # MIN fails high when it falls to alpha
    assert node_type(False, 9, 3, 7) == ALL


@settings(max_examples=200, deadline=None)
@given(random_trees())
def test_types_partition_the_visited_nodes(tree):
    run = search_tree(tree)
    nt = classify(run)
    visited = {e.node for e in run.events}
    assert set(nt.types) == visited
    inner = [n for n in visited if tree.children[n]]
    assert sum(nt.counts().values()) == len(inner)
    cut_at = {e.node for e in run.events if e.kind == CUT}
    exits = {e.node: e for e in run.events if e.kind == EXIT}
    for n in inner:
        if n in cut_at:
            assert nt.types[n] == CUT_NODE
        if nt.types[n] == ALL:
            assert n not in cut_at  # every child searched
            searched = {e.child for e in run.events if e.kind == "update" and e.node == n}
            assert searched == set(tree.children[n])
        if nt.types[n] == PV:
            a0, b0 = nt.window[n]
            assert a0 < exits[n].value < b0
    assert nt.types[0] == PV or tree.is_leaf(0)


@settings(max_examples=200, deadline=None)
@given(random_trees())
def test_every_cut_names_the_ancestor_that_set_its_bound(tree):
    run = search_tree(tree)
    cuts = classify(run).cuts
    # one cut named for each cut-off of the run (a tree with none: nothing to name)
    assert [c.step for c in cuts] == [k for k, e in enumerate(run.events) if e.kind == CUT]
    for cut in cuts:
        e = run.events[cut.step]
        assert e.kind == CUT and e.node == cut.node
        anc = []
        v = tree.parent[cut.node]
        while v >= 0:
            anc.append(v)
            v = tree.parent[v]
        assert cut.cause in anc
        if tree.is_max(cut.node):
            assert cut.kind == BETA_CUT and not tree.is_max(cut.cause) and cut.bound == e.beta
        else:
            assert cut.kind == ALPHA_CUT and tree.is_max(cut.cause) and cut.bound == e.alpha
        # the cause set that bound by an UPDATE before the cut
        field = "beta" if cut.kind == BETA_CUT else "alpha"
        assert any(
            u.kind == "update" and u.node == cut.cause and getattr(u, field) == cut.bound
            for u in run.events[: cut.step]
        )


@settings(max_examples=200, deadline=None)
@given(complete_cases(branching=(2, 4), depth=(1, 4), values=(-4, 4)))
def test_perfect_ordering_evaluates_the_minimal_tree(case):
    b, leaves = case
    tree = complete_tree(leaves, b)
    d = tree.depth[tree.leaves()[0]]
    best = perfect_order(tree)
    run = search_tree(best)
    assert run.value == minimax(tree).value
    assert run.leaves_evaluated == minimal_leaves(b, d)
    assert classify(run).types == expected_types(best)
    # no order beats it, and the worst order never evaluates fewer than the given one... at
    # least as many as the minimal tree
    assert alpha_beta(leaves, b)[1] >= minimal_leaves(b, d)
    assert search_tree(worst_order(tree)).leaves_evaluated >= minimal_leaves(b, d)


def test_minimal_leaves():
    assert minimal_leaves(3, 2) == 3 + 3 - 1
    assert minimal_leaves(2, 3) == 4 + 2 - 1
    assert minimal_leaves(10, 4) == 199
