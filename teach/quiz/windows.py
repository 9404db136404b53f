"""Quiz questions after alpha-beta, about windows: a node's type (PV, CUT,
ALL: teach.search_words.NODE_TYPES_DEFINITION) in an alpha-beta run, whether a null-window probe of PVS is searched again, and what a
table entry of iterative deepening holds (an exact value or a bound)."""

from __future__ import annotations

import math

from engine.deepening import flag_of
from engine.node_types import classify
from engine.trace import ENTER, EXIT, LEAF, NULL_WINDOW, RE_SEARCH, TABLE, SearchRun
from engine.values import fmt_value
from teach.i18n import N_, _
from teach.quiz.model import NODE_TYPE, RE_SEARCH_Q, TABLE_BOUND, Question, node_names
from teach.search_words import node_type_reason


def node_type_questions(run: SearchRun, names: list[str] | None = None) -> list[Question]:
    """ "What type is node C: PV, CUT or ALL?" before each inner node's EXIT in an alpha-beta
    run (the actual types of :mod:`engine.node_types`)."""
    tree = run.tree
    names = names or node_names(tree)
    nt = classify(run)
    out: list[Question] = []
    for i, e in enumerate(run.events):
        n = e.node
        if e.kind != EXIT or n not in nt.types:
            continue
        t = nt.types[n]
        a0, b0 = nt.window[n]
        mx = tree.is_max(n)
        side = "MAX" if mx else "MIN"
        win = f"[{fmt_value(a0)}, {fmt_value(b0)}]"
        v = fmt_value(e.value)
        pruned_here = any(c.node == n for c in nt.cuts)
        why = node_type_reason(tree, n, t, e.value, (a0, b0), pruned_here)
        out.append(
            Question(
                i,
                NODE_TYPE,
                n,
                _(
                    "{name} ({side}) was given the window {window}. What type of node is it: "
                    "PV, CUT or ALL?",
                    name=names[n],
                    side=side,
                    window=win,
                ),
                t,
                _(
                    "{name} returns {value} from the window {window}; {why}. So it is a {type} "
                    "node (its actual type: how its search ended, seen by the side to move "
                    "there).",
                    name=names[n],
                    value=v,
                    window=win,
                    why=why,
                    type=t,
                ),
                hide=tuple(tree.preorder(n)),
            )
        )
    return out


def re_search_questions(run: SearchRun, names: list[str] | None = None) -> list[Question]:
    """ "C is probed with a null window. Does a re-search follow?" before each null-window
    probe of a PVS run; yes when the probe fails high strictly inside the parent's window.
    Another run has none (MTD(f)'s passes are null windows at the root, never re-searched)."""
    if run.algorithm != "pvs":
        return []

    tree = run.tree
    names = names or node_names(tree)
    ev = run.events
    out: list[Question] = []
    for i, e in enumerate(ev):
        if e.kind != ENTER or e.tag != NULL_WINDOW:
            continue
        n = e.node
        p = tree.parent[n]
        j = next(k for k in range(i + 1, len(ev)) if ev[k].node == n and ev[k].kind in (EXIT, LEAF))
        again = j + 1 < len(ev) and ev[j + 1].node == n and ev[j + 1].tag == RE_SEARCH
        # the parent's window and the probe's score from MAX's view, as every sentence of
        # the app speaks (the engine keeps them in the parent's own negamax view: a MIN
        # parent's (a, b) is MAX's (-b, -a), and its score is negated)
        up = next(ev[k] for k in range(i - 1, -1, -1) if ev[k].node == p)
        a, b = up.nm_alpha, up.nm_beta
        a = -math.inf if a is None else a
        b = math.inf if b is None else b
        score = -(ev[j].nm_value or 0)
        at_max = tree.is_max(p)
        lo, hi, v = (a, b, score) if at_max else (-b, -a, -score)
        if again:
            why = N_(
                "{lo} < {v} < {hi}: it landed inside the window, so the probe's bound is not enough"
            )
        elif at_max and v >= hi:
            why = N_("{v} >= beta = {hi}: it failed high beyond beta, so {parent} cuts")
        elif not at_max and v <= lo:
            why = N_("{v} <= alpha = {lo}: it failed low below alpha, so {parent} cuts")
        elif at_max:
            why = N_("{v} <= alpha = {lo}: it failed low, {node} is no better for MAX")
        else:
            why = N_("{v} >= beta = {hi}: it failed high, {node} is no better for MIN")
        prompt = (
            N_(
                "MAX node {parent} probes {node} with a null window at its alpha = {lo}. "
                "Will {node} be searched again with the full window?"
            )
            if at_max
            else N_(
                "MIN node {parent} probes {node} with a null window at its beta = {hi}. "
                "Will {node} be searched again with the full window?"
            )
        )
        params = {"lo": fmt_value(lo), "hi": fmt_value(hi), "v": v, "parent": names[p]}
        params["node"] = names[n]
        out.append(
            Question(
                i,
                RE_SEARCH_Q,
                n,
                _(prompt, **params),
                again,
                _("The probe scores {v} (for MAX): {why}.", v=v, why=_(why, **params)),
            )
        )
    return out


# What a table entry holds, and why (the window the node was given: [a, b])
_ENTRY = {
    "upper": N_(
        "{v} <= alpha = {a}: it failed low, the value is at most {v}, so the entry is an upper "
        "bound."
    ),
    "lower": N_(
        "{v} >= beta = {b}: it failed high, the value is at least {v}, so the entry is a lower "
        "bound."
    ),
    "exact": N_(
        "{v} lies strictly inside the window: it is exact, so the entry is an exact value."
    ),
}


def table_bound_questions(run: SearchRun, names: list[str] | None = None) -> list[Question]:
    """ "C returns 2 from the window [3, +∞]. What does its table entry hold?" before each
    inner node's EXIT that stores an entry (iterative deepening with the table)."""
    tree = run.tree
    names = names or node_names(tree)
    window: dict[int, tuple[float, float]] = {}
    answered: set[int] = set()
    out: list[Question] = []
    for i, e in enumerate(run.events):
        n = e.node
        if e.kind == ENTER:
            window[n] = (e.alpha, e.beta)
            answered.discard(n)
        elif e.kind == TABLE and e.value is not None:
            answered.add(n)
        elif e.kind == EXIT and n not in answered and tree.children[n]:
            a0, b0 = window[n]
            flag = flag_of(e.value, a0, b0)  # type: ignore[arg-type]
            v = fmt_value(e.value)
            params = {"v": v, "a": fmt_value(a0), "b": fmt_value(b0)}
            out.append(
                Question(
                    i,
                    TABLE_BOUND,
                    n,
                    _(
                        "{name} returns {v} from the window [{a}, {b}]. Its table entry holds "
                        "{v} as what: an exact value, a lower bound or an upper bound?",
                        name=names[n],
                        **params,
                    ),
                    flag,
                    _(_ENTRY[flag], **params),
                )
            )
    return out
