"""Board pictures: what pawn chess (viz.pawn_board) and the chase (viz.chase_board) share.

A :class:`BoardPicture` is plain data: every square's colour and words, the pieces, the
move arrows and a caption. The board component draws it (viz.board_payload turns it into
the component's payload; ui.common.board mounts it): the boards a person taps, a search
tree node's board, and the best line, one picture per position (stepped in the browser).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

LIGHT, DARK = "#f0d9b5", "#b58863"
LAST_LIGHT, LAST_DARK = "#f5e77a", "#d9c24a"
INK = "#222222"
BOARD_CODES = (LIGHT, DARK, LAST_LIGHT, LAST_DARK)  # plain squares as indices 0-3


@dataclass
class PieceStyle:
    symbol: str  # "pawn", "circle" or "diamond"
    fill: str
    line: str
    scale: float  # the piece's width, as a share of the square


@dataclass
class BoardPicture:
    """Everything drawn on one board. Squares are indices ``r * cols + c``."""

    rows: int
    cols: int
    fill: list[str] | list[int]  # colours, or BOARD_CODES indices
    hover: list[str]
    white: list[int]
    black: list[int]
    styles: dict[str, PieceStyle]
    text: list[str] = field(default_factory=list)  # per square (heatmap numbers), or []
    arrows: list[tuple[int, int]] = field(default_factory=list)  # (from, to) squares
    caption: str = ""
    text_color: list[str] = field(default_factory=list)
    hatch: list[int] = field(default_factory=list)  # squares striped too (not colour alone)


def base_fill(rows: int, cols: int, last: Sequence[int] = ()) -> list[int]:
    """BOARD_CODES index per square: light/dark, tinted on the last move's squares."""
    return [(sq // cols + sq % cols) % 2 + (2 if sq in last else 0) for sq in range(rows * cols)]
