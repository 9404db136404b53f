"""Words for the searches after alpha-beta: why a cut happened, what type a node is, and
what the race table shows, in sentences a student reads beside the canvas and the table.
"""

from __future__ import annotations

from engine.mtdf import MtdfPass
from engine.node_types import ALPHA_CUT, KNUTH_MOORE_TYPE, PV, Cut, NodeTypes, classify
from engine.node_types import CUT_NODE as CUT_TYPE
from engine.race import CURRENT, PERFECT, WORST, RaceTable, complete_shape
from engine.trace import Event, SearchRun
from engine.tree import GameTree
from engine.values import fmt_value
from teach.explain import node_name


def _who(tree: GameTree, node: int) -> str:
    name = node_name(tree, node)
    if tree.labels is not None and node == 0:
        return "the root (MAX)"
    if not tree.children[node]:
        return f"leaf {name}"
    return f"{'MAX' if tree.is_max(node) else 'MIN'} node {name}"


def cut_sentence(tree: GameTree, cut: Cut, event: Event) -> str:
    """The "why pruned" arrow in words, for the CUT ``event`` of ``cut``: "Alpha-cut at MIN
    node C: its beta fell to 2 <= alpha = 3, which MAX node A holds from a better move, so
    MAX never lets play reach C: its other 2 children are pruned." """
    who = _who(tree, cut.node)
    cause = _who(tree, cut.cause) if cut.cause >= 0 else "an ancestor"
    name = node_name(tree, cut.node) if tree.labels is None else "here"
    n = len(cut.skipped)
    rest = f"its other {n} child{'ren are' if n != 1 else ' is'} pruned"
    a, b = fmt_value(event.alpha), fmt_value(event.beta)
    if cut.kind == ALPHA_CUT:
        return (
            f"Alpha-cut at {who}: its beta fell to {b} <= alpha = {a}, which {cause} holds from "
            f"a better move, so MAX never lets play reach {name}: {rest}."
        )
    return (
        f"Beta-cut at {who}: its alpha rose to {a} >= beta = {b}, which {cause} holds from a "
        f"move better for MIN, so MIN never lets play reach {name}: {rest}."
    )


def cut_sentences(run: SearchRun) -> dict[int, str]:
    """For every CUT event (by its index in ``run.events``), why it happened."""
    return {c.step: cut_sentence(run.tree, c, run.events[c.step]) for c in classify(run).cuts}


def node_type_sentence(nt: NodeTypes, node: int) -> str:
    """ "MIN node C is a CUT node (type 2): it was given [3, +∞] and failed high." """
    tree = nt.tree
    t = nt.types[node]
    a, b = (fmt_value(x) for x in nt.window[node])
    what = {
        PV: "its value fell strictly inside that window",
        CUT_TYPE: "it failed high: a cut-off (its value reached the far bound for its side)",
    }.get(t, "it failed low: every child was searched and none raised its bound")
    return (
        f"{_who(tree, node)[0].upper()}{_who(tree, node)[1:]} is a {t} node "
        f"(Knuth and Moore's type {KNUTH_MOORE_TYPE[t]}): it was given [{a}, {b}]; {what}."
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
