"""Board figures: the machinery that pawn chess (viz.pawn_board) and the chase
(viz.chase_board) share: clickable squares, pieces, move arrows, a caption, animation.

A board is one ``go.Scatter`` of square markers whose ``customdata`` is the square index
``r * cols + c`` (row 0 at the top), so ``st.plotly_chart(on_select=...)`` reports a click
with a single point (``go.Heatmap`` would not: streamlit issues 8760/8933). A heatmap is the
same squares coloured by value. Trace order is fixed:

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

from viz.animation import add_player, attach_frames, frame

LIGHT, DARK = "#f0d9b5", "#b58863"
LAST_LIGHT, LAST_DARK = "#f5e77a", "#d9c24a"
ARROW = "rgba(32, 120, 60, 0.85)"
INK = "#222222"
FONT = "Source Sans Pro, DejaVu Sans, Arial, sans-serif"
ANIMATED_TRACES = [1, 2, 3, 4]  # arrows, pieces, caption: small, so frames stay cheap
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
    bottom_units = 1.1 * big  # room for the caption line under the board
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
    attach_frames(fig, [frame(k, _traces(p, px)[1:5], ANIMATED_TRACES) for k, p in enumerate(pics)])
    fig.update_layout(height=fig.layout.height + 70, margin=dict(b=75))
    add_player(fig, range(len(pics)), active=start, frame_ms=frame_ms, prefix="ply ", slider_x=0.3)
    return fig


def base_fill(rows: int, cols: int, last: Sequence[int] = ()) -> list[int]:
    """BOARD_CODES index per square: light/dark, tinted on the last move's squares."""
    return [(sq // cols + sq % cols) % 2 + (2 if sq in last else 0) for sq in range(rows * cols)]
