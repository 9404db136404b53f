"""Search traces: what a search did, event by event, and the state of every node at step k.

A search (see ``engine.search``) returns a :class:`SearchRun`: the tree it ran on (for a game
position, the tree it explored, with pruned moves present as unexplored children) and the
list of :class:`Event` it recorded. Node ids are indices into ``run.tree``; every event also
carries the node's path from the root (child indices; a :class:`NodePath`, which compares
equal to the plain tuple and is computed on demand, so a 100,000-node chain keeps a trace
linear in size).

:class:`Replayer` turns the first k events into a :class:`Snapshot`, which the step player,
the explanations and the practice questions all read; the caller owns it (one per run it
shows). :func:`replay` is the one-look convenience.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from engine.tree import GameTree

INF = math.inf

# Event kinds
ENTER = "enter"  # the search reaches a node; alpha/beta are the window passed down
LEAF = "leaf"  # a leaf (or a depth-frontier node) is evaluated; value = its score
UPDATE = "update"  # a child's value arrives at its parent; alpha/beta are the parent's
#                    window after the update, value = the child's value, child = its id
CUT = "cut"  # alpha >= beta at a node: skipped = ids of the children it never visits
EXIT = "exit"  # a node returns; value = the value it returns, alpha/beta its final window
TABLE = "table"  # a transposition table (or MTD(f)'s memory) answers at a node: value = the
#                  bound it returns (None when the entry only narrows the window or orders the
#                  moves), alpha/beta = the window after the entry, tag = the entry's flag
#                  (EXACT, LOWER or UPPER)

# Event tags (``Event.tag``): how a search was started (on ENTER) or what an entry says (TABLE)
NULL_WINDOW = "null-window"  # PVS probes this child with a null window (alpha, alpha + 1)
RE_SEARCH = "re-search"  # the null window failed high: PVS searches the child again, full window
EXACT = "exact"  # a table entry: the stored value is the node's exact value
LOWER = "lower"  # ... a lower bound (the search that stored it failed high)
UPPER = "upper"  # ... an upper bound (the search that stored it failed low)

# Node states in a snapshot
UNSEEN = "unseen"  # not yet reached
ACTIVE = "active"  # on the current path from the root (entered, not yet returned)
DONE = "done"  # returned, with a value
PRUNED = "pruned"  # skipped by a cut (the child named by CUT and its whole subtree)


class PathTable:
    """Parent and child-position of every node: what a :class:`NodePath` reads."""

    __slots__ = ("parent", "index")

    def __init__(self, parent: Sequence[int], index: Sequence[int]):
        self.parent = parent  # parent[0] == -1
        self.index = index  # index[n] = position of n among its parent's children

    @classmethod
    def of_tree(cls, tree: GameTree) -> PathTable:
        index = [0] * len(tree)
        for kids in tree.children:
            for i, c in enumerate(kids):
                index[c] = i
        return cls(tree.parent, index)


class NodePath(Sequence[int]):
    """A node's path from the root (child indices), read on demand from a shared table.

    Behaves like the tuple it stands for: ``len``, indexing, iteration, ``==`` and ``hash``
    agree with ``tuple(path)``. Storing a tuple in every event would make the trace of a
    deep tree quadratic in size; this handle is two references.
    """

    __slots__ = ("_table", "node")

    def __init__(self, table: PathTable, node: int):
        self._table = table
        self.node = node

    def as_tuple(self) -> tuple[int, ...]:
        out: list[int] = []
        parent, index = self._table.parent, self._table.index
        n = self.node
        while parent[n] >= 0:
            out.append(index[n])
            n = parent[n]
        return tuple(reversed(out))

    def __len__(self) -> int:
        return len(self.as_tuple())

    def __getitem__(self, i):  # type: ignore[override]
        return self.as_tuple()[i]

    def __iter__(self) -> Iterator[int]:
        return iter(self.as_tuple())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, NodePath):
            return self.as_tuple() == other.as_tuple()
        if isinstance(other, tuple):
            return self.as_tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        return repr(self.as_tuple())


@dataclass(frozen=True)
class Event:
    """One step of a search. Values and windows are always from MAX's point of view.

    The ``nm_*`` fields are set only by the negamax variant: the same quantities in the
    negamax view of the event's node (scores for the side to move there).
    """

    kind: str
    node: int
    path: Sequence[int]  # a tuple or a NodePath (compares equal to the tuple)
    alpha: float
    beta: float
    value: int | None = None
    child: int | None = None
    best: int | None = None  # the node's best value so far (after UPDATE, at EXIT), or None
    skipped: tuple[int, ...] = ()
    nm_alpha: float | None = None
    nm_beta: float | None = None
    nm_value: int | None = None
    nm_best: int | None = None
    tag: str | None = None  # NULL_WINDOW / RE_SEARCH on ENTER, EXACT / LOWER / UPPER on TABLE


@dataclass
class Snapshot:
    """The state of every node after the first ``step`` events (per-node lists)."""

    step: int
    status: list[str]
    value: list[int | None]  # returned value (DONE) or best-so-far (ACTIVE), else None
    alpha: list[float | None]
    beta: list[float | None]
    current: int | None  # node of the last event applied, None at step 0
    event: Event | None  # the last event applied
    leaves_evaluated: int
    nodes_visited: int
    path: list[int] = field(default_factory=list)  # root..current while searching


@dataclass
class SearchRun:
    tree: GameTree
    events: list[Event]
    value: int
    leaves_evaluated: int
    nodes_visited: int
    algorithm: str = "alphabeta"
    variant: str = "statement"
    # For a search over a game position: the game state at each node id (None for explicit
    # trees). Pages draw the board of the node a person selects from it.
    states: list | None = None
    # Counts beyond leaves and nodes, for the searches after alpha-beta (engine.pvs, mtdf,
    # deepening): "null_windows", "re_searches", "table_hits" (absent = none of them).
    counts: dict[str, int] = field(default_factory=dict)


# ---- replay ------------------------------------------------------------------------------
class Replayer:
    """Snapshots of one run at any step k, without re-applying the events each time.

    Instead of checkpoints, the constructor indexes the trace once (O(events + nodes)):
    for every node the step it was entered, returned or pruned, its returned value and final
    window, and the timeline of its best-so-far and window while it is active. A snapshot
    at step k then costs O(nodes) simple comparisons plus a binary search per node on the
    current path, whatever k is, and stepping backwards costs the same as forwards.

    A node entered again (PVS re-searches a child after its null window failed high) keeps
    every visit: between two visits it shows the result of the first; during the second it
    is active again.
    """

    def __init__(self, run: SearchRun):
        self.run = run
        tree = run.tree
        events = run.events
        n = len(tree)
        never = len(events) + 1
        self._enter = enter = [never] * n
        self._done = done = [never] * n
        self._pruned = pruned = [never] * n
        self._value: list[int | None] = [None] * n
        self._alpha: list[float | None] = [None] * n
        self._beta: list[float | None] = [None] * n
        # node -> (steps, [(best, alpha, beta)]) while active
        self._steps: dict[int, list[int]] = {}
        self._states: dict[int, list[tuple[int | None, float, float]]] = {}
        # nodes entered more than once -> [enter, done, value, alpha, beta] per visit
        self._visits_of: dict[int, list[list]] = {}
        self._leaves = leaves = [0] * (len(events) + 1)
        self._visits = visits = [0] * (len(events) + 1)
        nl = nv = 0
        for i, e in enumerate(events):
            step = i + 1
            v = e.node
            kind = e.kind
            if kind == ENTER:
                nv += 1
                if enter[v] != never:  # searched again (a PVS re-search): keep every visit
                    self._steps[v].append(step)
                    self._states[v].append((None, e.alpha, e.beta))
                    visits_of = self._visits_of.setdefault(
                        v, [[enter[v], done[v], self._value[v], self._alpha[v], self._beta[v]]]
                    )
                    visits_of.append([step, never, None, None, None])
                    done[v] = never
                else:
                    self._steps[v] = [step]
                    self._states[v] = [(None, e.alpha, e.beta)]
                enter[v] = step
            elif kind == LEAF or kind == EXIT:
                if kind == LEAF:
                    nl += 1
                done[v] = step
                self._value[v] = e.value
                self._alpha[v] = e.alpha
                self._beta[v] = e.beta
                if v in self._visits_of:
                    self._visits_of[v][-1][1:] = [step, e.value, e.alpha, e.beta]
            else:  # UPDATE, CUT, TABLE
                self._steps[v].append(step)
                self._states[v].append((e.best, e.alpha, e.beta))
                for s in e.skipped:
                    for x in tree.preorder(s):
                        if pruned[x] == never:  # a re-search may skip it again: the first
                            pruned[x] = step
            leaves[step] = nl
            visits[step] = nv

    def __len__(self) -> int:
        return len(self.run.events)

    def snapshot(self, k: int) -> Snapshot:
        """The state of every node after the first ``k`` events (k is clamped to the run)."""
        events = self.run.events
        k = max(0, min(int(k), len(events)))
        status = [
            DONE if d <= k else ACTIVE if en <= k else PRUNED if p <= k else UNSEEN
            for en, d, p in zip(self._enter, self._done, self._pruned, strict=True)
        ]
        done = self._done
        value = [x if d <= k else None for x, d in zip(self._value, done, strict=True)]
        alpha = [x if d <= k else None for x, d in zip(self._alpha, done, strict=True)]
        beta = [x if d <= k else None for x, d in zip(self._beta, done, strict=True)]
        for v, visits in self._visits_of.items():  # a node searched again: its visit at k
            seen = [vis for vis in visits if vis[0] <= k]
            if not seen:
                status[v] = PRUNED if self._pruned[v] <= k else UNSEEN
                value[v] = alpha[v] = beta[v] = None
                continue
            en, d, x, a, b = seen[-1]
            if d <= k:
                status[v], value[v], alpha[v], beta[v] = DONE, x, a, b
            else:  # active: the path below reads its timeline
                status[v] = ACTIVE
                value[v] = alpha[v] = beta[v] = None
        current: int | None = None
        event: Event | None = None
        path: list[int] = []
        if k:
            event = events[k - 1]
            current = event.node
            parent = self.run.tree.parent
            v = current
            while v >= 0:
                path.append(v)
                v = parent[v]
            path.reverse()
            for v in path:
                if status[v] == ACTIVE:
                    j = bisect_right(self._steps[v], k) - 1
                    value[v], alpha[v], beta[v] = self._states[v][j]
        return Snapshot(
            step=k,
            status=status,
            value=value,
            alpha=alpha,
            beta=beta,
            current=current,
            event=event,
            leaves_evaluated=self._leaves[k],
            nodes_visited=self._visits[k],
            path=path,
        )

    def final_values(self) -> list[int | None]:
        """The value every node returned (None for nodes never searched)."""
        return list(self._value)


def replay(run: SearchRun, k: int) -> Snapshot:
    """The state of every node after the first ``k`` events, for one look at one run.

    A convenience: it indexes the whole trace each call (nothing is cached). A caller that
    shows many steps of a run keeps one :class:`Replayer` per run instead.
    """
    return Replayer(run).snapshot(k)
