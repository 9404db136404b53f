"""The tree canvas's payload: one compact, JSON-able dict that lets the browser draw a search
tree and step it with no round trip to the server.

Python decides everything (which nodes to draw, where, the room every label needs, the state
of every drawn node at every step, the sentence of every step); game_tree_lab/tree_canvas/core.js only
draws it. Layout is viz.layout's tidy layout of viz.collapse's view (a big tree is collapsed
to ``budget`` markers; a "+N nodes" marker carries N and the node to focus on to open it).

Format (version 1; all lists are indexed by *view position* ``i``, the node's place in
``view.nodes``, preorder from the focus):

``id``        a digest of the rest: the canvas rebuilds only when it changes
``run``       a digest of the run alone (not of the view): a drill-down keeps the step
``n``         number of steps sent (events); steps are 0..n
``total``     number of steps of the run (``n`` unless the payload is a still)
``still``     a still of step ``n`` (no controls); ``head``: the step line is drawn
``nodes``     ``id`` tree node ids, ``p`` parent's view position (-1 for the focus), ``k`` kind
              (0 MAX, 1 MIN, 2 leaf, 3 unexplored move), ``x`` twice the tidy x (an integer:
              leaves sit at even numbers), ``d`` depth below the focus, ``nm`` the node's name
              (teach.explain's: a letter, or "leaf 5" for a leaf), ``lv`` a leaf's value
              (index into ``vals``, -1 for none), ``lk`` with ``hide_leaves`` the step that
              first evaluates each leaf (-1: no step sent does; empty: every leaf shown):
              the canvas draws "?" for its value before (and for good when -1), ``side`` where its α/β/value box goes (-1 left,
              1 right, 0 no box), ``en`` the step the search enters it (-1 never), ``ty``
              the node type (PV / CUT / ALL, "" for none; an empty list: no types sent)
``sum``       "+N nodes" markers: ``p`` parent's view position, ``x`` (twice the tidy x), ``d``,
              ``hidden`` N, ``label`` "+N nodes", ``open`` the tree node to focus on to see them
``focus``     the tree node the view starts from (0: the whole tree)
``vals``      every value and bound shown, formatted once (engine.values.fmt_value)
``steps``     per step k (1..n; index k-1) a flat list of changes ``[i, status, a, b, v, ...]``:
              node ``i`` now has ``status`` (see :data:`STATUSES`) and α, β, value ``a``, ``b``,
              ``v`` (indices into ``vals``, -1 for none). Nodes not listed keep their state.
              A node is pruned only when no step has searched it yet: one that a later MTD(f)
              pass or PVS re-search skips keeps the result it was searched to.
              At step 0 every node is unseen with no α/β/value.
``cur``       per step k (0..n) the current node's view position; ``-(s + 1)`` when it is hidden
              inside "+N nodes" marker ``s``; ``-(len(sum) + 1)`` (none) at step 0 and while the
              search is outside the drawn subtree
``texts``     every distinct sentence once (teach.explain.describe); ``ti`` per step k (0..n)
              the index of its sentence in ``texts`` (:func:`step_text`). A big search says
              the same sentence many times ("Go back up to ..."): once each, the pawn 4 x 4
              start's payload is about half as big.
``pv``        view positions of the principal variation; ``pvk`` for each the step from which
              the edge down from it is drawn (:func:`pv_steps`)
``nw``        the (α, β) pairs (indices into ``vals``) that are null windows, β = α + 1, of
              a search that makes null-window probes (PVS, MTD(f): ``run.counts``'s
              ``null_windows``): a box showing one is drawn as such. A window of plain
              alpha-beta that happens to be one wide is not a probe: none are sent.
``words``     the canvas's own words that depend on the run (teach's; absent: its defaults):
              ``types`` the node types' legend, ``types_title`` their switch's tooltip
``geo``       the sizes in px the layout reserved (see :func:`geometry`)
``hist``      None, or a history beside the tree (MTD(f)'s passes: teach.search_words):
              ``title``, ``head`` (column names) and ``rows``, each ``{"from": step, "at":
              step, "cells": [...]}``: done from step ``at``, running from ``from``
``cuts``      the cut-offs the canvas keeps explained (teach.cut_words.CutNote), each ``{"k":
              step, "i": its node, "c": the node whose bound it compared (-1: none drawn),
              "cr": the row of c's box holding that bound ("a", "b" or ""), "e": the pruned
              children drawn, "note": the pruned edge's note, "text": the full sentence}``
              (view positions); ``pc`` per view node the cut-off that pruned it (-1 none):
              the tree view reads its sentence; ``cutw`` the legend's words for the notes
``rs``        PVS's re-searches (teach.search_words.ReSearch), each ``{"i": node, "f": the step
              its probe failed, "s"/"e": the steps its full-window search starts and ends,
              "probe": words drawn at the node from f until s, "full": from s to e}``;
              ``rsw`` the legend's words for them (empty: no re-search)
``acc``       the words of the tree view a screen reader walks (teach.access_words)
``ui``        the canvas's own words in the run's language (viz.canvas_ui: buttons, legend,
              counter, hints, tooltips; the browser code holds none)
``code``      None, or pseudocode ``lines`` and per step k (0..n) the line ``at[k]``
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from engine.trace import (
    ACTIVE,
    DONE,
    ENTER,
    EXIT,
    INF,
    LEAF,
    PRUNED,
    UNSEEN,
    SearchRun,
)
from engine.tree import GameTree
from engine.values import fmt_value
from teach.access_words import canvas_words
from teach.cut_words import cut_words
from teach.i18n import _
from teach.search_words import re_search_words
from viz.canvas_ui import ui_words
from viz.collapse import View, visible_nodes

VERSION = 1
STATUSES = (UNSEEN, ACTIVE, DONE, PRUNED)  # status codes 0..3
_CODE = {s: i for i, s in enumerate(STATUSES)}
KIND_MAX, KIND_MIN, KIND_LEAF, KIND_STUB = 0, 1, 2, 3

# Sizes in px (the JS draws with exactly these; the layout reserves room from them).
TRI_R = 17  # circumradius of a MAX/MIN triangle
LEAF_R = 14  # radius of a leaf's circle
RING_R = 24  # radius of the current node's ring (stroke 3 px: reaches 25.5 px)
RING_OUT = 26  # what any node may cover, ring included
SUM_R = 9  # half the side of a "+N nodes" square
BOX_GAP = 4  # px between the ring and a label box
BOX_ROW = 15  # px per row of a label box (13 px text)
BOX_PAD = 4  # px inside a label box
BOX_CHAR = 8.2  # px per character of a label box's text (13 px; "∞" and "−" are the widest)
NAME_CHAR = 6.9  # px per character of a leaf's name (12 px)
SUM_CHAR = 7.0  # px per character of a "+N nodes" label (12 px)
INSIDE = 2  # characters of an inner node's name drawn inside its triangle; longer: under it
MARGIN = 8  # px at least between two things on a level
LEVEL_H = 100  # px between levels
U_MIN = 30  # px per leaf unit at least
TOP, BOTTOM = 34, 48  # px above the root's centre, below the deepest centre (leaf names)


@dataclass(frozen=True)
class Hidden:
    """What an open practice question asks for (teach.quiz.Question): ``node``'s α, β and
    value, and the α/β of ``bounds`` (its subtree entered after its last update)."""

    node: int
    bounds: tuple[int, ...] = ()


@dataclass(frozen=True)
class Code:
    """Pseudocode beside the tree: ``lines``, and per step k (0..n) the line it executes
    (``at[k]``, -1 for none) and a note under the code (``notes[k]``; empty: none)."""

    lines: tuple[str, ...]
    at: tuple[int, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Geometry:
    unit: float  # px per leaf unit (x) at least: the browser may widen it, never narrow it
    left: float  # px left of the leftmost centre that something covers
    right: float  # px right of the rightmost centre
    box_w: int
    box_h: int

    def as_dict(self) -> dict:
        return {
            "unit": round(self.unit, 2),
            "left": round(self.left, 1),
            "right": round(self.right, 1),
            "box_w": self.box_w,
            "box_h": self.box_h,
            "tri_r": TRI_R,
            "leaf_r": LEAF_R,
            "ring_r": RING_R,
            "ring_out": RING_OUT,
            "gap": BOX_GAP,
            "inside": INSIDE,
            "sum_r": SUM_R,
            "name_char": NAME_CHAR,
            "row": BOX_ROW,
            "level_h": LEVEL_H,
            "top": TOP,
            "bottom": BOTTOM,
        }


class _Values:
    """The table of formatted values: each distinct value once, referenced by index."""

    def __init__(self) -> None:
        self.table: list[str] = []
        self._index: dict[str, int] = {}

    def __call__(self, v: float | int | None) -> int:
        if v is None:
            return -1
        s = fmt_value(v)
        i = self._index.get(s)
        if i is None:
            i = self._index[s] = len(self.table)
            self.table.append(s)
        return i


def _kind(tree: GameTree, v: int) -> int:
    if not tree.children[v]:
        return KIND_LEAF if tree.values[v] is not None else KIND_STUB
    return KIND_MAX if tree.is_max(v) else KIND_MIN


def _sides(tree: GameTree, view: View) -> list[int]:
    """Box side per view node: away from the edge coming down from its parent (right for the
    focus and a middle child); 0 for leaves (a leaf shows its value inside its circle)."""
    out = []
    x = view.x
    for i, v in enumerate(view.nodes):
        if not tree.children[v]:
            out.append(0)
            continue
        p = view.index.get(tree.parent[v]) if i else None
        out.append(-1 if p is not None and x[i] < x[p] - 1e-9 else 1)
    return out


def geometry(
    tree: GameTree, view: View, sides: Sequence[int], names: Sequence[str], box_chars: int
) -> Geometry:
    """The px per leaf unit that keeps every node (ring included), label box, leaf name and
    "+N nodes" label on a level clear of its neighbours, and the margins at both ends."""
    box_w = int(round(BOX_CHAR * box_chars + 2 * BOX_PAD))
    box_h = 3 * BOX_ROW + 2 * BOX_PAD
    # (depth, x, left, right, ring) of everything drawn on a level: what it covers on each
    # side (outline, label box, name) and the current-node ring it may get. Only one node is
    # current, so a ring must clear its neighbours' bodies, never another ring.
    items: list[tuple[float, float, float, float, float]] = []
    for i, v in enumerate(view.nodes):
        body = float(TRI_R if tree.children[v] else LEAF_R)
        left = right = body
        s = sides[i]
        if s:
            reach = RING_OUT + BOX_GAP + box_w  # the box sits outside the ring
            left, right = (reach, right) if s < 0 else (left, reach)
        if not s or len(names[i]) > INSIDE:  # a name under the node (a leaf's, a long one)
            half = NAME_CHAR * len(names[i]) / 2
            left, right = max(left, half), max(right, half)
        items.append((float(-view.y[i]), float(view.x[i]), left, right, float(RING_OUT)))
    for j, sm in enumerate(view.summaries):
        half = max(SUM_R, SUM_CHAR * len(sm.label) / 2)
        items.append((float(-view.sy[j]), float(view.sx[j]), half, half, float(RING_OUT)))
    items.sort()
    unit = float(U_MIN)
    for a, b in zip(items, items[1:], strict=False):
        if a[0] == b[0] and b[1] > a[1]:
            need = max(a[3] + b[2], a[4] + b[2], a[3] + b[4]) + MARGIN
            unit = max(unit, need / (b[1] - a[1]))
    xmin = min(t[1] for t in items)
    xmax = max(t[1] for t in items)
    left = max(max(t[2], t[4]) - (t[1] - xmin) * unit for t in items)
    right = max(max(t[3], t[4]) - (xmax - t[1]) * unit for t in items)
    return Geometry(unit, left, right, box_w, box_h)


def tree_payload(
    run: SearchRun,
    describe: Callable[[SearchRun, int], str],
    names: Sequence[str],
    *,
    focus: int = 0,
    budget: int = 1500,
    pv: Sequence[int] = (),
    upto: int | None = None,
    hidden: Hidden | None = None,
    head: bool = True,
    code: Code | None = None,
    types: Mapping[int, str] | None = None,
    words: Mapping[str, str] | None = None,
    history: Mapping | None = None,
    cuts: Sequence = (),
    hide_leaves: bool = False,
    research: Sequence = (),
) -> dict:
    """The canvas payload of ``run`` (see the module docstring).

    ``describe(run, k)`` gives step k's sentence (teach.explain.describe); ``names[v]`` is
    tree node v's name (teach.explain.node_name); ``focus``/``budget`` choose the view
    (viz.collapse.visible_nodes, the principal variation always drawn); ``pv`` is the
    principal variation (tree ids, root first).

    ``upto``: a still of step ``upto`` (a practice question's figure): only steps 1..upto
    are in the payload, ``n`` is ``upto``, ``total`` the run's length, and the browser shows
    no control. ``hidden`` blanks what a question asks for in every step sent (see
    :class:`Hidden`). ``head=False``: no step line at all (a tree to fill in). ``code``:
    pseudocode drawn beside the tree, its line per step highlighted (see :class:`Code`);
    ``history`` a table beside it (``hist``).
    ``types``: tree node -> its node type (engine.node_types: PV / CUT / ALL), drawn by the
    canvas's node-type switch once the node is done; ``words`` the legend's words for them.
    ``cuts``: the run's cut-offs in words (teach.cut_words.cut_notes), kept on the tree.
    ``hide_leaves``: leaves revealed as evaluated: a leaf's value is drawn from the step that
    evaluates it (``lk``); one no step sent evaluates shows "?" at every step (the editor's
    edit mode, not a search, shows every value). ``research``: PVS's re-searches
    (teach.search_words.re_searches), drawn at their steps.
    """
    tree = run.tree
    n_all = len(run.events)
    n = n_all if upto is None else max(0, min(int(upto), n_all))
    view = visible_nodes(tree, focus, budget, [v for v in pv if 0 <= v < len(tree)])
    index = view.index
    vals = _Values()
    nodes = view.nodes
    m = len(nodes)
    sides = _sides(tree, view)
    shown_names = [
        _("leaf {name}", name=names[v])
        if not tree.children[v] and tree.labels is None
        else names[v]
        for v in nodes
    ]
    evaluated: dict[int, int] = {}  # leaf -> the step that first evaluates it
    if hide_leaves:
        for k, e in enumerate(run.events[:n], start=1):
            if e.kind == LEAF and not tree.children[e.node]:
                evaluated.setdefault(e.node, k)
    leaf_vals = [vals(tree.values[v]) if not tree.children[v] else -1 for v in nodes]
    parent_pos = [index.get(tree.parent[v], -1) if i else -1 for i, v in enumerate(nodes)]
    summary_of = {sm.parent: j for j, sm in enumerate(view.summaries)}
    none_cur = -(len(view.summaries) + 1)

    def where(v: int) -> int:
        """View position of v, or -(s+1) for the summary that hides it."""
        i = index.get(v)
        if i is not None:
            return i
        c = v
        p = tree.parent[c]
        while p >= 0 and p not in index:
            c, p = p, tree.parent[p]
        if p < 0:  # outside the drawn subtree: no current node on the figure
            return none_cur
        return -(summary_of[p] + 1)

    texts: list[str] = []
    text_index: dict[str, int] = {}
    ti: list[int] = []
    for k in range(n + 1):
        said = describe(run, k)
        j = text_index.get(said)
        if j is None:
            j = text_index[said] = len(texts)
            texts.append(said)
        ti.append(j)
    pv_shown = [v for v in pv if v in index]
    steps: list[list[int]] = []
    null_windows: set[tuple[int, int]] = set()  # (α, β) shown with β = α + 1
    probes = run.counts.get("null_windows", 0) > 0  # only a search that probes draws them
    # A node searched once stays drawn as searched when a later pass or re-search skips it
    # (MTD(f)'s pass 2 pruning leaves pass 1 evaluated): "pruned" means never searched.
    searched: set[int] = set()
    cur = [none_cur]
    enter = [-1] * m
    cut_at = {c.step: j for j, c in enumerate(cuts)}  # the CUT event's step -> its note
    pruned_by = [-1] * m
    blank_all = -1 if hidden is None else index.get(hidden.node, -1)
    blank_bounds = set() if hidden is None else {index[v] for v in hidden.bounds if v in index}
    for k, e in enumerate(run.events[:n], start=1):
        ch: list[int] = []
        i = index.get(e.node)
        if i is not None:
            if e.kind == ENTER:
                enter[i] = k if enter[i] < 0 else enter[i]
                ch += [i, _CODE[ACTIVE], vals(e.alpha), vals(e.beta), -1]
            elif e.kind in (LEAF, EXIT):
                ch += [i, _CODE[DONE], vals(e.alpha), vals(e.beta), vals(e.value)]
                searched.add(i)
            else:  # UPDATE, CUT, TABLE (an entry's bound, or the window it narrowed)
                ch += [i, _CODE[ACTIVE], vals(e.alpha), vals(e.beta), vals(e.best)]
        if e.skipped:  # a cut, or a table entry that settles the node without its moves
            by = cut_at.get(k, -1)
            for s in e.skipped:
                for x in tree.preorder(s):
                    j = index.get(x)
                    if j is not None and j not in searched:
                        ch += [j, _CODE[PRUNED], -1, -1, -1]
                        if pruned_by[j] < 0:
                            pruned_by[j] = by
        if probes and _is_null_window(e.alpha, e.beta):
            null_windows.add((vals(e.alpha), vals(e.beta)))
        for j in range(0, len(ch), 5):  # what a question asks for is never sent
            if ch[j] == blank_all:
                ch[j + 2] = ch[j + 3] = ch[j + 4] = -1
            elif ch[j] in blank_bounds:
                ch[j + 2] = ch[j + 3] = -1
        steps.append(ch)
        cur.append(where(e.node))
    used = max((len(s) for s in vals.table), default=1)
    geo = geometry(tree, view, sides, shown_names, used + 2)
    kinds = [_kind(tree, v) for v in nodes]
    body = {
        "v": VERSION,
        "n": n,
        "total": n_all,
        "still": upto is not None,
        "head": head,
        "nodes": {
            "id": list(nodes),
            "p": parent_pos,
            "k": kinds,
            "x": [int(round(2 * float(x))) for x in view.x],
            "d": [int(round(-float(y))) - int(tree.depth[focus]) for y in view.y],
            "nm": shown_names,
            "lv": leaf_vals,
            "side": sides,
            "en": enter,
            "lk": [evaluated.get(v, -1) for v in nodes] if hide_leaves else [],
            "ty": [] if types is None else [types.get(v, "") for v in nodes],
        },
        "sum": [
            {
                "p": index[sm.parent],
                "x": int(round(2 * float(view.sx[j]))),
                "d": int(round(-float(view.sy[j]))) - int(tree.depth[focus]),
                "hidden": sm.hidden,
                "label": sm.label,
                "open": sm.open_node,
            }
            for j, sm in enumerate(view.summaries)
        ],
        "focus": focus,
        "vals": vals.table,
        "steps": steps,
        "cur": cur,
        "texts": texts,
        "ti": ti,
        "pv": [index[v] for v in pv_shown],
        "pvk": pv_steps(run, pv_shown),
        "nw": [list(w) for w in sorted(null_windows)],
        "geo": geo.as_dict(),
        "words": dict(words or {}),
        "hist": None if history is None else dict(history),
        "cuts": [
            {
                "k": c.step,
                "i": index.get(c.node, -1),
                "c": index.get(c.cause, -1) if c.cause >= 0 else -1,
                "cr": c.cause_row,
                "e": [index[v] for v in c.skipped if v in index],
                "note": c.note,
                "text": c.text,
            }
            for c in cuts
            if c.step <= n
        ],
        "pc": pruned_by if cuts else [],
        "cutw": cut_words() if cuts else {},
        "rs": [
            {
                "i": index[r.node],
                "f": r.failed,
                "s": r.start,
                "e": r.end,
                "probe": r.probe_words,
                "full": r.full_words,
            }
            for r in research
            if r.node in index and r.failed <= n
        ],
        "rsw": re_search_words() if research else {},
        "acc": canvas_words(tree, nodes, kinds),
        "ui": ui_words(),
        "code": None
        if code is None
        else {
            "lines": list(code.lines),
            "at": list(code.at[: n + 1]),
            "notes": list(code.notes[: n + 1]) if any(code.notes) else [],
        },
    }
    body["run"] = _digest([body["n"], body["texts"], body["ti"], run.algorithm, run.variant])
    return {"id": _digest(body), **body}


def step_text(payload: dict, k: int) -> str:
    """The sentence of step ``k`` of ``payload`` (what the canvas shows under its buttons)."""
    return payload["texts"][payload["ti"][k]]


def pv_steps(run: SearchRun, pv: Sequence[int]) -> list[int]:
    """For each node of the principal variation ``pv`` (tree ids, top down), the step from
    which the edge down from it is drawn: the step at which the root returns for the last
    time (its last EXIT; the last step of alpha-beta, of MTD(f)'s last pass).

    That is when the search has established the line. A node lower down is done for good
    earlier, and its best move is then final, but whether the node lies on the best line
    depends on its ancestors, which the search has not finished: drawing its edge green
    then would tell the student what the search does not know yet. So the whole line
    appears at once, when the root's value is proved. A search that never returns at the
    root (no events) gets the last step."""
    root = pv[0] if pv else None
    at = len(run.events)
    for k, e in enumerate(run.events, start=1):
        if e.node == root and e.kind in (LEAF, EXIT):
            at = k
    return [at] * len(pv)


def _is_null_window(a, b) -> bool:
    """β = α + 1 with both finite: the window holds no value strictly inside (PVS's probes,
    MTD(f)'s passes), so the search only learns on which side the value lies."""
    try:
        return b - a == 1 and abs(a) != INF
    except TypeError:
        return False


def blank_payload(tree: GameTree, names: Sequence[str], *, budget: int = 1500) -> dict:
    """A tree to fill in (an exercise): no search, no step line, every node unseen."""
    run = SearchRun(tree, [], 0, 0, 0)
    return tree_payload(run, lambda r, k: "", names, budget=budget, upto=0, head=False)


def _digest(obj) -> str:
    return hashlib.sha1(json.dumps(obj, separators=(",", ":")).encode()).hexdigest()[:16]
