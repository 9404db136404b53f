"""What the class pages share: the one Store of the process, a session's run, the still of
its step (cached per session and step) and the class's state (cached per class and pulse:
:func:`student_view`), each shared by every student page of the process; the page's links
and the watcher that reruns a page when the class moves on.

A page does not poll: :func:`follow` hands what it drew of its class (its part of the
class's pulse, classroom.pulse) to the process's bell (ui.classroom.notify), which reruns the
page once the class has moved on. A quiet class costs no script run. Only when this server
cannot wake pages (the bell gave up: Streamlit's internals moved) does a page follow by
itself, with Streamlit's public ``st.fragment(run_every=...)`` (:func:`_follow_by_looking`),
and the teacher's page says so (:func:`cannot_wake`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Hashable
from dataclasses import astuple
from functools import partial
from urllib.parse import urlencode

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from classroom import live, student_state
from classroom.db import UNREACHABLE, Store, open_store, reachable
from classroom.guard import client_address, server_trust_ok, trusted_proxies
from classroom.listen import can_listen, listen
from classroom.pulse import Pulse, pulses
from classroom.retention import purge, retention_days
from engine.errors import InputError
from engine.trace import SearchRun
from teach import i18n, quiz
from teach.engine_words import reason
from teach.i18n import _
from ui.classroom import notify
from ui.classroom.notify import POLL, Bell, session_id, wake_sessions
from ui.common.keys import Classroom as K
from ui.common.language import session_language
from ui.common.public_url import join_base_url, public_base_url
from ui.practice.practice_common import quiz_names
from ui.practice.quiz_panel import question_payload

_LOG = logging.getLogger(__name__)
PAGE = "app_pages/classroom.py"  # the page's file (st.switch_page) and its URL path
URL_PATH = "classroom"
TEACHER, STUDENT, JOIN = "t", "s", "join"  # the link's parameters
RETRY_S, RETRY_PAUSE = 10.0, 0.5  # an action waits this long for a database that went away
RECONNECT_EVERY = 1.0  # seconds: a page whose database is away looks this often
COUNTS_EVERY = notify.COUNTS_EVERY  # the projector's counts alone rerun it this seldom (s)
FRESH = 1.0  # seconds: a pulse the bell read this recently is the class's for a page's run
# The cached functions below are called with keyword arguments on the pages' hot path:
# Streamlit inspects a function's signature on every call to name a positional argument,
# a sixth of a woken student page's script time (py-spy).


@st.cache_resource(show_spinner=False)
def store() -> Store:
    """The class database of this process (classroom.db.database_url: GTL_DATABASE_URL, else
    an SQLite file in GTL_DATA_DIR), opened and migrated once; then the sessions older than
    GTL_RETENTION_DAYS go (classroom.retention)."""
    days = retention_days()  # a bad setting stops here, before the database is opened
    made = open_store()
    gone = purge(made, days)
    if gone.sessions or gone.counters:
        _LOG.info(
            "class mode: %s sessions older than %d days purged (%s)", gone.sessions, days, gone
        )
    return made


@st.cache_resource(max_entries=32, show_spinner=False)
def session_run(code: str, _token: str) -> tuple[SearchRun, list[str]]:
    """The run of the session with join ``code`` and its node names (a frozen session never
    changes, and a code is never reused: the code names it for every student)."""
    run = live.class_run(store(), _token)
    return run, quiz_names(run.tree)


def still(code: str, step: int, question: live.QuestionInfo | None, lang: str, token: str) -> dict:
    """The tree canvas's still of the session at ``step``, its words in ``lang``: nothing of
    what an open ``question`` asks for is in it (ui.practice.quiz_panel.question_payload)."""
    asked = None if question is None else question.number  # a class's number names it
    return _still(code=code, step=step, asked=asked, lang=lang, _token=token, _question=question)


# The key is made of plain values: Streamlit hashes a dataclass argument (the question) by
# pickling it, 0.3 ms of every student page's state (cProfile of student_live.page_now).
@st.cache_resource(max_entries=256, show_spinner=False)
def _still(
    code: str,
    step: int,
    asked: int | None,
    lang: str,
    _token: str,
    _question: live.QuestionInfo | None,
) -> dict:
    run, names = session_run(code=code, _token=_token)
    with i18n.use(lang):
        return question_payload(run, names, step, _question)


@st.cache_resource(max_entries=256, show_spinner=False)
def question_words(
    code: str, step: int, kind: str, node: int, lang: str, _token: str
) -> tuple[str, str] | None:
    """The prompt and the reason of class ``code``'s question of ``kind`` about ``node`` at
    ``step``, in ``lang``: the database keeps them in English (what the question was when
    asked); the quiz made again from the session's frozen run (it never changes) in ``lang``
    has the same question at the same step and node. None if it has not (the page then shows
    the English). One entry per question and language, whatever its state."""
    run, _names = session_run(code=code, _token=_token)
    with i18n.use(lang):
        made = quiz.questions(run, quiz.KINDS, include_leaves=run.tree.labels is not None)
    key = (step, kind, node)
    return next(((q.prompt, q.explanation) for q in made if (q.step, q.kind, q.node) == key), None)


def asked(
    code: str, question: live.QuestionInfo, explanation: str | None, token: str
) -> tuple[str, str | None]:
    """``question``'s prompt and its ``explanation`` (None before the reveal) in the run's
    language: words made per page run (or cached per question and language), never kept in
    the class's shared state."""
    lang = i18n.current()
    if lang == i18n.DEFAULT:
        return question.prompt, explanation
    got = question_words(
        code=code,
        step=question.step,
        kind=question.kind,
        node=question.node,
        lang=lang,
        _token=token,
    )
    if got is None:
        return question.prompt, explanation
    return got[0], got[1] if explanation is not None else None


@st.cache_resource(max_entries=64, show_spinner=False)
def class_state(code: str, pulse: str) -> student_state.ClassState | None:
    """The state of class ``code`` at ``pulse`` (classroom.pulse.Pulse as a tuple's repr: a
    string is hashed quicker than a tuple of tuples by Streamlit's cache): read once
    per state of the class by the first student page that needs it, shared by every other
    (classroom.student_state.class_state)."""
    return student_state.class_state(store(), code)


@st.cache_resource(max_entries=16, show_spinner=False)
def class_part(code: str, part: str) -> student_state.ClassState | None:
    """The state of class ``code`` read once while its students' part of the pulse is
    ``part`` (classroom.pulse.StudentPulse as a tuple's repr): what the run after a student's own
    tap draws, with the answer the tap stored (student_state.ClassState.view: ``given``).
    Its other answers may be older than the pulse (every tap moves the pulse, and no page
    shows another student's answer): while a class answers, one read, not one per tap."""
    return student_state.class_state(store(), code)


def student_view(token: str) -> student_state.StudentView:
    """What the student page of ``token`` shows in this script run: :func:`view_of`, with
    the answer the run's own action just stored (``K.given``, from its classroom.live.Receipt)
    rather than reading it back; after any other action of the page (a refused answer, a task
    sheet) the run reads the student's view afresh."""
    ss = st.session_state
    acted = ss.pop(K.acted, False)
    # given is only ever set with acted; a pop of a missing key raises and catches inside
    # Streamlit's session state (py-spy: 3 % of a 300-student server's CPU for three pops)
    given = ss.pop(K.given, None) if acted else None
    if acted and given is None:
        return student_state.student_view(store(), token)
    return view_of(token, given)


@st.cache_resource(max_entries=4096, show_spinner=False)
def me(token: str) -> student_state.Me:
    """Who the student ``token`` names (fixed for the token's life: read once per process;
    AccessError, not kept, for any other token)."""
    return student_state.whoami(store(), token)


def view_of(token: str, given: tuple[int, str] | None = None) -> student_state.StudentView:
    """The student's part of the class's state at the pulse the bell last read
    (:func:`class_state`): one read per class and state for all the student pages of this
    process, however many, whether a script run or an HTTP follow (ui.classroom.routes)
    asks. ``given``: (question, answer shown) the student's own tap just stored (read with
    the class's students' part of the pulse, :func:`class_part`)."""
    who = me(token=token)
    the_bell = bell()
    now = the_bell.known(who.code, fresh=FRESH)
    if now is None:
        now = pulses(store(), [who.code]).get(who.code)
        if now is not None:
            the_bell.saw(who.code, now)
    if now is None:
        return student_state.student_view(store(), token)
    if given is not None:
        state = class_part(code=who.code, part=repr(astuple(now.common)))
    else:
        state = class_state(code=who.code, pulse=repr(astuple(now)))
    if state is None:
        return student_state.student_view(store(), token)
    return state.view(who, given)


def shown_question(q: live.QuestionInfo | None) -> live.QuestionInfo | None:
    """The question whose answer the figure must hide: the latest one until its reveal."""
    return q if q is not None and q.state != live.REVEALED else None


def link_token(name: str) -> str | None:
    """The link's ``name`` parameter (a token or a code), None when absent or not text."""
    raw = st.query_params.get(name)
    return raw if isinstance(raw, str) and raw else None


def page_link(**params: str) -> str:
    """The class page's link with ``params``, at the app's public base URL (GTL_PUBLIC_URL,
    else the address the page was opened at: ui.common.public_url)."""
    return f"{public_base_url()}/{URL_PATH}?{urlencode(params)}"


def join_link(code: str) -> tuple[str, str | None]:
    """The link a class's phones join ``code`` by, and why it still names this computer
    (ui.common.public_url.join_base_url: None when phones can open it)."""
    base, problem = join_base_url()
    return f"{base}/{URL_PATH}?{urlencode({JOIN: code})}", problem


def client() -> str:
    """The device's address for the wrong-code slow-down: the connection's, or the one a
    proxy named in GTL_TRUSTED_PROXIES forwarded (classroom.guard.client_address; uvicorn's
    FORWARDED_ALLOW_IPS must name no other address: classroom.guard.server_trust_ok)."""
    return client_address(
        st.context.ip_address,
        st.context.headers.get_all("X-Forwarded-For"),
        trusted_proxies(),  # InputError for a bad setting: the join form shows it
        server_trust_ok(),
    )


def retrying(call: Callable[[], object]) -> object:
    """``call()``, tried again every RETRY_PAUSE s while the database is away, for RETRY_S
    seconds in all (a restarting server, a locked file); then :class:`NotSaved`."""
    deadline = time.monotonic() + RETRY_S
    while True:
        try:
            return call()
        except UNREACHABLE:
            if time.monotonic() + RETRY_PAUSE > deadline:
                raise NotSaved(
                    _(
                        "not saved: the class database cannot be reached (tried for {s} "
                        "seconds); try again in a moment",
                        s=f"{RETRY_S:g}",
                    )
                ) from None
            time.sleep(RETRY_PAUSE)


class NotSaved(InputError):
    """An action refused because the database stayed away: the person is told, nothing is
    half done (each action is one transaction)."""


def act(fn: Callable[..., object], *args: object, ring: bool = True) -> object | None:
    """Run one classroom.live action from a button; a refusal is kept as the page's note
    (also when the database stayed away: :func:`retrying`). ``ring``: tell this process's
    other class pages now (else the caller rings later)."""
    st.session_state[K.acted] = True  # this page's next run reads its own view afresh
    try:
        with i18n.use(session_language()):  # a callback runs before the page sets its language
            got = retrying(lambda: fn(store(), *args))
    except InputError as e:
        with i18n.use(session_language()):  # the refusal in the page's language, as above
            st.session_state[K.note] = ("error", reason(e))
        return None
    st.session_state[K.note] = None
    if ring:
        bell().ring()  # the other pages of this process follow now, not at the next tick
    return got


def note() -> None:
    """The last action's refusal, if any (once)."""
    got = st.session_state.pop(K.note, None)
    if got:
        kind, text = got
        (st.error if kind == "error" else st.success)(text, icon=None)


@st.cache_resource(show_spinner=False)
def bell() -> Bell:
    """The bell of this process: it wakes the class pages whose class moved on (on
    PostgreSQL it hears of every change, classroom.listen; else it looks each tick). Made on
    the first class page, whose own session shows whether Streamlit still has what waking needs
    (notify.cannot_wake); if not, the bell gives up at once (logged)."""
    db = store()
    made = Bell(
        look=partial(pulses, db),
        wake=wake_sessions,
        listen=partial(listen, db) if can_listen(db) else None,
    )
    why = notify.cannot_wake()
    if why is not None:
        made.give_up(why)
    return made


def cannot_wake() -> str | None:
    """Why this process's class pages follow by themselves (every POLL seconds), None while
    the bell wakes them (and without a server: AppTest)."""
    return None if session_id() is None else bell().broken


def follow(
    code: str, drawn: Hashable, part: Callable[[Pulse], Hashable], calm: float = 0.0
) -> None:
    """This page drew ``drawn`` (== ``part(pulse)``) of class ``code``: rerun it when that
    changes (ui.classroom.notify; the page looks by itself when the bell cannot wake it).
    Called inside an ``st.fragment``, only that fragment is rerun. ``calm``: see
    notify.Bell.watch (the projector's counts). Nothing happens without a server (AppTest)."""
    sid = session_id()
    if sid is None:
        return
    if bell().watch(sid, code, drawn, part, fragment=fragment_here(), calm=calm):
        st.session_state[K.following] = True
    else:
        _follow_by_looking(code, drawn, part)


def fragment_run() -> bool:
    """Whether this run reruns fragments only (not the whole page)."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def fragment_here() -> str | None:
    """The id of the st.fragment this code runs in, None outside one (or when Streamlit's
    private ThreadState moved: the whole page is rerun then, as before fragments)."""
    try:  # deferred: private to Streamlit; if it moved, pages are woken whole, as before
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState

        return ThreadState.get().fragment_id
    except (ImportError, AttributeError):
        return None


@st.fragment(run_every=POLL)
def _follow_by_looking(code: str, drawn: Hashable, part: Callable[[Pulse], Hashable]) -> None:
    """The public path: every POLL seconds this fragment (it draws nothing) reads the class's
    pulse and reruns the whole page when its part moved."""
    now = pulses(store(), [code]).get(code)
    if now is None or part(now) != drawn:
        st.rerun(scope="app")


def reconnecting() -> None:
    """The page of a class whose database is away: it says so (and what became of the last
    tap), and reruns by itself once the database answers again."""
    note()
    st.warning(
        _(
            "Reconnecting: the class database cannot be reached right now. Answers you were "
            "told are in are kept; this page comes back by itself."
        ),
        icon=":material/sync_problem:",
    )
    _wait_for_database()


@st.fragment(run_every=RECONNECT_EVERY)
def _wait_for_database() -> None:
    try:
        back = reachable(store())
    except UNREACHABLE:  # the first open of the process failed too
        back = False
    if back:
        st.rerun(scope="app")


def unfollow() -> None:
    """This page no longer shows a class (it ended, the link changed, the person went to
    another page: app.py calls it for every other page). Without a class followed it costs
    nothing (no bell, no database)."""
    sid = session_id()
    if sid is not None and st.session_state.pop(K.following, False):
        bell().forget(sid)
