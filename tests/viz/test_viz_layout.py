"""Tidy layout and collapsed views on random trees."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tree import GameTree, complete_tree, from_parents
from viz.collapse import visible_nodes
from viz.layout import tidy_layout


def random_tree(seed: int, n: int) -> GameTree:
    rng = random.Random(seed)
    parent = [-1] + [rng.randrange(i) for i in range(1, n)]
    has_kids = set(parent[1:])
    values = [None if i in has_kids else rng.randint(-9, 9) for i in range(n)]
    return from_parents(parent, values)


trees = st.builds(random_tree, st.integers(0, 10**6), st.integers(1, 300))


@settings(max_examples=60, deadline=None)
@given(trees)
def test_tidy_layout_properties(tree):
    x, y = tidy_layout(tree)
    leaves = tree.leaves()
    assert list(x[leaves]) == list(range(len(leaves)))  # leaves at 0, 1, 2, ... in order
    for v in range(len(tree)):
        assert y[v] == -tree.depth[v]
        ch = tree.children[v]
        if ch:
            assert x[v] == (x[ch[0]] + x[ch[-1]]) / 2
    last: dict[int, float] = {}
    for v in tree.preorder():  # no crossings: each level strictly increasing in preorder
        d = tree.depth[v]
        assert x[v] > last.get(d, -1.0)
        last[d] = x[v]


def test_tidy_layout_deep_chain():
    n = 100_000
    chain = from_parents([-1] + list(range(n - 1)), [None] * (n - 1) + [5])
    x, y = tidy_layout(chain)
    assert x.max() == 0 and y.min() == -(n - 1)


@settings(max_examples=60, deadline=None)
@given(trees, st.integers(1, 80), st.integers(0, 10**6))
def test_collapse_budget_keep_and_counts(tree, budget, seed):
    rng = random.Random(seed)
    focus = rng.randrange(len(tree))
    under = tree.preorder(focus)
    keep_node = rng.choice(under)
    outside = [v for v in range(len(tree)) if v not in set(under)]
    keep = [keep_node] + outside[:1]
    view = visible_nodes(tree, focus, budget, keep)
    shown = set(view.nodes)
    assert keep_node in shown and not (set(outside) & shown)
    path_len = tree.depth[keep_node] - tree.depth[focus] + 1
    assert view.markers <= max(budget, 2 * path_len + 1)  # kept chain + one summary each
    # Without keep the budget holds whenever the focus's children fit at all.
    plain = visible_nodes(tree, focus, budget)
    if len(tree.children[focus]) + 1 + 1 <= budget:
        assert plain.markers <= budget
    # Shown nodes plus hidden counts account for the whole focus subtree.
    for v in (view, plain):
        assert len(v.nodes) + sum(s.hidden for s in v.summaries) == len(under)
        for s in v.summaries:
            assert s.parent in v.index and all(c not in v.index for c in s.children)
            assert s.open_node in (s.parent, *s.children)
        assert v.breadcrumb == [a for a in _ancestors(tree, focus)]
        assert v.nodes[0] == focus and all(tree.parent[u] in v.index for u in v.nodes[1:])


def _ancestors(tree, v):
    out = []
    while tree.parent[v] >= 0:
        v = tree.parent[v]
        out.append(v)
    return out[::-1]


def test_collapse_big_tree_within_budget_and_keeps_path():
    t = complete_tree(list(range(10_000)), 10)
    deep = t.node_at((9, 9, 9, 9))
    path = [t.node_at((9, 9, 9, 9)[:i]) for i in range(5)]
    view = visible_nodes(t, 0, 3000, path)
    assert view.markers <= 3000 + len(path)
    assert set(path) <= set(view.index) and deep in view.index
    whole = visible_nodes(complete_tree(list(range(81)), 3), 0, 3000)
    assert whole.complete and len(whole.nodes) == 121
