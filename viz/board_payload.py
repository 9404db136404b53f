"""The board component's payload (ui/common/board.py, game_tree_lab/board/index.js): a
:class:`viz.board.BoardPicture` as plain JSON data, with what the browser may do with it.

Python decides everything the browser shows or lets a person do: each square's colour, text
and accessible name (``"b2, white pawn; moves to b3 and c3"``), the pieces, the arrows, the
legal moves (from square -> target squares) and the sentence a screen reader is told. The
browser draws, keeps the picked piece and reports a move or a square.

A best line (mode ``line``, :func:`line_payload`) is a board with its positions as frames,
stepped in the browser with no server round trip: the first picture whole, and for every
picture what differs from the first (the squares whose colour, text or name changed) and its
pieces, arrows and caption (the ply in words).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict

from teach.i18n import _
from viz.board import BOARD_CODES, LAST_LIGHT, BoardPicture

MODES = ("still", "edit", "play", "line")


def words() -> dict[str, str]:
    """What the browser adds to a square's name when it picks its piece up, or the square
    is one of the picked piece's targets (the names themselves come from the pictures), and
    the note above a board that scrolls sideways in its box."""
    return {
        "picked": _("; picked up: choose a square it moves to"),
        "target": _("; a move for the piece picked up"),
        "scrolls": _("↔ The board scrolls sideways."),  # while it is wider than its box
    }


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def square_names(
    pic: BoardPicture, squares: Sequence[str], moves: Mapping[int, Sequence[int]]
) -> list[str]:
    """Each square's accessible name: the picture's words for it (``pic.hover``), the last
    move's squares said so, and a movable piece's targets (``squares`` are the short names)."""
    names = []
    for sq, base in enumerate(pic.hover):
        fill = pic.fill[sq]
        name = base
        if (isinstance(fill, int) and fill >= 2) or fill == LAST_LIGHT:
            name = _("{name}; last move", name=name)
        targets = moves.get(sq)
        if targets:
            name = _(
                "{name}; moves to {targets}",
                name=name,
                targets=and_list([squares[t] for t in targets]),
            )
        names.append(name)
    return names


def board_payload(
    pic: BoardPicture,
    *,
    files: Sequence[str],
    ranks: Sequence[str],
    squares: Sequence[str],
    label: str,
    mode: str = "still",
    moves: Mapping[int, Sequence[int]] | None = None,
    auto: int | None = None,
    px: int = 400,
    fold: int = 330,
    min_px: int = 280,
    ver: str = "",
    say: str = "",
    after: Mapping[str, tuple[Sequence[int], Sequence[int]]] | None = None,
) -> dict:
    """The component's data for ``pic``. ``mode``: ``still`` (no taps), ``edit`` (a tap
    reports its square) or ``play`` (``moves``: the person's legal moves, from square ->
    targets; ``auto``: the square picked from the start, the chase's one piece). ``px`` is
    the board's natural width, ``fold`` the page's height above it (the board fits under it
    on a short window, never under ``min_px``). ``ver`` names the position (a report made on
    another one is refused); ``say`` is announced to screen readers when it changes.
    ``after``: what each tap leads to, drawn by the browser at once, before the server's
    answer (a phone's rerun takes a few hundred ms): the pieces (white squares, black
    squares) after a tap of square ``"s"`` (mode ``edit``) or after the move ``"from-to"``
    (mode ``play``; the engine's reply comes with the rerun)."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
    moves = {int(f): [int(t) for t in ts] for f, ts in (moves or {}).items() if ts}
    n = pic.rows * pic.cols
    if len(pic.hover) != n or len(squares) != n:
        raise ValueError(f"a {pic.rows}x{pic.cols} board needs {n} square names")
    return {
        "rows": pic.rows,
        "cols": pic.cols,
        "files": list(files),
        "ranks": list(ranks),
        "fill": [BOARD_CODES[f] if isinstance(f, int) else f for f in pic.fill],
        "text": list(pic.text),
        "ink": list(pic.text_color),
        "hatch": list(pic.hatch),
        "names": square_names(pic, squares, moves),
        "white": list(pic.white),
        "black": list(pic.black),
        "styles": {side: asdict(style) for side, style in pic.styles.items()},
        "arrows": [[a, b] for a, b in pic.arrows],
        "caption": pic.caption,
        "label": label,
        "mode": mode,
        "moves": {str(f): ts for f, ts in moves.items()} if mode == "play" else {},
        "auto": auto if mode == "play" and auto in moves else None,
        "words": words(),
        "px": int(px),
        "fold": int(fold),
        "min": int(min_px),
        "ver": ver,
        "say": say,
        "after": {k: [list(w), list(b)] for k, (w, b) in (after or {}).items()},
    }


def line_words() -> dict[str, str]:
    """The best line's player (game_tree_lab/board/line.js): its controls' words."""
    return {
        "first": _("« start"),
        "back": _("‹ back"),
        "play": _("▶ play"),
        "pause": _("❚❚ pause"),
        "forward": _("forward ›"),
        "last": _("end »"),
        "first_name": _("Go to the start"),
        "back_name": _("One ply back"),
        "forward_name": _("One ply forward"),
        "last_name": _("Go to the end"),
        "slider": _("Ply of the best line"),
        "player": _("The best line, ply by ply"),
    }


PER_SQUARE = ("fill", "text", "ink", "names")  # sent as changes against the first picture


def ply_caption(k: int, names: Sequence[str]) -> str:
    """The ply shown in words: ``start: ply 0 of 12`` or ``ply 3 of 12: b2-b3``."""
    n = len(names)
    if k == 0:
        return _("start: ply 0 of {n}", n=n)
    return _("ply {k} of {n}: {move}", k=k, n=n, move=names[k - 1])


def _changes(now: Sequence, first: Sequence) -> dict[str, object]:
    """``{square: value}`` where ``now`` differs from ``first`` (a per-square list; an empty
    one, a board with no square texts, reads as ``""`` everywhere)."""
    n = max(len(now), len(first))
    a, b = list(now) + [""] * (n - len(now)), list(first) + [""] * (n - len(first))
    return {str(sq): v for sq, (v, w) in enumerate(zip(a, b, strict=True)) if v != w}


def line_payload(
    pics: Sequence[BoardPicture],
    *,
    frame_ms: int,
    start: int = 0,
    **kw,
) -> dict:
    """The best line's board: ``pics[0]`` drawn whole (mode ``line``, no taps) and one frame
    per picture, played ``frame_ms`` apart from ply ``start``; ``kw`` as
    :func:`board_payload`'s (its ``ver`` names the line: a new line starts at ``start``)."""
    if not pics:
        raise ValueError("a best line needs at least one picture (its start)")
    frames_full = [board_payload(p, mode="line", **kw) for p in pics]
    base = frames_full[0]
    frames = []
    for full in frames_full:
        frame: dict = {f: _changes(full[f], base[f]) for f in PER_SQUARE}
        frame.update(
            white=full["white"],
            black=full["black"],
            hatch=full["hatch"],
            arrows=full["arrows"],
            caption=full["caption"],
        )
        frames.append(frame)
    return {
        **base,
        "frames": frames,
        "step": max(0, min(int(start), len(pics) - 1)),
        "ms": int(frame_ms),
        "player": line_words(),
    }
