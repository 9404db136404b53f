"""The spaces a search runs over: an explicit tree, or a game position explored as it goes.

Both give the one API the definitions of :mod:`engine.machine` use:

- ``is_max(n)``: whether MAX moves at node ``n``;
- ``leaf(n)``: the score of ``n`` (MAX's view) when the search stops there, else None;
- ``children(n, first=None)``: its children, ``first`` (a move) tried first when it is one;
- ``visit(n)``: both in one call, for a search that takes the children in their order: the
  leaf's score, or else (a tuple) its children;
- ``key(n)``, ``ply(n)``, ``move_to(n)``: what a table stores a node under (its state), the
  plies from the root (scores of wins depend on them), the move that leads to it;
- ``path_table()``, ``tree()``, ``states``: what a recorder and a run need.

:class:`Explorer` is the only place a game's tree grows and the only place a game state is
scored (a decided state ``WIN - ply`` for its winner, a state at the depth limit what
``game.frontier`` knows of it, or else the game's evaluation ``game.estimate`` when it has
one): every search over a game builds its tree here.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.errors import SearchError, SearchTooLarge
from engine.game import Game, score
from engine.trace import PathTable
from engine.tree import GameTree


def _no_value(n: int) -> SearchError:
    return SearchError("leaf {leaf} has no value", leaf=n + 1)


class TreeSpace:
    """An explicit tree (its nodes' MAX/MIN from the tree; a leaf's value as given).

    ``is_max``, ``leaf``, ``children`` and ``visit`` are closures over the tree's tuples, not
    methods: a search calls them once per node."""

    states = None

    def __init__(self, tree: GameTree):
        self._tree = tree
        kids, values, depth = tree.children, tree.values, tree.depth
        if tree.kinds is None:

            def is_max(n: int) -> bool:
                return depth[n] % 2 == 0

            self.is_max = is_max
        else:
            self.is_max = tree.is_max

        def leaf(n: int) -> Any:
            if kids[n]:
                return None
            v = values[n]
            if v is None:
                raise _no_value(n)
            return v

        def children(n: int, first: Hashable | None = None) -> tuple[int, ...]:
            return kids[n]

        def visit(n: int) -> Any:
            ks = kids[n]
            if ks:
                return ks
            v = values[n]
            if v is None:
                raise _no_value(n)
            return v

        self.leaf = leaf
        self.children = children
        self.visit = visit

    def key(self, n: int) -> Hashable:
        return n

    def ply(self, n: int) -> int:
        return 0

    def move_to(self, n: int) -> Hashable | None:
        return None

    def path_table(self) -> PathTable:
        return PathTable.of_tree(self._tree)

    def tree(self) -> GameTree:
        return self._tree


class Explorer:
    """The tree a search over ``game`` builds from ``root`` (its side to move is MAX): node 0
    is ``root``; :meth:`children` adds a node's moves as children (unexplored until searched,
    labelled with the move names); a decided state, or one ``depth`` plies deep (None: no
    limit), is a leaf. Raises :class:`SearchTooLarge` past ``max_nodes`` nodes."""

    def __init__(self, game: Game, root: Any, max_nodes: int, depth: int | None = None):
        self.game = game
        self.max_nodes = max_nodes
        self.depth = depth
        self.max_side = game.to_move(root)
        self.estimate = getattr(game, "estimate", None)  # optional (engine.game.Game)
        self.parent: list[int] = [-1]
        self.index: list[int] = [0]
        self.kids: list[tuple[int, ...]] = [()]
        self.values: list[Any] = [None]
        self.plies: list[int] = [0]
        self.labels: list[str] = ["root"]
        self.states: list[Any] = [root]
        self.moves_to: list[Any] = [None]  # the move that leads to each node

    def is_max(self, n: int) -> bool:
        return self.plies[n] % 2 == 0

    def leaf(self, n: int) -> int | None:
        s, ply, game, max_side = self.states[n], self.plies[n], self.game, self.max_side
        side = game.to_move(s)
        if (side == max_side) != (ply % 2 == 0):
            raise SearchError(
                "the game does not alternate: at ply {ply} the side to move is {side}",
                ply=ply,
                side="MAX" if side == max_side else "MIN",
            )
        who = game.winner(s)
        if who is not None:
            v = score(who, ply, max_side)
        elif self.depth is not None and ply >= self.depth:
            who, togo = game.frontier(s)
            est = self.estimate
            v = (
                est(s, max_side)
                if who is None and est is not None
                else score(who, ply + togo, max_side)
            )
        else:
            return None
        self.values[n] = v
        return v

    def moves(self, n: int) -> list[Hashable]:
        """The moves of an undecided node's state (SearchError when it has none)."""
        moves = list(self.game.moves(self.states[n]))
        if not moves:
            raise SearchError(
                "a state at ply {ply} has no moves but is not terminal", ply=self.plies[n]
            )
        return moves

    def expand(self, n: int, moves: list[Hashable]) -> tuple[int, ...]:
        """Add ``moves`` (in this order) as the children of ``n``."""
        parent = self.parent
        first, k = len(parent), len(moves)
        if first + k > self.max_nodes:
            raise SearchTooLarge(
                "the search would explore more than {most:,} nodes; "
                "lower the depth or start from a smaller position",
                most=self.max_nodes,
            )
        s, ply, game = self.states[n], self.plies[n] + 1, self.game
        index, kids, values, plies = self.index, self.kids, self.values, self.plies
        labels, states, moves_to = self.labels, self.states, self.moves_to
        for j, m in enumerate(moves):
            parent.append(n)
            index.append(j)
            kids.append(())
            values.append(None)
            plies.append(ply)
            labels.append(game.move_name(s, m))
            states.append(game.play(s, m))
            moves_to.append(m)
        out = kids[n] = tuple(range(first, first + k))
        return out

    def children(self, n: int, first: Hashable | None = None) -> tuple[int, ...]:
        moves = self.moves(n)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return self.expand(n, moves)

    def visit(self, n: int) -> Any:
        v = self.leaf(n)
        return self.expand(n, self.moves(n)) if v is None else v

    def key(self, n: int) -> Hashable:
        return self.states[n]

    def ply(self, n: int) -> int:
        return self.plies[n]

    def move_to(self, n: int) -> Hashable | None:
        return self.moves_to[n]

    def path_table(self) -> PathTable:
        return PathTable(self.parent, self.index)

    def tree(self) -> GameTree:
        return GameTree(
            parent=tuple(self.parent),
            children=tuple(self.kids),
            values=tuple(self.values),
            depth=tuple(self.plies),
            labels=tuple(self.labels),
        )
