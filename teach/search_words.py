"""Words for the searches after alpha-beta: what type a node is, MTD(f)'s passes and what
the race table shows, in sentences a student reads beside the canvas and the table (why a
cut-off happened is teach.cut_words).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.mtdf import MtdfPass
from engine.node_types import CUT_NODE as CUT_TYPE
from engine.node_types import PV, NodeTypes
from engine.race import CURRENT, PERFECT, WORST, RaceTable, complete_shape
from engine.trace import ENTER, EXIT, LEAF, NULL_WINDOW, RE_SEARCH, Event, SearchRun
from engine.tree import GameTree
from engine.values import fmt_value
from teach.explain import node_name


def node_who(tree: GameTree, node: int) -> str:
    name = node_name(tree, node)
    if tree.labels is not None and node == 0:
        return "the root (MAX)"
    if not tree.children[node]:
        return f"leaf {name}"
    return f"{'MAX' if tree.is_max(node) else 'MIN'} node {name}"


# One definition of the node types, said in the legend, the help, the labels, the quiz and
# the CLI (engine.node_types.classify): Marsland's *actual* types, by how the node's search
# ended, seen by the side to move there. (Knuth and Moore's types 1, 2, 3 are the *expected*
# ones, by position in the tree: engine.node_types.expected_types; the two agree on a
# perfectly ordered tree.)
NODE_TYPES_DEFINITION = (
    "Node types (Marsland's actual types: how a node's search ended, seen by the side to move "
    "there): PV, its value fell strictly inside its window; CUT, it failed high, reaching the "
    "bound its opponent set (β at a MAX node, α at a MIN node), and any children left were "
    "pruned by that cut-off; ALL, it failed low: every child was searched and none reached "
    "its own bound."
)
NODE_TYPES_LEGEND = (
    "node types, seen by the side to move there: PV value inside its window · CUT failed high "
    "(MAX: ≥ β, MIN: ≤ α; children left are pruned) · ALL failed low (every child searched)"
)
NODE_TYPES_SWITCH = "Marsland's actual node types (PV, CUT, ALL), shown once a node is done"


def canvas_words() -> dict[str, str]:
    """The tree canvas's words for the node types (its legend and its switch's tooltip)."""
    return {"types": NODE_TYPES_LEGEND, "types_title": NODE_TYPES_SWITCH}


def node_type_reason(
    tree: GameTree, node: int, kind: str, value, window: tuple, pruned_here: bool
) -> str:
    """Why ``node`` (which returned ``value`` from ``window``, MAX's view) is a ``kind`` node,
    in the words of :data:`NODE_TYPES_DEFINITION`: "it failed high for MIN (2 <= alpha = 3);
    its last child did it, so nothing was left to prune"."""
    mx = tree.is_max(node)
    side = "MAX" if mx else "MIN"
    v, a, b = fmt_value(value), fmt_value(window[0]), fmt_value(window[1])
    if kind == CUT_TYPE:
        edge = f"{v} >= beta = {b}" if mx else f"{v} <= alpha = {a}"
        after = (
            "the cut-off pruned the children left"
            if pruned_here
            else "its last child did it, so nothing was left to prune"
        )
        return f"it failed high for {side} ({edge}): {after}"
    if kind == PV:
        return f"its value {v} lies strictly inside its window"
    edge = f"{v} <= alpha = {a}" if mx else f"{v} >= beta = {b}"
    return f"it failed low for {side} ({edge}): every child was searched, none reached its bound"


def node_type_sentence(nt: NodeTypes, node: int, value=None) -> str:
    """ "MIN node C is a CUT node: it was given [3, +∞]; it failed high for MIN (2 <= alpha =
    3): the cut-off pruned the children left." (``value``: what it returned; default: read
    back from its window and type.)"""
    tree = nt.tree
    t = nt.types[node]
    a, b = nt.window[node]
    pruned_here = any(c.node == node for c in nt.cuts)
    if value is None:
        value = nt.value[node]
    why = node_type_reason(tree, node, t, value, (a, b), pruned_here)
    who = node_who(tree, node)
    return (
        f"{who[0].upper()}{who[1:]} is a {t} node: it was given [{fmt_value(a)}, "
        f"{fmt_value(b)}]; {why}."
    )


def minimal_tree_note(tree: GameTree, table: RaceTable) -> str | None:
    """Beside alpha-beta's count under perfect ordering, on a complete tree: Knuth and Moore's
    formula with the numbers filled in. None when the tree is not complete."""
    shape = complete_shape(tree)
    if shape is None or table.minimal_leaves is None:
        return None
    b, d = shape
    up, down = (d + 1) // 2, d // 2
    got = table.row("alphabeta", PERFECT).leaves
    return (
        f"The minimal tree has b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = {b}^{up} + {b}^{down} − 1 = "
        f"{table.minimal_leaves} leaves (Knuth & Moore 1975); with perfect ordering "
        f"alpha-beta evaluates exactly {got}."
    )


def race_summary(table: RaceTable) -> list[str]:
    """One sentence per algorithm: its leaves under the current, perfect and worst ordering."""
    out: list[str] = []
    seen: list[str] = []
    for r in table.rows:
        if r.algorithm not in seen:
            seen.append(r.algorithm)
    for algo in seen:
        rows = {r.ordering: r for r in table.rows if r.algorithm == algo}
        cur = rows[CURRENT]
        text = f"{algo}: value {fmt_value(cur.value)}, {cur.leaves} leaves evaluated"
        if PERFECT in rows and WORST in rows:
            text += (
                f" ({rows[PERFECT].leaves} with perfect ordering, {rows[WORST].leaves} with the "
                "worst)"
            )
        extras = []
        if cur.null_windows and algo == "pvs":
            extras.append(f"{cur.null_windows} null-window searches, {cur.re_searches} re-searches")
        if algo.startswith("mtdf"):
            extras.append(f"{cur.passes} null-window passes")
        if cur.table_hits:
            extras.append(f"{cur.table_hits} table hits")
        if extras:
            text += "; " + ", ".join(extras)
        out.append(text + ".")
    return out


def mtdf_pass_sentence(number: int, p: MtdfPass, last: bool = False) -> str:
    """The end of MTD(f)'s pass ``number``: what its null window proved and where the bounds
    on the root's value stand ("Pass 2 asked "is the value at least 4?" and returned 3: it
    failed low, so the value is at most 3; the bounds are now [3, 3].")."""
    beta = fmt_value(p.beta)
    got = fmt_value(p.value)
    if p.failed_high:
        what = f"it failed high, so the value is at least {got}"
    else:
        what = f"it failed low, so the value is at most {got}"
    text = (
        f'Pass {number} asked "is the value at least {beta}?" (window {fmt_value(p.beta - 1)}, '
        f"{beta}) and the root returned {got}: {what}; the bounds are now "
        f"[{fmt_value(p.lower)}, {fmt_value(p.upper)}]."
    )
    if last:
        text += f" Lower and upper bound meet: the value of the game is {got}."
    return text


def pass_history(run: SearchRun, passes: tuple[MtdfPass, ...]) -> dict | None:
    """MTD(f)'s pass history beside the tree (the canvas's ``hist``): one row per pass, its
    test, what the root returned, and the root's bounds [lower, upper] after it; ``from`` /
    ``at`` the steps the pass starts and ends (1-based), so the canvas marks the passes done
    and the one running. None for a run without passes."""
    if not passes:
        return None
    starts = [k for k, e in enumerate(run.events, start=1) if e.kind == ENTER and e.node == 0]
    ends = [k for k, e in enumerate(run.events, start=1) if e.kind == EXIT and e.node == 0]
    rows = []
    for i, (p, a, b) in enumerate(zip(passes, starts, ends, strict=True)):
        beta, got = fmt_value(p.beta), fmt_value(p.value)
        result = (
            f"{got}: failed high (≥ {beta})" if p.failed_high else f"{got}: failed low (< {beta})"
        )
        rows.append(
            {
                "from": a,
                "at": b,
                "cells": [
                    str(i + 1),
                    f"value ≥ {beta}? window ({fmt_value(p.beta - 1)}, {beta})",
                    result,
                    f"[{fmt_value(p.lower)}, {fmt_value(p.upper)}]",
                ],
            }
        )
    return {
        "title": "MTD(f)'s passes: each asks one question with a null window; the bounds on "
        "the root's value close in until they meet",
        "head": ["pass", "test", "root returned", "bounds after it"],
        "rows": rows,
    }


# PVS's re-searches drawn on the tree (the canvas's ``rs``: plugins/research.js)
RE_SEARCH_WORDS = {
    "probe": "probe",
    "full": "re-search",
    "legend": "a null-window probe that failed, and the full-window search of the same node "
    "that follows it (PVS's re-search)",
}


@dataclass(frozen=True)
class ReSearch:
    """One PVS re-search of ``node``: its null-window probe ended at step ``failed`` outside
    its window, the full-window search runs from step ``start`` to ``end`` (1-based).
    ``probe_words`` ("probe (5, 6) failed low: 4 ≤ 5", MAX's view) is drawn at the node from
    ``failed`` until ``start``; ``full_words`` ("re-search (−∞, 6)") from ``start`` to
    ``end``."""

    node: int
    failed: int
    start: int
    end: int
    probe_words: str
    full_words: str


def re_searches(run: SearchRun) -> list[ReSearch]:
    """Every re-search of a PVS run, with its probe (MAX's view: a MAX parent's probe fails
    high, at or above its β; a MIN parent's fails low, at or below its α)."""
    tree, events = run.tree, run.events
    out = []
    probe: dict[int, Event] = {}  # node -> its last null-window ENTER
    probe_end: dict[int, tuple[int, Event]] = {}  # node -> (step, LEAF/EXIT) of that probe
    open_: dict[int, tuple[int, int, Event]] = {}  # node -> (failed, start, its ENTER)
    for k, e in enumerate(events, start=1):
        v = e.node
        if e.kind == ENTER and e.tag == NULL_WINDOW:
            probe[v] = e
            probe_end.pop(v, None)
        elif e.kind == ENTER and e.tag == RE_SEARCH and v in probe_end:
            open_[v] = (probe_end[v][0], k, e)
        elif e.kind in (LEAF, EXIT):
            if v in open_:
                failed, start, enter = open_.pop(v)
                p, (_, back) = probe.pop(v), probe_end.pop(v)
                high = tree.is_max(tree.parent[v])
                got, a, b = fmt_value(back.value), fmt_value(p.alpha), fmt_value(p.beta)
                how = f"failed high: {got} ≥ {b}" if high else f"failed low: {got} ≤ {a}"
                full = f"({fmt_value(enter.alpha)}, {fmt_value(enter.beta)})"
                out.append(
                    ReSearch(v, failed, start, k, f"probe ({a}, {b}) {how}", f"re-search {full}")
                )
            elif v in probe and v not in probe_end:
                probe_end[v] = (k, e)
    return out
