"""Problem 1: alpha-beta on a complete tree given as leaves + branching.

The search works straight on the flat leaf list: the node covering leaves
``[start, start + width)`` has children of width ``width // branching``. No tree is built, so
10,000 leaves take a few milliseconds. Recursion depth is the tree depth (at most
``log2(len(leaves))``), never the number of nodes.

Counting rule (PROBLEMS.md, problem 1): the root is MAX, children left to right; after each
child ``best = max/min(best, value)`` then ``alpha = max(alpha, best)`` at MAX nodes or
``beta = min(beta, best)`` at MIN nodes; as soon as ``alpha >= beta`` the remaining children
are skipped. ``evaluated`` counts the leaves looked at.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from numbers import Integral

from engine.errors import InputError
from engine.tree import complete_depth

_INT_RE = re.compile(r"[+-]?[0-9]+\Z")


def _as_int(x: object, what: str) -> int:
    """``x`` as an int: ints and integral floats pass; bools, other floats, the rest fail."""
    if isinstance(x, bool):
        raise InputError("{what}: {value} is not an integer (true/false)", what=what, value=repr(x))
    if isinstance(x, Integral):
        return int(x)
    if isinstance(x, float) and x.is_integer():
        return int(x)
    raise InputError("{what}: {value} is not an integer", what=what, value=repr(x))


def _search(
    leaves: Sequence[int], b: int, start: int, width: int, is_max: bool, alpha: float, beta: float
) -> tuple[int, int]:
    """(value, leaves evaluated) of the node covering ``leaves[start:start + width]``."""
    best: float
    count = 0
    if width == b:  # the children are leaves: a plain loop, no calls
        if is_max:
            best = -math.inf
            for i in range(start, start + b):
                v = leaves[i]
                count += 1
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    break
        else:
            best = math.inf
            for i in range(start, start + b):
                v = leaves[i]
                count += 1
                if v < best:
                    best = v
                if best < beta:
                    beta = best
                if alpha >= beta:
                    break
        return best, count  # type: ignore[return-value]
    w = width // b
    if is_max:
        best = -math.inf
        for k in range(b):
            v, c = _search(leaves, b, start + k * w, w, False, alpha, beta)
            count += c
            if v > best:
                best = v
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
    else:
        best = math.inf
        for k in range(b):
            v, c = _search(leaves, b, start + k * w, w, True, alpha, beta)
            count += c
            if v < best:
                best = v
            if best < beta:
                beta = best
            if alpha >= beta:
                break
    return best, count  # type: ignore[return-value]


def alpha_beta(leaves: Sequence[int], branching: int) -> list[int]:
    """``[root value, leaves evaluated]`` for the complete tree with these leaves.

    Any branching >= 2 and depth >= 1. InputError (no line) when the length is not a power
    of the branching, the branching is below 2, or a leaf/branching is not an integer.
    """
    if isinstance(leaves, (str, bytes, dict)) or not hasattr(leaves, "__iter__"):
        raise InputError(
            "leaves must be a list of integers, not {kind}", kind=type(leaves).__name__
        )
    b = _as_int(branching, "branching")
    leaves = list(leaves)  # also takes tuples and numpy arrays
    if all(type(x) is int for x in leaves):  # the common case, without per-leaf calls
        vals = leaves
    else:
        vals = [_as_int(x, f"leaf {i + 1}") for i, x in enumerate(leaves)]
    complete_depth(len(vals), b)  # raises unless len(vals) == b ** d with d >= 1
    value, evaluated = _search(vals, b, 0, len(vals), True, -math.inf, math.inf)
    return [value, evaluated]


MAX_LEAF_DIGITS = 18  # a typed leaf: fits in 64 bits (tables, JSON) and far below int()'s limit


def parse_leaves(text: str) -> list[int]:
    """Leaf scores from free text: commas and/or whitespace, optional surrounding ``[ ]``.

    ``-3``, ``+4`` allowed. A bad token gives ``leaf K: 'x' is not an integer``; when the text
    spans several lines the InputError also carries the token's line number.
    """
    body = text.strip()
    multiline = "\n" in body
    offset = len(text) - len(text.lstrip())  # where body starts inside text
    if body.startswith("["):
        if not body.endswith("]"):
            raise InputError("'[' is never closed: the list must end with ']'")
        body = body[1:-1]
        offset += 1
    elif body.endswith("]"):
        raise InputError("']' without an opening '['")
    out: list[int] = []
    after_comma = True  # a comma right at the start is an empty leaf too
    for m in re.finditer(r",|[^\s,]+", body):
        tok = m.group()

        def line(at: int = m.start()) -> int | None:  # only for an error: per token is O(n^2)
            return text.count("\n", 0, offset + at) + 1 if multiline else None

        if tok == ",":
            if after_comma:
                raise InputError(
                    "leaf {leaf}: empty (two commas in a row?)", line(), leaf=len(out) + 1
                )
            after_comma = True
            continue
        after_comma = False
        if not _INT_RE.match(tok):
            raise InputError(
                "leaf {leaf}: {token} is not an integer",
                line(),
                leaf=len(out) + 1,
                token=repr(tok[:40]),
            )
        if len(tok.lstrip("+-")) > MAX_LEAF_DIGITS:
            raise InputError(
                "leaf {leaf}: {token}... is too big (at most {digits} digits)",
                line(),
                leaf=len(out) + 1,
                token=tok[:24],
                digits=MAX_LEAF_DIGITS,
            )
        out.append(int(tok))
    if not out:
        raise InputError("no leaves: type scores such as 3, 12, 8, 2")
    return out
