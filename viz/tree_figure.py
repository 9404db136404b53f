"""Plotly figures of a game tree at one step of a search, optionally animated in the browser.

Nodes are ``go.Scatter`` markers whose ``customdata`` is the node id (for
``st.plotly_chart(on_select=..., selection_mode="points", config=PLOTLY_CONFIG)``, the one
config in viz.animation); collapsed subtrees are square markers in trace number
:data:`SUMMARY_CURVE` whose ``customdata`` is the node to focus on to open them (see
:func:`click_target`). All edges of one style share one line trace with NaN gaps;
coordinates are float32.

Trace order is fixed: 0 principal-variation halo, 1 collapsed edges, 2-5 edges (unseen, done,
on path, pruned; NaN-masked, same length at every step), 6 all drawn nodes (per-point colours),
7 the current node (larger, outlined), 8 α/β labels, 9 step text, 10 collapsed markers, then
legend entries (one per style, since one node trace holds every style). Frames restyle traces
2-9 only and never change a trace's length (plotly's redraw=False animation mismatches
points when lengths change).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import plotly.graph_objects as go

from engine.trace import Snapshot
from engine.tree import GameTree
from viz import tree_style as ts
from viz.animation import add_player, attach_frames, frame
from viz.collapse import View, visible_nodes
from viz.tree_scene import Scene, legend_proxy

MAX_FRAMES = 400  # frames in one animated figure at most
MAX_FRAME_POINTS = 30_000  # frames x drawn nodes at most (keeps the payload under ~3 MB)
NODE_CURVE = 6
CURRENT_CURVE = 7
DYNAMIC_TRACES = list(range(2, 10))
SUMMARY_CURVE = 10

SnapshotSource = Sequence[Snapshot] | Callable[[int], Snapshot]


def _get(source: SnapshotSource, k: int) -> Snapshot:
    return source(k) if callable(source) else source[k]


def _keep(tree: GameTree, snapshot: Snapshot | None, highlight) -> set[int]:
    keep = set(highlight or [])
    if snapshot is not None:
        keep.update(snapshot.path)
        if snapshot.current is not None:
            keep.add(snapshot.current)
    return {v for v in keep if 0 <= v < len(tree)}


def frame_window(step: int, n_steps: int, cap: int) -> range:
    """The steps animated: ``cap`` steps from ``step`` (moved back to fill it near the end)."""
    cap = max(1, cap)
    start = max(0, min(step, n_steps - cap + 1))
    return range(start, min(n_steps, start + cap - 1) + 1)


def frame_cap(view: View, max_frames: int = MAX_FRAMES) -> int:
    """Frames allowed for a view: at most ``max_frames`` and ``MAX_FRAME_POINTS`` node points."""
    return max(2, min(max_frames, MAX_FRAME_POINTS // max(1, len(view.nodes))))


def _frames(scene: Scene, source: SnapshotSource, steps: range) -> list[go.Frame]:
    return [frame(k, scene.frame_data(_get(source, k)), DYNAMIC_TRACES) for k in steps]


def tree_figure(
    tree: GameTree,
    snapshot: Snapshot | None = None,
    *,
    focus: int = 0,
    budget: int = 3000,
    highlight: list[int] | None = None,
    names: list[str] | None = None,
    height: int | None = None,
    animate: bool = False,
    snapshots: SnapshotSource | None = None,
    n_steps: int | None = None,
    frame_ms: int = 250,
    max_frames: int = MAX_FRAMES,
    width_hint: int = 1100,
) -> go.Figure:
    """The tree at ``snapshot`` (or plain, without one), collapsed to ``budget`` markers.

    MAX nodes are up-triangles, MIN nodes down-triangles, leaves circles with their value
    (small hollow circles for unexplored moves, value None). Visited inner nodes show their
    value and α/β (all of them on hover). ``highlight`` (a root-down node list, e.g. the
    principal variation) is drawn as a thick green halo. ``names`` replace node labels.

    ``animate=True`` with ``snapshots`` (a list indexed by step, or a function step ->
    Snapshot plus ``n_steps``) adds plotly frames, play/pause buttons and a slider that play
    in the browser without a server round trip, ``frame_ms`` per step. At most
    ``max_frames`` (400) frames, fewer for big views (``MAX_FRAME_POINTS``): a longer run
    animates a window starting at the snapshot's step (moved back to fill near the end).
    The layout is fixed for all frames; nodes collapsed at the shown step stay collapsed, and
    hover shows only what no step changes (kind, name, leaf value); bounds are in the labels.

    ``width_hint`` is the expected plot width in px, used to size markers and to hide text
    that would overlap (leaf values when leaves are denser than their labels).
    """
    view = visible_nodes(tree, focus, budget, _keep(tree, snapshot, highlight))
    scene = Scene(tree, view, names, highlight, width_hint)
    scene.static_hover = animate and snapshots is not None
    stepped = snapshot is not None or (animate and snapshots is not None)
    data = scene.static_under() + scene.dynamic(snapshot) + [scene.summary_trace()]
    data += _legend(scene, stepped)
    fig = go.Figure(data=data, _validate=False)
    levels = int(round(scene.ymax - scene.ymin)) + 1
    # Top: 28 px for the one-line legend (in the margin), then 0.75 of a level for the step
    # text (at ymax + 0.62, viz.tree_scene); 115 px a level below it.
    h = height or int(max(300, min(900, 86 + 115 * levels)))
    anim = animate and snapshots is not None
    if anim:
        total = n_steps if n_steps is not None else len(snapshots) - 1  # type: ignore[arg-type]
        here = snapshot.step if snapshot is not None else 0
        window = frame_window(here, total, frame_cap(view, max_frames))
        attach_frames(fig, _frames(scene, snapshots, window))
        add_player(
            fig,
            window,
            active=max(0, here - window.start),
            frame_ms=frame_ms,
            prefix="step ",
            top=30,
        )
        if height is None:
            h += 90
    fig.update_layout(
        template={"data": {}, "layout": {}},
        height=h,
        margin=dict(l=10, r=10, t=28, b=95 if anim else 10),
        paper_bgcolor="white",
        plot_bgcolor="white",
        font=dict(family=ts.FONT, size=ts.FONT_SIZE, color=ts.INK),
        showlegend=True,
        legend=dict(
            orientation="h",
            x=0,
            y=1.0,
            yanchor="bottom",
            font=dict(size=ts.LEGEND_FONT_SIZE),
            itemwidth=30,  # plotly's minimum: short symbols keep the legend to one line
            tracegroupgap=0,
            itemclick=False,
            itemdoubleclick=False,
        ),
        hovermode="closest",
        hoverlabel=dict(font=dict(size=15, family=ts.FONT), bgcolor="white"),
        dragmode=False,
        clickmode="event+select",
        xaxis=dict(
            visible=False,
            fixedrange=True,
            range=[scene.xmin - 0.6 - scene.ab_room, scene.xmax + 0.6 + scene.ab_room],
        ),
        yaxis=dict(visible=False, fixedrange=True, range=[scene.ymin - 0.55, scene.ymax + 0.75]),
        meta=dict(summary_curve=SUMMARY_CURVE, focus=view.focus, breadcrumb=view.breadcrumb),
    )
    return fig


def _legend(scene: Scene, stepped: bool) -> list[go.Scatter]:
    shape = dict(color="#ffffff", line=dict(color=ts.INK, width=1.5), size=13)
    out = [
        legend_proxy(ts.LEGEND_MAX, "shape-max", dict(shape, symbol=ts.SYMBOL_MAX)),
        legend_proxy(ts.LEGEND_MIN, "shape-min", dict(shape, symbol=ts.SYMBOL_MIN)),
        legend_proxy(ts.LEGEND_LEAF, "shape-leaf", dict(shape, symbol=ts.SYMBOL_LEAF)),
    ]
    if stepped:
        edges = {
            "unseen": ts.EDGE_UNSEEN,
            "done": ts.EDGE_DONE,
            "active": ts.EDGE_ACTIVE,
            "pruned": ts.EDGE_PRUNED,
        }
        for s in (
            ts.STYLE_UNSEEN,
            ts.STYLE_ACTIVE,
            ts.STYLE_CURRENT,
            ts.STYLE_DONE,
            ts.STYLE_PRUNED,
        ):
            e = edges.get(s.key)
            line = dict(color=e.color, width=min(e.width, 4), dash=e.dash) if e else None
            marker = dict(
                symbol="circle",
                size=14,
                color=s.fill,
                line=dict(color=s.line, width=min(s.line_width, 3)),
            )
            out.append(legend_proxy(s.name, s.key, marker, line))
    if scene.highlight:
        pv = ts.EDGE_PV
        out.append(legend_proxy(ts.PV_NAME, "pv", None, dict(color=pv.color, width=8)))
    if scene.view.summaries:
        marker = dict(
            symbol=ts.SYMBOL_SUMMARY,
            size=13,
            color=ts.SUMMARY.fill,
            line=dict(color=ts.SUMMARY.line, width=2),
        )
        out.append(legend_proxy(ts.SUMMARY.name, ts.SUMMARY.key, marker))
    return out


def click_target(point: dict) -> tuple[int, bool] | None:
    """``(node, is_summary)`` for one selected point from ``st.plotly_chart(on_select=...)``.

    For a collapsed-subtree marker, ``node`` is the node to focus on to open it.
    """
    cd = point.get("customdata")
    if isinstance(cd, list | tuple):
        cd = cd[0] if cd else None
    if cd is None:
        return None
    return int(cd), point.get("curve_number") == SUMMARY_CURVE
