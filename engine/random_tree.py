"""Seeded random trees for the tree labs: the same arguments always give the same tree."""

from __future__ import annotations

import random

from engine.errors import InputError
from engine.tree import GameTree, from_parents

MAX_RANDOM_LEAVES = 100_000  # leaves random_leaves draws at most
MAX_RANDOM_NODES = 100_000  # nodes random_tree grows at most


def _whole(**args: object) -> None:
    """InputError naming the first argument that is not a whole number (bools are not)."""
    for name, v in args.items():
        if isinstance(v, bool) or not isinstance(v, int):
            raise InputError("{name} must be a whole number, not {value}", name=name, value=repr(v))


def random_leaves(branching: int, depth: int, low: int, high: int, seed: int) -> list[int]:
    """``branching ** depth`` leaf scores drawn uniformly from ``low..high`` (inclusive)."""
    _whole(branching=branching, depth=depth, low=low, high=high, seed=seed)
    if branching < 2:
        raise InputError("branching must be at least 2, not {branching}", branching=branching)
    if depth < 1:
        raise InputError("depth must be at least 1, not {depth}", depth=depth)
    if low > high:
        raise InputError("the lowest value {low} is above the highest {high}", low=low, high=high)
    n = branching**depth
    if n > MAX_RANDOM_LEAVES:
        raise InputError(
            "{branching}^{depth} = {n:,} leaves is more than {most:,}",
            branching=branching,
            depth=depth,
            n=n,
            most=MAX_RANDOM_LEAVES,
        )
    rng = random.Random(seed)
    return [rng.randint(low, high) for _ in range(n)]


def random_tree(nodes: int, max_children: int, low: int, high: int, seed: int) -> GameTree:
    """A random tree of exactly ``nodes`` nodes (at least 2), each inner node with 1 to
    ``max_children`` children (the root at least 2 when there is room), leaf values in
    ``low..high``. Grown breadth-first; some nodes are left as early leaves."""
    _whole(nodes=nodes, max_children=max_children, low=low, high=high, seed=seed)
    if nodes < 2:
        raise InputError("a tree needs at least 2 nodes, not {nodes}", nodes=nodes)
    if nodes > MAX_RANDOM_NODES:
        raise InputError(
            "{nodes:,} nodes is more than {most:,}", nodes=nodes, most=MAX_RANDOM_NODES
        )
    if max_children < 1:
        raise InputError("max children must be at least 1, not {n}", n=max_children)
    if low > high:
        raise InputError("the lowest value {low} is above the highest {high}", low=low, high=high)
    rng = random.Random(seed)
    parent = [-1]
    frontier = [0]
    i = 0
    while len(parent) < nodes and i < len(frontier):
        v = frontier[i]
        i += 1
        k = min(rng.randint(1, max_children), nodes - len(parent))
        if v == 0:
            k = max(k, min(2, nodes - 1))
        for _ in range(k):
            parent.append(v)
            frontier.append(len(parent) - 1)
        # Leave some nodes as early leaves so the shape is irregular, but never the last one
        # waiting: the tree would stop growing short of ``nodes``.
        if rng.random() < 0.25 and i + 1 < len(frontier):
            i += 1
    has_kids = [False] * len(parent)
    for p in parent[1:]:
        has_kids[p] = True
    values = [None if has_kids[v] else rng.randint(low, high) for v in range(len(parent))]
    return from_parents(parent, values)
