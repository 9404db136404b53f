"""Tree figures: shapes, per-step styles, legend, budget, frames, on the engine's own traces."""

from __future__ import annotations

import json
import random

import numpy as np
import plotly.graph_objects as go

from engine.random_tree import random_tree
from engine.search import search_tree
from engine.trace import ENTER, LEAF, PRUNED, Replayer
from engine.tree import GameTree, complete_tree, minimax
from viz import tree_style as ts
from viz.tree_figure import (
    CURRENT_CURVE,
    DYNAMIC_TRACES,
    NODE_CURVE,
    SUMMARY_CURVE,
    click_target,
    frame_window,
    tree_figure,
)

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]


def alphabeta_snapshots(tree: GameTree) -> list:
    """The snapshot after 0, 1, 2, ... events of the engine's alpha-beta on ``tree``."""
    rep = Replayer(search_tree(tree))
    return [rep.snapshot(k) for k in range(len(rep) + 1)]


def test_snapshots_are_the_engines_event_stream():
    snaps = alphabeta_snapshots(complete_tree(SAMPLE, 3))
    kinds = [s.event.kind for s in snaps[1:]]
    leaf = kinds.index(LEAF)
    assert kinds[leaf - 1] == ENTER and snaps[leaf].event.node == snaps[leaf + 1].event.node
    assert ts.event_phrase(snaps[1].event, "A", "MAX") == "enter MAX A with α=−∞, β=+∞"


def _segments(trace) -> set[tuple[float, float, float, float]]:
    x, y = np.asarray(trace.x, dtype=float), np.asarray(trace.y, dtype=float)
    out = set()
    for i in range(0, len(x), 3):
        if not np.isnan(x[i]) and not np.isnan(x[i + 1]):
            out.add((x[i], y[i], x[i + 1], y[i + 1]))
    return out


def _pos(fig, node):
    nodes = fig.data[NODE_CURVE]
    i = list(nodes.customdata).index(node)
    return float(nodes.x[i]), float(nodes.y[i])


def _cut_snapshot(tree):
    snaps = alphabeta_snapshots(tree)
    return snaps, next(s for s in snaps if s.event is not None and s.event.kind == "cut")


def test_shapes_per_max_min_leaf():
    t = complete_tree(SAMPLE, 3)
    fig = tree_figure(t)
    nodes = fig.data[NODE_CURVE]
    for v, sym in zip(nodes.customdata, nodes.marker.symbol, strict=True):
        want = ts.SYMBOL_LEAF if t.is_leaf(v) else ts.SYMBOL_MAX if t.is_max(v) else ts.SYMBOL_MIN
        assert sym == want
    assert len(nodes.x) == 13 and nodes.x.dtype == np.float32


def test_cut_step_styles_pruned_grey_dashed_and_current_highlighted():
    t = complete_tree(SAMPLE, 3)
    snaps, cut = _cut_snapshot(t)
    assert cut.event.skipped == (8, 9)  # the statement: 4 and 6 are skipped
    fig = tree_figure(t, cut)
    nodes = fig.data[NODE_CURVE]
    colour = dict(zip(nodes.customdata, nodes.marker.color, strict=True))
    for v in range(13):
        if cut.status[v] == PRUNED:
            assert colour[v] == ts.STYLE_PRUNED.fill
        else:
            assert colour[v] != ts.STYLE_PRUNED.fill
    pruned = next(tr for tr in fig.data if tr.name == "pruned edges")
    assert pruned.line.dash == "dash"
    want = {(*_pos(fig, 2), *_pos(fig, c)) for c in (8, 9)}
    assert _segments(pruned) == want
    active = next(tr for tr in fig.data if tr.name == "active edges")
    assert _segments(active) == {(*_pos(fig, 0), *_pos(fig, 2))}
    cur = fig.data[CURRENT_CURVE]
    assert list(cur.customdata) == [2] and cur.marker.line.width >= 3
    assert cur.marker.size > nodes.marker.size[list(nodes.customdata).index(2)]
    bounds = [s for s in fig.data[8].text if "α" in s]
    assert "α=3<br>β=+∞" in bounds and "α=3<br>β=2" in bounds
    assert "cut" in fig.data[9].text[0]


def test_legend_explains_every_style():
    t = complete_tree(SAMPLE, 3)
    snaps, cut = _cut_snapshot(t)
    fig = tree_figure(t, cut, highlight=minimax(t).principal_variation())
    names = {tr.name for tr in fig.data if tr.showlegend is not False}
    for s in (ts.STYLE_UNSEEN, ts.STYLE_ACTIVE, ts.STYLE_CURRENT, ts.STYLE_DONE, ts.STYLE_PRUNED):
        assert s.name in names
    assert {ts.LEGEND_MAX, ts.LEGEND_MIN, ts.LEGEND_LEAF, ts.PV_NAME} <= names
    pv = fig.data[0]
    assert _segments(pv) == {(*_pos(fig, 0), *_pos(fig, 1)), (*_pos(fig, 1), *_pos(fig, 4))}
    plain = tree_figure(t)
    assert ts.STYLE_PRUNED.name not in {tr.name for tr in plain.data if tr.showlegend is not False}


def test_unexplored_move_is_a_hollow_stub():
    t = GameTree(
        parent=(-1, 0, 0),
        children=((1, 2), (), ()),
        values=(None, 4, None),
        depth=(0, 1, 1),
    )
    nodes = tree_figure(t).data[NODE_CURVE]
    assert list(nodes.marker.symbol) == [ts.SYMBOL_MAX, ts.SYMBOL_LEAF, ts.SYMBOL_STUB]
    assert nodes.marker.size[2] < nodes.marker.size[1]


def test_big_tree_respects_budget():
    rng = random.Random(3)
    t = complete_tree([rng.randint(-1000, 1000) for _ in range(10_000)], 10)
    sol = minimax(t)
    fig = tree_figure(t, None, budget=3000, highlight=sol.principal_variation())
    shown = len(fig.data[NODE_CURVE].x) + len(fig.data[SUMMARY_CURVE].x)
    assert shown <= 3000
    assert set(sol.principal_variation()) <= set(fig.data[NODE_CURVE].customdata)
    assert len(fig.data[SUMMARY_CURVE].x) > 0
    assert ts.SUMMARY.name in {tr.name for tr in fig.data if tr.showlegend is not False}
    pt = {"curve_number": SUMMARY_CURVE, "customdata": int(fig.data[SUMMARY_CURVE].customdata[0])}
    assert click_target(pt) == (pt["customdata"], True)
    assert click_target({"curve_number": NODE_CURVE, "customdata": 5}) == (5, False)
    assert click_target({}) is None


def test_frames_capped_constant_length_and_windowed():
    rng = random.Random(5)
    t = complete_tree([rng.randint(-50, 50) for _ in range(81)], 3)
    snaps = alphabeta_snapshots(t)
    n = len(snaps) - 1
    here = snaps[30]
    fig = tree_figure(t, here, animate=True, snapshots=snaps, max_frames=50)
    assert len(fig.frames) == 50
    assert [f.name for f in fig.frames] == [str(k) for k in range(30, 80)]
    assert fig.layout.sliders[0].active == 0 and len(fig.layout.sliders[0].steps) == 50
    assert fig.layout.updatemenus[0].buttons[0].args[1]["frame"]["redraw"] is False
    for f in fig.frames[:5]:
        assert list(f.traces) == DYNAMIC_TRACES
        for tr, i in zip(f.to_plotly_json()["data"], DYNAMIC_TRACES, strict=True):
            base = fig.data[i]
            for attr in ("x", "text"):
                if tr.get(attr) is not None and getattr(base, attr) is not None:
                    assert len(tr[attr]) == len(getattr(base, attr))
    end = tree_figure(t, snaps[-1], animate=True, snapshots=lambda k: snaps[k], n_steps=n)
    assert 2 <= len(end.frames) <= 400 and end.frames[-1].name == str(n)
    assert frame_window(0, 1000, 400) == range(0, 400)
    assert frame_window(990, 1000, 400) == range(601, 1001)


def _boxes_overlap(a, b) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def _label_clashes(fig, width: int) -> list[tuple[int, int]]:
    """(label's node, node it covers) for every α/β label that overlaps a drawn node marker
    (the current node 1.3x larger with its outline), in px of a plot ``width`` px wide."""
    lay = fig.layout
    x0, x1 = lay.xaxis.range
    y0, y1 = lay.yaxis.range
    sx = (width - lay.margin.l - lay.margin.r) / (x1 - x0)
    sy = (lay.height - lay.margin.t - lay.margin.b) / (y1 - y0)
    nodes, cur, ab = fig.data[NODE_CURVE], fig.data[CURRENT_CURVE], fig.data[8]
    marks = []  # (node, box) of every marker, triangles 2/sqrt(3) x size wide
    for tr, outline in ((nodes, 1.5), (cur, 4.0)):
        sizes = np.broadcast_to(np.asarray(tr.marker.size, dtype=float), (len(tr.x),))
        for v, x, y, s in zip(tr.customdata, tr.x, tr.y, sizes, strict=True):
            if not np.isnan(x):
                half = 0.577 * s + outline / 2
                marks.append((int(v), (x * sx - half, x * sx + half, y * sy - half, y * sy + half)))
    out = []
    for node_id, x, y, text, pos in zip(ab.ids, ab.x, ab.y, ab.text, ab.textposition, strict=True):
        if "α" not in text:
            continue
        w = 8.0 * max(len(t) for t in text.split("<br>"))
        left = x * sx - w if pos.endswith("left") else x * sx
        box = (left, left + w, y * sy, y * sy + 2 * 17)  # two lines of 14 px text, upwards
        out += [(node_id, v) for v, m in marks if _boxes_overlap(box, m)]
    return out


def test_ab_labels_never_cover_a_node():
    rng = random.Random(11)
    trees = [complete_tree(SAMPLE, 3)]
    trees += [
        complete_tree([rng.randint(-99, 99) for _ in range(b**d)], b)
        for b, d in ((2, 5), (3, 3), (4, 2))
    ]
    trees += [random_tree(66, 4, -20, 20, seed) for seed in (1, 2)]
    assert max(len(t.leaves()) for t in trees) >= 40
    shown = 0
    for t in trees:
        snaps = alphabeta_snapshots(t)
        for width in (640, 1000, 1400):
            for snap in snaps[:: max(1, len(snaps) // 25)]:
                fig = tree_figure(t, snap, width_hint=width)
                assert _label_clashes(fig, width) == [], (len(t), width, snap.step)
                shown += sum("α" in s for s in fig.data[8].text)
    assert shown > 100  # the labels are drawn, not just hidden


def test_current_node_label_clear_of_its_outline_at_statement_cut():
    t = complete_tree(SAMPLE, 3)
    _, cut = _cut_snapshot(t)
    for width in (640, 1300):
        fig = tree_figure(t, cut, width_hint=width)
        assert "α=3<br>β=2" in fig.data[8].text
        assert _label_clashes(fig, width) == []


_FRAME_KEYS = {  # what a frame restyles in each dynamic trace
    **{i: (("x",), ("y",)) for i in range(2, 6)},
    NODE_CURVE: (
        ("text",),
        ("textfont", "color"),
        ("marker", "color"),
        ("marker", "line", "color"),
    ),
    CURRENT_CURVE: (
        ("x",),
        ("y",),
        ("customdata",),
        ("text",),
        ("textfont", "color"),
        ("marker", "symbol"),
        ("marker", "size"),
        ("marker", "color"),
    ),
    8: (("text",),),
    9: (("text",),),
}


def _pick(trace: dict, paths) -> dict:
    out: dict = {}
    for path in paths:
        src, dst = trace, out
        for key in path[:-1]:
            src, dst = src[key], dst.setdefault(key, {})
        dst[path[-1]] = src[path[-1]]
    return out


def test_fast_frames_match_validated_figures_of_each_step():
    """Frames are built unvalidated and attached without plotly's copy; their JSON equals
    plotly's validated frames made from the full (static) figure of each step."""
    rng = random.Random(8)
    t = complete_tree([rng.randint(-20, 20) for _ in range(27)], 3)
    snaps = alphabeta_snapshots(t)
    fast = tree_figure(t, snaps[0], animate=True, snapshots=snaps, max_frames=400)
    assert [f.name for f in fast.frames] == [str(k) for k in range(len(snaps))]
    slow_frames = []
    for k, snap in enumerate(snaps):
        still = tree_figure(t, snap).data
        data = [
            go.Scatter(**_pick(still[i].to_plotly_json(), _FRAME_KEYS[i])) for i in DYNAMIC_TRACES
        ]
        slow_frames.append(go.Frame(name=str(k), data=data, traces=DYNAMIC_TRACES))
    slow = go.Figure(data=fast.data, layout=fast.layout, frames=slow_frames)
    assert json.loads(fast.to_json())["frames"] == json.loads(slow.to_json())["frames"]


def test_autoplay_of_a_thousand_nodes_has_its_frames():
    rng = random.Random(4)
    t = complete_tree([rng.randint(-50, 50) for _ in range(1000)], 10)
    snaps = alphabeta_snapshots(t)
    fig = tree_figure(t, snaps[len(snaps) // 2], animate=True, snapshots=snaps)
    assert len(fig.frames) >= 20


def test_full_legend_fits_one_line_at_1000_px():
    rng = random.Random(5)
    t = complete_tree([rng.randint(-9, 9) for _ in range(3**7)], 3)
    snaps, cut = _cut_snapshot(t)
    fig = tree_figure(t, cut, budget=200, highlight=[0, 1])
    entries = [tr.name for tr in fig.data if tr.showlegend is not False and tr.name]
    assert len(entries) == 10  # 3 shapes, 5 states, best play, collapsed: every colour explained
    legend = fig.layout.legend
    size = legend.font.size
    assert size <= 13 and legend.itemwidth == 30 and legend.orientation == "h"
    # Arial averages under 0.6 em per character; each entry adds its symbol and ~10 px gaps.
    width = sum(legend.itemwidth + 10 + 0.6 * size * len(name) for name in entries)
    assert width < 1000 - fig.layout.margin.l - fig.layout.margin.r, width
