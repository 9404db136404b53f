"""Board figures: the machinery that pawn chess (viz.pawn_board) and the chase
(viz.chase_board) share: squares, pieces, move arrows, legal targets, a caption, animation.

Everything is drawn in data units (a square is 1 x 1), never in pixels, so a board stays
square and nothing is clipped however wide the page makes the figure: the squares are layout
shapes, the pieces, arrows, target dots and selection ring are filled polygons. The figure
has no margins, so its ``layout.width / layout.height`` is the board's aspect ratio
(ui.boards.board_lab gives the chart's container that ratio, and the figure fills it).

The boards a person taps are not these figures: they are the board component's
(viz.board_payload, ui.common.board), drawn from the same :class:`BoardPicture`. The figures
here are the boards of the best line (animated) and of a search-tree node. Trace 0 is one
``go.Scatter`` of transparent square markers, one per square (``customdata`` the square
index ``r * cols + c``, row 0 at the top), carrying each square's hover text and heatmap
number. Trace order is fixed:

0 squares, 1 white pieces, 2 black pieces, 3 move arrows, 4 caption, 5 selection ring,
6 legal targets. Animation frames restyle traces 1-4 only (the squares stay as drawn in the
first picture). A piece trace's ``meta`` lists the squares of its pieces.

Every figure is built from a :class:`BoardPicture` (plain data), so the best line can be
animated in the browser as plotly frames: one picture per ply, the move shown as an arrow.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import plotly.graph_objects as go

from viz.animation import add_player, attach_frames, frame

LIGHT, DARK = "#f0d9b5", "#b58863"
LAST_LIGHT, LAST_DARK = "#f5e77a", "#d9c24a"
ARROW = "rgba(22, 120, 60, 0.82)"
ARROW_EDGE = "rgba(255, 255, 255, 0.9)"
TARGET = "rgba(22, 130, 60, 0.55)"
RING = "#1f9d55"
INK = "#222222"
FONT = "Source Sans Pro, DejaVu Sans, Arial, sans-serif"
ANIMATED_TRACES = [1, 2, 3, 4]  # pieces, arrows, caption: small, so frames stay cheap
BOARD_CODES = (LIGHT, DARK, LAST_LIGHT, LAST_DARK)  # plain squares as indices 0-3
LABEL_PX, CAPTION_PX = 24, 30  # room for the rank/file labels and the caption line
SQUARE_DEFAULTS = dict(type="rect", layer="below", line_width=1)
PLAYER_PX = 78  # the play button and ply slider under an animated board


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
    selected: int | None = None
    text_color: list[str] = field(default_factory=list)
    targets: list[int] = field(default_factory=list)  # squares a picked piece can move to
    hatch: list[int] = field(default_factory=list)  # squares striped too (not colour alone)


def _xy(pic: BoardPicture, sq: int) -> tuple[float, float]:
    r, c = divmod(sq, pic.cols)
    return float(c), float(pic.rows - 1 - r)


def _cell_px(pic: BoardPicture, px: int) -> float:
    return px / max(pic.rows, pic.cols)


# ---- polygons in square units ----------------------------------------------------------
Path = tuple[list[float | None], list[float | None]]


def _join(paths: Sequence[Path]) -> Path:
    """Polygons into one trace's x and y, separated by None gaps (plotly fills each)."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    for x, y in paths:
        if xs:
            xs.append(None)
            ys.append(None)
        xs += x
        ys += y
    return xs, ys


def _circle(cx: float, cy: float, r: float, k: int = 28) -> Path:
    angles = [2 * math.pi * i / k for i in range(k + 1)]
    return [cx + r * math.cos(a) for a in angles], [cy + r * math.sin(a) for a in angles]


def _piece(style: PieceStyle, cx: float, cy: float) -> list[Path]:
    """The outline(s) of one piece centred on its square, inside it."""
    w = style.scale / 2
    if style.symbol == "diamond":
        return [([cx, cx + w, cx, cx - w, cx], [cy + w, cy, cy - w, cy, cy + w])]
    if style.symbol == "pawn":  # a head on a widening body on a base
        body = (
            [cx - 0.1 * w / 0.3, cx + 0.1 * w / 0.3, cx + 0.3 * w / 0.3, cx - 0.3 * w / 0.3],
            [cy + 0.04, cy + 0.04, cy - 0.3, cy - 0.3],
        )
        bx, by = body
        return [(bx + [bx[0]], by + [by[0]]), _circle(cx, cy + 0.16, 0.14 * w / 0.3)]
    return [_circle(cx, cy, w)]


def _arrow(x0: float, y0: float, x1: float, y1: float) -> Path:
    """A filled arrow from square centre (x0, y0) to square centre (x1, y1): it leaves the
    moving piece and points into the target square."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    px_, py_ = -uy, ux
    sx, sy = x0 + 0.12 * ux, y0 + 0.12 * uy
    tx, ty = x1 - 0.1 * ux, y1 - 0.1 * uy
    head = min(0.4, 0.5 * (length - 0.22))
    hx, hy = tx - head * ux, ty - head * uy
    shaft, wide = 0.075, 0.22
    pts = [
        (sx + px_ * shaft, sy + py_ * shaft),
        (hx + px_ * shaft, hy + py_ * shaft),
        (hx + px_ * wide, hy + py_ * wide),
        (tx, ty),
        (hx - px_ * wide, hy - py_ * wide),
        (hx - px_ * shaft, hy - py_ * shaft),
        (sx - px_ * shaft, sy - py_ * shaft),
    ]
    pts.append(pts[0])
    return [p[0] for p in pts], [p[1] for p in pts]


def _square(cx: float, cy: float, half: float) -> Path:
    return (
        [cx - half, cx + half, cx + half, cx - half, cx - half],
        [cy - half, cy - half, cy + half, cy + half, cy - half],
    )


def _polygons(paths: Sequence[Path], name: str, fill: str, line: str, width: float, **kw):
    x, y = _join(paths)
    return go.Scatter(
        x=x or [None],
        y=y or [None],
        mode="lines",
        fill="toself" if fill else "none",
        fillcolor=fill or None,
        line=dict(color=line, width=width),
        hoverinfo="skip",
        showlegend=False,
        name=name,
        _validate=False,
        **kw,
    )


# ---- the figure ------------------------------------------------------------------------
@dataclass(frozen=True)
class _Frame:
    """The data-unit box around the board: room for the labels and the caption."""

    left: float
    bottom: float
    caption: float

    def x_range(self, pic: BoardPicture) -> list[float]:
        return [-0.5 - self.left, pic.cols - 0.5 + 0.02]

    def y_range(self, pic: BoardPicture) -> list[float]:
        return [-0.5 - self.bottom - self.caption, pic.rows - 0.5 + 0.02]


def _frame_of(pic: BoardPicture, px: int, caption: bool) -> _Frame:
    cell = _cell_px(pic, px)
    return _Frame(LABEL_PX / cell, LABEL_PX / cell, CAPTION_PX / cell if caption else 0.0)


def _colours(pic: BoardPicture) -> list[str]:
    return [BOARD_CODES[f] if isinstance(f, int) else f for f in pic.fill]


def _squares_shapes(pic: BoardPicture) -> list[dict]:
    out = []
    for sq, colour in enumerate(_colours(pic)):
        x, y = _xy(pic, sq)
        # type and layer come from the figure's shape defaults (1,600 squares: bytes count);
        # a hairline of the square's own colour hides the seams between squares
        out.append(
            dict(
                x0=x - 0.5,
                x1=x + 0.5,
                y0=y - 0.5,
                y1=y + 0.5,
                fillcolor=colour,
                line={"color": colour},
            )
        )
    return out


def _traces(pic: BoardPicture, px: int, fr: _Frame) -> list[go.Scatter]:
    cell = _cell_px(pic, px)
    n = pic.rows * pic.cols
    xs = [float(sq % pic.cols) for sq in range(n)]
    ys = [float(pic.rows - 1 - sq // pic.cols) for sq in range(n)]
    # a square's number (the chase heatmap): half the square, so 12 px at 20 x 20 on 480 px
    font_px = max(9, min(22, int(cell * 0.5)))
    squares = go.Scatter(
        x=xs,
        y=ys,
        mode="markers+text" if pic.text else "markers",
        marker=dict(symbol="square", size=cell * 0.9, color="rgba(0,0,0,0)", line=dict(width=0)),
        text=pic.text or None,
        textfont=dict(size=font_px, color=pic.text_color or INK, family=FONT),
        customdata=list(range(n)),
        hovertext=pic.hover,
        hoverinfo="text",
        selected=dict(marker=dict(opacity=1)),
        unselected=dict(marker=dict(opacity=1)),
        showlegend=False,
        name="squares",
        _validate=False,
    )
    outline = max(1.2, min(3.0, cell * 0.03))
    pieces = []
    for side, on in (("white", pic.white), ("black", pic.black)):
        style = pic.styles[side]
        paths = [p for s in on for p in _piece(style, *_xy(pic, s))]
        pieces.append(
            _polygons(paths, f"{side} pieces", style.fill, style.line, outline, meta=list(on))
        )
    arrows = _polygons(
        [_arrow(*_xy(pic, a), *_xy(pic, b)) for a, b in pic.arrows],
        "moves",
        ARROW,
        ARROW_EDGE,
        1.0,
        meta=[list(a) for a in pic.arrows],
    )
    caption = go.Scatter(
        x=[(pic.cols - 1) / 2],
        y=[-0.5 - fr.bottom - fr.caption / 2],
        mode="text",
        text=[pic.caption],
        textfont=dict(size=17, color=INK, family=FONT),
        hoverinfo="skip",
        showlegend=False,
        name="caption",
        _validate=False,
    )
    sel = [] if pic.selected is None else [_square(*_xy(pic, pic.selected), 0.45)]
    ring = _polygons(sel, "selected", "", RING, max(2.5, cell * 0.06))
    dots = [_circle(*_xy(pic, s), 0.15) for s in pic.targets]
    targets = _polygons(
        dots, "targets", TARGET, "rgba(255,255,255,0.8)", 1.0, meta=list(pic.targets)
    )
    return [squares, *pieces, arrows, caption, ring, targets]


def _labels(pic: BoardPicture, fr: _Frame, files: Sequence[str], ranks: Sequence[str]) -> list:
    font = dict(size=14, color="#666", family=FONT)
    out = [
        dict(x=c, y=-0.5 - fr.bottom / 2, text=f, showarrow=False, font=font)
        for c, f in enumerate(files)
    ]
    out += [
        dict(x=-0.5 - fr.left / 2, y=pic.rows - 1 - r, text=name, showarrow=False, font=font)
        for r, name in enumerate(ranks)
    ]
    return out


def board_figure(
    pic: BoardPicture,
    *,
    px: int = 440,
    files: Sequence[str] = (),
    ranks: Sequence[str] = (),
    caption_room: bool | None = None,
) -> go.Figure:
    """One board, ``px`` pixels a side at its natural size (plus room for labels and, when
    there is one, the caption). The figure has no margins: width / height is its aspect."""
    fr = _frame_of(pic, px, bool(pic.caption) if caption_room is None else caption_room)
    cell = _cell_px(pic, px)
    xr, yr = fr.x_range(pic), fr.y_range(pic)
    fig = go.Figure(data=_traces(pic, px, fr), _validate=False)
    fig.layout._props["shapes"] = _squares_shapes(pic)  # 1,600 shapes: no validation (0.2 s)
    fig.update_layout(
        width=round((xr[1] - xr[0]) * cell),
        height=round((yr[1] - yr[0]) * cell),
        margin=dict(l=0, r=0, t=0, b=0, pad=0),
        paper_bgcolor="white",
        plot_bgcolor="white",
        showlegend=False,
        dragmode=False,
        clickmode="event+select",
        hovermode="closest",
        hoverlabel=dict(font=dict(size=15, family=FONT), bgcolor="white"),
        font=dict(family=FONT, color=INK),
        xaxis=dict(visible=False, fixedrange=True, range=xr, constrain="domain"),
        yaxis=dict(
            visible=False,
            fixedrange=True,
            range=yr,
            scaleanchor="x",
            scaleratio=1,
            constrain="domain",
            constraintoward="top",
        ),
        annotations=_labels(pic, fr, files, ranks),
    )
    # assigned, not updated: an update would merge into plotly's default template
    fig.layout.template = go.layout.Template(layout=dict(shapedefaults=SQUARE_DEFAULTS))
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
    """The board at ``pics[start]`` (its squares) with plotly frames for every picture, a
    play button and a slider under it: plays in the browser without a server round trip.
    The player's room is a share of the figure (the y axis starts above it), so the figure
    keeps one aspect ratio at every width."""
    start = max(0, min(start, len(pics) - 1))
    caption = any(p.caption for p in pics)
    fig = board_figure(pics[start], px=px, files=files, ranks=ranks, caption_room=caption)
    fr = _frame_of(pics[start], px, caption)
    board_h = fig.layout.height
    below = PLAYER_PX / (board_h + PLAYER_PX)
    attach_frames(
        fig, [frame(k, _traces(p, px, fr)[1:5], ANIMATED_TRACES) for k, p in enumerate(pics)]
    )
    fig.update_layout(height=board_h + PLAYER_PX, yaxis=dict(domain=[below, 1]))
    add_player(
        fig,
        range(len(pics)),
        active=start,
        frame_ms=frame_ms,
        prefix="ply ",
        slider_x=0.42,  # the two buttons take about 170 px of a 400 px board
        y=below,
    )
    return fig


def base_fill(rows: int, cols: int, last: Sequence[int] = ()) -> list[int]:
    """BOARD_CODES index per square: light/dark, tinted on the last move's squares."""
    return [(sq // cols + sq % cols) % 2 + (2 if sq in last else 0) for sq in range(rows * cols)]
