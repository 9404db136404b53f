"""The one game protocol: what every search and every play-against-the-engine session uses.

A game is a small object; states are immutable and hashable. Sides are names (pawn chess and
the chase call them ``"white"`` and ``"black"``) and alternate every ply. The game says who
is to move, which moves there are (in a fixed, deterministic order), what a move leads to,
and who has won once the game is decided. It never knows which side a search calls MAX:
:func:`engine.search.search_game` makes the side to move at its root MAX and scores a win
at ply k as ``WIN - k`` (a loss as ``-(WIN - k)``), so searches prefer fast wins and slow
losses, as PROBLEMS.md asks.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

WIN = 1000  # a win at ply k scores WIN - k for the winner
DRAW = "draw"  # Game.winner of a game decided without a winner (tic-tac-toe's full board)
EVAL_BOUND = 100  # an evaluation (Game.estimate) lies strictly between -EVAL_BOUND and it;
# a win's score (WIN - k, k at most WIN - EVAL_BOUND) lies beyond, so the two never mix


class Game(Protocol):
    def to_move(self, state: Any) -> str:
        """The side to move in ``state``."""

    def moves(self, state: Any) -> Sequence[Hashable]:
        """Legal moves in a fixed, deterministic order ([] once the game is decided)."""

    def play(self, state: Any, move: Hashable) -> Any:
        """The state after ``move``."""

    def winner(self, state: Any) -> str | None:
        """The terminal test with its result: the side that has won, :data:`DRAW` for a game
        decided without a winner, None while the game goes on."""

    def move_name(self, state: Any, move: Hashable) -> str:
        """A short name for ``move`` played in ``state`` (e.g. ``b2-b3`` or ``W up``)."""

    def frontier(self, state: Any) -> tuple[str | None, int]:
        """What the game knows of an undecided state where a search stops (its depth limit):
        ``(winner, plies to the end)`` under perfect play, or ``(None, 0)`` when it knows no
        winner (a draw, or nothing known)."""

    # Optional: ``estimate(state, side) -> int``, an evaluation of an undecided state at a
    # search's depth limit for ``side`` (the other side's is its negation), strictly between
    # -EVAL_BOUND and EVAL_BOUND; the explorer scores such a state with it when ``frontier``
    # knows no winner (engine.games.pawn_eval's for pawn chess). Without it the state scores 0.


def score(winner: str | None, plies: int, max_side: str) -> int:
    """MAX's score of a game won by ``winner`` after ``plies`` plies (0 when no winner, and
    for a draw)."""
    if winner is None or winner == DRAW:
        return 0
    return WIN - plies if winner == max_side else -(WIN - plies)


def to_node(v: float, ply: int) -> float:
    """A score (MAX's view, wins as ``WIN - ply``) seen from a node at ``ply``: the plies
    already played are taken out, so the value no longer depends on the path. An
    evaluation (``|v| < EVAL_BOUND``) does not depend on the path: unchanged."""
    if v >= EVAL_BOUND:
        return v + ply
    if v <= -EVAL_BOUND:
        return v - ply
    return v


def from_node(v: float, ply: int) -> float:
    """The inverse of :func:`to_node` for a node at ``ply``."""
    if v >= EVAL_BOUND:
        return v - ply
    if v <= -EVAL_BOUND:
        return v + ply
    return v
