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
from teach.explain import who
from teach.i18n import DEFAULT, N_, _, current, ngettext
from teach.run_words import in_sentence


def node_who(tree: GameTree, node: int) -> str:
    """ "MAX node B", "leaf 5", "the root (MAX)" in the run's language (teach.explain.who)."""
    return who(tree, node)


# One definition of the node types, said in the legend, the help, the labels, the quiz and
# the CLI (engine.node_types.classify): Marsland's *actual* types, by how the node's search
# ended, seen by the side to move there. (Knuth and Moore's types 1, 2, 3 are the *expected*
# ones, by position in the tree: engine.node_types.expected_types; the two agree on a
# perfectly ordered tree.)
NODE_TYPES_DEFINITION = N_(
    "Node types (Marsland's actual types: how a node's search ended, seen by the side to move "
    "there): PV, its value fell strictly inside its window; CUT, it failed high, reaching the "
    "bound its opponent set (β at a MAX node, α at a MIN node), and any children left were "
    "pruned by that cut-off; ALL, it failed low: every child was searched and none reached "
    "its own bound."
)
NODE_TYPES_LEGEND = N_(
    "node types, seen by the side to move there: PV value inside its window · CUT failed high "
    "(MAX: ≥ β, MIN: ≤ α; children left are pruned) · ALL failed low (every child searched)"
)
NODE_TYPES_SWITCH = N_("Marsland's actual node types (PV, CUT, ALL), shown once a node is done")


def node_types_definition() -> str:
    """:data:`NODE_TYPES_DEFINITION` in the run's language (a page's help)."""
    return _(NODE_TYPES_DEFINITION)


def canvas_words() -> dict[str, str]:
    """The tree canvas's words for the node types (its legend and its switch's tooltip)."""
    return {"types": _(NODE_TYPES_LEGEND), "types_title": _(NODE_TYPES_SWITCH)}


def node_type_reason(
    tree: GameTree, node: int, kind: str, value, window: tuple, pruned_here: bool
) -> str:
    """Why ``node`` (which returned ``value`` from ``window``, MAX's view) is a ``kind`` node,
    in the words of :data:`NODE_TYPES_DEFINITION`: "it failed high for MIN (2 <= alpha = 3);
    its last child did it, so nothing was left to prune"."""
    mx = tree.is_max(node)
    v, a, b = fmt_value(value), fmt_value(window[0]), fmt_value(window[1])
    if kind == CUT_TYPE:
        if pruned_here:
            msg = (
                N_(
                    "it failed high for MAX ({v} >= beta = {b}): the cut-off pruned the children left"
                )
                if mx
                else N_(
                    "it failed high for MIN ({v} <= alpha = {a}): the cut-off pruned the "
                    "children left"
                )
            )
        else:
            msg = (
                N_(
                    "it failed high for MAX ({v} >= beta = {b}): its last child did it, so "
                    "nothing was left to prune"
                )
                if mx
                else N_(
                    "it failed high for MIN ({v} <= alpha = {a}): its last child did it, so "
                    "nothing was left to prune"
                )
            )
    elif kind == PV:
        msg = N_("its value {v} lies strictly inside its window")
    elif mx:
        msg = N_(
            "it failed low for MAX ({v} <= alpha = {a}): every child was searched, none "
            "reached its bound"
        )
    else:
        msg = N_(
            "it failed low for MIN ({v} >= beta = {b}): every child was searched, none "
            "reached its bound"
        )
    return _(msg, v=v, a=a, b=b)


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
    text = _(
        "{who} is a {type} node: it was given [{a}, {b}]; {why}.",
        who=node_who(tree, node),
        type=t,
        a=fmt_value(a),
        b=fmt_value(b),
        why=why,
    )
    return text[:1].upper() + text[1:]


def minimal_tree_note(tree: GameTree, table: RaceTable) -> str | None:
    """Beside alpha-beta's count under perfect ordering, on a complete tree: Knuth and Moore's
    formula with the numbers filled in. None when the tree is not complete."""
    shape = complete_shape(tree)
    if shape is None or table.minimal_leaves is None:
        return None
    b, d = shape
    up, down = (d + 1) // 2, d // 2
    got = table.row("alphabeta", PERFECT).leaves
    return ngettext(
        "The minimal tree has b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = {b}^{up} + {b}^{down} − 1 = {n} leaf "
        "(Knuth & Moore 1975); with perfect ordering alpha-beta evaluates exactly {got}.",
        "The minimal tree has b^⌈d/2⌉ + b^⌊d/2⌋ − 1 = {b}^{up} + {b}^{down} − 1 = {n} leaves "
        "(Knuth & Moore 1975); with perfect ordering alpha-beta evaluates exactly {got}.",
        table.minimal_leaves,
        b=b,
        up=up,
        down=down,
        got=got,
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
        text = ngettext(
            "{algo}: value {value}, {n} leaf evaluated",
            "{algo}: value {value}, {n} leaves evaluated",
            cur.leaves,
            # English names the algorithm by its id, as the race table's rows do
            algo=algo if current() == DEFAULT else in_sentence(algo, algo),
            value=fmt_value(cur.value),
        )
        if PERFECT in rows and WORST in rows:
            text += " " + _(
                "({perfect} with perfect ordering, {worst} with the worst)",
                perfect=rows[PERFECT].leaves,
                worst=rows[WORST].leaves,
            )
        extras = []
        if cur.null_windows and algo == "pvs":
            extras.append(
                ngettext(
                    "{n} null-window search",
                    "{n} null-window searches",
                    cur.null_windows,
                )
            )
            extras.append(ngettext("{n} re-search", "{n} re-searches", cur.re_searches))
        if algo.startswith("mtdf"):
            extras.append(ngettext("{n} null-window pass", "{n} null-window passes", cur.passes))
        if cur.table_hits:
            extras.append(ngettext("{n} table hit", "{n} table hits", cur.table_hits))
        if extras:
            text = _("{summary}; {extras}", summary=text, extras=_list_sep().join(extras))
        out.append(_("{summary}.", summary=text))
    return out


def _list_sep() -> str:
    return "，" if current() == "zh" else ", "


def mtdf_pass_sentence(number: int, p: MtdfPass, last: bool = False) -> str:
    """The end of MTD(f)'s pass ``number``: what its null window proved and where the bounds
    on the root's value stand ("Pass 2 asked "is the value at least 4?" and returned 3: it
    failed low, so the value is at most 3; the bounds are now [3, 3].")."""
    params = {
        "number": number,
        "beta": fmt_value(p.beta),
        "low": fmt_value(p.beta - 1),
        "got": fmt_value(p.value),
        "lower": fmt_value(p.lower),
        "upper": fmt_value(p.upper),
    }
    if p.failed_high:
        msg = N_(
            'Pass {number} asked "is the value at least {beta}?" (window {low}, {beta}) and the '
            "root returned {got}: it failed high, so the value is at least {got}; the bounds are "
            "now [{lower}, {upper}]."
        )
    else:
        msg = N_(
            'Pass {number} asked "is the value at least {beta}?" (window {low}, {beta}) and the '
            "root returned {got}: it failed low, so the value is at most {got}; the bounds are "
            "now [{lower}, {upper}]."
        )
    text = _(msg, **params)
    if last:
        text += " " + _(
            "Lower and upper bound meet: the value of the game is {got}.", got=params["got"]
        )
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
            _("{got}: failed high (≥ {beta})", got=got, beta=beta)
            if p.failed_high
            else _("{got}: failed low (< {beta})", got=got, beta=beta)
        )
        rows.append(
            {
                "from": a,
                "at": b,
                "cells": [
                    str(i + 1),
                    _(
                        "value ≥ {beta}? window ({low}, {beta})",
                        beta=beta,
                        low=fmt_value(p.beta - 1),
                    ),
                    result,
                    f"[{fmt_value(p.lower)}, {fmt_value(p.upper)}]",
                ],
            }
        )
    return {
        "title": _(
            "MTD(f)'s passes: each asks one question with a null window; the bounds on "
            "the root's value close in until they meet"
        ),
        "head": [_("pass"), _("test"), _("root returned"), _("bounds after it")],
        "rows": rows,
    }


# PVS's re-searches drawn on the tree (the canvas's ``rs``: plugins/research.js)
RE_SEARCH_WORDS = {
    "probe": N_("probe"),
    "full": N_("re-search"),
    "legend": N_(
        "a null-window probe that failed, and the full-window search of the same node "
        "that follows it (PVS's re-search)"
    ),
}


def re_search_words() -> dict[str, str]:
    """:data:`RE_SEARCH_WORDS` in the run's language (the canvas's ``rsw``)."""
    return {key: _(text) for key, text in RE_SEARCH_WORDS.items()}


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
                p, (_step, back) = probe.pop(v), probe_end.pop(v)
                high = tree.is_max(tree.parent[v])
                got, a, b = fmt_value(back.value), fmt_value(p.alpha), fmt_value(p.beta)
                probe_words = (
                    _("probe ({a}, {b}) failed high: {got} ≥ {b}", a=a, b=b, got=got)
                    if high
                    else _("probe ({a}, {b}) failed low: {got} ≤ {a}", a=a, b=b, got=got)
                )
                full = _(
                    "re-search ({alpha}, {beta})",
                    alpha=fmt_value(enter.alpha),
                    beta=fmt_value(enter.beta),
                )
                out.append(ReSearch(v, failed, start, k, probe_words, full))
            elif v in probe and v not in probe_end:
                probe_end[v] = (k, e)
    return out
