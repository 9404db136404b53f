"""Search traces: what a search did, event by event, and the state of every node at step k.

A search (see ``engine.search``) returns a :class:`SearchRun`: the tree it ran on (for a game
position, the tree it explored, with pruned moves present as unexplored children) and the
list of :class:`Event` it recorded. Node ids are indices into ``run.tree``; every event also
carries the node's path from the root (a tuple of child indices).

:func:`replay` turns the first k events into a :class:`Snapshot`, which the step player, the
explanations and the practice questions all read.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .tree import GameTree

INF = math.inf

# Event kinds
ENTER = "enter"  # the search reaches a node; alpha/beta are the window passed down
LEAF = "leaf"  # a leaf (or a depth-frontier node) is evaluated; value = its score
UPDATE = "update"  # a child's value arrives at its parent; alpha/beta are the parent's
#                    window after the update, value = the child's value, child = its id
CUT = "cut"  # alpha >= beta at a node: skipped = ids of the children it never visits
EXIT = "exit"  # a node returns; value = the value it returns, alpha/beta its final window

# Node states in a snapshot
UNSEEN = "unseen"  # not yet reached
ACTIVE = "active"  # on the current path from the root (entered, not yet returned)
DONE = "done"  # returned, with a value
PRUNED = "pruned"  # skipped by a cut (the child named by CUT and its whole subtree)


@dataclass(frozen=True)
class Event:
    kind: str
    node: int
    path: tuple[int, ...]
    alpha: float
    beta: float
    value: int | None = None
    child: int | None = None
    best: int | None = None  # the node's best value so far (after UPDATE), or None
    skipped: tuple[int, ...] = ()


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
    # For a search over a game position: the game state at each node id (None for explicit
    # trees). Pages draw the board of the node a person selects from it.
    states: list | None = None
