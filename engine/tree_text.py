"""Text formats of explicit game trees: URAL 1282 input and a bracket notation.

``parse_ural`` / ``format_ural`` read and write the tree format of problem 4
(``parse_ural_cases`` reads several cases, for the judge in :mod:`engine.judge`);
``parse_brackets`` / ``format_brackets`` a nested notation such as ``((-1 1) (1 1))``.
All parsers are iterative and raise InputError naming the line.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.errors import InputError
from engine.tree import GameTree, format_value, from_parents

if TYPE_CHECKING:  # fractions loads decimal: imported only when a tree has chance nodes
    from fractions import Fraction

# ---- URAL 1282 text ---------------------------------------------------------------------
_INT_RE = re.compile(r"[+-]?[0-9]+\Z")
MAX_DIGITS = 18  # a number in a tree text: 64 bits, far below int()'s 4300-digit limit


def _too_big(tok: str) -> bool:
    return len(tok.lstrip("+-")) > MAX_DIGITS


def _lines(text: str) -> list[tuple[int, str]]:
    """Non-blank lines as (1-based line number, stripped text)."""
    return [(no, s.strip()) for no, s in enumerate(text.splitlines(), start=1) if s.strip()]


def _quote(line: str) -> str:
    return repr(line[:40] + ("…" if len(line) > 40 else ""))


def _node_line(s: str, k: int, n: int, no: int) -> tuple[int, int | None]:
    """Node ``k + 1``'s line ``s`` (line ``no``): ``N p`` or ``L p v`` -> (parent id, value or
    None); InputError naming the line and quoting it."""
    q = _quote(s)

    def bad(problem: InputError) -> InputError:
        return InputError("{line_text}: {problem}", no, line_text=q, problem=problem)

    f = s.split()
    kind = f[0]
    if kind not in ("N", "L"):
        if _INT_RE.match(kind):
            raise bad(
                InputError(
                    "a node line starts with N or L (N = {n} asks for {lines} node lines: "
                    "is N right?)",
                    n=n,
                    lines=n - 1,
                )
            )
        raise bad(InputError("a node line starts with N or L"))
    want = 2 if kind == "N" else 3
    if len(f) != want:
        shape = "N p" if kind == "N" else "L p v"
        raise bad(
            InputError(
                "node {node}: expected {want} fields '{shape}', got {got}",
                node=k + 1,
                want=want,
                shape=shape,
                got=len(f),
            )
        )
    if not _INT_RE.match(f[1]) or _too_big(f[1]) or not 1 <= int(f[1]) <= n:
        raise bad(
            InputError(
                "node {node}: parent {parent} is not a node number 1..{n}",
                node=k + 1,
                parent=repr(f[1][:40]),
                n=n,
            )
        )
    if kind == "N":
        return int(f[1]) - 1, None
    if not _INT_RE.match(f[2]):
        raise bad(
            InputError(
                "node {node}: leaf value {value} is not an integer",
                node=k + 1,
                value=repr(f[2][:40]),
            )
        )
    if _too_big(f[2]):
        raise bad(
            InputError(
                "node {node}: leaf value {value}... is too big (at most {digits} digits)",
                node=k + 1,
                value=f[2][:24],
                digits=MAX_DIGITS,
            )
        )
    return int(f[1]) - 1, int(f[2])


def _ural_case(lines: list[tuple[int, str]], pos: int) -> tuple[GameTree, int]:
    """Parse the case whose ``N`` line is ``lines[pos]``; return it and the next position."""
    no, head = lines[pos]
    if not _INT_RE.match(head) or int(head[:30]) < 1:
        raise InputError(
            "expected the node count N (a positive integer), got {got}", no, got=repr(head[:40])
        )
    if _too_big(head):
        raise InputError(
            "N = {n}... is too many nodes (at most {digits} digits)",
            no,
            n=head[:24],
            digits=MAX_DIGITS,
        )
    n = int(head)
    if n == 1:
        raise InputError("N = 1: the root has no children, so there is no game to play", no)
    # Every node line there is is read first, so a bad line is reported as that line (not as
    # a count that no longer adds up); then the count (before any list of N entries is made).
    have = min(n - 1, len(lines) - pos - 1)
    parent, values, line_of = [-1], [None], [no]
    for k in range(1, have + 1):
        no, s = lines[pos + k]
        p, v = _node_line(s, k, n, no)
        parent.append(p)
        values.append(v)
        line_of.append(no)

    def at(k: int, problem: InputError) -> InputError:  # node k's line, quoted, and the problem
        return InputError(
            "{line_text}: node {node}: {problem}",
            line_of[k],
            line_text=_quote(lines[pos + k][1]),
            node=k + 1,
            problem=problem,
        )

    if have < n - 1:
        if have == 1:
            raise InputError(
                "the input ends after 1 node line: N = {n} needs {need} (nodes 2..{n})",
                lines[-1][0] + 1,
                n=n,
                need=n - 1,
            )
        raise InputError(
            "the input ends after {have:,} node lines: N = {n} needs {need} (nodes 2..{n})",
            lines[-1][0] + 1,
            have=have,
            n=n,
            need=n - 1,
        )
    kids: list[list[int]] = [[] for _ in range(n)]
    for k in range(1, n):
        p = parent[k]
        if values[p] is not None:
            raise at(k, InputError("its parent {parent} is a leaf (L)", parent=p + 1))
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
        raise at(
            first,
            InputError("cycle of parents ({ring}); it never reaches the root", ring=ring_text),
        )
    for k in range(1, n):
        if values[k] is None and not kids[k]:
            raise at(k, InputError("inner node (N) with no children"))
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
        raise InputError(
            "{line_text}: more node lines than N-1 = {need}",
            no,
            line_text=_quote(s),
            need=len(tree) - 1,
        )
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
_TOKEN_RE = re.compile(r"\?\(|\(|\)|[^\s,()?:]+:|[^\s,()]+")
# a probability: 0.5, .25, 1, 1/3 (digits bounded, so a typed number never gets huge)
_PROB_RE = re.compile(r"(?:[0-9]{1,18}(?:\.[0-9]{1,18})?|\.[0-9]{1,18}|[0-9]{1,18}/[0-9]{1,18})\Z")


def parse_probability(text: str) -> Fraction:
    """``0.5``, ``.25``, ``1`` or ``1/3`` -> an exact Fraction in (0, 1]; else InputError."""
    # deferred: kept off the judge CLI's start-up
    from fractions import Fraction

    body = str(text).strip()
    if not _PROB_RE.match(body):
        raise InputError(
            "{text} is not a probability (write 0.5, .25 or 1/3)", text=repr(body[:40])
        )
    p = Fraction(body)
    if not 0 < p <= 1:
        raise InputError("probability {p} is not in (0, 1]", p=body)
    return p


def parse_brackets(text: str) -> GameTree:
    """``((-1 1) (1 1))``: a root with two children of two leaves each. Nodes in preorder.

    Whitespace and commas separate; a bare integer is a one-leaf tree. A chance node is
    ``?( ... )`` and each of its children carries its probability before it, ``p:child``:
    ``(?(0.5:3 0.5:(2 4)) 1)`` (probabilities as ``0.5``, ``.25``, ``1`` or ``1/3``, exact,
    summing to 1). Errors name the line and column. Iterative, so deep nesting is fine.
    """
    parent: list[int] = []
    values: list[int | None] = []
    chance: list[bool] = []
    probs: list[Fraction | None] = []
    nkids: list[int] = []
    stack: list[int] = []  # open nodes
    opened_at: list[tuple[int, int]] = []  # (line, column) of each open '('
    done_at: tuple[int, int] | None = None  # where the whole tree ended
    pending: tuple[Fraction, int, int] | None = None  # a probability waiting for its node
    chance_at: dict[int, tuple[int, int, Fraction]] = {}  # open chance node -> line, col, sum
    for no, line in enumerate(text.splitlines(), start=1):
        for m in _TOKEN_RE.finditer(line):
            tok, col = m.group(), m.start() + 1
            if done_at is not None:
                raise InputError(
                    "column {col}: {token} after the end of the tree "
                    "(it ended at line {end_line}, column {end_col})",
                    no,
                    col=col,
                    token=repr(tok),
                    end_line=done_at[0],
                    end_col=done_at[1],
                )
            if tok.endswith(":"):
                body = tok[:-1]
                try:
                    p = parse_probability(body)
                except InputError as e:
                    raise InputError("column {col}: {problem}", no, col=col, problem=e) from None
                if pending is not None:
                    raise InputError("column {col}: two probabilities in a row", no, col=col)
                if not stack or not chance[stack[-1]]:
                    raise InputError(
                        "column {col}: probability {p} outside a chance node '?( ... )'",
                        no,
                        col=col,
                        p=body,
                    )
                pending = (p, no, col)
                continue
            if tok == ")":
                if pending is not None:
                    raise InputError(
                        "column {col}: probability {p} with no child", no, col=col, p=pending[0]
                    )
                if not stack:
                    raise InputError("column {col}: ')' has no matching '('", no, col=col)
                node = stack.pop()
                opened_at.pop()
                if nkids[node] == 0:
                    raise InputError(
                        "column {col}: empty brackets '()' (a node needs children)", no, col=col
                    )
                if chance[node]:
                    line0, col0, total = chance_at.pop(node)
                    if total != 1:
                        raise InputError(
                            "column {col}: the probabilities of this chance node sum to "
                            "{total}, not 1",
                            line0,
                            col=col0,
                            total=total,
                        )
                if not stack:
                    done_at = (no, col)
                continue
            opens = tok in ("(", "?(")
            if not opens and not _INT_RE.match(tok):
                raise InputError(
                    "column {col}: {token} is not an integer or a bracket",
                    no,
                    col=col,
                    token=repr(tok[:40]),
                )
            if not opens and _too_big(tok):
                raise InputError(
                    "column {col}: {token}... is too big (at most {digits} digits)",
                    no,
                    col=col,
                    token=tok[:24],
                    digits=MAX_DIGITS,
                )
            if stack and chance[stack[-1]] and pending is None:
                raise InputError(
                    "column {col}: a child of a chance node needs its probability first, "
                    "as in 0.5:{token}",
                    no,
                    col=col,
                    token=tok,
                )
            node = len(parent)
            parent.append(stack[-1] if stack else -1)
            nkids.append(0)
            chance.append(tok == "?(")
            probs.append(pending[0] if pending is not None else None)
            pending = None
            if stack:
                up = stack[-1]
                nkids[up] += 1
                if chance[up]:
                    ln, cl, total = chance_at[up]
                    chance_at[up] = (ln, cl, total + probs[-1])  # type: ignore[operator]
            if opens:
                values.append(None)
                stack.append(node)
                opened_at.append((no, col))
                if tok == "?(":
                    chance_at[node] = (no, col, 0)  # type: ignore[assignment]
            else:
                values.append(int(tok))
                if not stack:
                    done_at = (no, col)
    if pending is not None:
        raise InputError(
            "column {col}: probability {p} with no child", pending[1], col=pending[2], p=pending[0]
        )
    if stack:
        no, col = opened_at[-1]
        raise InputError("column {col}: '(' is never closed", no, col=col)
    if not parent:
        raise InputError("the input is empty: write a tree such as ((-1 1) (1 1))")
    if any(chance):
        return from_parents(parent, values, chance=chance, probs=probs)
    return from_parents(parent, values)


def format_brackets(tree: GameTree) -> str:
    """The bracket notation of ``tree``: ``((-1 1) (1 1))``; a one-leaf tree is its value;
    chance nodes as ``?(1/2:3 1/2:(2 4))`` (exact probabilities)."""
    out: list[str] = []
    stack: list[int] = [0]  # node ids, or ~node for "close node"
    while stack:
        v = stack.pop()
        if v < 0:
            out.append(")")
            continue
        if out and out[-1] not in ("(", "?("):
            out.append(" ")
        if tree.probs is not None and tree.probs[v] is not None:
            out.append(f"{tree.probs[v]}:")
        ch = tree.children[v]
        if not ch:
            out.append(str(tree.values[v]))
            continue
        out.append("?(" if tree.is_chance(v) else "(")
        stack.append(~v)
        stack.extend(reversed(ch))
    return "".join(out)
