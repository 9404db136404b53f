"""The exact answer for a position of any acyclic game (:class:`engine.game.Game`): who wins
under perfect play and in how many plies (the winner as fast as possible, the loser as
slowly as possible), and the same for every legal move.

Memoised minimax over the game's states (equal states are solved once), with an explicit
stack, so a long game does not reach Python's recursion limit. Each state's result is kept
for the side to move there, so it does not matter whether the players alternate (a game may
give a player another turn). Past ``max_nodes`` states it raises :class:`SearchTooLarge`,
never a partial answer. A game whose states repeat (the chase does: retrograde analysis in
engine.games.chase_solver) is not solved here: a state met again on its own path raises
:class:`SearchError`.

Inside, a result is one integer for the side to move, ordered as that side prefers: a win in
``p`` plies is ``_WIN - p``, a loss in ``p`` plies ``-(_WIN - p)``, a draw 0.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from engine.errors import SearchError, SearchTooLarge
from engine.game import DRAW, Game

MAX_NODES = 300_000  # states one solve may visit (a few seconds of OpenSpiel's games here)
_WIN = 1 << 40  # beyond any game's length in plies


@dataclass(frozen=True)
class Outcome:
    """A result for the side to move: ``value`` +1 (wins), 0 (draw), -1 (loses); ``plies``
    to the end under perfect play (0 at a decided state; None for a draw)."""

    value: int
    plies: int | None


def _outcome(r: int) -> Outcome:
    if r == 0:
        return Outcome(0, None)
    return Outcome(1, _WIN - r) if r > 0 else Outcome(-1, _WIN + r)


def _seen_from_parent(r: int, same_side: bool) -> int:
    """A child's result as the side that moved into it sees it, one ply further."""
    if not same_side:
        r = -r
    return r - 1 if r > 0 else r + 1 if r < 0 else 0


@dataclass(frozen=True)
class Solution:
    """A position solved: its outcome for the side to move, every legal move's outcome for
    that side (in the game's move order), and the moves with the best outcome."""

    to_move: str
    outcome: Outcome
    moves: tuple[tuple[Hashable, Outcome], ...]
    best: tuple[Hashable, ...]
    nodes: int  # states solved (the memo's size)


def _decided(game: Game, state: Any) -> int | None:
    who = game.winner(state)
    if who is None:
        return None
    if who == DRAW:
        return 0
    return _WIN if who == game.to_move(state) else -_WIN


def solve(game: Game, state: Any, max_nodes: int = MAX_NODES) -> Solution:
    """The exact :class:`Solution` of ``state`` (see the module's note)."""
    memo: dict[Hashable, int] = {}
    _solve_into(game, state, memo, max_nodes)
    side = game.to_move(state)
    if game.winner(state) is not None:
        return Solution(side, _outcome(memo[state]), (), (), len(memo))
    rows = []
    for m in game.moves(state):
        child = game.play(state, m)
        rows.append((m, _seen_from_parent(memo[child], game.to_move(child) == side)))
    top = max(r for _, r in rows)
    best = tuple(m for m, r in rows if r == top)
    moves = tuple((m, _outcome(r)) for m, r in rows)
    return Solution(side, _outcome(memo[state]), moves, best, len(memo))


def _solve_into(game: Game, root: Any, memo: dict[Hashable, int], max_nodes: int) -> None:
    """Fill ``memo`` with the result of ``root`` and of every state below it (iteratively:
    a frame is a state and, once expanded, its children)."""
    to_move, moves, play = game.to_move, game.moves, game.play
    on_path: set[Hashable] = set()  # the expanded states still open: the path from the root
    stack: list[list[Any]] = [[root, None]]
    while stack:
        frame = stack[-1]
        state, kids = frame
        if kids is None:
            if state in memo:
                stack.pop()
                continue
            r = _decided(game, state)
            if r is not None:
                memo[state] = r
                stack.pop()
                continue
            if len(memo) + len(stack) > max_nodes:
                raise SearchTooLarge(
                    "the position needs more than {most:,} states to solve exactly",
                    most=max_nodes,
                )
            ms = moves(state)
            if not ms:
                raise SearchError("a state with no moves is not decided")
            kids = frame[1] = [play(state, m) for m in ms]
            on_path.add(state)
            todo = [k for k in kids if k not in memo]
            for k in todo:
                if k in on_path:
                    raise SearchError("the game repeats a position: it cannot be solved this way")
            if todo:
                stack.extend([k, None] for k in todo)
                continue
        side = to_move(state)
        memo[state] = max(_seen_from_parent(memo[k], to_move(k) == side) for k in kids)
        on_path.discard(state)
        stack.pop()
