"""Board figures and the labs' click handlers (plain functions of state and square)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.games import chase, pawn
from engine.games.chase_solver import solve_table
from ui.boards.board_lab import (
    ChaseEdit,
    chase_click,
    pawn_click,
    pawn_too_big,
)
from viz.board import BoardPicture, animated_figure, board_figure
from viz.chase_board import NUMBERS_UP_TO, chase_labels, chase_picture, heat_scale
from viz.pawn_board import pawn_files, pawn_picture, pawn_ranks


def pawn_figure(pos, *, px: int = 420, **kw):
    """A pawn board as a plotly figure (the best line's frames are these)."""
    return board_figure(
        pawn_picture(pos, **kw), px=px, files=pawn_files(pos), ranks=pawn_ranks(pos)
    )


def chase_figure(pos, *, px: int = 480, **kw):
    files, ranks = chase_labels(pos.n)
    return board_figure(chase_picture(pos, **kw), px=px, files=files, ranks=ranks)


def test_pawn_click_cycles_empty_white_black():
    pos = pawn.start(4, 4)
    sq = 1 * 4 + 2  # row 1, col 2 (c3), empty
    a = pawn_click(pos, sq)
    b = pawn_click(a, sq)
    c = pawn_click(b, sq)
    assert (a.at(1, 2), b.at(1, 2), c.at(1, 2)) == ("P", "p", ".")
    assert c == pos
    assert pawn_click(pos, 99) == pos  # off the board: nothing happens


def test_chase_click_places_and_swaps():
    e = ChaseEdit(chase.ChasePosition(5, (0, 0), (4, 4)), "black")
    e2 = chase_click(e, 2 * 5 + 3)
    assert e2.pos.black == (2, 3) and e2.pos.white == (0, 0)
    e3 = chase_click(e2, 0)  # black onto white: they swap
    assert e3.pos.black == (0, 0) and e3.pos.white == (2, 3)
    w = chase_click(ChaseEdit(e3.pos, "white"), 24)
    assert w.pos.white == (4, 4) and w.pos.black == (0, 0)
    assert chase_click(e, -1) == e


def square_colours(fig) -> list[str]:
    """The colour of every square of a board figure (its layout shapes), by square index."""
    return [s.fillcolor for s in fig.layout.shapes]


def test_pawn_cap_on_5x5():
    assert pawn_too_big(pawn.start(5, 5)) is None  # the full start is allowed
    crowded = pawn.from_code("5x5w:ppppp/pp.../...PP/...../PPPPP")
    assert "up to 10 pawns" in pawn_too_big(crowded)
    assert pawn_too_big(pawn.start(6, 6)) is not None


def test_pawn_figure_squares_and_pieces():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    fig = pawn_figure(pos, arrows=[pawn.legal_moves(pos)[0]])
    squares, white, black, arrows = fig.data[:4]
    assert list(squares.customdata) == list(range(16))
    assert squares.marker.symbol == "square"
    assert sorted(white.meta) == [9, 10, 11] and sorted(black.meta) == [1, 2, 3]
    assert arrows.name == "moves" and len(arrows.meta) == 1
    assert fig.layout.xaxis.fixedrange and fig.layout.yaxis.fixedrange


def test_chase_heatmap_colours_follow_the_table():
    n = 6
    t = solve_table(n)
    pos = chase.ChasePosition(n, (2, 2), (5, 5))
    vals, _ = t.heatmap("white", pos.white, 0)
    fig = chase_figure(pos, heat=vals, longest=int(np.abs(vals).max()))
    colours = square_colours(fig)
    texts = list(fig.data[0].text)
    for s, v in enumerate(vals.reshape(-1)):
        if v == 0:
            assert texts[s] == ""
        else:
            assert texts[s] == str(abs(v))
            # orange (white wins) exactly on the squares next to white
            assert colours[s].startswith("rgb(")
            r, c = divmod(s, n)
            assert (v < 0) == (abs(r - 2) + abs(c - 2) == 1)


@pytest.mark.parametrize("n", [20, 21, 40])
def test_heatmap_numbers_are_readable_up_to_20_and_a_colour_scale_beyond(n):
    """Issue 11: at 20 x 20 the numbers were about 8 px; past 20 they are left out and the
    colour scale (with the hover text) tells the plies."""
    vals = np.zeros((n, n), dtype=int)
    vals[0, :] = np.arange(1, n + 1)
    pos = chase.ChasePosition(n, (n - 1, 0), (n - 1, n - 1))
    fig = chase_figure(pos, heat=vals, longest=n)
    squares = fig.data[0]
    if n <= NUMBERS_UP_TO:
        assert list(squares.text)[:n] == [str(v) for v in range(1, n + 1)]
        assert squares.textfont.size >= 12  # at the default 480 px: half a 24 px square
    else:
        assert not squares.text
    assert "wins in " + str(n) in squares.hovertext[n - 1]  # the hover always says it
    scale = heat_scale(n, numbers=n <= NUMBERS_UP_TO)
    assert "Black wins" in scale and "White wins" in scale and f"{n} plies" in scale
    assert ("Point at a square" in scale) is (n > NUMBERS_UP_TO)


def test_animation_has_a_frame_per_ply():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    pics = [pawn_picture(pos)]
    for mv in pawn.legal_moves(pos)[:2]:
        pics.append(pawn_picture(pawn.play(pos, mv), last=mv))
    fig = animated_figure(pics)
    assert [f.name for f in fig.frames] == ["0", "1", "2"]
    assert fig.layout.updatemenus and fig.layout.sliders


def _polygons(trace) -> list[list[tuple[float, float]]]:
    out, cur = [], []
    for x, y in zip(trace.x, trace.y, strict=True):
        if x is None:
            out, cur = out + [cur], []
        else:
            cur.append((x, y))
    return [p for p in out + [cur] if p]


def _boards():
    for n in (*range(2, 9), 20, 40):
        yield f"chase {n}", chase_figure(chase.ChasePosition(n, (0, 0), (n - 1, n - 1)))
    for rows in range(3, 6):
        yield f"pawn {rows}", pawn_figure(pawn.start(rows, rows), caption="arrow: the best move")


@pytest.mark.parametrize(
    ("name", "fig"), list(_boards()), ids=lambda v: v if isinstance(v, str) else ""
)
def test_boards_are_unit_squares_in_data_units_and_pieces_stay_inside(name, fig):
    # Squares, pieces and arrows are drawn in data units, so the browser's width cannot
    # make the last row taller, the last column wider or a piece stick out (issue 12).
    shapes = fig.layout.shapes
    sizes = {(round(s.x1 - s.x0, 9), round(s.y1 - s.y0, 9)) for s in shapes}
    assert sizes == {(1.0, 1.0)}
    x0, x1 = min(s.x0 for s in shapes), max(s.x1 for s in shapes)
    y0, y1 = min(s.y0 for s in shapes), max(s.y1 for s in shapes)
    xr, yr = fig.layout.xaxis.range, fig.layout.yaxis.range
    assert xr[0] <= x0 and x1 <= xr[1] and yr[0] <= y0 and y1 <= yr[1]
    for trace in fig.data[1:3]:
        for poly in _polygons(trace):
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            cx, cy = round((max(xs) + min(xs)) / 2), round((max(ys) + min(ys)) / 2)
            assert cx - 0.5 < min(xs) and max(xs) < cx + 0.5, name
            assert cy - 0.5 < min(ys) and max(ys) < cy + 0.5, name
    # no margins: the figure's own aspect is the axes' (so a container of that ratio holds
    # the board with no band)
    m = fig.layout.margin
    assert (m.l, m.r, m.t, m.b) == (0, 0, 0, 0)
    ratio = (xr[1] - xr[0]) / (yr[1] - yr[0])
    assert abs(fig.layout.width / fig.layout.height - ratio) < 0.01


def test_best_move_arrow_runs_from_square_to_square_above_the_pieces():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    move = pawn.legal_moves(pos)[0]
    fig = pawn_figure(pos, arrows=[move])
    names = [t.name for t in fig.data]
    assert names.index("moves") > names.index("white pieces")  # drawn over the pawns
    (poly,) = _polygons(fig.data[names.index("moves")])
    (r0, c0), (r1, c1) = move.from_sq, move.to_sq
    start, end = (c0, pos.rows - 1 - r0), (c1, pos.rows - 1 - r1)
    tip = max(poly, key=lambda p: (p[0] - start[0]) ** 2 + (p[1] - start[1]) ** 2)
    assert abs(tip[0] - end[0]) + abs(tip[1] - end[1]) < 0.2  # the tip is in the target square
    length = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
    assert length >= 1 and max(abs(p[1] - start[1]) for p in poly) > 0.7  # a full square long


def test_picked_piece_targets_and_animation_frames_use_the_same_traces():
    pos = pawn.from_code("4x4w:.ppp/..../.PPP/....")
    fig = pawn_figure(pos, selected=(2, 1), targets=[(1, 1), (1, 2)])
    targets = next(t for t in fig.data if t.name == "targets")
    assert sorted(targets.meta) == [5, 6] and len(_polygons(targets)) == 2
    pics = [pawn_picture(pos), pawn_picture(pawn.play(pos, pawn.legal_moves(pos)[0]))]
    anim = animated_figure(pics)
    frames = anim.to_plotly_json()["frames"]
    assert [t["name"] for t in frames[1]["data"]] == [
        "white pieces",
        "black pieces",
        "moves",
        "caption",
    ]
    assert isinstance(pics[0], BoardPicture)
