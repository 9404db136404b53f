"""engine/random_tree.py: seeded random trees for the tree labs (same arguments, same tree;
shapes and value ranges as asked; bad arguments are InputError with a message)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.random_tree import MAX_RANDOM_NODES, random_leaves, random_tree
from engine.tree import complete_depth
from engine.tree_text import format_brackets

small = settings(max_examples=60, deadline=None)


# ---- random_leaves --------------------------------------------------------------------------
@small
@given(
    st.integers(2, 6),
    st.integers(1, 4),
    st.integers(-50, 50),
    st.integers(0, 60),
    st.integers(0, 10**9),
)
def test_leaves_count_range_and_seed(branching, depth, low, span, seed):
    high = low + span
    leaves = random_leaves(branching, depth, low, high, seed)
    assert len(leaves) == branching**depth
    assert complete_depth(len(leaves), branching) == depth
    assert all(isinstance(v, int) and low <= v <= high for v in leaves)
    assert random_leaves(branching, depth, low, high, seed) == leaves


def test_leaves_depend_on_the_seed_and_cover_the_range():
    a = random_leaves(3, 5, -3, 3, 1)
    b = random_leaves(3, 5, -3, 3, 2)
    assert a != b
    assert set(a) == set(range(-3, 4))  # 243 draws from 7 values: each one is hit
    assert random_leaves(2, 3, 5, 5, 9) == [5] * 8  # low == high: one value


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((1, 3, 0, 9, 0), "branching must be at least 2, not 1"),
        ((3, 0, 0, 9, 0), "depth must be at least 1, not 0"),
        ((3, 2, 9, 0, 0), "the lowest value 9 is above the highest 0"),
        ((10, 6, 0, 9, 0), "10^6 = 1,000,000 leaves is more than 100,000"),
        ((2.5, 2, 0, 9, 0), "branching must be a whole number, not 2.5"),
        ((3, "2", 0, 9, 0), "depth must be a whole number, not '2'"),
        ((3, 2, 0, 9, None), "seed must be a whole number, not None"),
        ((True, 2, 0, 9, 0), "branching must be a whole number, not True"),
    ],
)
def test_leaves_bad_arguments(args, words):
    with pytest.raises(InputError) as e:
        random_leaves(*args)
    assert words in str(e.value)


# ---- random_tree ----------------------------------------------------------------------------
@small
@given(
    st.integers(2, 400),
    st.integers(1, 6),
    st.integers(-99, 99),
    st.integers(0, 50),
    st.integers(0, 10**9),
)
def test_tree_shape_values_and_seed(nodes, max_children, low, span, seed):
    high = low + span
    tree = random_tree(nodes, max_children, low, high, seed)
    assert len(tree) == nodes
    assert tree.parent[0] == -1 and all(0 <= p < v for v, p in enumerate(tree.parent) if v)
    root = len(tree.children[0])
    assert min(2, nodes - 1) <= root <= max(2, max_children)  # the root always branches
    for v in range(1, len(tree)):
        kids = tree.children[v]
        assert len(kids) <= max_children
        if kids:
            assert tree.values[v] is None
        else:
            assert isinstance(tree.values[v], int) and low <= tree.values[v] <= high
    again = random_tree(nodes, max_children, low, high, seed)
    assert format_brackets(again) == format_brackets(tree)


def test_tree_has_the_nodes_asked_and_an_irregular_shape():
    # Seed 15 once stopped at 4 of 200 nodes (early leaves used up every node left to grow).
    assert [len(random_tree(200, 4, 0, 9, seed)) for seed in range(40)] == [200] * 40
    assert all(len(random_tree(50, 1, 0, 9, seed)) == 50 for seed in range(40))
    tree = random_tree(300, 3, 0, 9, 1)
    depths = {len(tree.path(v)) for v in range(len(tree)) if not tree.children[v]}
    assert len(depths) > 1  # leaves at several depths
    assert list(random_tree(2, 3, 0, 9, 0).children[0]) == [1]  # two nodes: a root and one leaf
    trees = {format_brackets(random_tree(60, 4, -9, 9, s)) for s in range(5)}
    assert len(trees) == 5  # the seed matters


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((1, 3, 0, 9, 0), "a tree needs at least 2 nodes, not 1"),
        ((MAX_RANDOM_NODES + 1, 3, 0, 9, 0), "100,001 nodes is more than 100,000"),
        ((10, 0, 0, 9, 0), "max children must be at least 1, not 0"),
        ((10, 3, 4, -4, 0), "the lowest value 4 is above the highest -4"),
        ((10.0, 3, 0, 9, 0), "nodes must be a whole number, not 10.0"),
        ((10, 3, 0, "9", 0), "high must be a whole number, not '9'"),
        ((10, 3, 0, 9, 1.5), "seed must be a whole number, not 1.5"),
    ],
)
def test_tree_bad_arguments(args, words):
    with pytest.raises(InputError) as e:
        random_tree(*args)
    assert words in str(e.value)
