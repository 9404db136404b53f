"""Printable exam sheets: alpha-beta exercises on A4 portrait, as PNG or multi-page PDF.

The question sheet shows each tree with its leaves and an empty box on every inner node,
plus blanks for the leaf and cut-off counts. The answer key fills the boxes with the values
alpha-beta returns, dashes and strikes the pruned edges, greys the skipped subtrees and fills
in the counts. Output is byte-for-byte reproducible (no dates in the PDF, fixed fonts).

Each page is its own ``matplotlib.figure.Figure`` (no pyplot, no backend switch, no
rcParams read for fonts or changed: every text names its families and size), so sheets drawn
by many sessions at once do not disturb each other. PDFs embed the fonts as matplotlib's
default Type 3 subsets.

A sheet is worded in the language asked for (teach.i18n). Its text is DejaVu Sans, with
Debian's Noto Sans CJK after it for the glyphs DejaVu lacks (matplotlib's font fallback), so
a Chinese sheet has no boxes for glyphs; Russian is in DejaVu itself.
"""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import Rectangle
from matplotlib.textpath import text_to_path

from engine.errors import InputError
from engine.tree import GameTree
from engine.values import MINUS_INF, PLUS_INF
from teach import i18n
from teach.exam import Exercise, check_printable
from teach.i18n import _, ngettext
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
# Debian's fonts-noto-cjk (make test installs it): matplotlib's font list, made when it was
# first imported, may predate it, so the files are added to it by name.
CJK_FILES = tuple(
    Path("/usr/share/fonts/opentype/noto") / f"NotoSansCJK-{w}.ttc" for w in ("Regular", "Bold")
)
CJK_FAMILY = "Noto Sans CJK SC"


@functools.lru_cache(maxsize=1)
def families() -> tuple[str, ...]:
    """The font families given to every text (the sheet never reads or sets rcParams fonts):
    DejaVu Sans, whose digit widths :func:`_leaf_font` knows, then Noto Sans CJK (simplified
    Chinese forms) for what DejaVu lacks, when the machine has it."""
    found = [f for f in CJK_FILES if f.is_file()]
    for f in found:
        font_manager.fontManager.addfont(str(f))
    return ("DejaVu Sans", CJK_FAMILY) if found else ("DejaVu Sans",)


def text_width(text: str, size: float) -> float:
    """Width in points of ``text`` drawn at ``size`` in the sheet's fonts (the fallback font
    for what DejaVu Sans lacks)."""
    prop = FontProperties(family=list(families()), size=size)
    return text_to_path.get_text_width_height_descent(text, prop, ismath=False)[0]


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines at most ``width`` points wide at ``size``: at spaces, or
    between two wide (CJK) characters, since Chinese has no spaces; a word wider than a line
    stands on a line of its own."""
    lines: list[str] = []
    line = ""
    for word in _words(text):
        trial = line + word
        if line.strip() and not word.isspace() and text_width(trial.rstrip(), size) > width:
            lines.append(line.rstrip())
            line = word
        else:
            line = trial
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _words(text: str) -> list[str]:
    """Words with the spaces after them, and each wide character on its own."""
    return re.findall(r"[^\s" + _WIDE + r"]+\s*|[" + _WIDE + r"]\s*", text)


_WIDE = (
    "\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
)

# The subtitle under the heading: at most SUB_LINES lines between the left margin and
# SUB_RIGHT inches from the paper's right edge, at the largest of SUB_SIZES that fits.
SUB_LINES, SUB_RIGHT, SUB_SIZES = 2, 0.3, (9.5, 9.0, 8.5, 8.0, 7.5)


def fit_subtitle(paragraphs: list[str]) -> tuple[float, list[str]]:
    """(font size, lines) of the subtitle: each paragraph wrapped, all of them in SUB_LINES
    lines at the largest size that allows it (the smallest size, in more lines, if none)."""
    width = (A4[0] - MARGIN - SUB_RIGHT) * 72
    for size in SUB_SIZES:
        lines = [line for p in paragraphs for line in wrap(p, width, size)]
        if len(lines) <= SUB_LINES:
            break
    return size, lines


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


def level_label(d: int, depth: int) -> str:
    """The label of row ``d`` of a complete tree of ``depth``: MAX, MIN, ..., and the bottom
    row, where nobody chooses, ``leaves``."""
    if d == depth:
        return _("leaves")
    return "MAX" if d % 2 == 0 else "MIN"


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
    title = _(
        "{number}.  Complete tree, branching {branching}, depth {depth}",
        number=number,
        branching=ex.branching,
        depth=ex.depth,
    )
    ax.text(
        0,
        -0.05,
        title,
        fontsize=12,
        fontweight="bold",
        va="top",
        ha="left",
        fontfamily=list(families()),
    )
    ax.text(
        width,
        -0.05,
        _("seed {seed}", seed=ex.seed),
        fontsize=8,
        color=GREY,
        va="top",
        ha="right",
        fontfamily=list(families()),
    )
    tree_w = width - LABEL_W
    pos = _positions(ex.tree, tree_w)
    y0 = -0.36 - BOX_H / 2 - 0.04
    xy = {n: (LABEL_W + x, y0 + y) for n, (x, y) in pos.items()}
    for d in range(ex.depth + 1):
        kind = level_label(d, ex.depth)
        ax.text(
            0,
            y0 - d * LEVEL_H,
            kind,
            fontsize=9,
            color=GREY,
            va="center",
            ha="left",
            fontfamily=list(families()),
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
                fontfamily=list(families()),
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
                fontfamily=list(families()),
            )
    # counts line
    yc = -band + 0.2
    n_leaves = len(ex.leaves)
    if answers:
        cuts = sol.cuts
        line = _(
            "Root value: {value}     Leaves evaluated: {evaluated} of {leaves}     "
            "Cut-offs: {cuts}     Pruned edges: {pruned}",
            value=sol.value,
            evaluated=sol.leaves_evaluated,
            leaves=n_leaves,
            cuts=cuts,
            pruned=len(sol.pruned_edges),
        )
    else:
        line = _(
            "Root value: ______     Leaves evaluated: ______ of {leaves}     Cut-offs: ______",
            leaves=n_leaves,
        )
    ax.text(LABEL_W, yc, line, fontsize=FONT, va="center", ha="left", fontfamily=list(families()))


def _page(
    exercises: list[Exercise], first_number: int, answers: bool, page: int, pages: int
) -> Figure:
    fig = Figure(figsize=A4)
    fw, fh = A4
    head = _("Alpha-beta: answer key") if answers else _("Alpha-beta exercises")
    fig.text(
        MARGIN / fw,
        1 - 0.55 / fh,
        head,
        fontsize=15,
        fontweight="bold",
        va="bottom",
        fontfamily=list(families()),
    )
    if answers:
        sub = _(
            "Boxes: value alpha-beta returns. Dashed, struck edges: pruned. Grey: never visited."
        )
    else:
        fig.text(
            (fw - MARGIN) / fw,
            1 - 0.55 / fh,
            _("Name: ________________   Date: ________"),
            fontsize=FONT,
            ha="right",
            va="bottom",
            fontfamily=list(families()),
        )
        sub = (
            _(
                "Search children left to right from alpha = {minus}, beta = {plus}; "
                "cut when alpha ≥ beta.",
                minus=MINUS_INF,
                plus=PLUS_INF,
            )
            + "\n"
            + _(
                "Write the value each visited inner node returns in its box; strike through "
                "the top edge of every pruned subtree."
            )
        )
    size, lines = fit_subtitle(sub.split("\n"))
    fig.text(
        MARGIN / fw,
        1 - 0.68 / fh,
        "\n".join(lines),
        fontsize=size,
        va="top",
        linespacing=1.4,
        fontfamily=list(families()),
    )
    fig.text(
        (fw - MARGIN) / fw,
        0.35 / fh,
        _("page {page} of {pages}", page=page, pages=pages),
        fontsize=8,
        color=GREY,
        ha="right",
        fontfamily=list(families()),
    )
    top = fh - HEADER
    for i, ex in enumerate(exercises):
        _draw_exercise(fig, ex, first_number + i, top, answers)
        top -= _band_height(ex.depth)
    return fig


def _pages(exercises: list[Exercise], answers: bool) -> list[Figure]:
    if not exercises:
        raise InputError(_("no exercises to print"))
    for e in exercises:
        check_printable(e.branching, e.depth)
    k = per_page(max(e.depth for e in exercises))
    chunks = [exercises[i : i + k] for i in range(0, len(exercises), k)]
    return [_page(chunk, 1 + i * k, answers, i + 1, len(chunks)) for i, chunk in enumerate(chunks)]


def render_sheet(
    exercises: list[Exercise],
    answers: bool = False,
    fmt: str = "pdf",
    page: int = 0,
    lang: str = i18n.DEFAULT,
) -> bytes:
    """The sheet (``answers=False``) or answer key as bytes, worded in ``lang``.

    ``fmt="pdf"``: every page in one PDF. ``fmt="png"``: page number ``page`` (0-based) at
    150 dpi; :func:`page_count` says how many there are. Raises InputError for an empty list,
    a tree too wide to print, an unknown format or a page out of range.
    """
    with i18n.use(lang):
        return _render(list(exercises), answers, fmt, page)


def _render(exercises: list[Exercise], answers: bool, fmt: str, page: int) -> bytes:
    if fmt not in ("png", "pdf"):
        raise InputError(_("unknown format {fmt!r}: use 'png' or 'pdf'", fmt=fmt))
    figs = _pages(exercises, answers)
    buf = io.BytesIO()
    if fmt == "pdf":
        meta = {"CreationDate": None, "ModDate": None, "Creator": "Game Tree Lab"}
        with PdfPages(buf, metadata=meta) as pdf:
            for f in figs:
                pdf.savefig(f)
        return buf.getvalue()
    if not 0 <= page < len(figs):
        raise InputError(
            ngettext(
                "page {page} does not exist (the sheet has {n} page)",
                "page {page} does not exist (the sheet has {n} pages)",
                len(figs),
                page=page + 1,
            )
        )
    fig = figs[page]
    FigureCanvasAgg(fig)
    fig.savefig(buf, format="png", dpi=PNG_DPI, metadata={"Software": None})
    return buf.getvalue()
