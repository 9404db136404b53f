"""Explicit game trees: one tree type for every search in the engine.

A :class:`GameTree` is a rooted, ordered tree stored in flat tuples. Node 0 is the root,
the root is a MAX node, and levels alternate MAX, MIN, MAX, ... Leaves carry integer
values (scores for MAX). Inner nodes carry no value.

A tree may also hold *chance* nodes (expectiminimax: a dice roll, a card drawn), each edge
below one carrying its probability (a :class:`fractions.Fraction`; they sum to 1). Chance
nodes do not take a turn: a decision node is MAX when an even number of decision nodes lie
above it, MIN otherwise, so MAX -> chance -> MIN reads "MAX moves, the dice roll, MIN
moves". Such a tree has ``kinds`` (per node ``"max"``, ``"min"`` or ``"chance"``) and
``probs`` (per node, the probability of the edge from its chance parent, else None); a tree
without chance nodes has neither, and its kinds follow the depth as before.

Everything here is iterative, so a chain of 100,000 nodes never meets Python's recursion
limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from engine.errors import InputError

if TYPE_CHECKING:  # fractions loads decimal: only trees with chance nodes import it
    from fractions import Fraction

MAX_NODE, MIN_NODE, CHANCE_NODE = "max", "min", "chance"


@dataclass(frozen=True, eq=False)
class GameTree:
    """A rooted ordered tree. ``parent[0] == -1``; ``values[i]`` is None for inner nodes.

    ``labels`` are optional display names (one per node), e.g. the move that leads to
    the node in a game search. Build one with :func:`from_parents` or
    :func:`complete_tree` rather than by hand.
    """

    parent: tuple[int, ...]
    children: tuple[tuple[int, ...], ...]
    values: tuple[int | None, ...]
    depth: tuple[int, ...]
    labels: tuple[str, ...] | None = None
    kinds: tuple[str, ...] | None = None  # only in a tree with chance nodes (see the module)
    probs: tuple[Fraction | None, ...] | None = None  # ... the probability of each edge

    # ---- shape -------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.parent)

    def is_leaf(self, node: int) -> bool:
        return not self.children[node]

    def is_max(self, node: int) -> bool:
        """True for MAX nodes (even depth: the root and every second level; in a tree with
        chance nodes, an even number of decision nodes above)."""
        if self.kinds is not None:
            return self.kinds[node] == MAX_NODE
        return self.depth[node] % 2 == 0

    def is_chance(self, node: int) -> bool:
        return self.kinds is not None and self.kinds[node] == CHANCE_NODE

    @property
    def has_chance(self) -> bool:
        return self.kinds is not None

    def leaves(self) -> list[int]:
        """Leaves from left to right."""
        return [n for n in self.preorder() if not self.children[n]]

    def preorder(self, start: int = 0) -> list[int]:
        out: list[int] = []
        stack = [start]
        ch = self.children
        while stack:
            n = stack.pop()
            out.append(n)
            stack.extend(reversed(ch[n]))
        return out

    def postorder(self, start: int = 0) -> list[int]:
        """Children before parents, children left to right."""
        out: list[int] = []
        stack: list[tuple[int, int]] = [(start, 0)]
        ch = self.children
        while stack:
            n, i = stack[-1]
            if i < len(ch[n]):
                stack[-1] = (n, i + 1)
                stack.append((ch[n][i], 0))
            else:
                stack.pop()
                out.append(n)
        return out

    def path(self, node: int) -> tuple[int, ...]:
        """Child indices from the root down to ``node`` (the root's path is ``()``)."""
        out: list[int] = []
        while node != 0:
            p = self.parent[node]
            out.append(self.children[p].index(node))
            node = p
        return tuple(reversed(out))

    def node_at(self, path: Sequence[int]) -> int:
        """The node reached from the root by following child indices ``path``."""
        node = 0
        for i in path:
            node = self.children[node][i]
        return node

    @cached_property
    def reading_order(self) -> tuple[int, ...]:
        """Per node: its position among the inner nodes in breadth-first order (the root is
        0), or among the leaves from left to right. Computed once per tree, on first use
        (the tree is immutable, so this never goes stale; it lives and dies with the tree)."""
        order = [0] * len(self)
        ch = self.children
        inner = 0
        queue = [0]
        for n in queue:  # breadth first: the list grows while it is read
            if ch[n]:
                order[n] = inner
                inner += 1
                queue.extend(ch[n])
        for i, leaf in enumerate(self.leaves()):
            order[leaf] = i
        return tuple(order)

    def label(self, node: int) -> str:
        if self.labels is not None:
            return self.labels[node]
        return str(node + 1)


def from_parents(
    parent: Sequence[int],
    values: Sequence[int | None],
    labels: Sequence[str] | None = None,
    chance: Sequence[bool] | None = None,
    probs: Sequence[Fraction | None] | None = None,
) -> GameTree:
    """Build a tree from a parent array (``parent[0] == -1``) and per-node leaf values.

    Children keep the order of their node numbers. Nodes must be reachable from node 0;
    every node with children must have value None and every leaf must have a value.
    ``chance[i]`` marks chance nodes (inner nodes); ``probs[i]`` is the probability of the
    edge into node i when its parent is a chance node (None otherwise); a chance node's
    probabilities are positive and sum to exactly 1.
    """
    n = len(parent)
    if n == 0:
        raise InputError("the tree has no nodes")
    if len(values) != n:
        raise InputError("{values} values for {n} nodes", values=len(values), n=n)
    if parent[0] != -1:
        raise InputError("node 1 is the root and has no parent")
    kids: list[list[int]] = [[] for _ in range(n)]
    for i in range(1, n):
        p = parent[i]
        if not 0 <= p < n:
            raise InputError(
                "node {node} names parent {parent}, which does not exist", node=i + 1, parent=p + 1
            )
        if p == i:
            raise InputError("node {node} is its own parent", node=i + 1)
        kids[p].append(i)
    depth = [-1] * n
    depth[0] = 0
    stack = [0]
    seen = 1
    while stack:
        v = stack.pop()
        for c in kids[v]:
            depth[c] = depth[v] + 1
            stack.append(c)
            seen += 1
    if seen != n:
        bad = next(i for i in range(n) if depth[i] < 0)
        raise InputError(
            "node {node} is on a cycle of parents and never reaches the root", node=bad + 1
        )
    for i in range(n):
        if kids[i] and values[i] is not None:
            raise InputError(
                "node {node} is a leaf with value {value} but has children",
                node=i + 1,
                value=values[i],
            )
        if not kids[i] and values[i] is None:
            raise InputError("node {node} is an inner node with no children", node=i + 1)
    kinds, edge = _chance_kinds(kids, chance, probs) if chance and any(chance) else (None, None)
    if kinds is None and probs is not None and any(p is not None for p in probs):
        bad = next(i for i, p in enumerate(probs) if p is not None)
        raise InputError(
            "node {node} has a probability but its parent is no chance node", node=bad + 1
        )
    return GameTree(
        parent=tuple(parent),
        children=tuple(tuple(k) for k in kids),
        values=tuple(values),
        depth=tuple(depth),
        labels=tuple(labels) if labels is not None else None,
        kinds=kinds,
        probs=edge,
    )


def _chance_kinds(
    kids: list[list[int]],
    chance: Sequence[bool],
    probs: Sequence[Fraction | None] | None,
) -> tuple[tuple[str, ...], tuple[Fraction | None, ...]]:
    """Per node its kind (chance nodes are transparent to the turn) and edge probability."""
    # deferred: kept off the judge CLI's start-up
    from fractions import Fraction

    n = len(kids)
    if len(chance) != n or (probs is not None and len(probs) != n):
        raise InputError(
            "chance marks or probabilities for {marks} nodes, not {n}", marks=len(chance), n=n
        )
    edge: list[Fraction | None] = list(probs) if probs is not None else [None] * n
    kinds = [MAX_NODE] * n
    decided = [0] * n  # decision nodes strictly above
    stack = [0]
    while stack:
        v = stack.pop()
        if chance[v]:
            kinds[v] = CHANCE_NODE
            if not kids[v]:
                raise InputError("node {node} is a chance node with no children", node=v + 1)
            total = Fraction(0)
            for c in kids[v]:
                p = edge[c]
                if p is None:
                    raise InputError(
                        "node {node} hangs below a chance node but has no probability", node=c + 1
                    )
                if not 0 < p <= 1:
                    raise InputError(
                        "node {node}: probability {p} is not in (0, 1]", node=c + 1, p=p
                    )
                total += p
            if total != 1:
                raise InputError(
                    "node {node}: the probabilities of its children sum to {total}, not 1",
                    node=v + 1,
                    total=total,
                )
        else:
            kinds[v] = MAX_NODE if decided[v] % 2 == 0 else MIN_NODE
            for c in kids[v]:
                if edge[c] is not None:
                    raise InputError(
                        "node {node} has a probability but its parent is no chance node",
                        node=c + 1,
                    )
        for c in kids[v]:
            decided[c] = decided[v] + (0 if chance[v] else 1)
            stack.append(c)
    return tuple(kinds), tuple(edge)


def complete_depth(n_leaves: int, branching: int) -> int:
    """The depth d with ``branching ** d == n_leaves``; InputError when there is none."""
    if branching < 2:
        raise InputError("branching must be at least 2, not {branching}", branching=branching)
    if n_leaves < branching:
        raise InputError(
            "{leaves} leaves is not a power of the branching {branching} "
            "(need at least {branching})",
            leaves=n_leaves,
            branching=branching,
        )
    d, m = 0, 1
    while m < n_leaves:
        m *= branching
        d += 1
    if m != n_leaves:
        lo = m // branching
        raise InputError(
            "{leaves} leaves is not a power of the branching {branching} (nearest: {lo} or {hi})",
            leaves=n_leaves,
            branching=branching,
            lo=lo,
            hi=m,
        )
    return d


def complete_tree(leaves: Sequence[int], branching: int) -> GameTree:
    """The complete tree whose leaves, left to right, are ``leaves``. Nodes in BFS order."""
    d = complete_depth(len(leaves), branching)
    parent = [-1]
    level = [0]
    for _ in range(d):
        nxt = []
        for p in level:
            for _ in range(branching):
                parent.append(p)
                nxt.append(len(parent) - 1)
        level = nxt
    values: list[int | None] = [None] * len(parent)
    for node, v in zip(level, leaves, strict=True):
        values[node] = int(v)
    return from_parents(parent, values)


@dataclass(frozen=True)
class TreeSolution:
    """Exact minimax values of every node; ``best[i]`` is the first best child (or -1)."""

    value: int
    node_values: tuple[int, ...]
    best: tuple[int, ...]

    def principal_variation(self) -> list[int]:
        """Nodes from the root along first-best children down to a leaf."""
        out = [0]
        while self.best[out[-1]] >= 0:
            out.append(self.best[out[-1]])
        return out


def minimax(tree: GameTree) -> TreeSolution:
    """Plain minimax over the whole tree, without recursion (not for chance nodes: their
    value is an expectation, :func:`engine.expectimax.expectimax`)."""
    if tree.has_chance:
        raise InputError("the tree has chance nodes: its value is an expectation (expectimax)")
    n = len(tree)
    val = [0] * n
    best = [-1] * n
    for v in tree.postorder():
        ch = tree.children[v]
        if not ch:
            val[v] = tree.values[v]  # type: ignore[assignment]
            continue
        b = ch[0]
        if tree.is_max(v):
            for c in ch[1:]:
                if val[c] > val[b]:
                    b = c
        else:
            for c in ch[1:]:
                if val[c] < val[b]:
                    b = c
        best[v] = b
        val[v] = val[b]
    return TreeSolution(value=val[0], node_values=tuple(val), best=tuple(best))


def format_value(v: int) -> str:
    """A value as the judge prints it: ``+1``, ``0``, ``-1``, ``+7``."""
    return f"+{v}" if v > 0 else str(v)
