"""The teacher's view, made for a projector: the join code large with the QR code of the
join link and the count of students joined; the tree on the tree canvas at the class's
step; the controls (step, ask the next question, close, reveal); the count of answers
coming in, then the distribution, the right answer and its one-line reason; the whole-tree
task; the results table and its CSV; the end of the session. Opened later from the same
(secret) link, it is read-only. The link never stays in the address bar the projector shows
(ui.classroom.teacher_link).
"""

from __future__ import annotations

import streamlit as st

from classroom import live, pulse
from classroom.pulse import Pulse
from classroom.qr import qr_svg
from classroom.results import results, results_csv
from classroom.task import close_task, open_task
from teach import i18n
from teach.i18n import N_, _, ngettext
from teach.variants import MINIMAX
from ui.classroom import shared as sh
from ui.classroom import teacher_link as tl
from ui.common.canvas import tree_still
from ui.common.keys import Classroom as K
from ui.common.language import menu as language_menu
from ui.common.public_url import LOOPBACK_SERVER
from ui.common.table import show_table
from viz.class_bars import CHART_CONFIG, answer_bars

NAMES_SHOWN = 30  # the latest names joined, on the projector
# The session's variant and ordering as people read them (the stored names are link values)
VARIANT_WORDS = {
    MINIMAX: N_("minimax"),
    "statement": N_("statement"),
    "fail-hard": N_("fail-hard"),
    "strict": N_("strict"),
    "negamax": N_("negamax"),
}
ORDERING_WORDS = {
    live.AS_GIVEN: N_("as given"),
    "best-first": N_("best-first"),
    "worst-first": N_("worst-first"),
    "shuffled": N_("shuffled"),
}

_CSS = """<style>
[data-testid="stMainBlockContainer"] {padding-top: 3.8rem;}
[data-testid="stColumn"]:has(.gtl-code) {container-type: inline-size;}
.gtl-code {font: 700 min(3rem, 21cqi)/1.05 "Source Code Pro", monospace; letter-spacing: .12em;
  color: #1f2933; margin: 0; white-space: nowrap;}
.gtl-join {font-size: .85rem; color: #52606d; margin: 0 0 .2rem; word-break: break-all;}
.gtl-count {font-size: 1.5rem; font-weight: 700; margin: .2rem 0;}
.gtl-prompt {font-size: 1.45rem; font-weight: 600; line-height: 1.3; margin: .1rem 0 .3rem;}
</style>"""


def _join_note(problem: str) -> str:
    """Why phones cannot open the join link, and how to fix it, in words for the teacher."""
    if problem == LOOPBACK_SERVER:
        return _(
            "Phones cannot open this link: the server answers this computer only. Start it "
            "with make run (it listens on every address), or set GTL_PUBLIC_URL to an "
            "address the phones can open."
        )
    return _(
        "Phones cannot open this link: this computer has no network address. Connect it to "
        "the network the phones use (the same Wi-Fi) and reload this page, or set "
        "GTL_PUBLIC_URL to an address the phones can open."
    )


def _join_panel(r: live.Room) -> None:
    link, problem = sh.join_link(r.code)
    title = r.title or _("Class session")
    with st.container(horizontal=True, vertical_alignment="center"):
        st.markdown(_("**{title}** · join with the code", title=title), width="stretch")
        language_menu()  # the projector's own language; each student picks theirs
    st.markdown(f"<div class='gtl-code'>{r.code}</div>", unsafe_allow_html=True)
    st.markdown(f"<div class='gtl-join'>{link}</div>", unsafe_allow_html=True)
    if problem is not None:
        st.warning(_join_note(problem), icon=":material/wifi_off:")
    st.image(qr_svg(link).decode(), width=170, alt=_("QR code of the join link above"))
    joined = ngettext("{n} student joined", "{n} students joined", len(r.students))
    st.markdown(f"<div class='gtl-count'>{joined}</div>", unsafe_allow_html=True)
    if r.students:  # plain text: a name never renders as markup
        more = len(r.students) - NAMES_SHOWN
        names = ", ".join(r.students[-NAMES_SHOWN:])
        st.text(
            ngettext("{names} and {n} more", "{names} and {n} more", more, names=names)
            if more > 0
            else names
        )


def _controls(token: str, r: live.Room) -> None:
    q = r.question
    waiting = q is not None and q.state != live.REVEALED
    off = r.read_only
    row = st.container(horizontal=True, gap="small", vertical_alignment="center")
    row.button(
        _("Back"),
        key=K.back,
        icon=":material/chevron_left:",
        shortcut="Left",
        disabled=off or waiting or r.step <= 0,
        on_click=sh.act,
        args=(live.step_to, token, r.step - 1),
    )
    row.button(
        _("Step on"),
        key=K.next,
        icon=":material/chevron_right:",
        shortcut="Right",
        disabled=off or waiting or r.step >= r.events,
        on_click=sh.act,
        args=(live.step_to, token, r.step + 1),
    )
    row.button(
        _("Ask a question"),
        key=K.ask,
        icon=":material/help:",
        type="primary",
        disabled=off or waiting or r.questions_left <= 0,
        on_click=sh.act,
        args=(live.open_question, token),
    )
    row.button(
        _("Close"),
        key=K.close,
        icon=":material/lock:",
        disabled=off or q is None or q.state != live.OPEN,
        on_click=sh.act,
        args=(live.close_question, token),
    )
    row.button(
        _("Reveal"),
        key=K.reveal,
        icon=":material/visibility:",
        type="primary",
        disabled=off or not waiting,
        on_click=_reveal,
        args=(token, r.step, r.events),
    )
    row.markdown(
        ngettext(
            "Step **{step}** of {events} · {n} question left",
            "Step **{step}** of {events} · {n} questions left",
            r.questions_left,
            step=r.step,
            events=r.events,
            n=f"{r.questions_left:,}",
        )
    )


def _following_note() -> None:
    why = sh.cannot_wake()
    if why is not None:
        st.warning(
            _(
                "Students' pages look for your changes every {s} seconds: this server cannot "
                "wake them at once ({why}). A student whose page stopped following reloads it.",
                s=f"{sh.POLL:g}",
                why=why,
            ),
            icon=":material/sync_problem:",
        )


def _setup(r: live.Room) -> dict[str, str]:
    """The session's variant and ordering in the run's language."""
    return {
        "variant": _(VARIANT_WORDS[r.variant]) if r.variant in VARIANT_WORDS else r.variant,
        "ordering": _(ORDERING_WORDS[r.ordering]) if r.ordering in ORDERING_WORDS else r.ordering,
    }


def _reveal(token: str, step: int, events: int) -> None:
    """Reveal, and step on to the event that answers the question (it shows on the tree)."""
    if sh.act(live.reveal, token, ring=step >= events) is not None and step < events:
        sh.act(live.step_to, token, step + 1)  # its ring tells the class of both


def _question(token: str, r: live.Room) -> None:
    q = r.question
    if q is None:
        st.caption(_("Step through the search, and ask a question when the class should predict."))
        return
    rv = r.revealed
    prompt, why = sh.asked(r.code, q, rv.explanation if rv is not None else None, token)
    st.markdown(
        "<div class='gtl-prompt'>"
        + _("Q{number}. {prompt}", number=q.number, prompt=prompt)
        + "</div>",
        unsafe_allow_html=True,
    )
    if rv is None:
        n = len(r.students)
        st.markdown(
            ngettext(
                "**{answered} of {n} student** answered · open: answers come in",
                "**{answered} of {n} students** answered · open: answers come in",
                n,
                answered=r.answered,
            )
            if q.state == live.OPEN
            else ngettext(
                "**{answered} of {n} student** answered · closed",
                "**{answered} of {n} students** answered · closed",
                n,
                answered=r.answered,
            )
        )
        return
    left, right = st.columns([2, 3], vertical_alignment="center")
    answer = live.say_answer(rv.right_answer)
    left.success(_("**Answer: {answer}.** {why}", answer=answer, why=why), icon=None)
    right_n = sum(1 for s in rv.students if s.correct)
    left.markdown(
        ngettext(
            "**{right} of {n} answer** right",
            "**{right} of {n} answers** right",
            rv.answered,
            right=right_n,
        )
    )
    shown = tuple((live.say_answer(a), n) for a, n in rv.distribution)
    right.plotly_chart(
        answer_bars(shown, answer, height=200),
        key=K.bars,
        config=CHART_CONFIG,
        width="stretch",
    )


def _task(token: str, r: live.Room) -> None:
    if r.task_state == live.TASK_OPEN:
        st.markdown(
            ngettext(
                "Whole-tree task handed out: **{n} student** handed in.",
                "Whole-tree task handed out: **{n} students** handed in.",
                r.tasks_in,
            )
        )
        st.button(
            _("Close the task"),
            key=K.task_close,
            icon=":material/lock:",
            disabled=r.read_only,
            on_click=sh.act,
            args=(close_task, token),
        )
    elif r.task_state == live.TASK_CLOSED:
        st.markdown(
            ngettext(
                "Whole-tree task closed: {n} student handed in.",
                "Whole-tree task closed: {n} students handed in.",
                r.tasks_in,
            )
        )
    else:
        st.button(
            _("Hand out the whole-tree task"),
            key=K.task_open,
            icon=":material/edit_note:",
            disabled=r.read_only,
            on_click=sh.act,
            args=(open_task, token),
            help=_("Every student fills in the whole tree; the grades reach the table."),
        )


def _results(token: str) -> None:
    res = results(sh.store(), token)
    show_table(
        [dict(zip(res.header, row, strict=True)) for row in res.rows], res.header, cards=K.results
    )
    st.download_button(
        _("Download the results (CSV)"),
        results_csv(res),
        file_name="class-results.csv",
        mime="text/csv",
        key=K.csv,
        icon=":material/download:",
        on_click="ignore",
    )


def teacher_page(token: str) -> None:
    """The projector view of the session whose teacher token is in the link."""
    r = live.room(sh.store(), token)  # AccessError: the page says so
    st.set_page_config(initial_sidebar_state="collapsed")  # the projector gets the width
    main, side = st.columns([3, 1], gap="medium")
    with side:
        st.markdown(_CSS, unsafe_allow_html=True)
        _join_panel(r)
    with main:
        if r.read_only:
            st.info(_("This session has ended: you are reading it, nothing can change."), icon=None)
        else:
            _controls(token, r)
            _following_note()
        sh.note()
        _question(token, r)
        shown = sh.shown_question(r.question)
        tree_still(
            sh.still(r.code, r.step, shown, i18n.current(), token),
            key=K.figure,
            ask=shown.node if shown is not None else None,
        )
    st.divider()
    a, b = st.columns([1, 2])
    with a:
        _task(token, r)
        if not r.read_only:
            with st.popover(_("End the session"), icon=":material/stop_circle:"):
                st.markdown(_("Students can no longer answer; you can still read it all here."))
                st.button(
                    _("End it now"),
                    key=K.end,
                    type="primary",
                    on_click=sh.act,
                    args=(live.end_session, token),
                )
        tl.copy_button(token)
        st.caption(
            _(
                "Only your teacher link controls the session (this browser keeps it); open it "
                "later, on any device, to read the results."
            )
        )
        st.caption(_("Variant {variant}; children {ordering}.", **_setup(r)))
    with b:
        st.markdown(_("**Results per student and question**"))
        _results(token)
    tl.hide_secret(r.code, token)
    if not r.read_only:
        sh.follow(r.code, pulse.of_room(r), Pulse.teacher, calm=sh.COUNTS_EVERY)
