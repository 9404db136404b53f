"""The whole-tree task on the student's page: fill in every inner node's value and mark the
pruned edges (teach.exercise, as on the Practice page), hand it in while the task is open;
the grade shows once the teacher closes it."""

from __future__ import annotations

import streamlit as st

from classroom import live
from engine.errors import InputError
from engine.tree import GameTree
from teach.quiz import node_names
from ui.classroom import shared as sh
from ui.common.keys import Classroom as K
from ui.practice.exercise_panel import MAX_INNER, edge_label, edges

PER_ROW = 3  # boxes in a row (a phone stacks them)


def _send(token: str, inner: list[int]) -> None:
    ss = st.session_state
    values = {n: (int(v) if (v := ss.get(K.task_value(n))) is not None else None) for n in inner}
    got = sh.act(live.submit_task, token, values, list(ss.get(K.task_cuts) or []))
    if got is not None:
        ss[K.note] = ("ok", str(got))


def task_panel(token: str, state: str, tree: GameTree) -> None:
    """The task's form while it is open, the student's grade once it is closed."""
    st.subheader("Whole-tree task", anchor=False)
    if state == live.TASK_CLOSED:
        try:
            rep = live.task_report(sh.store(), token)
        except InputError as e:
            st.info(str(e), icon=None)
            return
        if rep is None:
            st.info("The task is closed; you did not hand it in.", icon=None)
        else:
            (st.success if rep.perfect else st.warning)(rep.summary(), icon=None)
        return
    inner = [n for n in tree.preorder() if not tree.is_leaf(n)]
    if len(inner) > MAX_INNER:
        st.info(f"This tree has {len(inner)} inner nodes: too many to fill in here.", icon=None)
        return
    names = node_names(tree)
    st.markdown(
        "Fill in the value alpha-beta returns at every inner node and mark the edges it "
        "never follows (only the top edge of each skipped subtree). Hand it in as often as "
        "you like: the last one counts."
    )
    with st.form(K.task_form, border=True):
        for i in range(0, len(inner), PER_ROW):
            cols = st.columns(PER_ROW)
            for col, n in zip(cols, inner[i : i + PER_ROW], strict=False):
                kind = "MAX" if tree.is_max(n) else "MIN"
                col.number_input(f"{names[n]} ({kind})", value=None, step=1, key=K.task_value(n))
        st.multiselect(
            "Pruned edges",
            edges(tree),
            format_func=lambda e: edge_label(tree, names, e),
            key=K.task_cuts,
            placeholder="none",
        )
        st.form_submit_button(
            "Hand in", key=K.task_send, type="primary", on_click=_send, args=(token, inner)
        )
