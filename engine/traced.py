"""What the searches after alpha-beta share: recursion without Python's stack, and events.

The searches of :mod:`engine.pvs`, :mod:`engine.mtdf`, :mod:`engine.expectimax` and
:mod:`engine.deepening` are written as they are taught, recursively, but each recursive
call is a generator that ``yield``s the generator of the call it makes; :func:`drive` runs
them on an explicit stack, so a 100,000-node chain never meets the recursion limit.

:class:`Recorder` appends :class:`engine.trace.Event` values to a list the caller owns: values
and windows from MAX's point of view, as every event has, with the negamax view in the
``nm_*`` fields when the search is a negamax (the side to move's own scores).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator
from typing import Any

from engine.trace import ENTER, LEAF, Event, NodePath, PathTable

Call = Generator[Any, Any, Any]


def drive(call: Call) -> Any:
    """Run a generator-recursive search: each ``yield g`` is a call of ``g``, whose return
    value the ``yield`` expression receives."""
    stack: list[Call] = [call]
    ret: Any = None
    while stack:
        try:
            sub = stack[-1].send(ret)
        except StopIteration as stop:
            stack.pop()
            ret = stop.value
            continue
        stack.append(sub)
        ret = None
    return ret


class Recorder:
    """Events of one search over nodes of one tree (``table`` gives their paths)."""

    def __init__(self, table: PathTable, negamax: bool = False, record: bool = True):
        self.table = table
        self.negamax = negamax
        self.record = record  # False: count only (the untraced search), no events kept
        self.events: list[Event] = []
        self.counts: Counter[str] = Counter()  # event kinds and tags seen

    def emit(
        self,
        kind: str,
        node: int,
        mx: bool,
        a: Any,
        b: Any,
        value: Any = None,
        child: int | None = None,
        best: Any = None,
        skipped: tuple[int, ...] = (),
        tag: str | None = None,
    ) -> None:
        """One event. ``a``, ``b``, ``value``, ``best`` are in the search's own view: MAX's
        view, or the side to move's (``mx`` False: a MIN node) for a negamax search."""
        self.counts[kind] += 1
        if tag is not None:
            self.counts[f"{kind}:{tag}"] += 1
        if not self.record:
            return
        path = NodePath(self.table, node)
        if not self.negamax:
            self.events.append(Event(kind, node, path, a, b, value, child, best, skipped, tag=tag))
            return
        if mx:
            self.events.append(
                Event(kind, node, path, a, b, value, child, best, skipped, a, b, value, best, tag)
            )
            return
        self.events.append(
            Event(
                kind,
                node,
                path,
                -b,
                -a,
                None if value is None else -value,
                child,
                None if best is None else -best,
                skipped,
                a,
                b,
                value,
                best,
                tag,
            )
        )

    @property
    def leaves(self) -> int:
        return self.counts[LEAF]

    @property
    def nodes(self) -> int:
        return self.counts[ENTER]


class Explorer:
    """The tree a search over a game builds as it goes (as :func:`engine.search.search_game`
    does): node 0 is ``root``; :meth:`expand` adds a node's moves as children (unexplored
    until searched); :meth:`tree` is the explored tree, labels = move names."""

    def __init__(self, game: Any, root: Any, max_nodes: int):
        self.game = game
        self.max_nodes = max_nodes
        self.parent: list[int] = [-1]
        self.index: list[int] = [0]
        self.kids: list[tuple[int, ...]] = [()]
        self.values: list[Any] = [None]
        self.plies: list[int] = [0]
        self.labels: list[str] = ["root"]
        self.states: list[Any] = [root]
        self.moves_to: list[Any] = [None]  # the move that leads to each node

    def path_table(self) -> PathTable:
        return PathTable(self.parent, self.index)

    def expand(self, node: int, moves: list[Any]) -> tuple[int, ...]:
        from engine.search import SearchTooLarge

        if len(self.parent) + len(moves) > self.max_nodes:
            raise SearchTooLarge(
                f"the search would explore more than {self.max_nodes:,} nodes; "
                "lower the depth or start from a smaller position"
            )
        s, ply, game = self.states[node], self.plies[node], self.game
        first = len(self.parent)
        for j, m in enumerate(moves):
            self.parent.append(node)
            self.index.append(j)
            self.kids.append(())
            self.values.append(None)
            self.plies.append(ply + 1)
            self.labels.append(game.move_name(s, m))
            self.states.append(game.play(s, m))
            self.moves_to.append(m)
        self.kids[node] = tuple(range(first, len(self.parent)))
        return self.kids[node]

    def tree(self) -> Any:  # GameTree
        from engine.tree import GameTree

        return GameTree(
            parent=tuple(self.parent),
            children=tuple(self.kids),
            values=tuple(self.values),
            depth=tuple(self.plies),
            labels=tuple(self.labels),
        )
