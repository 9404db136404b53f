"""The one search machinery: a driver, a recorder that observes the search, and a space.

Every search of the engine (minimax and the alpha-beta variants of :mod:`engine.search`,
:mod:`engine.pvs`, :mod:`engine.mtdf`, :mod:`engine.expectimax`, :mod:`engine.deepening`) is
one short definition written as it is taught, recursively, over three things:

- a **space** (:mod:`engine.explore`): an explicit tree or a game position explored as the
  search goes, both with one small API: ``is_max(n)``, ``leaf(n)`` (the score of a leaf, a
  decided state or a state at the depth limit; None for a node to search further),
  ``children(n, first)`` (a node's children, a game's moves explored on demand), and
  ``key``/``ply``/``move_to`` for the tables;
- the **driver** :func:`drive`: each recursive call is a generator that ``yield``s the
  call it makes (a generator) and ends by returning (or yielding) its value, and the driver
  runs them on an explicit stack, so a 100,000-node chain never meets Python's recursion
  limit;
- the **recorder** :class:`Recorder`: the definition tells it each step (ENTER, LEAF,
  UPDATE, CUT, EXIT, TABLE of :mod:`engine.trace`) and it keeps the trace the caller owns
  (:class:`engine.trace.Event` values, MAX's view, with the negamax view in the ``nm_*``
  fields for a negamax search) and the counts, or, untraced (``record=False``), the counts
  only. :meth:`Recorder.run` makes the :class:`~engine.trace.SearchRun`.

Monte Carlo tree search (:mod:`engine.mcts`) is one more definition on the same three parts,
not a third machinery: its space is a TreeSpace or an :class:`~engine.explore.Explorer`
(selection walks ``children``, expansion takes a node's next child not yet in its tree, a
playout plays the game's moves to a decided state); each iteration is recorded as events of
the recorder (ENTER for every node on the selected path with a ``select`` tag, ENTER of the
new node with an ``expand`` tag, its LEAF with the playout's reward, then an EXIT per
ancestor on the way back with its new mean); iterations are a loop, not a recursion, so the
definition is a generator that calls nothing and :func:`drive` runs it as it runs any other.
The :class:`engine.trace.Replayer` keeps every visit of a node entered many times.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Generator
from operator import attrgetter
from types import GeneratorType
from typing import Any

from engine.trace import (
    ENTER,
    LEAF,
    Event,
    NodePath,
    PathTable,
    SearchRun,
)
from engine.tree import GameTree

Call = Generator[Any, Any, Any]


def drive(call: Call | Any) -> Any:
    """Run a generator-recursive search: each ``yield g`` of a generator ``g`` is a call of
    ``g``, whose result the ``yield`` expression receives. The stack is a list, not Python's.

    A call ends with ``return value``, or, cheaper, by yielding its value (anything that is
    not a generator): the driver takes that as its result and drops the call, sparing the
    ``StopIteration`` a generator's return raises (the definitions called once per inner
    node of a large tree end so). A call answered at once (a leaf) need not be a
    generator: ``drive`` of a plain value is that value."""
    if type(call) is not GeneratorType:
        return call
    stack: list[Call] = [call]
    push, pop = stack.append, stack.pop
    ret: Any = None
    while True:
        try:
            sub = stack[-1].send(ret)
        except StopIteration as stop:
            sub = stop.value
        else:
            if type(sub) is GeneratorType:
                push(sub)
                ret = None
                continue
        pop()
        if not stack:
            return sub
        ret = sub


class Recorder:
    """What one search did, step by step, over the nodes of one space (``table`` gives their
    paths). A definition calls :attr:`emit` once per step::

        emit(kind, node, mx, a, b, value=None, child=None, best=None, skipped=(), tag=None)

    with the node, whether it is a MAX node, and its window, value and best in the search's
    own view: MAX's, or for a ``negamax`` search the side to move's (the recorder turns a
    MIN node's into MAX's view and keeps its own in the ``nm_*`` fields). ``record=False``:
    counts only, no events kept.

    :attr:`nodes` and :attr:`leaves` count ENTER and LEAF steps, :attr:`tags` the steps of
    each tag (PVS's null windows and re-searches); ``counts`` is the definition's own (table
    hits, ...). ``emit`` is a closure, not a method: it is called once per event. Traced, it
    only builds the frozen Event without its ``__init__`` (one attribute store instead of
    14) and the counts are read from the events at the end; untraced, it only counts."""

    def __init__(self, table: PathTable, negamax: bool = False, record: bool = True):
        self.table = table
        self.negamax = negamax
        self.record = record
        self.events: list[Event] = []
        self.counts: Counter[str] = Counter()
        self._kinds: Counter[str] = Counter()  # untraced: steps of each kind
        self._tags: Counter[str] = Counter()  # ... and of each tag
        self.emit = self._emitter() if record else self._counter()

    @property
    def tally(self) -> Counter[str]:
        """Steps of each kind (ENTER, LEAF, ...)."""
        if self.record:
            return Counter(map(attrgetter("kind"), self.events))
        return self._kinds

    @property
    def tags(self) -> Counter[str]:
        """Steps of each tag (None for the untagged ones when traced)."""
        if self.record:
            return Counter(map(attrgetter("tag"), self.events))
        return self._tags

    @property
    def nodes(self) -> int:
        return self.tally[ENTER]

    @property
    def leaves(self) -> int:
        return self.tally[LEAF]

    def _counter(self) -> Callable[..., None]:
        kinds, tags = self._kinds, self._tags

        def count(
            kind: str,
            n: int,
            mx: bool,
            a: Any,
            b: Any,
            value: Any = None,
            child: int | None = None,
            best: Any = None,
            skipped: tuple[int, ...] = (),
            tag: str | None = None,
        ) -> None:
            kinds[kind] += 1
            if tag is not None:
                tags[tag] += 1

        return count

    def _emitter(self) -> Callable[..., None]:
        negamax, append, table = self.negamax, self.events.append, self.table
        paths: dict[int, NodePath] = {}  # one path handle per node, shared by its events
        new, setattr_ = object.__new__, object.__setattr__

        def emit(
            kind: str,
            n: int,
            mx: bool,
            a: Any,
            b: Any,
            value: Any = None,
            child: int | None = None,
            best: Any = None,
            skipped: tuple[int, ...] = (),
            tag: str | None = None,
        ) -> None:
            path = paths.get(n)
            if path is None:
                path = paths[n] = NodePath(table, n)
            if not negamax:
                na = nb = nv = nbest = None
            else:
                na, nb, nv, nbest = a, b, value, best
                if not mx:
                    a, b = -b, -a
                    value = None if value is None else -value
                    best = None if best is None else -best
            e = new(Event)
            setattr_(
                e,
                "__dict__",
                {
                    "kind": kind,
                    "node": n,
                    "path": path,
                    "alpha": a,
                    "beta": b,
                    "value": value,
                    "child": child,
                    "best": best,
                    "skipped": skipped,
                    "nm_alpha": na,
                    "nm_beta": nb,
                    "nm_value": nv,
                    "nm_best": nbest,
                    "tag": tag,
                },
            )
            append(e)

        return emit

    def run(
        self,
        tree: GameTree,
        value: Any,
        algorithm: str,
        variant: str = "statement",
        states: list | None = None,
        counts: dict[str, int] | None = None,
    ) -> SearchRun:
        """The :class:`SearchRun` of this search: its events (none untraced) and counts."""
        tally = self.tally
        return SearchRun(
            tree=tree,
            events=self.events,
            value=value,
            leaves_evaluated=tally[LEAF],
            nodes_visited=tally[ENTER],
            algorithm=algorithm,
            variant=variant,
            states=states,
            counts={} if counts is None else counts,
        )
