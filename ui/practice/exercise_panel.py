"""Whole-tree exercise, answered on the tree: the student types every inner node's value in
the node and clicks the edges alpha-beta never follows (game_tree_lab/tree_canvas/plugins/answer.js), then
"Check" sends the whole sheet at once. The grade says how many are right out of a total fixed
by the tree (stated before the first check) and marks the wrong answers on the tree without
correcting them; "Show the solution" shows the answers item by item and the search drawn
beside (pruned subtrees greyed, their top edges dashed). A retry keeps what was typed.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from engine.search import search_tree
from engine.tree import GameTree, minimax
from teach.answer_sheet import Sheet, read_sheet, sheet_marks
from teach.exercise import (
    CUT_FOUND,
    CUT_MISSED,
    CUT_WRONG,
    MISSING,
    RIGHT,
    WRONG,
    Report,
    exercise_intro,
    grade,
    solution,
    solution_words,
)
from teach.i18n import _, ngettext
from teach.quiz import node_names
from ui.common.canvas import tree_still
from ui.common.keys import Exercise as K
from ui.common.keys import tag
from ui.practice.practice_common import on_random_tree, quiz_names
from ui.practice.quiz_panel import question_payload
from viz.tree_payload import blank_payload

MAX_INNER = 40  # answer fields on one screen at most
OK_ICON = ":green[:material/check_circle:]"
BAD_ICON = ":red[:material/cancel:]"
GAP_ICON = ":orange[:material/radio_button_unchecked:]"
_ICON = {RIGHT: OK_ICON, WRONG: BAD_ICON, MISSING: GAP_ICON}


def hint() -> dict[str, str]:
    """The line under the tree in the run's language; the browser shows the touch screen's
    words on one (answer.js)."""
    return {
        "fine": _(
            "Type each inner node's value in it; click an edge to mark it pruned (again to unmark)."
        ),
        "coarse": _(
            "Type each inner node's value in it; tap an edge to mark it pruned (again to unmark)."
        ),
    }


def edge_label(tree: GameTree, names: list[str], edge: tuple[int, int]) -> str:
    """ "C → leaf 5 (14)" or "A → B"."""
    p, c = edge
    tail = f" ({tree.values[c]})" if tree.is_leaf(c) else ""
    return f"{names[p]} → {names[c]}{tail}"


def _report_lines(
    tree: GameTree, rep: Report, skipped: frozenset[int]
) -> tuple[list[str], list[str], list[str]]:
    """The solution's three lists; ``skipped``: the nodes the search never visits (an edge
    marked pruned below one lies inside a pruned subtree)."""
    names = node_names(tree)
    vals, missed, wrong = [], [], []
    for it in rep.items:
        if it.kind == "value" and it.status in _ICON:
            vals.append(f"{_ICON[it.status]} {it.reason}")
        elif it.status == CUT_MISSED and it.edge is not None:
            edge = edge_label(tree, names, it.edge)
            missed.append(f"{GAP_ICON} " + _("{edge}: pruned, but not marked", edge=edge))
        elif it.status == CUT_WRONG and it.edge is not None:
            edge = edge_label(tree, names, it.edge)
            if it.edge[0] in skipped:
                why = _(
                    "{edge}: inside a subtree that is already pruned: mark only its top edge",
                    edge=edge,
                )
            else:
                why = _("{edge}: searched, not pruned", edge=edge)
            wrong.append(f"{BAD_ICON} {why}")
        elif it.status == CUT_FOUND and it.edge is not None:
            edge = edge_label(tree, names, it.edge)
            vals.append(f"{OK_ICON} " + _("{edge}: pruned, marked", edge=edge))
    return vals, missed, wrong


def tree_tag(tree: GameTree) -> str:
    """The key segment of ``tree``'s exercise: its shape and leaf values (a new tree gets
    fresh, empty answer boxes; the same tree typed again keeps them)."""
    return tag((tree.parent, tree.values))


def exercise_panel(tree: GameTree | None) -> None:
    """The whole-tree exercise on ``tree`` (the page's tree; None: nothing to do)."""
    if tree is None:
        st.info(_("Choose a valid tree above to get an exercise."))
        return
    inner = [n for n in tree.preorder() if not tree.is_leaf(n)]
    if len(inner) > MAX_INNER:
        st.error(
            ngettext(
                "This tree has {n} inner node: too many to fill in (at most {most}). Use a "
                "smaller tree, e.g. branching 3 and depth 2 or 3.",
                "This tree has {n} inner nodes: too many to fill in (at most {most}). Use a "
                "smaller tree, e.g. branching 3 and depth 2 or 3.",
                len(inner),
                most=MAX_INNER,
            )
        )
        return
    names = node_names(tree)
    sig = tree_tag(tree)
    sol = solution(tree)
    intro, new = st.columns([3, 1], vertical_alignment="center")
    new.button(
        _("New random tree"),
        key=K.new,
        icon=":material/casino:",
        on_click=on_random_tree,
        help=_("A random tree of the branching above (depth: see Presets and random trees)."),
        width="stretch",
    )
    intro.markdown(exercise_intro(sol))
    graded = _take_sheet(tree, sig, names)
    rep = grade(tree, graded[0].values, graded[0].pruned, sol) if graded else None
    sheet, tries = graded if graded else (Sheet(), 0)
    answer = {
        "key": sig,
        "fields": [[n, _("value")] for n in inner],
        "labels": False,
        "where": "side",
        "edges": True,
        "given": {"v": {str(n): t for n, t in sheet.texts.items()}, "cut": sorted(sheet.pruned)},
        "marks": sheet_marks(rep) if rep else {},
        "tries": tries,
        "event": "sheet",
        "hint": hint(),
    }
    if rep is not None:
        said = dict(n=tries, summary=rep.summary())
        answer["ok"] = rep.perfect
        if rep.perfect:
            answer["said"] = _("Check {n}: {summary}.", **said)
        else:
            answer["said"] = _(
                "Check {n}: {summary}. Correct the marked answers and check again.", **said
            )
    tree_still(
        blank_payload(tree, quiz_names(tree)),
        key=K.of(sig, "question"),
        extra={"answer": answer},
        events={"sheet": partial(_sent, sig)},
    )
    if sheet.problems:
        st.warning(_("Not read: {problems}.", problems="; ".join(sheet.problems)))
    if not st.toggle(_("Show the solution"), key=K.of(sig, "show"), persist_state="session"):
        return
    _solution(tree, sig, sol, rep)


def _sent(sig: str, raw: object) -> None:
    """The browser's Check: keep the sheet as sent (untrusted) for the run to read."""
    st.session_state[K.sent] = (sig, raw)


def _take_sheet(tree: GameTree, sig: str, names: list[str]) -> tuple[Sheet, int] | None:
    """The last sheet checked on this tree and how many checks so far (None: not checked
    yet); a sheet the browser just sent is read (:func:`teach.answer_sheet.read_sheet`)."""
    ss = st.session_state
    sent = ss.pop(K.sent, None)
    last = ss.get(K.graded)
    if not (isinstance(last, tuple) and len(last) == 3 and last[0] == sig):
        last = None
    if isinstance(sent, tuple) and len(sent) == 2 and sent[0] == sig:
        last = (sig, read_sheet(tree, sent[1], names), (last[2] if last else 0) + 1)
        ss[K.graded] = last
    return None if last is None else (last[1], last[2])


def _solution(tree: GameTree, sig: str, sol, rep: Report | None) -> None:
    """The answers: item by item against the last check, and the search drawn."""
    run = search_tree(tree)
    st.caption(
        _(
            "{solution} Pruned subtrees are grey with dashed edges.",
            solution=solution_words(sol, len(tree.leaves())),
        )
    )
    pv = minimax(tree).principal_variation()
    payload = question_payload(run, quiz_names(tree), len(run.events), None, pv=pv)
    tree_still(payload, key=K.of(sig, "solution"))
    rep = rep or grade(tree, {}, (), sol)
    vals, missed, wrong = _report_lines(tree, rep, sol.skipped)
    c1, c2, c3 = st.columns(3)
    c1.markdown(_("**Values**") + "\n\n" + "\n".join(f"- {x}" for x in vals))
    c2.markdown(
        _("**Pruned edges not marked**")
        + "\n\n"
        + ("\n".join(f"- {x}" for x in missed) or _("None: every pruned edge marked."))
    )
    c3.markdown(
        _("**Searched edges marked pruned**")
        + "\n\n"
        + ("\n".join(f"- {x}" for x in wrong) or _("None."))
    )
