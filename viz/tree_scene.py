"""The traces of a tree figure: geometry, sizes, and the parts each search step changes.

Used by :mod:`viz.tree_figure`; one :class:`Scene` per figure, one call of
:meth:`Scene.dynamic` per drawn step.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from engine.trace import Snapshot
from engine.values import fmt_value
from viz import tree_labels
from viz import tree_style as ts
from viz.collapse import View
from viz.tree_labels import CURRENT_SCALE
from viz.tree_style import Scatter

SUMMARY_TRACE = "collapsed"
# Empty text in a frame loses its text element for good under redraw=False: use a space.
BLANK = "\u00a0"


def _clamp(v: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, v))


class Scene:
    """Geometry and static parts of one figure; :meth:`dynamic` draws the parts a step changes."""

    def __init__(self, tree, view: View, names, highlight, width_hint: int):
        self.tree, self.view = tree, view
        self.names = names
        nodes = view.nodes
        self.ids = np.asarray(nodes, dtype=np.int64)
        self.x = view.x.astype(np.float32)
        self.y = view.y.astype(np.float32)
        ch = tree.children
        self.leaf = np.array([not ch[v] for v in nodes], dtype=bool)
        self.is_max = np.array([tree.depth[v] % 2 == 0 for v in nodes], dtype=bool)
        self.stub = np.array([not ch[v] and tree.values[v] is None for v in nodes], dtype=bool)
        self.highlight = [v for v in (highlight or []) if v in view.index]
        # Sizes from the horizontal room per node, for an assumed plot width.
        xs = np.concatenate([view.x, view.sx]) if len(view.sx) else view.x
        self.xmin, self.xmax = float(np.min(xs)), float(np.max(xs))
        self.ymin = float(min(np.min(view.y), np.min(view.sy) if len(view.sy) else 0.0))
        self.ymax = float(np.max(view.y))
        self.ab_room = 0.9  # x units reserved right of the tree for the last α/β label
        ppu = width_hint / (self.xmax - self.xmin + 1.2 + 2 * self.ab_room)
        self.ppu = ppu
        self.leaf_size = _clamp(0.72 * ppu, 7.0, 34.0)
        inner_gap = self._min_inner_gap()
        self.inner_size = _clamp(0.8 * inner_gap * ppu, 10.0, 44.0)
        vals = [tree.values[v] for v in nodes if not ch[v] and tree.values[v] is not None]
        longest = max((len(fmt_value(v, missing="")) for v in vals), default=1)
        text_px = 8.6 * longest + 4
        if self.leaf_size >= text_px + 4:
            self.leaf_text = "middle center"
        elif ppu >= text_px + 4:
            self.leaf_text = "bottom center"
        else:
            self.leaf_text = ""
        self.inner_text = self.inner_size >= 30
        self.left_gap, self.right_gap = self._side_gaps()

    def _min_inner_gap(self) -> float:
        """Smallest x gap between inner nodes on one level (4.0 when no level has two)."""
        best = 4.0
        inner = ~self.leaf
        for lev in np.unique(self.y[inner]):
            xs = np.sort(self.x[inner & (self.y == lev)])
            if len(xs) > 1:
                best = min(best, float(np.min(np.diff(xs))))
        return best

    def _side_gaps(self) -> tuple[np.ndarray, np.ndarray]:
        """Per node: x distance to the nearest marker on its level to the left / right."""
        n = len(self.ids)
        ax = np.concatenate([self.x, self.view.sx.astype(np.float32)])
        ay = np.concatenate([self.y, self.view.sy.astype(np.float32)])
        left = np.full(len(ax), 99.0)
        right = np.full(len(ax), 99.0)
        order = np.lexsort((ax, ay))
        same = ay[order][1:] == ay[order][:-1]
        d = np.diff(ax[order])
        right[order[:-1][same]] = d[same]
        left[order[1:][same]] = d[same]
        edge = 0.6 + self.ab_room
        left = np.minimum(left[:n], self.x - self.xmin + edge)
        right = np.minimum(right[:n], self.xmax + edge - self.x)
        return left, right

    # ---- text ----------------------------------------------------------------------------
    def name(self, v: int) -> str:
        if self.names is not None:
            return self.names[v]
        return self.tree.label(v)

    def kind(self, i: int) -> str:
        return ts.kind_word(bool(self.leaf[i]), bool(self.is_max[i]))

    static_hover = False  # animated figures: hover shows only what no step changes

    def hover(self, i: int, snap: Snapshot | None) -> str:
        v = int(self.ids[i])
        lines = [f"<b>{self.kind(i)} {self.name(v)}</b> (node {v + 1}, depth {self.tree.depth[v]})"]
        if self.stub[i]:
            lines.append("move not explored")
        elif self.leaf[i]:
            lines.append(f"value {fmt_value(self.tree.values[v], missing='')}")
        if snap is not None and not self.static_hover:
            lines.append(f"status: {snap.status[v]}")
            if snap.value[v] is not None and not self.leaf[i]:
                lines.append(f"value {fmt_value(snap.value[v], missing='')}")
            if snap.alpha[v] is not None:
                lines.append(
                    f"α = {fmt_value(snap.alpha[v], missing='')}, β = {fmt_value(snap.beta[v], missing='')}"
                )
        return "<br>".join(lines)

    def node_text(self, i: int, snap: Snapshot | None) -> str:
        v = int(self.ids[i])
        if self.stub[i]:
            return BLANK
        if self.leaf[i]:
            return fmt_value(self.tree.values[v], missing="") if self.leaf_text else BLANK
        if snap is not None and self.inner_text:
            return fmt_value(snap.value[v], missing="")
        return BLANK

    # ---- traces ----------------------------------------------------------------------------
    # ---- traces ----------------------------------------------------------------------------
    # Every dynamic trace has the same length at every step (frames only restyle: plotly's
    # redraw=False animation mismatches points when a trace's length changes).
    def _symbols(self, idx: np.ndarray) -> np.ndarray:
        sym = np.where(self.is_max[idx], ts.SYMBOL_MAX, ts.SYMBOL_MIN)
        sym = np.where(self.leaf[idx], ts.SYMBOL_LEAF, sym)
        return np.where(self.stub[idx], ts.SYMBOL_STUB, sym)

    def _sizes(self, idx: np.ndarray, scale: float = 1.0) -> np.ndarray:
        size = np.where(self.leaf[idx], self.leaf_size, self.inner_size) * scale
        return np.where(self.stub[idx], min(10.0, self.leaf_size), size).astype(np.float32)

    def styles(self, snap: Snapshot | None) -> list[ts.NodeStyle]:
        """The node style of every drawn node at ``snap`` (current node: its own status)."""
        if snap is None:
            return [ts.PLAIN] * len(self.ids)
        path = set(snap.path)
        out = []
        for v in self.ids:
            st = snap.status[int(v)]
            out.append(ts.STYLE_ACTIVE if int(v) in path else ts.STATUS_STYLES.get(st, ts.PLAIN))
        return out

    def node_trace(self, styles: list[ts.NodeStyle], snap: Snapshot | None) -> go.Scatter:
        n = len(self.ids)
        idx = np.arange(n)
        pos = np.where(self.leaf, self.leaf_text or "middle center", "middle center")
        return Scatter(
            x=self.x,
            y=self.y,
            mode="markers+text",
            name="nodes",
            ids=[str(v) for v in self.ids],
            showlegend=False,
            customdata=self.ids,
            text=[self.node_text(i, snap) for i in range(n)],
            textposition=list(pos),
            textfont=dict(color=[s.text for s in styles], size=ts.FONT_SIZE, family=ts.FONT),
            hovertext=[self.hover(i, snap) for i in range(n)],
            hovertemplate="%{hovertext}<extra></extra>",
            marker=dict(
                symbol=list(self._symbols(idx)),
                size=self._sizes(idx),
                color=[s.fill for s in styles],
                line=dict(color=[s.line for s in styles], width=1.5),
                opacity=1.0,
            ),
            selected=dict(marker=dict(opacity=1.0)),
            unselected=dict(marker=dict(opacity=1.0)),
            cliponaxis=False,
        )

    def current_parts(self, snap: Snapshot | None, styles: list[ts.NodeStyle]) -> dict:
        """What the current-node trace shows at ``snap`` (a NaN point when there is none)."""
        cur = None if snap is None else snap.current
        i = self.view.index.get(cur) if cur is not None else None
        if i is None:
            nan = np.array([np.nan], dtype=np.float32)
            return dict(
                x=nan,
                y=nan,
                ids=[-1],
                text=[BLANK],
                hover=[BLANK],
                fill="#ffffff",
                ink=ts.INK,
                symbol="circle",
                size=1,
            )
        ii = np.array([i])
        return dict(
            x=self.x[ii],
            y=self.y[ii],
            ids=[int(cur)],
            text=[self.node_text(i, snap)],
            hover=[self.hover(i, snap)],
            fill=styles[i].fill,
            ink=styles[i].text,
            symbol=str(self._symbols(ii)[0]),
            size=float(self._sizes(ii, CURRENT_SCALE)[0]),
        )

    def current_trace(self, snap: Snapshot | None, styles: list[ts.NodeStyle]) -> go.Scatter:
        """One larger, black-outlined marker over the current node (NaN when there is none)."""
        p = self.current_parts(snap, styles)
        c = ts.STYLE_CURRENT
        return Scatter(
            x=p["x"],
            y=p["y"],
            mode="markers+text",
            name=c.name,
            showlegend=False,
            customdata=p["ids"],
            text=p["text"],
            textposition="middle center",
            textfont=dict(color=p["ink"], size=ts.FONT_SIZE + 1, family=ts.FONT),
            hovertext=p["hover"],
            hovertemplate="%{hovertext}<extra></extra>",
            marker=dict(
                symbol=p["symbol"],
                size=p["size"],
                color=p["fill"],
                line=dict(color=c.line, width=c.line_width),
            ),
            selected=dict(marker=dict(opacity=1.0)),
            unselected=dict(marker=dict(opacity=1.0)),
            cliponaxis=False,
        )

    def edge_xy(self, child_idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Line segments parent -> child for view positions ``child_idx`` (NaN-separated)."""
        par = self.tree.parent
        index = self.view.index
        pidx = np.array([index[par[int(self.ids[i])]] for i in child_idx], dtype=np.int64)
        k = len(child_idx)
        ex = np.full(3 * k, np.nan, dtype=np.float32)
        ey = np.full(3 * k, np.nan, dtype=np.float32)
        if k:
            ex[0::3], ey[0::3] = self.x[pidx], self.y[pidx]
            ex[1::3], ey[1::3] = self.x[child_idx], self.y[child_idx]
        return ex, ey

    def edge_trace(self, ex, ey, style: ts.EdgeStyle, name: str = "") -> go.Scatter:
        return Scatter(
            x=ex,
            y=ey,
            mode="lines",
            name=name or f"{style.key} edges",
            showlegend=False,
            hoverinfo="skip",
            line=dict(color=style.color, width=style.width, dash=style.dash),
        )

    def _edge_geometry(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(view positions of drawn children, their segments' x, y), computed once."""
        if self._edges is None:
            child = np.array([self.tree.parent[int(v)] in self.view.index for v in self.ids])
            cidx = np.arange(len(self.ids))[child]
            self._edges = (cidx, *self.edge_xy(cidx))
        return self._edges

    _edges: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None

    def edge_parts(self, snap: Snapshot | None, styles) -> list[tuple[np.ndarray, np.ndarray]]:
        """x, y of the edge traces (unseen, done, on path, pruned): NaN where not that style."""
        cidx, ex, ey = self._edge_geometry()
        key = np.array([styles[i].key for i in cidx], dtype=object)
        out = []
        for style in DYN_EDGES:
            if snap is None:
                on = np.full(len(cidx), style is DYN_EDGES[1])
            else:
                on = key == style.key
            mx, my = ex.copy(), ey.copy()
            gone = np.repeat(~on, 3)
            mx[gone], my[gone] = np.nan, np.nan
            out.append((mx, my))
        return out

    def step_text(self, snap: Snapshot | None) -> str:
        if snap is None:
            return ""
        cur = snap.current
        i = self.view.index.get(cur) if cur is not None else None
        name = self.name(cur) if cur is not None else ""
        phrase = ts.event_phrase(snap.event, name, self.kind(i) if i is not None else "")
        return f"step {snap.step}: {phrase}"

    def dynamic(self, snap: Snapshot | None) -> list[go.Scatter]:
        """Edges (unseen, done, on path, pruned), nodes, current node, α/β, step text."""
        styles = self.styles(snap)
        edges = []
        for style, (mx, my) in zip(DYN_EDGES, self.edge_parts(snap, styles), strict=True):
            e = ts.EDGE_PLAIN if snap is None and style is DYN_EDGES[1] else style
            edges.append(self.edge_trace(mx, my, e, f"{style.key} edges"))
        nodes = [self.node_trace(styles, snap), self.current_trace(snap, styles)]
        return edges + nodes + [self.ab_trace(snap), self.step_trace(self.step_text(snap))]

    def frame_data(self, snap: Snapshot) -> list[dict]:
        """Only what a step changes in the dynamic traces (a frame merges it into them), as
        plain dicts: plotly keeps them as they are (a Scatter would be deep-copied)."""
        styles = self.styles(snap)
        out: list[dict] = [
            dict(type="scatter", x=mx, y=my) for mx, my in self.edge_parts(snap, styles)
        ]
        n = len(self.ids)
        out.append(
            dict(
                type="scatter",
                text=[self.node_text(i, snap) for i in range(n)],
                textfont=dict(color=[s.text for s in styles]),
                marker=dict(
                    color=[s.fill for s in styles], line=dict(color=[s.line for s in styles])
                ),
            )
        )
        c = self.current_parts(snap, styles)
        out.append(
            dict(
                type="scatter",
                x=c["x"],
                y=c["y"],
                customdata=c["ids"],
                text=c["text"],
                textfont=dict(color=c["ink"]),
                marker=dict(symbol=c["symbol"], size=c["size"], color=c["fill"]),
            )
        )
        out.append(dict(type="scatter", text=self.ab_texts(snap)))
        out.append(dict(type="scatter", text=[self.step_text(snap)]))
        return out

    def ab_texts(self, snap: Snapshot | None) -> list[str]:
        return tree_labels.ab_texts(self, snap)

    def ab_trace(self, snap: Snapshot | None) -> go.Scatter:
        return tree_labels.ab_trace(self, snap)

    def step_trace(self, text: str) -> go.Scatter:
        return Scatter(
            x=np.array([self.xmin - 0.5 - self.ab_room], dtype=np.float32),
            y=np.array([self.ymax + 0.62], dtype=np.float32),
            mode="text",
            text=[text],
            textposition="middle right",
            textfont=dict(size=ts.FONT_SIZE + 1, color=ts.INK, family=ts.FONT),
            hoverinfo="skip",
            showlegend=False,
            name="step",
            cliponaxis=False,
        )

    def static_under(self) -> list[go.Scatter]:
        """Principal-variation halo and summary edges (drawn below everything)."""
        out = []
        hl = self.highlight
        idx = [
            self.view.index[b] for a, b in zip(hl, hl[1:], strict=False) if self.tree.parent[b] == a
        ]
        ex, ey = self.edge_xy(np.asarray(idx, dtype=np.int64))
        out.append(self.edge_trace(ex, ey, ts.EDGE_PV, ts.PV_NAME))
        s = self.view.summaries
        sx = np.full(3 * len(s), np.nan, dtype=np.float32)
        sy = np.full(3 * len(s), np.nan, dtype=np.float32)
        for j, sm in enumerate(s):
            p = self.view.index[sm.parent]
            sx[3 * j], sy[3 * j] = self.x[p], self.y[p]
            sx[3 * j + 1], sy[3 * j + 1] = self.view.sx[j], self.view.sy[j]
        out.append(self.edge_trace(sx, sy, ts.EDGE_SUMMARY, "collapsed edges"))
        return out

    def summary_trace(self) -> go.Scatter:
        s = self.view.summaries
        show_text = self.ppu >= 44
        return Scatter(
            x=self.view.sx.astype(np.float32),
            y=self.view.sy.astype(np.float32),
            mode="markers+text",
            name=SUMMARY_TRACE,
            legendgroup=ts.SUMMARY.key,
            showlegend=False,
            customdata=np.array([sm.open_node for sm in s], dtype=np.int64),
            text=[sm.label if show_text else "" for sm in s],
            textposition="bottom center",
            textfont=dict(size=ts.FONT_SIZE - 1, color=ts.INK, family=ts.FONT),
            hovertext=[
                f"{sm.label} hidden under {self.name(sm.parent)}: click to open" for sm in s
            ],
            hovertemplate="%{hovertext}<extra></extra>",
            marker=dict(
                symbol=ts.SYMBOL_SUMMARY,
                size=_clamp(0.6 * self.ppu, 7.0, 22.0),
                color=ts.SUMMARY.fill,
                line=dict(color=ts.SUMMARY.line, width=2),
            ),
            selected=dict(marker=dict(opacity=1.0)),
            unselected=dict(marker=dict(opacity=1.0)),
            cliponaxis=False,
        )


DYN_EDGES = (ts.EDGE_UNSEEN, ts.EDGE_DONE, ts.EDGE_ACTIVE, ts.EDGE_PRUNED)


def legend_proxy(name: str, group: str, marker: dict | None = None, line: dict | None = None):
    mode = "markers" if line is None else ("lines" if marker is None else "lines+markers")
    return Scatter(
        x=[None],
        y=[None],
        mode=mode,
        name=name,
        legendgroup=group,
        marker=marker,
        line=line,
        hoverinfo="skip",
    )
