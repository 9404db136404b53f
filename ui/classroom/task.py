"""The whole-tree task on the student's page, answered on the tree as on the Practice page
(game_tree_lab/tree_canvas/plugins/answer.js): type every inner node's value in the node, click the edges
alpha-beta never follows, "Hand in" while the task is open (again as often as you like: the
last one counts); the grade shows once the teacher closes it."""

from __future__ import annotations

from functools import partial

import streamlit as st

from classroom import live
from classroom.task import submit_task, task_report
from engine.errors import InputError
from engine.tree import GameTree
from teach.answer_sheet import Sheet, read_sheet
from teach.engine_words import reason
from teach.exercise import marks_line, solution
from teach.i18n import _
from teach.quiz import node_names
from ui.classroom import shared as sh
from ui.common.canvas import tree_still
from ui.common.keys import Classroom as K
from ui.practice.exercise_panel import MAX_INNER
from viz.tree_payload import blank_payload


def _sent(token: str, tree: GameTree, names: list[str], raw: object) -> None:
    """The browser's "Hand in": read the sheet (untrusted) and hand it in."""
    sheet = read_sheet(tree, raw, names)
    ss = st.session_state
    ss[K.task_sheet] = sheet
    got = sh.act(submit_task, token, sheet.values, sorted(sheet.pruned))
    if got is not None:
        ss[K.note] = ("ok", str(got))


def task_panel(token: str, state: str, tree: GameTree) -> None:
    """The task on the tree while it is open, the student's grade once it is closed."""
    st.subheader(_("Whole-tree task"), anchor=False)
    if state == live.TASK_CLOSED:
        try:
            rep = task_report(sh.store(), token)
        except InputError as e:
            st.info(reason(e), icon=None)
            return
        if rep is None:
            st.info(_("The task is closed; you did not hand it in."), icon=None)
        else:
            (st.success if rep.perfect else st.warning)(rep.summary(), icon=None)
        return
    inner = [n for n in tree.preorder() if not tree.is_leaf(n)]
    if len(inner) > MAX_INNER:
        st.info(
            _("This tree has {n} inner nodes: too many to fill in here.", n=len(inner)), icon=None
        )
        return
    names = node_names(tree)
    st.markdown(
        _(
            "Type the value alpha-beta returns in every inner node and tap the edges it never "
            "follows (only the top edge of each skipped subtree). Out of {marks}. Hand it in "
            "as often as you like: the last one counts.",
            marks=marks_line(solution(tree)),
        )
    )
    sheet = st.session_state.get(K.task_sheet)
    sheet = sheet if isinstance(sheet, Sheet) else Sheet()
    answer = {
        "key": f"task-{token[:8]}",
        "fields": [[n, "value"] for n in inner],
        "labels": False,
        "where": "side",
        "edges": True,
        "given": {"v": {str(n): t for n, t in sheet.texts.items()}, "cut": sorted(sheet.pruned)},
        "marks": {},  # nothing of the grade before the teacher closes the task
        "tries": 0,
        "event": "sheet",
        "button": _("Hand in"),
        "hint": _("Handed in: you may change it and hand it in again.")
        if st.session_state.get(K.task_sheet) is not None
        else _("Type each inner node's value in it; tap an edge to mark it pruned."),
    }
    tree_still(
        blank_payload(tree, names),
        key=K.task_canvas,
        extra={"answer": answer},
        events={"sheet": partial(_sent, token, tree, names)},
    )
    if sheet.problems:
        st.warning(_("Not read: {problems}.", problems="; ".join(sheet.problems)))
