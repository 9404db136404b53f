"""Text formats of explicit game trees: URAL 1282 input and a bracket notation.

``parse_ural`` / ``format_ural`` read and write the tree format of problem 4
(``parse_ural_cases`` reads several cases, for the judge in :mod:`engine.judge`);
``parse_brackets`` / ``format_brackets`` a nested notation such as ``((-1 1) (1 1))``.
All parsers are iterative and raise InputError naming the line.
"""

from __future__ import annotations

import re

from engine.errors import InputError
from engine.tree import GameTree, format_value, from_parents

# ---- URAL 1282 text ---------------------------------------------------------------------
_INT_RE = re.compile(r"[+-]?[0-9]+\Z")
MAX_DIGITS = 18  # a number in a tree text: 64 bits, far below int()'s 4300-digit limit


def _too_big(tok: str) -> bool:
    return len(tok.lstrip("+-")) > MAX_DIGITS


def _lines(text: str) -> list[tuple[int, str]]:
    """Non-blank lines as (1-based line number, stripped text)."""
    return [(no, s.strip()) for no, s in enumerate(text.splitlines(), start=1) if s.strip()]


def _ural_case(lines: list[tuple[int, str]], pos: int) -> tuple[GameTree, int]:
    """Parse the case whose ``N`` line is ``lines[pos]``; return it and the next position."""
    no, head = lines[pos]
    if not _INT_RE.match(head) or int(head[:30]) < 1:
        raise InputError(f"expected the node count N (a positive integer), got {head[:40]!r}", no)
    if _too_big(head):
        raise InputError(f"N = {head[:24]}... is too many nodes (at most {MAX_DIGITS} digits)", no)
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
        if not _INT_RE.match(f[1]) or _too_big(f[1]) or not 1 <= int(f[1]) <= n:
            raise InputError(f"node {k + 1}: parent {f[1][:40]!r} is not a node number 1..{n}", no)
        parent[k] = int(f[1]) - 1
        if kind == "L":
            if not _INT_RE.match(f[2]):
                raise InputError(f"node {k + 1}: leaf value {f[2][:40]!r} is not an integer", no)
            if _too_big(f[2]):
                raise InputError(
                    f"node {k + 1}: leaf value {f[2][:24]}... is too big (at most {MAX_DIGITS} "
                    "digits)",
                    no,
                )
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
                raise InputError(f"column {col}: {tok[:40]!r} is not an integer or a bracket", no)
            if tok != "(" and _too_big(tok):
                raise InputError(
                    f"column {col}: {tok[:24]}... is too big (at most {MAX_DIGITS} digits)", no
                )
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
