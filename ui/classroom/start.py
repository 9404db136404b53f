"""The "Start a class session" box of every tree lab: it freezes the lab's tree (or the
board search's explored tree), variant and ordering into a new class session
(classroom.live.create_session) and takes the teacher to the projector view (the secret
teacher token stays off its address bar: ui.classroom.teacher_link). A lab calls :func:`start_box` in one line."""

from __future__ import annotations

import streamlit as st

from classroom import live
from engine.errors import InputError
from engine.tree import GameTree
from teach.engine_words import reason
from teach.i18n import _
from teach.variants import MINIMAX
from ui.classroom.shared import PAGE, store
from ui.classroom.teacher_link import ROOM, keep
from ui.common.boxes import lazy_box
from ui.common.keys import ClassStart
from ui.practice.quiz_panel import chosen_kinds, kind_pills

CLASS_ALGORITHMS = ("alphabeta", MINIMAX)  # what a class steps (the quiz's searches)


def class_variant(algorithm: str, variant: str) -> str | None:
    """The session's variant (teach.variants.ALL) for a lab showing ``algorithm`` in
    ``variant``; None when class mode cannot step that algorithm."""
    if algorithm == MINIMAX:
        return MINIMAX
    return variant if algorithm == "alphabeta" else None


def _start(keys: ClassStart, tree: GameTree, variant: str, ordering: str, seed: int) -> None:
    ss = st.session_state
    kinds = list(chosen_kinds(keys.kinds))
    try:
        made = live.create_session(
            store(), tree, variant, ordering, seed, kinds, str(ss.get(keys.title) or "")
        )
    except InputError as e:
        ss[keys.error] = reason(e)
        return
    ss[keys.error] = None
    keep(made.code, made.teacher_token)  # the address bar never holds it (teacher_link)
    st.switch_page(PAGE, query_params={ROOM: made.code})


def start_box(
    keys: ClassStart,
    tree: GameTree | None,
    variant: str,
    ordering: str = live.AS_GIVEN,
    seed: int = 0,
    *,
    algorithm: str = "alphabeta",
) -> None:
    """The box: a title, the question kinds and the start button, in an expander under
    the lab (a popover is placed by the browser below its button and, on a projector at
    150 %, ran past the window's foot with its start button out of reach). Its contents are
    made only while it is open: a first visit's run draws the closed box alone, four
    elements fewer (ui.common.boxes)."""
    lazy_box(
        st.expander,
        _("Start a class session"),
        lambda: _box(keys, tree, variant, ordering, seed, algorithm),
        key=keys.box,
        icon=":material/co_present:",
    )


def _box(
    keys: ClassStart,
    tree: GameTree | None,
    variant: str,
    ordering: str,
    seed: int,
    algorithm: str,
) -> None:
    """The open box's contents."""
    chosen = class_variant(algorithm, variant)
    if tree is None or chosen is None:
        st.info(_("Class mode steps alpha-beta or minimax: choose one of them to start."))
        return
    st.markdown(
        _(
            "Freeze this tree, its variant and its ordering into a class session: the "
            "projector view opens with a join code, and your students predict each step."
        )
    )
    # what was typed and chosen is kept while the box is closed (persist_state)
    st.text_input(
        _("Title (optional)"), key=keys.title, max_chars=live.TITLE_MAX, persist_state="page"
    )
    kind_pills(keys.kinds, keep=True)
    if st.button(_("Start the session"), key=keys.go, type="primary", icon=":material/play_arrow:"):
        _start(keys, tree, chosen, ordering, seed)
    if err := st.session_state.get(keys.error):
        st.error(err)
