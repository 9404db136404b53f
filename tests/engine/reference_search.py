"""Test support: minimax and the four alpha-beta variants as the textbooks write them, the
reference ``engine.search`` is checked against event by event.

Each algorithm is a plain recursive function that reads like its pseudocode (MAX and MIN
written out, or one negamax rule for both) and records the events the engine promises (see
``engine.search``'s docstring): ENTER with the window passed down; a leaf's LEAF; after each
child an UPDATE with the node's best and window; a CUT naming the children left when the
window closes; an EXIT with what the node returns. Values and windows are MAX's; negamax also
records its own view in the ``nm_*`` fields. Paths are built on the way down as tuples.

A game position is searched over a tree built as the search goes, the way the engine
promises it: a node's children get the next free ids, in move order, when the node is
reached; a decided state scores ``WIN - ply`` for its winner, a state at the depth limit
what ``game.frontier`` says. Python's own stack is fine for the small trees the tests use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.game import WIN
from engine.trace import CUT, ENTER, EXIT, INF, LEAF, UPDATE, Event


class TooLarge(Exception):
    """The explored tree would hold more than ``max_nodes`` nodes."""


@dataclass
class Run:
    value: int
    events: list[Event]
    leaves: int  # counted as the search evaluates them, not from the events
    nodes: int
    parent: tuple[int, ...]
    children: tuple[tuple[int, ...], ...]
    values: tuple[int | None, ...]
    depth: tuple[int, ...]
    labels: tuple[str, ...]
    states: list | None = None


@dataclass
class ExplicitTree:
    """The nodes of a given tree (``engine.tree.GameTree``)."""

    tree: Any

    def open(self, node: int) -> tuple[int, ...] | int:
        """A leaf's value, or an inner node's children."""
        return self.tree.children[node] or self.tree.values[node]


@dataclass
class Explored:
    """The tree a game search builds: one record per node, children added when reached."""

    game: Any
    depth_limit: int | None
    max_nodes: int
    nodes: list[dict] = field(default_factory=list)
    max_side: Any = None

    def start(self, state: Any) -> None:
        self.max_side = self.game.to_move(state)
        self.nodes.append(dict(parent=-1, ply=0, label="root", state=state, kids=(), value=None))

    def open(self, node: int) -> tuple[int, ...] | int:
        rec = self.nodes[node]
        state, ply = rec["state"], rec["ply"]
        who = self.game.winner(state)
        if who is None and self.depth_limit is not None and ply >= self.depth_limit:
            who, togo = self.game.frontier(state)
            ply += togo
            if who is None:
                rec["value"] = 0
                return 0
        if who is not None:
            rec["value"] = WIN - ply if who == self.max_side else ply - WIN
            return rec["value"]
        moves = list(self.game.moves(state))
        if len(self.nodes) + len(moves) > self.max_nodes:
            raise TooLarge
        first = len(self.nodes)
        for m in moves:
            self.nodes.append(
                dict(
                    parent=node,
                    ply=rec["ply"] + 1,
                    label=self.game.move_name(state, m),
                    state=self.game.play(state, m),
                    kids=(),
                    value=None,
                )
            )
        rec["kids"] = tuple(range(first, len(self.nodes)))
        return rec["kids"]


class Searcher:
    def __init__(self, source, variant: str):
        self.source = source
        self.variant = variant
        self.events: list[Event] = []
        self.leaves = self.nodes = 0

    def visit(self, node: int) -> tuple[int, ...] | int:
        self.nodes += 1
        got = self.source.open(node)
        if not isinstance(got, tuple):
            self.leaves += 1
        return got

    def record(self, kind, node, path, alpha, beta, value=None, child=None, best=None, rest=()):
        self.events.append(Event(kind, node, path, alpha, beta, value, child, best, tuple(rest)))

    # ---- minimax: every node, no window ---------------------------------------------------
    def minimax(self, node: int, path: tuple, is_max: bool) -> int:
        got = self.visit(node)
        self.record(ENTER, node, path, -INF, INF)
        if not isinstance(got, tuple):
            self.record(LEAF, node, path, -INF, INF, value=got)
            return got
        best = None
        for i, child in enumerate(got):
            v = self.minimax(child, path + (i,), not is_max)
            if best is None or (v > best if is_max else v < best):
                best = v
            self.record(UPDATE, node, path, -INF, INF, value=v, child=child, best=best)
        self.record(EXIT, node, path, -INF, INF, value=best, best=best)
        return best

    # ---- alpha-beta as PROBLEMS.md states it (statement, fail-hard, strict) ---------------
    def alphabeta(self, node: int, path: tuple, alpha: float, beta: float, is_max: bool):
        got = self.visit(node)
        self.record(ENTER, node, path, alpha, beta)
        if not isinstance(got, tuple):
            self.record(LEAF, node, path, alpha, beta, value=got)
            return got
        best = -INF if is_max else INF
        for i, child in enumerate(got):
            v = self.alphabeta(child, path + (i,), alpha, beta, not is_max)
            if is_max:  # best = max(best, value), then alpha = max(alpha, best)
                best = max(best, v)
                alpha = max(alpha, best)
            else:  # best = min(best, value), then beta = min(beta, best)
                best = min(best, v)
                beta = min(beta, best)
            self.record(UPDATE, node, path, alpha, beta, value=v, child=child, best=best)
            closed = alpha > beta if self.variant == "strict" else alpha >= beta
            if closed:  # skip the remaining children
                if got[i + 1 :]:
                    self.record(CUT, node, path, alpha, beta, best=best, rest=got[i + 1 :])
                break
        returned = best
        if self.variant == "fail-hard":  # return alpha at MAX, beta at MIN, bounded by the other
            returned = min(alpha, beta) if is_max else max(alpha, beta)
        self.record(EXIT, node, path, alpha, beta, value=returned, best=best)
        return returned

    # ---- negamax: one rule, every node maximises its own score ----------------------------
    def negamax(self, node: int, path: tuple, alpha: float, beta: float, colour: int, prune: bool):
        """``colour`` is +1 at MAX nodes, -1 at MIN nodes; ``alpha``/``beta`` and the value
        returned are the node's own view (its mover's score)."""

        def say(kind, value=None, child=None, best=None, rest=()):
            def maxs(x):  # the same quantity in MAX's view
                return None if x is None else colour * x

            lo, hi = (alpha, beta) if colour == 1 else (-beta, -alpha)
            mine = (alpha, beta, value, best)
            self.events.append(
                Event(kind, node, path, lo, hi, maxs(value), child, maxs(best), tuple(rest), *mine)
            )

        got = self.visit(node)
        say(ENTER)
        if not isinstance(got, tuple):
            say(LEAF, value=colour * got)
            return colour * got
        best = -INF
        for i, child in enumerate(got):
            v = -self.negamax(child, path + (i,), -beta, -alpha, -colour, prune)
            best = max(best, v)
            if prune:
                alpha = max(alpha, best)
            say(UPDATE, value=v, child=child, best=best)
            if prune and alpha >= beta:
                if got[i + 1 :]:
                    say(CUT, best=best, rest=got[i + 1 :])
                break
        say(EXIT, value=best, best=best)
        return best

    def run(self, algorithm: str) -> int:
        if self.variant == "negamax":
            return self.negamax(0, (), -INF, INF, 1, algorithm == "alphabeta")
        if algorithm == "minimax":
            return self.minimax(0, (), True)
        return self.alphabeta(0, (), -INF, INF, True)


def search_tree(tree, algorithm: str = "alphabeta", variant: str = "statement") -> Run:
    """Search an explicit tree (root MAX, levels alternating)."""
    s = Searcher(ExplicitTree(tree), variant)
    value = s.run(algorithm)
    shape = (tree.parent, tree.children, tree.values, tree.depth, tree.labels)
    return Run(value, s.events, s.leaves, s.nodes, *shape)


def search_game(
    game,
    state,
    depth: int | None = None,
    algorithm: str = "alphabeta",
    variant: str = "statement",
    max_nodes: int = 200_000,
) -> Run:
    """Search a game position (its side to move is MAX); raises TooLarge past ``max_nodes``."""
    explored = Explored(game, depth, max_nodes)
    explored.start(state)
    s = Searcher(explored, variant)
    value = s.run(algorithm)
    nodes = explored.nodes
    return Run(
        value,
        s.events,
        s.leaves,
        s.nodes,
        parent=tuple(r["parent"] for r in nodes),
        children=tuple(r["kids"] for r in nodes),
        values=tuple(r["value"] for r in nodes),
        depth=tuple(r["ply"] for r in nodes),
        labels=tuple(r["label"] for r in nodes),
        states=[r["state"] for r in nodes],
    )
