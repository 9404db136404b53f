"""The student's side: the join form (the code from the join link or typed), then the
student's page: the tree at the teacher's step, the open question with one button per
answer (one thumb on a phone), the verdict after the reveal, and the whole-tree task. The
still draws the page's head, question and buttons and follows the class by itself
(ui.classroom.student_live, ui.classroom.routes); a script run draws it first, and then only
what the still cannot draw.

The student's token is in the link (``?s=``), so a reload or a server restart comes back to
the same place. The page only ever draws a classroom.student_state.StudentView (read through
ui.classroom.shared.student_view, the class's state shared by the pages of the process):
nothing of the answers reaches the browser before the reveal.
"""

from __future__ import annotations

import streamlit as st

from classroom import access, live
from classroom.access import AccessError
from classroom.db import UNREACHABLE
from engine.errors import InputError
from teach import i18n
from teach.engine_words import reason
from teach.i18n import _
from teach.quiz import INF_HINT
from ui.classroom import shared as sh
from ui.classroom import student_live
from ui.classroom.task import task_panel
from ui.common.canvas import tree_still
from ui.common.keys import Classroom as K
from ui.common.language import fragment, session_language
from ui.common.language import menu as language_menu

_CSS = """<style>
[data-testid="stMainBlockContainer"] {padding-top: 3.8rem;}
</style>"""


# ---- joining ----------------------------------------------------------------------------
def _join() -> None:
    ss = st.session_state
    with i18n.use(session_language()):  # a callback runs before the page sets its language
        _join_now(ss)


def _join_now(ss) -> None:
    try:
        got = sh.retrying(
            lambda: access.join(
                sh.store(),
                str(ss.get(K.code) or ""),
                str(ss.get(K.name) or ""),
                sh.client(),
                page=sh.session_id(),
            )
        )
    except InputError as e:
        ss[K.note] = ("error", reason(e))
        return
    ss[K.note] = None
    sh.bell().ring()  # the projector counts the new student now
    st.query_params.clear()
    st.query_params[sh.STUDENT] = got.student_token


def join_form(code: str | None) -> None:
    """Type the code (filled in from a join link) and a display name."""
    ss = st.session_state
    if code and K.code not in ss:
        ss[K.code] = access.normalize_code(code)[: access.CODE_LENGTH]
    with st.form(K.form, border=True):
        st.text_input(
            _("Join code"),
            key=K.code,
            max_chars=12,
            placeholder=_("the six letters on the projector"),
        )
        st.text_input(
            _("Your display name"),
            key=K.name,
            placeholder=_("e.g. Anna K."),
            help=_(
                "Plain text, at most {most} characters; the class sees it.", most=access.NAME_MAX
            ),
        )
        st.form_submit_button(_("Join the class"), key=K.join, type="primary", on_click=_join)
    sh.note()


# ---- the student's page -----------------------------------------------------------------
def _answer(token: str, number: int) -> None:
    """The typed answer's "Send" (a tree with more values than buttons; a tap on a button
    goes to ui.classroom.routes, with no script run)."""
    text = str(st.session_state.get(K.typed) or "")
    got = sh.act(live.answer, token, number, text)
    if got is not None:
        st.session_state[K.note] = ("ok", str(got))
        st.session_state[K.given] = (number, got.shown)  # the next run shows it unread


def _asked_to_run(_seen: object) -> None:
    """The still saw a change it cannot draw itself (the typed box, the task, the end:
    student_live.Live.page): the trigger reruns the fragment, which draws it."""


def _typed(token: str, number: int) -> None:
    """A box to type the answer in (a tree with more values than buttons)."""
    with st.form(K.form, border=False, enter_to_submit=True):
        st.text_input(
            _("Your answer"),
            key=K.typed,
            max_chars=live.ANSWER_MAX,
            placeholder=_("a whole number, or {infinity}", infinity=INF_HINT),
        )
        st.form_submit_button(
            _("Send"), key=K.send, type="primary", on_click=_answer, args=(token, number)
        )


def student_page(token: str) -> None:
    """The page of the student whose token is in the link: one fragment, so a typed answer
    and the still's own request for a run rerun it alone (not app.py nor the page's frame).
    What it cannot draw (a forged token: AccessError; the database away) is raised here, for
    the page to say."""
    st.html(_CSS)
    top = st.container(horizontal=True, horizontal_alignment="right")
    failed: list[Exception] = []
    _student_fragment(token, failed)
    if failed:
        raise failed[0]  # the join form (with its own menu) takes the page
    with top:  # outside the fragment: a choice reruns the whole page in the new language
        language_menu()  # this student's own: a class may speak several


@fragment  # rerun alone, it sets the page's language itself
def _student_fragment(token: str, failed: list[Exception]) -> None:
    try:
        _student(token)
    except (AccessError, *UNREACHABLE) as e:
        if sh.fragment_run():  # rerun alone: the whole page runs again and says so
            st.rerun(scope="app")
        failed.append(e)  # a fragment keeps its errors: the page raises it


def _student(token: str) -> None:
    """The still draws the head, the question, the answer buttons and the tree, and follows
    the class by itself (student_live, ui.classroom.routes); the run draws what it cannot:
    a refusal of the typed answer, the box to type it in, the whole-tree task."""
    view = sh.student_view(token)  # AccessError: the page says so and offers to join
    got = student_live.page_now(token, i18n.current(), view=view)
    sh.note()
    data = got.data
    tree_still(
        data["p"],
        key=K.figure,
        ask=data["ask"],
        extra=data["x"],
        events={"follow": _asked_to_run},
    )
    if got.page.startswith(student_live.TYPED):
        _typed(token, view.question.number)  # type: ignore[union-attr]
    if view.task_state != live.TASK_NONE:
        run, _names = sh.session_run(code=view.code, _token=token)
        task_panel(token, view.task_state, run.tree)
