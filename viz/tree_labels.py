"""The α/β labels beside inner nodes: where they go and when they fit.

A label sits beside its node on the side away from the edge to its parent, clear of the node
drawn as the current node (1.3x larger, thick outline), and is left blank when the gap to
the next marker on its level cannot hold it. Used by :class:`viz.tree_scene.Scene`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import plotly.graph_objects as go

from engine.trace import ACTIVE, DONE, Snapshot
from engine.values import fmt_value
from viz import tree_style as ts
from viz.tree_style import Scatter

if TYPE_CHECKING:
    from viz.tree_scene import Scene

BLANK = "\u00a0"  # empty text in a frame loses its element under redraw=False
CURRENT_SCALE = 1.3  # the current node's marker size / its plain size
LABEL_GAP = 4.0  # px between a node's outline and its α/β label
AB_CHAR_PX = 8.4  # px per character of an α/β label (14 px Arial; "−", "∞" are the widest)
RING_PX = 24.0 + 3.0  # the practice figure's ring around an asked node: at least 24 px, 3 px line


def label_px(*lines: str) -> float:
    """Estimated width in px of a label with these lines."""
    return AB_CHAR_PX * max(len(t) for t in lines) + 2


def offset_px(scene: Scene) -> float:
    """Gap in px from an inner node's centre to its α/β label: clear of the node drawn as the
    current node (1.3x larger, 4 px outline; a triangle of marker size s reaches 0.577 s from
    its centre) and of the practice figure's ring."""
    cur = 0.577 * CURRENT_SCALE * scene.inner_size + ts.STYLE_CURRENT.line_width / 2
    return max(cur, RING_PX / 2) + LABEL_GAP


def label_left(scene: Scene, i: int) -> bool:
    """α/β go left of a node that is left of its parent (away from the incoming edge)."""
    p = scene.view.index.get(scene.tree.parent[int(scene.ids[i])])
    return p is not None and bool(scene.x[i] < scene.x[p] - 1e-6)


def _inner(scene: Scene) -> list[int]:
    return [i for i in range(len(scene.ids)) if not scene.leaf[i]]


def ab_texts(scene: Scene, snap: Snapshot | None) -> list[str]:
    """The label of every drawn inner node at ``snap`` (BLANK when hidden or no room)."""
    inner = _inner(scene)
    if snap is None:
        return [BLANK] * len(inner)
    off = offset_px(scene)
    near = off  # the neighbour may be the (larger) current node
    out = []
    for i in inner:
        v = int(scene.ids[i])
        label = BLANK
        if snap.alpha[v] is not None and (snap.status[v] in (ACTIVE, DONE) or v in snap.path):
            a, b = (
                f"α={fmt_value(snap.alpha[v], missing='')}",
                f"β={fmt_value(snap.beta[v], missing='')}",
            )
            need = (off + label_px(a, b) + near) / scene.ppu
            gap = scene.left_gap[i] if label_left(scene, i) else scene.right_gap[i]
            if gap >= need:
                label = f"{a}<br>{b}"
        out.append(label)
    return out


def ab_trace(scene: Scene, snap: Snapshot | None) -> go.Scatter:
    """α/β beside every inner node that has them and room for them (blank otherwise)."""
    inner = _inner(scene)
    off = np.float32(offset_px(scene) / scene.ppu)
    left = [label_left(scene, i) for i in inner]
    ii = np.asarray(inner, dtype=np.int64)
    xs = scene.x[ii] + np.where(np.asarray(left, dtype=bool), -off, off).astype(np.float32)
    return Scatter(
        x=xs.astype(np.float32),
        y=scene.y[ii] - np.float32(0.12),
        mode="text",
        text=ab_texts(scene, snap),
        textposition=["top left" if lf else "top right" for lf in left],
        textfont=dict(size=ts.FONT_SIZE - 1, color=ts.INK, family=ts.FONT),
        hoverinfo="skip",
        showlegend=False,
        name="bounds",
        ids=[f"ab{int(scene.ids[i])}" for i in inner],
        cliponaxis=False,
    )
