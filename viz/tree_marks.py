"""Marks drawn on top of a tree figure: the names the sentences use beside inner nodes, and
a ring around one node (the selected node, or the node a practice question asks about).

They read the node traces of ``viz.tree_figure`` (``customdata`` = node id) and add traces;
no Streamlit.
"""

from __future__ import annotations

import math

import plotly.graph_objects as go

from engine.tree import GameTree


def drawn_nodes(fig: go.Figure) -> list[tuple[int, float, float, float]]:
    """``(node, x, y, marker px)`` of every drawn node (the node traces of viz's figure), once
    per node (a node may sit in several style traces; hidden copies have no coordinates)."""
    seen: dict[int, tuple[int, float, float, float]] = {}
    for tr in fig.data[:13]:
        # Read each plotly property once: every attribute access goes through plotly's
        # validators, and doing it per point cost ~0.25 s a step on a 1,000-node tree.
        cd = getattr(tr, "customdata", None)
        xs, ys, mode = tr.x, tr.y, tr.mode
        if cd is None or xs is None or "markers" not in (mode or ""):
            continue
        size = tr.marker.size
        for i, c in enumerate(cd):
            if c is None:
                continue
            x, y = xs[i], ys[i]
            if x is None or y is None or math.isnan(float(x)) or math.isnan(float(y)):
                continue
            seen[int(c)] = (int(c), float(x), float(y), _size_at(size, i))
    return list(seen.values())


NAME_FONT_PX = 16
NAME_CHAR_PX = 0.72 * NAME_FONT_PX  # a bold capital in Arial, a little generously
NAME_PAD_PX = 4  # between two tags that face each other


def crowded_levels(
    inner: list[tuple[str, float, float, float]], right: list[bool], px_per_x: float
) -> set[float]:
    """The levels (y) whose name tags would touch a neighbour's: ``inner`` is ``(name, x, y,
    marker px)`` with ``right[i]`` = its tag sits right of the marker, ``px_per_x`` the plot's
    px per x unit. Each tag starts half a (marker + 6 px) from its node's centre and is about
    ``NAME_CHAR_PX`` per character wide; two neighbours are too close when the tags (and
    marker halves) on their facing sides need more px than the gap between them."""
    by_level: dict[float, list[tuple[float, float, float, float]]] = {}
    for (name, x, y, size), r in zip(inner, right, strict=True):
        tag = NAME_CHAR_PX * len(name)
        by_level.setdefault(y, []).append((x, size, tag if r else 0.0, 0.0 if r else tag))
    crowded = set()
    for y, row in by_level.items():
        row.sort()
        for (x0, s0, r0, _), (x1, s1, _, l1) in zip(row, row[1:], strict=False):
            need = (s0 + 6) / 2 + (s1 + 6) / 2 + r0 + l1 + (NAME_PAD_PX if r0 and l1 else 0)
            if (x1 - x0) * px_per_x < need:
                crowded.add(y)
                break
    return crowded


def px_per_x(fig: go.Figure, width: int) -> float:
    """Plot px per x unit of ``fig`` drawn ``width`` px wide (inf without an x range)."""
    lo, hi = fig.layout.xaxis.range or (0.0, 0.0)
    m = fig.layout.margin
    span = float(hi) - float(lo)
    return math.inf if span <= 0 else (width - (m.l or 0) - (m.r or 0)) / span


def add_names(
    fig: go.Figure, tree: GameTree, names: list[str], max_names: int = 80, width: int = 1100
) -> None:
    """Write the names the sentences use (A, B, ...) beside the drawn inner nodes, on the
    side away from the α/β labels (those sit away from the edge to the parent), when there
    are few enough of them to read. A level whose tags would touch at ``width`` px (the
    figure's expected width) gets no names at all, rather than some that read as "F E"."""
    drawn = drawn_nodes(fig)
    inner = [d for d in drawn if tree.children[d[0]]]
    if not inner or len(inner) > max_names or min(d[3] for d in inner) < 18:
        return
    xs = {d[0]: d[1] for d in drawn}
    right = [d[1] < xs.get(tree.parent[d[0]], d[1]) - 1e-6 for d in inner]
    tagged = [(names[d[0]], *d[1:]) for d in inner]
    crowded = crowded_levels(tagged, right, px_per_x(fig, width))
    keep = [i for i, d in enumerate(inner) if d[2] not in crowded]
    if not keep:
        return
    inner, right = [inner[i] for i in keep], [right[i] for i in keep]
    fig.add_trace(
        go.Scatter(
            x=[d[1] for d in inner],
            y=[d[2] for d in inner],
            mode="markers+text",
            text=[f"<b>{names[d[0]]}</b>" for d in inner],
            textposition=["middle right" if r else "middle left" for r in right],
            textfont=dict(size=NAME_FONT_PX, color="#3e4c59"),
            marker=dict(size=[d[3] + 6 for d in inner], color="rgba(0,0,0,0)"),
            hoverinfo="skip",
            showlegend=False,
            name="names",
            cliponaxis=False,
        )
    )


def mark_node(
    fig: go.Figure, node: int, label: str = "selected", color: str = "#d6336c", scale: float = 1.5
) -> None:
    """Draw a ring around ``node`` (when it is drawn) as a new last trace, labelled;
    ``scale`` = ring size / marker size."""
    for tr in fig.data[:13]:
        cd = getattr(tr, "customdata", None)
        if cd is None or tr.x is None:
            continue
        hits = [i for i, c in enumerate(cd) if int(c) == node]
        if hits:
            x, y = float(tr.x[hits[0]]), float(tr.y[hits[0]])
            size = max(24.0, _size_at(tr.marker.size, hits[0]) * scale)
            fig.add_trace(
                go.Scatter(
                    x=[x],
                    y=[y],
                    mode="markers",
                    name=label,
                    hoverinfo="skip",
                    marker=dict(
                        symbol="circle-open",
                        size=size,
                        color=color,
                        line=dict(width=3, color=color),
                    ),
                    showlegend=True,
                )
            )
            return


def _size_at(size: object, i: int) -> float:
    """Marker size of point ``i`` from a trace's ``marker.size`` (None, a number or a list)."""
    if size is None:
        return 20.0
    try:
        return float(size[i])  # type: ignore[index]
    except TypeError:
        return float(size)  # type: ignore[arg-type]
