"""Test support shared by several test modules: hypothesis strategies for trees, and the
step of a run's first cut-off."""

from __future__ import annotations

from hypothesis import strategies as st

from engine.tree import GameTree, from_parents


def complete_cases(
    branching: tuple[int, int] = (2, 3),
    depth: tuple[int, int] = (1, 3),
    values: tuple[int, int] = (-5, 5),
) -> st.SearchStrategy[tuple[int, list[int]]]:
    """``(b, leaves)`` of a complete tree: b and the depth d drawn from the inclusive ranges,
    and ``b ** d`` leaf values from ``values``."""
    return st.integers(*branching).flatmap(
        lambda b: st.tuples(
            st.just(b),
            st.integers(*depth).flatmap(
                lambda d: st.lists(st.integers(*values), min_size=b**d, max_size=b**d)
            ),
        )
    )


@st.composite
def random_trees(
    draw,
    max_nodes: int = 40,
    values: tuple[int, int] = (-9, 9),
    min_nodes: int = 1,
    shuffle: bool = False,
) -> GameTree:
    """Trees of any shape: node i's parent is an earlier node, leaves get values from the
    inclusive range ``values``. ``shuffle=True`` renumbers the nodes at random, so a parent
    may come after its children."""
    n = draw(st.integers(min_nodes, max_nodes))
    grow = [-1] + [draw(st.integers(0, i - 1)) for i in range(1, n)]
    parent = grow
    if shuffle:
        order = [0] + draw(st.permutations(range(1, n)))  # the new number of each node
        parent = [-1] * n
        for i in range(1, n):
            parent[order[i]] = order[grow[i]]
    inner = set(parent[1:])
    return from_parents(
        parent, [None if i in inner else draw(st.integers(*values)) for i in range(n)]
    )


def first_cut_step(run) -> int | None:
    """The step (1-based) of ``run``'s first cut-off, or None when nothing is pruned."""
    return next((i + 1 for i, e in enumerate(run.events) if e.kind == "cut"), None)


@st.composite
def chance_trees(draw, max_nodes: int = 30, lo: int = -9, hi: int = 9):
    """Trees of any shape where some inner nodes are chance nodes, with exact random
    probabilities summing to 1 below each."""
    from fractions import Fraction

    from engine.tree import from_parents

    n = draw(st.integers(1, max_nodes))
    parent = [-1] + [draw(st.integers(0, i - 1)) for i in range(1, n)]
    inner = set(parent[1:])
    values = [None if i in inner else draw(st.integers(lo, hi)) for i in range(n)]
    chance = [i in inner and draw(st.booleans()) for i in range(n)]
    probs: list[Fraction | None] = [None] * n
    for v in range(n):
        if chance[v]:
            kids = [c for c in range(n) if parent[c] == v]
            weights = [draw(st.integers(1, 5)) for _ in kids]
            for c, w in zip(kids, weights, strict=True):
                probs[c] = Fraction(w, sum(weights))
    return from_parents(parent, values, chance=chance, probs=probs)
