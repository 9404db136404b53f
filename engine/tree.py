"""Explicit game trees: one tree type for every search in the engine.

A :class:`GameTree` is a rooted, ordered tree stored in flat tuples. Node 0 is the root,
the root is a MAX node, and levels alternate MAX, MIN, MAX, ... Leaves carry integer
values (scores for MAX). Inner nodes carry no value.

Everything here is iterative, so a chain of 100,000 nodes never meets Python's recursion
limit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InputError


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

    # ---- shape -------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.parent)

    @property
    def root(self) -> int:
        return 0

    def is_leaf(self, node: int) -> bool:
        return not self.children[node]

    def is_max(self, node: int) -> bool:
        """True for MAX nodes (even depth: the root and every second level)."""
        return self.depth[node] % 2 == 0

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

    def subtree_sizes(self) -> list[int]:
        size = [1] * len(self)
        for n in self.postorder():
            p = self.parent[n]
            if p >= 0:
                size[p] += size[n]
        return size

    def height(self) -> int:
        return max(self.depth)

    def label(self, node: int) -> str:
        if self.labels is not None:
            return self.labels[node]
        return str(node + 1)


def from_parents(
    parent: Sequence[int],
    values: Sequence[int | None],
    labels: Sequence[str] | None = None,
) -> GameTree:
    """Build a tree from a parent array (``parent[0] == -1``) and per-node leaf values.

    Children keep the order of their node numbers. Nodes must be reachable from node 0;
    every node with children must have value None and every leaf must have a value.
    """
    n = len(parent)
    if n == 0:
        raise InputError("the tree has no nodes")
    if len(values) != n:
        raise InputError(f"{len(values)} values for {n} nodes")
    if parent[0] != -1:
        raise InputError("node 1 is the root and has no parent")
    kids: list[list[int]] = [[] for _ in range(n)]
    for i in range(1, n):
        p = parent[i]
        if not 0 <= p < n:
            raise InputError(f"node {i + 1} names parent {p + 1}, which does not exist")
        if p == i:
            raise InputError(f"node {i + 1} is its own parent")
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
        raise InputError(f"node {bad + 1} is on a cycle of parents and never reaches the root")
    for i in range(n):
        if kids[i] and values[i] is not None:
            raise InputError(f"node {i + 1} is a leaf with value {values[i]} but has children")
        if not kids[i] and values[i] is None:
            raise InputError(f"node {i + 1} is an inner node with no children")
    return GameTree(
        parent=tuple(parent),
        children=tuple(tuple(k) for k in kids),
        values=tuple(values),
        depth=tuple(depth),
        labels=tuple(labels) if labels is not None else None,
    )


def complete_depth(n_leaves: int, branching: int) -> int:
    """The depth d with ``branching ** d == n_leaves``; InputError when there is none."""
    if branching < 2:
        raise InputError(f"branching must be at least 2, not {branching}")
    if n_leaves < branching:
        raise InputError(
            f"{n_leaves} leaves is not a power of the branching {branching} (need at least {branching})"
        )
    d, m = 0, 1
    while m < n_leaves:
        m *= branching
        d += 1
    if m != n_leaves:
        lo = m // branching
        raise InputError(
            f"{n_leaves} leaves is not a power of the branching {branching} (nearest: {lo} or {m})"
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
    """Plain minimax over the whole tree, without recursion."""
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


def solve_tree(tree: GameTree) -> TreeSolution:
    """The exact minimax solution (root = first player = MAX)."""
    return minimax(tree)


def format_value(v: int) -> str:
    """A value as the judge prints it: ``+1``, ``0``, ``-1``, ``+7``."""
    return f"+{v}" if v > 0 else str(v)


# ---- URAL 1282 text ---------------------------------------------------------------------
_INT_RE = re.compile(r"[+-]?[0-9]+\Z")


def _lines(text: str) -> list[tuple[int, str]]:
    """Non-blank lines as (1-based line number, stripped text)."""
    return [(no, s.strip()) for no, s in enumerate(text.splitlines(), start=1) if s.strip()]


def _ural_case(lines: list[tuple[int, str]], pos: int) -> tuple[GameTree, int]:
    """Parse the case whose ``N`` line is ``lines[pos]``; return it and the next position."""
    no, head = lines[pos]
    if not _INT_RE.match(head) or int(head) < 1:
        raise InputError(f"expected the node count N (a positive integer), got {head!r}", no)
    n = int(head)
    if n == 1:
        raise InputError("N = 1: the root has no children, so there is no game to play", no)
    if len(lines) - pos - 1 < n - 1:
        got = len(lines) - pos - 1
        last = lines[-1][0]
        raise InputError(f"N = {n} needs {n - 1} node lines, the input ends after {got}", last + 1)
    parent = [-1] * n
    values: list[int | None] = [None] * n
    line_of = [no] * n
    for k in range(1, n):
        no, s = lines[pos + k]
        line_of[k] = no
        f = s.split()
        kind = f[0]
        if kind not in ("N", "L"):
            raise InputError(
                f"node {k + 1}: unknown kind {kind!r} (expected N for an inner node "
                "or L for a leaf)",
                no,
            )
        want = 2 if kind == "N" else 3
        if len(f) != want:
            shape = "N p" if kind == "N" else "L p v"
            raise InputError(f"node {k + 1}: expected {want} fields '{shape}', got {len(f)}", no)
        if not _INT_RE.match(f[1]) or not 1 <= int(f[1]) <= n:
            raise InputError(f"node {k + 1}: parent {f[1]!r} is not a node number 1..{n}", no)
        parent[k] = int(f[1]) - 1
        if kind == "L":
            if not _INT_RE.match(f[2]):
                raise InputError(f"node {k + 1}: leaf value {f[2]!r} is not an integer", no)
            values[k] = int(f[2])
    kids: list[list[int]] = [[] for _ in range(n)]
    for k in range(1, n):
        p = parent[k]
        if values[p] is not None:
            raise InputError(f"node {k + 1}: its parent {p + 1} is a leaf (L)", line_of[k])
        kids[p].append(k)
    # Every node must reach the root; a node that does not lies on or below a cycle.
    depth = [-1] * n
    depth[0] = 0
    stack = [0]
    while stack:
        v = stack.pop()
        d = depth[v] + 1
        for c in kids[v]:
            depth[c] = d
            stack.append(c)
    if -1 in depth:
        v = depth.index(-1)
        seen: dict[int, int] = {}
        while v not in seen:  # walk up from an unreached node until a node repeats
            seen[v] = len(seen)
            v = parent[v]
        cycle = [u for u, i in sorted(seen.items(), key=lambda t: t[1]) if i >= seen[v]]
        first = min(cycle)
        i = cycle.index(first)
        ring = cycle[i:] + cycle[:i] + [first]
        ring_text = " -> ".join(str(u + 1) for u in ring)
        raise InputError(
            f"node {first + 1}: cycle of parents ({ring_text}); it never reaches the root",
            line_of[first],
        )
    for k in range(1, n):
        if values[k] is None and not kids[k]:
            raise InputError(f"node {k + 1}: inner node (N) with no children", line_of[k])
    # Already checked above, so build the tree directly instead of via from_parents.
    tree = GameTree(
        parent=tuple(parent),
        children=tuple(map(tuple, kids)),
        values=tuple(values),
        depth=tuple(depth),
        labels=tuple(str(i + 1) for i in range(n)),
    )
    return tree, pos + n


def parse_ural(text: str) -> GameTree:
    """One URAL 1282 case: ``N``, then ``N p`` / ``L p v`` lines for nodes 2..N.

    Node k of the input is tree node k-1, labelled ``"k"``. Parents may be described later.
    """
    lines = _lines(text)
    if not lines:
        raise InputError("the input is empty: expected N, then N-1 node lines")
    tree, pos = _ural_case(lines, 0)
    if pos < len(lines):
        no, s = lines[pos]
        raise InputError(f"more node lines than N-1 = {len(tree) - 1}: {s!r}", no)
    return tree


def parse_ural_cases(text: str) -> list[GameTree]:
    """Several URAL cases one after another (each starts with its own N)."""
    lines = _lines(text)
    if not lines:
        raise InputError("the input is empty: expected N, then N-1 node lines")
    out: list[GameTree] = []
    pos = 0
    while pos < len(lines):
        tree, pos = _ural_case(lines, pos)
        out.append(tree)
    return out


def format_ural(tree: GameTree) -> str:
    """The tree in URAL 1282 format (node i is line i; positive values as ``+v``)."""
    n = len(tree)
    if n < 2:
        raise InputError("a tree of one node cannot be written in the URAL format (N > 1)")
    out = [str(n)]
    for k in range(1, n):
        p = tree.parent[k] + 1
        if tree.children[k]:
            out.append(f"N {p}")
        else:
            out.append(f"L {p} {format_value(tree.values[k])}")  # type: ignore[arg-type]
    return "\n".join(out) + "\n"


def cli_tree(text: str) -> str:
    """Judge format: one ``+1`` / ``0`` / ``-1`` line per URAL case."""
    return "".join(format_value(minimax(t).value) + "\n" for t in parse_ural_cases(text))


# ---- bracket notation -------------------------------------------------------------------
_TOKEN_RE = re.compile(r"\(|\)|[^\s,()]+")


def parse_brackets(text: str) -> GameTree:
    """``((-1 1) (1 1))``: a root with two children of two leaves each. Nodes in preorder.

    Whitespace and commas separate; a bare integer is a one-leaf tree. Errors name the line
    and column. Iterative, so deep nesting is fine.
    """
    parent: list[int] = []
    values: list[int | None] = []
    nkids: list[int] = []
    stack: list[int] = []  # open nodes
    opened_at: list[tuple[int, int]] = []  # (line, column) of each open '('
    done_at: tuple[int, int] | None = None  # where the whole tree ended
    for no, line in enumerate(text.splitlines(), start=1):
        for m in _TOKEN_RE.finditer(line):
            tok, col = m.group(), m.start() + 1
            if done_at is not None:
                raise InputError(
                    f"column {col}: {tok!r} after the end of the tree "
                    f"(it ended at line {done_at[0]}, column {done_at[1]})",
                    no,
                )
            if tok == ")":
                if not stack:
                    raise InputError(f"column {col}: ')' has no matching '('", no)
                node = stack.pop()
                opened_at.pop()
                if nkids[node] == 0:
                    raise InputError(
                        f"column {col}: empty brackets '()' (a node needs children)", no
                    )
                if not stack:
                    done_at = (no, col)
                continue
            if tok != "(" and not _INT_RE.match(tok):
                raise InputError(f"column {col}: {tok!r} is not an integer or a bracket", no)
            node = len(parent)
            parent.append(stack[-1] if stack else -1)
            nkids.append(0)
            if stack:
                nkids[stack[-1]] += 1
            if tok == "(":
                values.append(None)
                stack.append(node)
                opened_at.append((no, col))
            else:
                values.append(int(tok))
                if not stack:
                    done_at = (no, col)
    if stack:
        no, col = opened_at[-1]
        raise InputError(f"column {col}: '(' is never closed", no)
    if not parent:
        raise InputError("the input is empty: write a tree such as ((-1 1) (1 1))")
    return from_parents(parent, values)


def format_brackets(tree: GameTree) -> str:
    """The bracket notation of ``tree``: ``((-1 1) (1 1))``; a one-leaf tree is its value."""
    out: list[str] = []
    stack: list[int] = [0]  # node ids, or ~node for "close node"
    while stack:
        v = stack.pop()
        if v < 0:
            out.append(")")
            continue
        if out and out[-1] != "(":
            out.append(" ")
        ch = tree.children[v]
        if not ch:
            out.append(str(tree.values[v]))
            continue
        out.append("(")
        stack.append(~v)
        stack.extend(reversed(ch))
    return "".join(out)
