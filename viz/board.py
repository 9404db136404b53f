"""Board figures for pawn chess and the chase: clickable squares, pieces, moves, heatmaps.

A board is one ``go.Scatter`` of square markers whose ``customdata`` is the square index
``r * cols + c`` (row 0 at the top), so ``st.plotly_chart(on_select=...)`` reports a click
with a single point (``go.Heatmap`` would not: streamlit issues 8760/8933). A heatmap is the
same squares coloured by value. Trace order is fixed (the animation restyles traces 0-5):

0 squares, 1 move arrows, 2 white pieces, 3 black pieces, 4 caption, 5 selection ring.
Animation frames restyle traces 1-4 only (the squares stay as drawn in the first picture).

Every figure is built from a :class:`BoardPicture` (plain data), so the best line can be
animated in the browser as plotly frames: one picture per ply, the move shown as an arrow.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import plotly.graph_objects as go

from engine.games import chase, pawn

LIGHT, DARK = "#f0d9b5", "#b58863"
LAST_LIGHT, LAST_DARK = "#f5e77a", "#d9c24a"
ARROW = "rgba(32, 120, 60, 0.85)"
INK = "#222222"
FONT = "Source Sans Pro, DejaVu Sans, Arial, sans-serif"
CONFIG = {"displayModeBar": False, "scrollZoom": False, "doubleClick": False}
ANIMATED_TRACES = [1, 2, 3, 4]  # arrows, pieces, caption: small, so frames stay cheap
# Heatmap colours: black (the fast piece) wins = blue, white wins = orange; darker = sooner.
BLACK_WINS = ((21, 67, 140), (198, 219, 239))
WHITE_WINS = ((179, 71, 0), (253, 208, 162))
DRAW_GREY = "#d9d9d9"
# Plain board squares as numbers 0-3 through a discrete colour scale.
BOARD_CODES = (LIGHT, DARK, LAST_LIGHT, LAST_DARK)
BOARD_SCALE = [
    [bound, colour]
    for i, colour in enumerate(BOARD_CODES)
    for bound in (i / len(BOARD_CODES), (i + 1) / len(BOARD_CODES))
]


@dataclass
class PieceStyle:
    symbol: str
    fill: str
    line: str
    scale: float  # of the square


PAWN_STYLES = {
    "white": PieceStyle("circle", "#fdfdfd", "#1b1b1b", 0.58),
    "black": PieceStyle("circle", "#1b1b1b", "#f4f4f4", 0.58),
}
CHASE_STYLES = {
    "white": PieceStyle("circle", "#fdfdfd", "#1b1b1b", 0.66),
    "black": PieceStyle("diamond", "#1b1b1b", "#f4f4f4", 0.72),
}


@dataclass
class BoardPicture:
    """Everything drawn on one board. Squares are indices ``r * cols + c``."""

    rows: int
    cols: int
    fill: list[str] | list[int]  # colours, or BOARD_CODES indices (fast to validate and send)
    hover: list[str]
    white: list[int]
    black: list[int]
    styles: dict[str, PieceStyle]
    text: list[str] = field(default_factory=list)  # per square (heatmap numbers), or []
    arrows: list[tuple[int, int]] = field(default_factory=list)  # (from, to) squares
    caption: str = ""
    selected: int | None = None
    text_color: list[str] = field(default_factory=list)


def square_of(point: dict) -> int | None:
    """The square index of one selected point from ``st.plotly_chart(on_select=...)``."""
    cd = point.get("customdata")
    if isinstance(cd, list | tuple):
        cd = cd[0] if cd else None
    try:
        return None if cd is None else int(cd)
    except (TypeError, ValueError):
        return None


def _xy(pic: BoardPicture, sq: int) -> tuple[int, int]:
    r, c = divmod(sq, pic.cols)
    return c, pic.rows - 1 - r


def _cell_px(pic: BoardPicture, px: int) -> float:
    return px / max(pic.rows, pic.cols)


def _square_marker(pic: BoardPicture, cell: float) -> dict:
    marker: dict = dict(symbol="square", size=cell * 0.985, line=dict(width=0))
    if pic.fill and isinstance(pic.fill[0], int):
        marker.update(
            color=np.asarray(pic.fill, dtype=np.float32) + 0.5,
            colorscale=BOARD_SCALE,
            cmin=0,
            cmax=len(BOARD_CODES),
            showscale=False,
        )
    else:
        marker["color"] = pic.fill
    return marker


def _traces(pic: BoardPicture, px: int) -> list[go.Scatter]:
    cell = _cell_px(pic, px)
    n = pic.rows * pic.cols
    xs = np.array([sq % pic.cols for sq in range(n)], dtype=np.float32)
    ys = np.array([pic.rows - 1 - sq // pic.cols for sq in range(n)], dtype=np.float32)
    font_px = max(7, min(22, int(cell * 0.36)))
    squares = go.Scatter(
        x=xs,
        y=ys,
        mode="markers+text" if pic.text else "markers",
        marker=_square_marker(pic, cell),
        text=pic.text or None,
        textfont=dict(size=font_px, color=pic.text_color or INK, family=FONT),
        customdata=np.arange(n),
        hovertext=pic.hover,
        hoverinfo="text",
        selected=dict(marker=dict(opacity=1)),
        unselected=dict(marker=dict(opacity=1)),
        showlegend=False,
        name="squares",
        _validate=False,  # colour validation of hundreds of squares costs ~0.2 s per trace
    )
    ax: list[float | None] = []
    ay: list[float | None] = []
    sizes: list[float] = []
    for a, b in pic.arrows:
        (x0, y0), (x1, y1) = _xy(pic, a), _xy(pic, b)
        # stop short of the centres so the pieces stay visible
        dx, dy = x1 - x0, y1 - y0
        ax += [x0 + 0.3 * dx, x1 - 0.12 * dx, None]
        ay += [y0 + 0.3 * dy, y1 - 0.12 * dy, None]
        sizes += [0, cell * 0.42, 0]
    arrows = go.Scatter(
        x=ax or [None],
        y=ay or [None],
        mode="lines+markers",
        line=dict(color=ARROW, width=max(3, cell * 0.09)),
        marker=dict(symbol="arrow", angleref="previous", size=sizes or [0], color=ARROW),
        hoverinfo="skip",
        showlegend=False,
        name="moves",
        _validate=False,
    )
    pieces = []
    for side, squares_of in (("white", pic.white), ("black", pic.black)):
        st = pic.styles[side]
        px_ = [_xy(pic, s) for s in squares_of]
        pieces.append(
            go.Scatter(
                x=[p[0] for p in px_] or [None],
                y=[p[1] for p in px_] or [None],
                mode="markers",
                marker=dict(
                    symbol=st.symbol,
                    size=cell * st.scale,
                    color=st.fill,
                    line=dict(color=st.line, width=max(1.5, cell * 0.04)),
                ),
                customdata=list(squares_of) or [None],
                hovertext=[pic.hover[s] for s in squares_of] or None,
                hoverinfo="text",
                selected=dict(marker=dict(opacity=1)),
                unselected=dict(marker=dict(opacity=1)),
                showlegend=False,
                name=f"{side} pieces",
                _validate=False,
            )
        )
    caption = go.Scatter(
        x=[(pic.cols - 1) / 2],
        y=[-0.5 - 0.55 * max(1.0, max(pic.rows, pic.cols) / 8)],
        mode="text",
        text=[pic.caption],
        textfont=dict(size=17, color=INK, family=FONT),
        hoverinfo="skip",
        showlegend=False,
        name="caption",
        _validate=False,
    )
    sel = pic.selected
    ring = go.Scatter(
        x=[_xy(pic, sel)[0]] if sel is not None else [None],
        y=[_xy(pic, sel)[1]] if sel is not None else [None],
        mode="markers",
        marker=dict(symbol="square-open", size=cell * 0.93, color="#1f9d55", line=dict(width=4)),
        hoverinfo="skip",
        showlegend=False,
        name="selected",
        _validate=False,
    )
    return [squares, arrows, *pieces, caption, ring]


def _labels(pic: BoardPicture, files: Sequence[str], ranks: Sequence[str]) -> list[dict]:
    out = []
    for c, f in enumerate(files):
        out.append(dict(x=c, y=-0.62, text=f, showarrow=False, font=dict(size=14, color="#666")))
    for r, name in enumerate(ranks):
        out.append(
            dict(
                x=-0.68,
                y=pic.rows - 1 - r,
                text=name,
                showarrow=False,
                font=dict(size=14, color="#666"),
            )
        )
    return out


def board_figure(
    pic: BoardPicture,
    *,
    px: int = 440,
    files: Sequence[str] = (),
    ranks: Sequence[str] = (),
) -> go.Figure:
    """One board, ``px`` pixels a side (plus room for labels and the caption)."""
    fig = go.Figure(data=_traces(pic, px), _validate=False)
    cell = _cell_px(pic, px)
    big = max(1.0, max(pic.rows, pic.cols) / 8)
    bottom_units = 1.1 * big if pic.caption is not None else 0.6
    fig.update_layout(
        template="none",
        width=int(px + 0.5 * cell + 10),
        height=int(px * pic.rows / max(pic.rows, pic.cols) + bottom_units * cell + 10),
        margin=dict(l=5, r=5, t=5, b=5),
        paper_bgcolor="white",
        plot_bgcolor="white",
        showlegend=False,
        dragmode=False,
        clickmode="event+select",
        hovermode="closest",
        hoverlabel=dict(font=dict(size=15, family=FONT), bgcolor="white"),
        font=dict(family=FONT, color=INK),
        xaxis=dict(visible=False, fixedrange=True, range=[-1.0, pic.cols - 0.5]),
        yaxis=dict(
            visible=False,
            fixedrange=True,
            range=[-0.5 - bottom_units, pic.rows - 0.5],
            scaleanchor="x",
            scaleratio=1,
        ),
        annotations=_labels(pic, files, ranks),
    )
    return fig


def animated_figure(
    pics: Sequence[BoardPicture],
    *,
    px: int = 440,
    files: Sequence[str] = (),
    ranks: Sequence[str] = (),
    frame_ms: int = 700,
    start: int = 0,
) -> go.Figure:
    """The board at ``pics[start]`` (its squares) with plotly frames for every picture, a play button and a
    slider: plays in the browser without a server round trip."""
    start = max(0, min(start, len(pics) - 1))
    fig = board_figure(pics[start], px=px, files=files, ranks=ranks)
    frames = [
        go.Frame(name=str(k), data=_traces(p, px)[1:5], traces=ANIMATED_TRACES, _validate=False)
        for k, p in enumerate(pics)
    ]
    _attach_frames(fig, frames)
    anim = dict(frame=dict(duration=frame_ms, redraw=False), transition=dict(duration=0))
    fig.update_layout(
        height=fig.layout.height + 70,
        margin=dict(b=75),
        updatemenus=[
            dict(
                type="buttons",
                direction="left",
                x=0.0,
                y=0,
                xanchor="left",
                yanchor="top",
                pad=dict(t=8),
                showactive=False,
                buttons=[
                    dict(
                        label="▶ Play",
                        method="animate",
                        args=[None, dict(**anim, fromcurrent=True, mode="immediate")],
                    ),
                    dict(
                        label="Pause",
                        method="animate",
                        args=[[None], dict(frame=dict(duration=0, redraw=False), mode="immediate")],
                    ),
                ],
            )
        ],
        sliders=[
            dict(
                active=start,
                x=0.3,
                len=0.7,
                y=0,
                yanchor="top",
                pad=dict(t=0),
                currentvalue=dict(prefix="ply ", font=dict(size=13)),
                steps=[
                    dict(
                        label=str(k),
                        method="animate",
                        args=[[str(k)], dict(anim, mode="immediate")],
                    )
                    for k in range(len(pics))
                ],
            )
        ],
    )
    return fig


def _attach_frames(fig: go.Figure, frames: list[go.Frame]) -> None:
    """Give ``fig`` its frames without plotly copying and re-validating each one.

    ``Figure(frames=...)`` rebuilds every frame with full validation (about 2 ms a frame:
    most of a chase click's server time for a 56-ply best line); these frames are built
    from checked data with ``_validate=False``. Tests compare the JSON with the validated
    path, so a plotly that changes this private attribute fails loudly.
    """
    fig._frame_objs = tuple(frames)


# ---- pawn chess ------------------------------------------------------------------------
def _base_fill(rows: int, cols: int, last: Sequence[int] = ()) -> list[int]:
    """BOARD_CODES index per square: light/dark, tinted on the last move's squares."""
    return [(sq // cols + sq % cols) % 2 + (2 if sq in last else 0) for sq in range(rows * cols)]


def pawn_files(pos: pawn.PawnPosition) -> list[str]:
    return [chr(ord("a") + c) for c in range(pos.cols)]


def pawn_ranks(pos: pawn.PawnPosition) -> list[str]:
    return [str(pos.rows - r) for r in range(pos.rows)]


def pawn_picture(
    pos: pawn.PawnPosition,
    *,
    last: pawn.Move | None = None,
    arrows: Sequence[pawn.Move] = (),
    selected: tuple[int, int] | None = None,
    caption: str = "",
) -> BoardPicture:
    """Pawns on their squares; ``last`` move tinted, ``arrows`` drawn (e.g. the best move)."""
    cols = pos.cols
    idx = [r * cols + c for r in range(pos.rows) for c in range(cols)]
    names = {"P": "white pawn", "p": "black pawn", ".": "empty"}
    hover = [f"{pawn.square_name(pos, *divmod(s, cols))}: {names[pos.cells[s]]}" for s in idx]
    tinted = ()
    if last is not None:
        tinted = (last.from_sq[0] * cols + last.from_sq[1], last.to_sq[0] * cols + last.to_sq[1])
    return BoardPicture(
        rows=pos.rows,
        cols=cols,
        fill=_base_fill(pos.rows, cols, tinted),
        hover=hover,
        white=[s for s in idx if pos.cells[s] == pawn.WHITE],
        black=[s for s in idx if pos.cells[s] == pawn.BLACK],
        styles=PAWN_STYLES,
        arrows=[
            (m.from_sq[0] * cols + m.from_sq[1], m.to_sq[0] * cols + m.to_sq[1]) for m in arrows
        ],
        caption=caption,
        selected=None if selected is None else selected[0] * cols + selected[1],
    )


def pawn_figure(pos: pawn.PawnPosition, *, px: int = 420, **kw) -> go.Figure:
    return board_figure(
        pawn_picture(pos, **kw), px=px, files=pawn_files(pos), ranks=pawn_ranks(pos)
    )


# ---- the chase -------------------------------------------------------------------------
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


def chase_picture(
    pos: chase.ChasePosition,
    *,
    heat: np.ndarray | None = None,
    heat_piece: str = "black",
    longest: int = 1,
    last: tuple[tuple[int, int], tuple[int, int]] | None = None,
    arrows: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
    selected: tuple[int, int] | None = None,
    caption: str = "",
) -> BoardPicture:
    """The two pieces; with ``heat`` (an n x n signed array from ChaseTable.heatmap) every
    square is coloured by the outcome with ``heat_piece`` standing there."""
    n = pos.n
    sq = lambda rc: rc[0] * n + rc[1]  # noqa: E731
    tinted = () if last is None else (sq(last[0]), sq(last[1]))
    text: list[str] = []
    ink: list[str] = []
    hover = []
    if heat is not None:
        fill, ink = heat_colours(heat, longest)
        for s, v in enumerate(heat.reshape(-1).tolist()):
            r, c = divmod(s, n)
            where = f"row {r + 1}, col {c + 1}"
            if v == 0:
                hover.append(f"{where}: occupied" if s in (sq(pos.white), sq(pos.black)) else where)
            else:
                who = "BLACK" if v > 0 else "WHITE"
                hover.append(f"{where}: {heat_piece} here → {who} wins in {abs(v)}")
        if n <= 24:
            text = ["" if v == 0 else str(abs(v)) for v in heat.reshape(-1).tolist()]
        for s in tinted:
            fill[s] = LAST_LIGHT
            ink[s] = INK
    else:
        fill = _base_fill(n, n, tinted)
        hover = [f"row {s // n + 1}, col {s % n + 1}" for s in range(n * n)]
    hover[sq(pos.white)] = f"row {pos.white[0] + 1}, col {pos.white[1] + 1}: white (slow, 1 step)"
    if pos.black != pos.white:
        hover[sq(pos.black)] = (
            f"row {pos.black[0] + 1}, col {pos.black[1] + 1}: black (fast, 1 or 2 steps)"
        )
    black = [] if pos.captured and not pos.white_to_move else [sq(pos.black)]
    white = [] if pos.captured and pos.white_to_move else [sq(pos.white)]
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
        selected=None if selected is None else sq(selected),
    )


def chase_labels(n: int) -> tuple[list[str], list[str]]:
    """Column and row numbers (1-based, as in the judge input); every 5th on big boards."""
    step = 1 if n <= 12 else 5
    nums = [str(i + 1) if (i + 1) % step == 0 or i == 0 else "" for i in range(n)]
    return nums, nums


def chase_figure(pos: chase.ChasePosition, *, px: int = 480, **kw) -> go.Figure:
    files, ranks = chase_labels(pos.n)
    return board_figure(chase_picture(pos, **kw), px=px, files=files, ranks=ranks)


def chase_move_squares(
    pos: chase.ChasePosition, move: chase.Move
) -> tuple[tuple[int, int], tuple[int, int]]:
    """(from, to) squares of the moving piece."""
    r, c = pos.white if pos.white_to_move else pos.black
    return (r, c), (r + move[0], c + move[1])
