"""Chase boards: the two pieces, moves as arrows, and the outcome heatmap of ChaseTable."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.games import chase
from engine.games.chase import move_target
from teach.i18n import _, ngettext
from viz.board import INK, LAST_LIGHT, BoardPicture, PieceStyle, base_fill

# Heatmap colours: black (the fast piece) wins = blue, white wins = orange; darker = sooner.
BLACK_WINS = ((21, 67, 140), (198, 219, 239))
WHITE_WINS = ((179, 71, 0), (253, 208, 162))
DRAW_GREY = "#d9d9d9"
NUMBERS_UP_TO = 20  # boards up to 20 x 20 print each square's plies; bigger: colours + hover
CHASE_STYLES = {
    "white": PieceStyle("circle", "#fdfdfd", "#1b1b1b", 0.66),
    "black": PieceStyle("diamond", "#1b1b1b", "#f4f4f4", 0.8),
}


def _mix(dark: tuple[int, int, int], pale: tuple[int, int, int], t: float) -> str:
    r, g, b = (round(d + (p - d) * t) for d, p in zip(dark, pale, strict=True))
    return f"rgb({r},{g},{b})"


def heat_colours(values: np.ndarray, longest: int) -> tuple[list[str], list[str]]:
    """Square colours and text colours for signed plies (+ black wins, - white wins, 0 none)."""
    fill, ink = [], []
    span = max(1, longest - 1)
    for v in values.reshape(-1).tolist():
        if v == 0:
            fill.append(DRAW_GREY)
            ink.append(INK)
            continue
        t = min(1.0, (abs(v) - 1) / span) ** 0.7
        fill.append(_mix(*(BLACK_WINS if v > 0 else WHITE_WINS), t))
        ink.append("white" if t < 0.45 else INK)
    return fill, ink


def heat_scale(longest: int, numbers: bool = True) -> str:
    """HTML: the heatmap's colour scale, from 1 ply (dark) to ``longest`` (pale) for each
    winner, and grey; without ``numbers`` on the squares, it says to point at a square."""
    stops = (0.0, 0.25, 0.5, 0.75, 1.0)

    def bar(colours: tuple) -> str:
        grad = ", ".join(_mix(*colours, t**0.7) for t in stops)
        return (
            "<span style='display:inline-block;width:7rem;height:.9rem;vertical-align:middle;"
            f"border:1px solid #999;border-radius:3px;background:linear-gradient(to right, {grad})'>"
            "</span>"
        )

    far = max(1, int(longest))
    black = ngettext(
        "<b>Black wins</b> in 1 {bar} {n} ply",
        "<b>Black wins</b> in 1 {bar} {n} plies",
        far,
        bar=bar(BLACK_WINS),
    )
    white = ngettext(
        "<b>White wins</b> in 1 {bar} {n} ply",
        "<b>White wins</b> in 1 {bar} {n} plies",
        far,
        bar=bar(WHITE_WINS),
    )
    no_win = _("no win")
    parts = [
        f"<span>{black}</span>",
        f"<span>{white}</span>",
        "<span><span style='display:inline-block;width:.9rem;height:.9rem;vertical-align:"
        f"middle;border:1px solid #999;background:{DRAW_GREY}'></span> {no_win}</span>",
    ]
    if not numbers:
        point = _("Point at a square for its number of plies.")
        parts.append(f"<span>{point}</span>")
    return (
        "<div class='gtl-heat-scale' style='display:flex;flex-wrap:wrap;gap:.35rem 1.2rem;"
        f"align-items:center;font-size:.95rem;color:#31333f'>{''.join(parts)}</div>"
    )


def chase_pieces(pos: chase.ChasePosition) -> tuple[list[int], list[int]]:
    """The square of the white piece and of the black one (none for a piece captured)."""
    n = pos.n
    white = [] if pos.captured and pos.white_to_move else [pos.white[0] * n + pos.white[1]]
    black = [] if pos.captured and not pos.white_to_move else [pos.black[0] * n + pos.black[1]]
    return white, black


def chase_picture(
    pos: chase.ChasePosition,
    *,
    heat: np.ndarray | None = None,
    heat_piece: str = "black",
    longest: int = 1,
    last: tuple[tuple[int, int], tuple[int, int]] | None = None,
    arrows: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
    caption: str = "",
) -> BoardPicture:
    """The two pieces; with ``heat`` (an n x n signed array from ChaseTable.heatmap) every
    square is coloured by the outcome with ``heat_piece`` standing there; ``last`` move
    tinted, ``arrows`` drawn."""
    n = pos.n
    sq = lambda rc: rc[0] * n + rc[1]  # noqa: E731
    tinted = () if last is None else (sq(last[0]), sq(last[1]))
    text: list[str] = []
    ink: list[str] = []
    hatch: list[int] = []
    hover = [chase_square_name(s, n) for s in range(n * n)]
    w = sq(pos.white)
    hover[w] = _("{square}, white piece (slow, 1 step)", square=hover[w])
    if pos.black != pos.white:
        b = sq(pos.black)
        hover[b] = _("{square}, black piece (fast, 1 or 2 steps)", square=hover[b])
    if heat is not None:
        fill, ink = heat_colours(heat, longest)
        for s, v in enumerate(heat.reshape(-1).tolist()):
            if v == 0:
                continue
            hover[s] = _heat_words(hover[s], heat_piece == "white", v < 0, abs(v))
            if v < 0:
                hatch.append(s)
        if n <= NUMBERS_UP_TO:
            text = ["" if v == 0 else str(abs(v)) for v in heat.reshape(-1).tolist()]
        for s in tinted:
            fill[s] = LAST_LIGHT
            ink[s] = INK
    else:
        fill = base_fill(n, n, tinted)
    white, black = chase_pieces(pos)
    return BoardPicture(
        rows=n,
        cols=n,
        fill=fill,
        hover=hover,
        white=white,
        black=black,
        styles=CHASE_STYLES,
        text=text,
        text_color=ink,
        arrows=[(sq(a), sq(b)) for a, b in arrows],
        caption=caption,
        hatch=hatch,
    )


def chase_square_name(square: int, n: int) -> str:
    """``row 2, col 3`` (1-based, as in the judge's input) of square index ``r * n + c``."""
    return _("row {row}, col {col}", row=square // n + 1, col=square % n + 1)


def _heat_words(name: str, white_here: bool, white_wins: bool, plies: int) -> str:
    """A heatmap square's name: ``name; black here: white wins in 3 plies``."""
    if white_here and white_wins:
        return ngettext(
            "{name}; white here: white wins in {n} ply",
            "{name}; white here: white wins in {n} plies",
            plies,
            name=name,
        )
    if white_here:
        return ngettext(
            "{name}; white here: black wins in {n} ply",
            "{name}; white here: black wins in {n} plies",
            plies,
            name=name,
        )
    if white_wins:
        return ngettext(
            "{name}; black here: white wins in {n} ply",
            "{name}; black here: white wins in {n} plies",
            plies,
            name=name,
        )
    return ngettext(
        "{name}; black here: black wins in {n} ply",
        "{name}; black here: black wins in {n} plies",
        plies,
        name=name,
    )


def chase_labels(n: int) -> tuple[list[str], list[str]]:
    """Column and row numbers (1-based, as in the judge input); every 5th on big boards."""
    step = 1 if n <= 12 else 5
    nums = [str(i + 1) if (i + 1) % step == 0 or i == 0 else "" for i in range(n)]
    return nums, nums


def chase_move_squares(
    pos: chase.ChasePosition, move: chase.Move
) -> tuple[tuple[int, int], tuple[int, int]]:
    """(from, to) squares of the moving piece (the landing square from engine.play)."""
    to = move_target(pos, move)
    return (to[0] - move[0], to[1] - move[1]), to
