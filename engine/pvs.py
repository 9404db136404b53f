"""Principal variation search (negamax, null windows, re-searches), traced and exact.

Exactly this form (values from the side to move, every leaf evaluation counted, re-searches
included)::

    pvs(node, α, β):
      if node is a leaf: return its value for the side to move
      for each child, left to right:
        if it is the first child: score = −pvs(child, −β, −α)
        else:
          score = −pvs(child, −α−1, −α)                  # null window
          if α < score < β: score = −pvs(child, −β, −α)  # re-search
        α = max(α, score)
        if α ≥ β: break
      return α

Leaf values are integers, so the null window (α, α+1) holds no value strictly inside: the
probe only says "at most α" (fail low: the child is no better, skip it) or "more than α"
(fail high: re-search it with the full window, unless its score already reaches β).

The trace uses the events of :mod:`engine.trace` in MAX's view with the negamax view in the
``nm_*`` fields. A child probed with a null window is entered with ``tag=NULL_WINDOW``, a
re-searched child is entered again with ``tag=RE_SEARCH`` (the Replayer keeps both visits);
the UPDATE after a child carries its final score; ``best`` is the node's α (its own view).
"""

from __future__ import annotations

from engine.errors import SearchError
from engine.explore import TreeSpace
from engine.machine import Call, Recorder, drive
from engine.trace import (
    CUT,
    ENTER,
    EXIT,
    INF,
    LEAF,
    NULL_WINDOW,
    RE_SEARCH,
    UPDATE,
    SearchRun,
)
from engine.tree import GameTree


def pvs(tree: GameTree, record: bool = True) -> SearchRun:
    """PVS over an explicit tree (root MAX). ``record=False`` counts without keeping events.

    ``run.counts``: ``null_windows`` (children probed with a null window) and
    ``re_searches`` (probes that failed high inside the window and were searched again).
    """
    if tree.has_chance:
        raise SearchError("the tree has chance nodes: use expectimax")
    space = TreeSpace(tree)
    rec = Recorder(space.path_table(), negamax=True, record=record)
    emit = rec.emit
    is_max, leaf, children = space.is_max, space.leaf, space.children

    def search(n: int, a: float, b: float, tag: str | None) -> Call:
        mx = is_max(n)
        emit(ENTER, n, mx, a, b, tag=tag)
        v = leaf(n)
        if v is not None:
            v = v if mx else -v
            emit(LEAF, n, mx, a, b, v)
            return v
        kids = children(n)
        last = len(kids) - 1
        for i, c in enumerate(kids):
            if i == 0:
                score = -(yield search(c, -b, -a, None))
            else:
                score = -(yield search(c, -a - 1, -a, NULL_WINDOW))
                if a < score < b:
                    score = -(yield search(c, -b, -a, RE_SEARCH))
            a = max(a, score)
            emit(UPDATE, n, mx, a, b, score, c, a)
            if a >= b:
                if i < last:
                    emit(CUT, n, mx, a, b, best=a, skipped=kids[i + 1 :])
                break
        emit(EXIT, n, mx, a, b, a, best=a)
        return a

    value = drive(search(0, -INF, INF, None))
    tags = rec.tags
    counts = {"null_windows": tags[NULL_WINDOW], "re_searches": tags[RE_SEARCH]}
    return rec.run(tree, value, "pvs", "negamax", counts=counts)
