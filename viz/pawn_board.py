"""Pawn chess boards: the pawns on their squares, the last move tinted, moves as arrows."""

from __future__ import annotations

from collections.abc import Sequence

from engine.games import pawn
from teach.i18n import _
from viz.board import BoardPicture, PieceStyle, base_fill

PAWN_STYLES = {
    "white": PieceStyle("pawn", "#fdfdfd", "#1b1b1b", 0.6),
    "black": PieceStyle("pawn", "#1b1b1b", "#f4f4f4", 0.6),
}


def pawn_files(pos: pawn.PawnPosition) -> list[str]:
    return [chr(ord("a") + c) for c in range(pos.cols)]


def pawn_ranks(pos: pawn.PawnPosition) -> list[str]:
    return [str(pos.rows - r) for r in range(pos.rows)]


def pawn_pieces(pos: pawn.PawnPosition) -> tuple[list[int], list[int]]:
    """The squares of the white pawns and of the black pawns (index r * cols + c)."""
    cells = pos.cells
    return (
        [s for s, ch in enumerate(cells) if ch == pawn.WHITE],
        [s for s, ch in enumerate(cells) if ch == pawn.BLACK],
    )


def pawn_picture(
    pos: pawn.PawnPosition,
    *,
    last: pawn.Move | None = None,
    arrows: Sequence[pawn.Move] = (),
    caption: str = "",
) -> BoardPicture:
    """Pawns on their squares; ``last`` move tinted, ``arrows`` drawn (e.g. the best move)."""
    cols = pos.cols
    idx = [r * cols + c for r in range(pos.rows) for c in range(cols)]
    names = {
        "P": _("{square}, white pawn"),
        "p": _("{square}, black pawn"),
        ".": _("{square}, empty"),
    }
    hover = [
        names[pos.cells[s]].format(square=pawn.square_name(pos, *divmod(s, cols))) for s in idx
    ]
    pieces = pawn_pieces(pos)
    tinted = ()
    if last is not None:
        tinted = (last.from_sq[0] * cols + last.from_sq[1], last.to_sq[0] * cols + last.to_sq[1])
    return BoardPicture(
        rows=pos.rows,
        cols=cols,
        fill=base_fill(pos.rows, cols, tinted),
        hover=hover,
        white=pieces[0],
        black=pieces[1],
        styles=PAWN_STYLES,
        arrows=[
            (m.from_sq[0] * cols + m.from_sq[1], m.to_sq[0] * cols + m.to_sq[1]) for m in arrows
        ],
        caption=caption,
    )


def pawn_squares(pos: pawn.PawnPosition) -> list[str]:
    """Each square's short name (``b2``), by index ``r * cols + c``."""
    return [pawn.square_name(pos, *divmod(s, pos.cols)) for s in range(pos.rows * pos.cols)]
