"""The game protocol every search in the engine runs on.

A game is a small object; states are immutable and hashable. Scores are always from MAX's
point of view (MAX = the player to move at the root of a search / the first player).
Distance matters: a game scores a win at ply k as ``WIN - k`` (and a loss as ``-(WIN - k)``)
so that searches prefer fast wins and slow losses, as PROBLEMS.md asks.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

WIN = 1000  # a win at ply k scores WIN - k for the winner


class Game(Protocol):
    def is_max(self, state: Any) -> bool:
        """True when the side to move in ``state`` is MAX."""

    def moves(self, state: Any) -> Sequence[Hashable]:
        """Legal moves in a fixed, deterministic order ([] when the game is over)."""

    def play(self, state: Any, move: Hashable) -> Any:
        """The state after ``move``."""

    def terminal_value(self, state: Any, ply: int) -> int | None:
        """None while the game goes on; else the final score for MAX, ``ply`` plies from the root."""

    def frontier_value(self, state: Any, ply: int) -> int:
        """Score for MAX of a non-final state at a search's depth limit."""

    def move_label(self, state: Any, move: Hashable) -> str:
        """A short name for ``move`` played in ``state`` (e.g. ``b2-b3`` or ``up``)."""
