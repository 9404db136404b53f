"""Expectiminimax over explicit trees with MAX, MIN and chance nodes, traced and exact.

A MAX node takes its largest child value, a MIN node its smallest, a chance node the
expectation ``Σ p·v`` over its children (``GameTree.probs``, exact fractions), so values are
:class:`fractions.Fraction` and never rounded. Every node is visited (no pruning).

Events (MAX's view, as every trace): ``ENTER`` (the window stays (−∞, +∞)), ``LEAF``, an
``UPDATE`` per child (value = the child's value; best = the node's best so far, or at a
chance node the partial sum of ``p·v`` over the children seen so far), ``EXIT``.
"""

from __future__ import annotations

from fractions import Fraction

from engine.explore import TreeSpace
from engine.machine import Call, Recorder, drive
from engine.trace import ENTER, EXIT, INF, LEAF, UPDATE, SearchRun
from engine.tree import GameTree


def expectimax(tree: GameTree, record: bool = True) -> SearchRun:
    """The expectiminimax value of ``tree`` (a Fraction); on a tree without chance nodes it
    equals minimax. ``record=False`` counts without keeping events."""
    space = TreeSpace(tree)
    rec = Recorder(space.path_table(), record=record)
    emit = rec.emit
    is_max, leaf, children = space.is_max, space.leaf, space.children
    is_chance, probs = tree.is_chance, tree.probs

    def search(n: int) -> Call:
        mx = is_max(n)
        emit(ENTER, n, mx, -INF, INF)
        v = leaf(n)
        if v is not None:
            v = Fraction(v)
            emit(LEAF, n, mx, -INF, INF, v)
            return v
        chance = is_chance(n)
        best: Fraction | None = Fraction(0) if chance else None
        for c in children(n):
            v = yield search(c)
            if chance:
                best += probs[c] * v  # type: ignore[operator, index]
            elif best is None or (v > best if mx else v < best):
                best = v
            emit(UPDATE, n, mx, -INF, INF, v, c, best)
        emit(EXIT, n, mx, -INF, INF, best, best=best)
        return best

    return rec.run(tree, drive(search(0)), "expectimax")
