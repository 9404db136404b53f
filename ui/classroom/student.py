"""The student's side: the join form (the code from the join link or typed), then the
student's page: the tree at the teacher's step, the open question with one button per
answer (one thumb on a phone), the verdict after the reveal, and the whole-tree task.

The student's token is in the link (``?s=``), so a reload or a server restart comes back to
the same place. The page only ever draws a classroom.student_state.StudentView (read through
ui.classroom.shared.student_view, the class's state shared by the pages of the process):
nothing of the answers reaches the browser before the reveal.
"""

from __future__ import annotations

from functools import partial

import streamlit as st

from classroom import access, live, pulse, student_state
from classroom.access import AccessError
from classroom.db import UNREACHABLE
from classroom.pulse import Pulse
from engine.errors import InputError
from engine.values import MINUS_INF, PLUS_INF, fmt_value
from teach import i18n
from teach.engine_words import reason
from teach.i18n import _
from teach.quiz import BOUND, INF_HINT, PRUNE
from ui.classroom import shared as sh
from ui.classroom.task import task_panel
from ui.common.canvas import tree_still
from ui.common.keys import Classroom as K
from ui.common.language import fragment, session_language
from ui.common.language import menu as language_menu

MAX_CHOICES = 12  # answer buttons at most; a tree with more values gets a box to type in

_CSS = """<style>
[data-testid="stMainBlockContainer"] {padding-top: 3.8rem;}
.gtl-class-head { font-size: 1.05rem; margin: 0 0 .3rem; }
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
def _choices(run, kind: str) -> list[str]:
    values = sorted({v for v in run.tree.values if v is not None})
    shown = [fmt_value(v) for v in values]
    if kind == BOUND:
        shown = [fmt_value(MINUS_INF), *shown, fmt_value(PLUS_INF)]
    return shown


def _answer(token: str, number: int, text: str | None = None) -> None:
    if text is None:
        text = str(st.session_state.get(K.typed) or "")
    got = sh.act(live.answer, token, number, text)
    if got is not None:
        st.session_state[K.note] = ("ok", str(got))
        st.session_state[K.given] = (number, got.shown)  # the next run shows it unread


def chose(token: str, tapped: object) -> None:
    """The still's answer buttons (plugins/choices.js) reported a tap: ``{q, a}``, the
    question's number and the answer. Anything else is ignored (the browser's messages are
    not trusted); classroom.live.answer checks the question and the answer."""
    if not isinstance(tapped, dict):
        return
    number, text = tapped.get("q"), tapped.get("a")
    if isinstance(number, int) and not isinstance(number, bool) and isinstance(text, str):
        _answer(token, number, text)


def _choices_row(view: student_state.StudentView, run) -> dict | None:
    """The answer buttons the still draws above the tree for the open question (one per
    answer: plugins/choices.js), None when the answer is typed (too many values) or no
    question is open."""
    q = view.question
    if q is None or q.state != live.OPEN:
        return None
    mine = view.my_answer
    if q.kind == PRUNE:
        options = [[_("Yes, pruned"), "yes"], [_("No, searched"), "no"]]
        chosen = next(
            (i for i, (_l, a) in enumerate(options) if mine is not None and mine.startswith(a)),
            None,
        )
    else:
        labels = _choices(run, q.kind)
        if len(labels) > MAX_CHOICES:
            return None
        options = [[label, label] for label in labels]
        chosen = labels.index(mine) if mine in labels else None
    return {"q": q.number, "options": options, "chosen": chosen, "label": _("Your answer")}


def _question(token: str, view: student_state.StudentView, head: str, row: dict | None) -> None:
    """The head line, the question and (while it is open) what the student answered, in
    one element (a woken page sends as few as it can); the answer buttons are the still's
    (``row``: :func:`_choices_row`), else the answer is typed in a form below."""
    q = view.question
    if q is None:
        st.markdown(head, unsafe_allow_html=True)
        st.info(_("Watch the tree: your teacher asks the first question soon."), icon=None)
        return
    prompt, why = sh.asked(view.code, q, view.explanation, token)
    question = _("**Question {number}** · {prompt}", number=q.number, prompt=prompt)
    if q.state == live.OPEN:
        mine = live.say_answer(view.my_answer) if view.my_answer else None
        status = (
            _(
                "Your answer: **{mine}** (you may change it until the teacher closes).",
                mine=mine,
            )
            if mine
            else _("Tap your answer.")
        )
        st.markdown(f"{head}\n\n{question}\n\n{status}", unsafe_allow_html=True)
        if row is None:
            _typed(token, q.number)
        return
    st.markdown(f"{head}\n\n{question}", unsafe_allow_html=True)
    mine = live.say_answer(view.my_answer) if view.my_answer else None
    if q.state == live.REVEALED:
        right = live.say_answer(view.right_answer or "")
        if view.correct:
            st.success(_("**Right: {answer}.** {why}", answer=right, why=why), icon=None)
        elif mine:
            st.error(
                _(
                    "**Not this time: the answer is {answer}** (you said {mine}). {why}",
                    answer=right,
                    mine=mine,
                    why=why,
                ),
                icon=None,
            )
        else:
            st.error(
                _(
                    "**Not this time: the answer is {answer}** (you did not answer). {why}",
                    answer=right,
                    why=why,
                ),
                icon=None,
            )
        return
    if q.state == live.CLOSED:
        st.warning(
            _("Answers are closed. Yours: **{mine}**. Wait for the reveal.", mine=mine)
            if mine
            else _("Answers are closed. Yours: **none**. Wait for the reveal."),
            icon=None,
        )
        return


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
    """The page of the student whose token is in the link: one fragment, so a tap and the
    bell's wake-up rerun it alone (not app.py nor the page's frame). What it cannot draw (a
    forged token: AccessError; the database away) is raised here, for the page to say."""
    top = st.container(horizontal=True, horizontal_alignment="right")
    failed: list[Exception] = []
    _student_fragment(token, failed)
    if failed:
        raise failed[0]  # the join form (with its own menu) takes the page
    with top:  # outside the fragment: a choice reruns the whole page in the new language
        language_menu()  # this student's own: a class may speak several


@fragment  # rerun alone (a tap, a wake-up), it sets the page's language itself
def _student_fragment(token: str, failed: list[Exception]) -> None:
    try:
        _student(token)
    except (AccessError, *UNREACHABLE) as e:
        if sh.fragment_run():  # rerun alone: the whole page runs again and says so
            st.rerun(scope="app")
        failed.append(e)  # a fragment keeps its errors: the page raises it


def _student(token: str) -> None:
    view = sh.student_view(token)  # AccessError: the page says so and offers to join
    run, _names = sh.session_run(code=view.code, _token=token)
    head = _(
        "You are {name} in class {code}",
        name=f"<b>{_escape(view.name)}</b>",
        code=f"<b>{view.code}</b>",
    )
    head = _CSS + f"<div class='gtl-class-head'>{head}</div>"
    if view.read_only:
        st.markdown(head, unsafe_allow_html=True)
        st.info(_("This class session has ended. Thank you!"), icon=None)
        head = ""
    row = _choices_row(view, run)
    _question(token, view, head, row)
    sh.note()
    shown = sh.shown_question(view.question)
    tree_still(
        sh.still(code=view.code, step=view.step, question=shown, lang=i18n.current(), _token=token),
        key=K.figure,
        ask=shown.node if shown is not None else None,
        extra={"choices": row} if row is not None else None,
        events={"choice": partial(chose, token)},
    )
    if view.task_state != live.TASK_NONE:
        task_panel(token, view.task_state, run.tree)
    if not view.read_only:
        sh.follow(view.code, pulse.of_student(view), Pulse.student)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
