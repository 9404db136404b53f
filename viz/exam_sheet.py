"""Printable exam sheets: alpha-beta exercises on A4 portrait, as PNG or multi-page PDF.

The question sheet shows each tree with its leaves and an empty box on every inner node,
plus blanks for the leaf and cut-off counts. The answer key fills the boxes with the values
alpha-beta returns, dashes and strikes the pruned edges, greys the skipped subtrees and fills
in the counts. Output is byte-for-byte reproducible (no dates in the PDF, fixed fonts).

Each page is its own ``matplotlib.figure.Figure`` (no pyplot, no backend switch, no
rcParams read for fonts or changed: every text names its family and size), so sheets drawn
by many sessions at once do not disturb each other. PDFs embed the fonts as matplotlib's
default Type 3 subsets.
"""

from __future__ import annotations

import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from engine.errors import InputError
from engine.tree import GameTree
from engine.values import MINUS_INF, PLUS_INF
from teach.exam import Exercise, check_printable
from viz.layout import tidy_layout

A4 = (8.27, 11.69)  # inches, portrait
MARGIN = 0.5  # inches, left/right/bottom
HEADER = 1.25  # inches at the top of every page
LABEL_W = 0.38  # inches for the MAX/MIN level labels
LEVEL_H = 0.66  # inches between levels
BOX_W, BOX_H = 0.40, 0.28  # inner-node boxes (room for "-100" in handwriting)
FONT = 11  # points: node values
PNG_DPI = 150
INK, GREY, LIGHT = "#000000", "#8a8a8a", "#c8c8c8"
FAMILY = "DejaVu Sans"  # given to every text: the sheet never reads or sets rcParams fonts


def _band_height(depth: int) -> float:
    """Inches one exercise needs: title line, the tree, the counts line."""
    return 0.34 + depth * LEVEL_H + 0.30 + 0.36


def per_page(depth: int) -> int:
    """How many exercises of this depth fit on one page."""
    usable = A4[1] - HEADER - MARGIN
    return max(1, int(usable // _band_height(depth)))


def page_count(exercises: list[Exercise]) -> int:
    if not exercises:
        return 0
    k = per_page(max(e.depth for e in exercises))
    return -(-len(exercises) // k)


def _positions(tree: GameTree, width: float) -> dict[int, tuple[float, float]]:
    """x in inches across ``width``, y = 0 at the root, going down.

    The tidy layout of viz.layout with a quarter step more between cousins than between
    siblings (more again for second cousins), so a row of numbers reads as groups.
    """
    x, _ = tidy_layout(tree, group_gap=0.25)
    step = width / (float(x.max()) + 1.0)
    return {n: ((float(x[n]) + 0.5) * step, -tree.depth[n] * LEVEL_H) for n in range(len(tree))}


def _leaf_font(ex: Exercise, pos: dict[int, tuple[float, float]]) -> float:
    """11 pt unless the widest leaf number would touch its neighbour; never below 7 pt."""
    leaves = ex.tree.leaves()
    xs = sorted(pos[n][0] for n in leaves)
    step_pt = min((b - a for a, b in zip(xs, xs[1:], strict=False)), default=1.0) * 72
    # DejaVu Sans advance widths in em: digits 0.636, minus sign 0.838
    ems = max(sum(0.838 if ch == "-" else 0.636 for ch in str(ex.tree.values[n])) for n in leaves)
    return max(7.0, min(float(FONT), (step_pt - 2) / ems))


def _box_width(ex: Exercise, pos: dict[int, tuple[float, float]]) -> float:
    """BOX_W, narrowed when inner nodes on one level would touch (keeps a 0.06 inch gap)."""
    w = BOX_W
    for d in range(ex.depth):
        xs = sorted(pos[n][0] for n in range(len(ex.tree)) if ex.tree.depth[n] == d)
        for a, b in zip(xs, xs[1:], strict=False):
            w = min(w, b - a - 0.06)
    return max(w, 0.2)


def _strike(ax, x0: float, y0: float, x1: float, y1: float) -> None:
    """Two short bars across an edge, nearer the child: the hand-drawn 'pruned' mark."""
    mx, my = x0 + 0.62 * (x1 - x0), y0 + 0.62 * (y1 - y0)
    dx, dy = x1 - x0, y1 - y0
    norm = (dx * dx + dy * dy) ** 0.5 or 1.0
    px, py = -dy / norm * 0.1, dx / norm * 0.1  # perpendicular, 0.1 inch
    ux, uy = dx / norm * 0.035, dy / norm * 0.035
    for s in (-1, 1):
        cx, cy = mx + s * ux, my + s * uy
        ax.plot([cx - px, cx + px], [cy - py, cy + py], color=INK, lw=1.4, solid_capstyle="butt")


def _draw_exercise(fig: Figure, ex: Exercise, number: int, top: float, answers: bool) -> None:
    """Draw exercise ``number`` with its band's top edge at ``top`` inches from the bottom."""
    fw, fh = A4
    band = _band_height(ex.depth)
    left = MARGIN
    width = fw - 2 * MARGIN
    ax = fig.add_axes((left / fw, (top - band) / fh, width / fw, band / fh))
    # data units are inches: x from 0 to width, y from -band to 0 (top of band)
    ax.set_xlim(0, width)
    ax.set_ylim(-band, 0)
    ax.axis("off")
    sol = ex.solution
    title = f"{number}.  Complete tree, branching {ex.branching}, depth {ex.depth}"
    ax.text(0, -0.05, title, fontsize=12, fontweight="bold", va="top", ha="left", fontfamily=FAMILY)
    ax.text(
        width,
        -0.05,
        f"seed {ex.seed}",
        fontsize=8,
        color=GREY,
        va="top",
        ha="right",
        fontfamily=FAMILY,
    )
    tree_w = width - LABEL_W
    pos = _positions(ex.tree, tree_w)
    y0 = -0.36 - BOX_H / 2 - 0.04
    xy = {n: (LABEL_W + x, y0 + y) for n, (x, y) in pos.items()}
    for d in range(ex.depth + 1):
        kind = "MAX" if d % 2 == 0 else "MIN"
        ax.text(
            0,
            y0 - d * LEVEL_H,
            kind,
            fontsize=9,
            color=GREY,
            va="center",
            ha="left",
            fontfamily=FAMILY,
        )
    skipped = sol.skipped if answers else frozenset()
    leaf_fs = _leaf_font(ex, pos)
    box_w = _box_width(ex, pos)
    # edges
    for c in range(1, len(ex.tree)):
        p = ex.tree.parent[c]
        (xp, yp), (xc, yc) = xy[p], xy[c]
        ya = yp - BOX_H / 2
        yb = yc + (BOX_H / 2 if not ex.tree.is_leaf(c) else 0.11)
        if answers and (p, c) in sol.pruned_edges:
            ax.plot([xp, xc], [ya, yb], color=INK, lw=1.0, ls=(0, (4, 3)))
            _strike(ax, xp, ya, xc, yb)
        else:
            col = LIGHT if c in skipped else INK
            ax.plot([xp, xc], [ya, yb], color=col, lw=1.0)
    # nodes
    for n, (x, y) in xy.items():
        grey = n in skipped
        if ex.tree.is_leaf(n):
            ax.text(
                x,
                y - 0.02,
                str(ex.tree.values[n]),
                fontsize=leaf_fs,
                ha="center",
                va="center",
                color=GREY if grey else INK,
                fontfamily=FAMILY,
            )
            continue
        ax.add_patch(
            Rectangle(
                (x - box_w / 2, y - BOX_H / 2),
                box_w,
                BOX_H,
                fill=True,
                facecolor="white",
                edgecolor=LIGHT if grey else INK,
                lw=1.1,
                zorder=3,
            )
        )
        if answers and not grey:
            ax.text(
                x,
                y,
                str(sol.values[n]),
                fontsize=FONT,
                fontweight="bold",
                ha="center",
                va="center",
                zorder=4,
                fontfamily=FAMILY,
            )
    # counts line
    yc = -band + 0.2
    n_leaves = len(ex.leaves)
    if answers:
        cuts = sol.cuts
        line = (
            f"Root value: {sol.value}     Leaves evaluated: {sol.leaves_evaluated} of {n_leaves}"
            f"     Cut-offs: {cuts}     Pruned edges: {len(sol.pruned_edges)}"
        )
    else:
        line = f"Root value: ______     Leaves evaluated: ______ of {n_leaves}     Cut-offs: ______"
    ax.text(LABEL_W, yc, line, fontsize=FONT, va="center", ha="left", fontfamily=FAMILY)


def _page(
    exercises: list[Exercise], first_number: int, answers: bool, page: int, pages: int
) -> Figure:
    fig = Figure(figsize=A4)
    fw, fh = A4
    head = "Alpha-beta: answer key" if answers else "Alpha-beta exercises"
    fig.text(
        MARGIN / fw,
        1 - 0.55 / fh,
        head,
        fontsize=15,
        fontweight="bold",
        va="bottom",
        fontfamily=FAMILY,
    )
    if answers:
        sub = "Boxes: value alpha-beta returns. Dashed, struck edges: pruned. Grey: never visited."
    else:
        fig.text(
            (fw - MARGIN) / fw,
            1 - 0.55 / fh,
            "Name: ________________   Date: ________",
            fontsize=FONT,
            ha="right",
            va="bottom",
            fontfamily=FAMILY,
        )
        sub = (
            f"Search children left to right from alpha = {MINUS_INF}, beta = {PLUS_INF}; "
            "cut when alpha ≥ beta.\n"
            "Write the value each visited inner node returns in its box; strike through the top "
            "edge of every pruned subtree."
        )
    fig.text(
        MARGIN / fw, 1 - 0.68 / fh, sub, fontsize=9.5, va="top", linespacing=1.4, fontfamily=FAMILY
    )
    fig.text(
        (fw - MARGIN) / fw,
        0.35 / fh,
        f"page {page} of {pages}",
        fontsize=8,
        color=GREY,
        ha="right",
        fontfamily=FAMILY,
    )
    top = fh - HEADER
    for i, ex in enumerate(exercises):
        _draw_exercise(fig, ex, first_number + i, top, answers)
        top -= _band_height(ex.depth)
    return fig


def _pages(exercises: list[Exercise], answers: bool) -> list[Figure]:
    if not exercises:
        raise InputError("no exercises to print")
    for e in exercises:
        check_printable(e.branching, e.depth)
    k = per_page(max(e.depth for e in exercises))
    chunks = [exercises[i : i + k] for i in range(0, len(exercises), k)]
    return [_page(chunk, 1 + i * k, answers, i + 1, len(chunks)) for i, chunk in enumerate(chunks)]


def render_sheet(
    exercises: list[Exercise], answers: bool = False, fmt: str = "pdf", page: int = 0
) -> bytes:
    """The sheet (``answers=False``) or answer key as bytes.

    ``fmt="pdf"``: every page in one PDF. ``fmt="png"``: page number ``page`` (0-based) at
    150 dpi; :func:`page_count` says how many there are. Raises InputError for an empty list,
    a tree too wide to print, an unknown format or a page out of range.
    """
    if fmt not in ("png", "pdf"):
        raise InputError(f"unknown format {fmt!r}: use 'png' or 'pdf'")
    figs = _pages(list(exercises), answers)
    buf = io.BytesIO()
    if fmt == "pdf":
        meta = {"CreationDate": None, "ModDate": None, "Creator": "Game Tree Lab"}
        with PdfPages(buf, metadata=meta) as pdf:
            for f in figs:
                pdf.savefig(f)
        return buf.getvalue()
    if not 0 <= page < len(figs):
        raise InputError(f"page {page + 1} does not exist (the sheet has {len(figs)})")
    fig = figs[page]
    FigureCanvasAgg(fig)
    fig.savefig(buf, format="png", dpi=PNG_DPI, metadata={"Software": None})
    return buf.getvalue()
