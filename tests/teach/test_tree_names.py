"""Inner-node name tags (viz.tree_marks.add_names): a level whose tags would touch is left out."""

from __future__ import annotations

import random

from engine.tree import complete_tree
from ui.tree.tree_lab import make_lab, step_figure
from viz.tree_marks import crowded_levels, drawn_nodes, px_per_x


def _names(fig) -> dict[float, set[str]]:
    out: dict[float, set[str]] = {}
    for tr in fig.data:
        if tr.name == "names":
            for y, t in zip(tr.y, tr.text, strict=True):
                out.setdefault(float(y), set()).add(t.replace("<b>", "").replace("</b>", ""))
    return out


def test_crowded_levels_counts_only_facing_tags():
    # Two nodes 3 units apart at 20 px a unit: 60 px between centres, markers 30 px.
    facing = [("E", 0.0, -2.0, 30.0), ("F", 3.0, -2.0, 30.0)]
    assert crowded_levels(facing, [True, False], 20.0) == {-2.0}  # 36 + 2 tags of ~11.5 > 60
    assert crowded_levels(facing, [False, True], 20.0) == set()  # tags point away: 36 px
    assert crowded_levels(facing, [True, False], 40.0) == set()  # 120 px is room enough
    lone = [("A", 0.0, 0.0, 40.0)]
    assert crowded_levels(lone, [True], 1.0) == set()


def test_27_leaf_tree_at_640_px_drops_only_the_crowded_level():
    t = complete_tree([random.Random(1).randint(0, 20) for _ in range(27)], 3)
    lab = make_lab(t)
    n = len(lab.run.events)
    narrow, wide = step_figure(lab, n, width=640), step_figure(lab, n, width=1100)
    assert _names(wide) == {0.0: {"A"}, -1.0: {"B", "C", "D"}, -2.0: set("EFGHIJKLM")}
    assert _names(narrow) == {0.0: {"A"}, -1.0: {"B", "C", "D"}}
    # and no two drawn tags touch at that width, by the same geometry
    px = px_per_x(narrow, 640)
    drawn = {d[0]: d for d in drawn_nodes(narrow)}
    levels = _names(narrow)
    tagged = [
        (lab.names[v], *d[1:]) for v, d in drawn.items() if lab.names[v] in levels.get(d[2], ())
    ]
    parent_x = {
        v: drawn[t.parent[v]][1] if t.parent[v] in drawn else d[1] for v, d in drawn.items()
    }
    right = [
        d[1] < parent_x[v] - 1e-6 for v, d in drawn.items() if lab.names[v] in levels.get(d[2], ())
    ]
    assert crowded_levels(tagged, right, px) == set()
