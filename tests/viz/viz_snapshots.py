"""Test support: alpha-beta snapshots built by hand, independent of engine.search/replay."""

from __future__ import annotations

import copy
import math

from engine.trace import (
    ACTIVE,
    CUT,
    DONE,
    ENTER,
    EXIT,
    LEAF,
    PRUNED,
    UNSEEN,
    UPDATE,
    Event,
    Snapshot,
)
from engine.tree import GameTree


def alphabeta_snapshots(tree: GameTree) -> list[Snapshot]:
    """Snapshots after 0, 1, 2, ... events of a left-to-right alpha-beta (PROBLEMS.md #1)."""
    n = len(tree)
    s = Snapshot(
        step=0,
        status=[UNSEEN] * n,
        value=[None] * n,
        alpha=[None] * n,
        beta=[None] * n,
        current=None,
        event=None,
        leaves_evaluated=0,
        nodes_visited=0,
        path=[],
    )
    out = [copy.deepcopy(s)]

    def emit(ev: Event) -> None:
        s.step += 1
        s.current = ev.node
        s.event = ev
        out.append(copy.deepcopy(s))

    def run(v: int, a: float, b: float) -> int:
        s.path.append(v)
        s.nodes_visited += 1
        s.status[v], s.alpha[v], s.beta[v] = ACTIVE, a, b
        if tree.is_leaf(v):
            val = tree.values[v]
            s.status[v], s.value[v] = DONE, val
            s.leaves_evaluated += 1
            emit(Event(LEAF, v, tree.path(v), a, b, value=val))
            s.path.pop()
            return val  # type: ignore[return-value]
        emit(Event(ENTER, v, tree.path(v), a, b))
        mx = tree.is_max(v)
        best = -math.inf if mx else math.inf
        kids = tree.children[v]
        for i, c in enumerate(kids):
            cv = run(c, a, b)
            best = max(best, cv) if mx else min(best, cv)
            if mx:
                a = max(a, best)
            else:
                b = min(b, best)
            s.value[v], s.alpha[v], s.beta[v] = best, a, b
            s.path[:] = s.path[: s.path.index(v) + 1]
            emit(Event(UPDATE, v, tree.path(v), a, b, value=cv, child=c, best=best))
            if a >= b and i + 1 < len(kids):
                skipped = kids[i + 1 :]
                stack = list(skipped)
                while stack:
                    u = stack.pop()
                    s.status[u] = PRUNED
                    stack.extend(tree.children[u])
                emit(Event(CUT, v, tree.path(v), a, b, skipped=tuple(skipped)))
                break
        s.status[v] = DONE
        s.path.pop()
        emit(Event(EXIT, v, tree.path(v), a, b, value=best))  # type: ignore[arg-type]
        return best  # type: ignore[return-value]

    run(0, -math.inf, math.inf)
    return out
