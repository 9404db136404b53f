"""Principal variation search: exact values, the leaf count of the pseudocode, the trace."""

from __future__ import annotations

import math

from hypothesis import given, settings

from engine.pvs import pvs
from engine.trace import ENTER, EXIT, LEAF, NULL_WINDOW, RE_SEARCH, UPDATE, Replayer
from engine.tree import GameTree, complete_tree, minimax
from engine.tree_text import parse_brackets
from tests.replay_reference import fold_visits
from tests.strategies import complete_cases, random_trees


def reference_pvs(tree: GameTree) -> tuple[int, int, int, int]:
    """The issue's pseudocode, recursive and plain: (value, leaves, null windows, re-searches)."""
    leaves = nulls = res = 0

    def pv(n: int, a: float, b: float) -> float:
        nonlocal leaves, nulls, res
        kids = tree.children[n]
        if not kids:
            leaves += 1
            v = tree.values[n]
            return v if tree.is_max(n) else -v
        for i, c in enumerate(kids):
            if i == 0:
                score = -pv(c, -b, -a)
            else:
                nulls += 1
                score = -pv(c, -a - 1, -a)
                if a < score < b:
                    res += 1
                    score = -pv(c, -b, -a)
            a = max(a, score)
            if a >= b:
                break
        return a

    v = pv(0, -math.inf, math.inf)
    return int(v), leaves, nulls, res


@settings(max_examples=200, deadline=None)
@given(random_trees())
def test_value_and_counts_equal_the_pseudocode(tree):
    run = pvs(tree)
    value, leaves, nulls, res = reference_pvs(tree)
    assert run.value == value == minimax(tree).value
    assert run.leaves_evaluated == leaves
    assert run.counts == {"null_windows": nulls, "re_searches": res}
    quiet = pvs(tree, record=False)
    assert quiet.events == []
    assert (quiet.value, quiet.leaves_evaluated, quiet.nodes_visited, quiet.counts) == (
        run.value,
        run.leaves_evaluated,
        run.nodes_visited,
        run.counts,
    )


@settings(max_examples=100, deadline=None)
@given(complete_cases(depth=(1, 4), values=(-3, 3)))
def test_complete_trees_with_ties(case):
    b, leaves = case
    tree = complete_tree(leaves, b)
    run = pvs(tree)
    assert run.value == minimax(tree).value
    assert run.leaves_evaluated == reference_pvs(tree)[1]


@settings(max_examples=150, deadline=None)
@given(random_trees())
def test_trace_marks_null_windows_and_re_searches(tree):
    run = pvs(tree)
    probed: set[int] = set()
    for e in run.events:
        assert e.path == tree.path(e.node)
        if e.kind == ENTER and e.tag == NULL_WINDOW:
            assert e.nm_beta - e.nm_alpha == 1  # (−α−1, −α) in the child's own view
            assert tree.children[tree.parent[e.node]][0] != e.node
            probed.add(e.node)
        elif e.kind == ENTER and e.tag == RE_SEARCH:
            assert e.node in probed  # only after its null window failed high
        elif e.kind == UPDATE:
            assert e.nm_best == e.nm_alpha  # best is the node's α
    assert sum(e.tag == NULL_WINDOW for e in run.events) == run.counts["null_windows"]
    assert sum(e.tag == RE_SEARCH for e in run.events) == run.counts["re_searches"]
    assert run.leaves_evaluated == sum(e.kind == LEAF for e in run.events)
    assert run.events[-1].kind in (EXIT, LEAF) and run.events[-1].value == run.value


@settings(max_examples=120, deadline=None)
@given(random_trees(max_nodes=25))
def test_replayer_follows_re_searches(tree):
    run = pvs(tree)
    rp = Replayer(run)
    for k in range(len(run.events) + 1):
        snap = rp.snapshot(k)
        status, value, alpha, beta = fold_visits(run, k)
        assert snap.status == status
        assert snap.value == value
        assert snap.alpha == alpha and snap.beta == beta


def test_a_re_search():
    # MIN B = 1 sets α = 1; the null window asks whether C = min(5, 6) beats 1: it does (5),
    # and 1 < 5 < +∞, so C is searched again with the full window.
    tree = parse_brackets("((1 2) (5 6))")
    run = pvs(tree)
    assert run.value == 5
    assert run.counts == {"null_windows": 4, "re_searches": 1}  # leaves 2 and 6 (twice), C
    tags = [(e.node, e.tag) for e in run.events if e.kind == ENTER and e.tag]
    c = tree.children[0][1]
    assert [t for n, t in tags if n == c] == [NULL_WINDOW, RE_SEARCH]
    # during the re-search C is active again; before it, C shows its null-window result
    rp = Replayer(run)
    first_exit = next(i for i, e in enumerate(run.events) if e.kind == EXIT and e.node == c)
    again = next(i for i, e in enumerate(run.events) if e.tag == RE_SEARCH)
    assert rp.snapshot(first_exit + 1).status[c] == "done"
    assert rp.snapshot(again + 1).status[c] == "active"


@settings(max_examples=150, deadline=None)
@given(complete_cases(branching=(2, 4), depth=(1, 4), values=(-4, 4)))
def test_perfect_ordering_needs_no_re_search(case):
    from engine.node_types import minimal_leaves, perfect_order

    b, leaves = case
    tree = perfect_order(complete_tree(leaves, b))
    run = pvs(tree)
    d = tree.depth[tree.leaves()[0]]
    assert run.counts["re_searches"] == 0
    assert run.leaves_evaluated == minimal_leaves(b, d)
