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

from engine.trace import ENTER, EXIT, INF, LEAF, UPDATE, PathTable, SearchRun
from engine.traced import Call, Recorder, drive
from engine.tree import GameTree


def expectimax(tree: GameTree, record: bool = True) -> SearchRun:
    """The expectiminimax value of ``tree`` (a Fraction); on a tree without chance nodes it
    equals minimax. ``record=False`` counts without keeping events."""
    rec = Recorder(PathTable.of_tree(tree), record=record)
    emit = rec.emit
    children, values = tree.children, tree.values
    probs = tree.probs

    def search(n: int) -> Call:
        mx = tree.is_max(n)
        emit(ENTER, n, mx, -INF, INF)
        kids = children[n]
        if not kids:
            v = Fraction(values[n])  # type: ignore[arg-type]
            emit(LEAF, n, mx, -INF, INF, value=v)
            return v
        chance = tree.is_chance(n)
        best: Fraction | None = Fraction(0) if chance else None
        for c in kids:
            v = yield search(c)
            if chance:
                best += probs[c] * v  # type: ignore[operator, index]
            elif best is None or (v > best if mx else v < best):
                best = v
            emit(UPDATE, n, mx, -INF, INF, value=v, child=c, best=best)
        emit(EXIT, n, mx, -INF, INF, value=best, best=best)
        return best

    value = drive(search(0))
    return SearchRun(
        tree=tree,
        events=rec.events,
        value=value,
        leaves_evaluated=rec.leaves,
        nodes_visited=rec.nodes,
        algorithm="expectimax",
        variant="statement",
    )
