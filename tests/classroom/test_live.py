"""The class session's state machine, on SQLite and on PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import csv
import io
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial

import pytest
from sqlalchemy import func, select

from classroom import access, live, student_state
from classroom.db import Answer, ClassSession, Student, open_store
from classroom.db import Question as QuestionRow
from classroom.results import results, results_csv
from classroom.task import close_task, open_task, submit_task, task_report
from engine.errors import InputError
from engine.games.pawn import PawnGame, parse_board
from engine.search import search_game, search_tree
from engine.tree import complete_tree
from teach import quiz

T0 = datetime(2026, 12, 1, 9, 0, 0)
RN = [3, 12, 8, 2, 4, 6, 14, 5, 2]  # Russell & Norvig's Figure 5.2
HANG_S = 60.0  # a worker thread still running after this long has hung (not a speed goal)


class Workers:
    """Calls run in threads of their own, whose results and failures reach pytest: a worker
    that raised fails the test in pytest's thread with its own exception, and a worker still
    running after HANG_S seconds fails it too (it is a daemon: it cannot hold up the run)."""

    def __init__(self, calls: list[Callable[[], object]]) -> None:
        self._results: dict[int, object] = {}
        self._errors: dict[int, BaseException] = {}
        self._threads = [
            threading.Thread(target=self._run, args=(i, f), daemon=True)
            for i, f in enumerate(calls)
        ]
        for t in self._threads:
            t.start()

    def _run(self, i: int, call: Callable[[], object]) -> None:
        try:
            self._results[i] = call()
        except BaseException as e:  # noqa: BLE001 - handed to pytest's thread in results()
            self._errors[i] = e

    def results(self, timeout: float = HANG_S) -> list[object]:
        """Each call's result, in order, once every thread ended."""
        deadline = time.monotonic() + timeout
        for t in self._threads:
            t.join(max(0.0, deadline - time.monotonic()))
        alive = sum(t.is_alive() for t in self._threads)
        assert not alive, f"{alive} of {len(self._threads)} threads still run after {timeout} s"
        if self._errors:
            i, e = min(self._errors.items())
            raise AssertionError(f"worker {i} of {len(self._threads)} failed: {e!r}") from e
        return [self._results[i] for i in range(len(self._threads))]


def tree():
    return complete_tree(RN, 3)


@pytest.fixture
def cls(store):
    return live.create_session(store, tree(), now=T0)


def _join(store, c, name, client="c1", now=T0):
    return access.join(store, c.code, name, client, now=now).student_token


def _snapshot(store):
    """Every row of every table, to check that a refused call changed nothing."""
    with store.sessions() as db:
        out = {}
        for model in (ClassSession, Student, QuestionRow, Answer):
            rows = db.scalars(select(model)).all()
            out[model.__tablename__] = sorted(
                tuple(sorted((k, str(v)) for k, v in vars(r).items() if not k.startswith("_")))
                for r in rows
            )
        return out


def _count(store, model):
    with store.sessions() as db:
        return db.scalar(select(func.count()).select_from(model))


# ---- the flow ---------------------------------------------------------------------------
def test_a_question_from_open_to_reveal(store, cls):
    a, b, c = (_join(store, cls, n) for n in ("Ann", "Bob", "Cem"))
    q = live.open_question(store, cls.teacher_token, now=T0)
    expect = quiz.questions(search_tree(tree()))[0]
    assert (q.number, q.kind, q.prompt, q.step) == (1, expect.kind, expect.prompt, expect.step)
    assert live.room(store, cls.teacher_token, now=T0).step == expect.step
    assert live.answer(store, a, 1, "3", now=T0).startswith("your answer 3")
    live.answer(store, b, 1, "12", now=T0)
    live.answer(store, c, 1, "+inf", now=T0)
    room = live.room(store, cls.teacher_token, now=T0)
    assert room.answered == 3 and room.revealed is None
    # before the reveal a student sees only their own answer, never a verdict or the answer
    v = student_state.student_view(store, b, now=T0)
    assert (v.my_answer, v.correct, v.right_answer, v.explanation) == ("12", None, None, None)
    r = live.reveal(store, cls.teacher_token, now=T0)
    assert r.right_answer == quiz.Question.answer_text.fget(expect)
    assert r.explanation == expect.explanation
    assert dict(r.distribution) == {"3": 1, "12": 1, "+∞": 1}
    assert [(s.name, s.correct) for s in r.students] == [
        ("Ann", True),
        ("Bob", False),
        ("Cem", False),
    ]
    v = student_state.student_view(store, b, now=T0)
    assert (v.correct, v.right_answer, v.explanation) == (False, "3", expect.explanation)
    assert live.room(store, cls.teacher_token, now=T0).revealed == r


def test_the_class_state_read_once_gives_each_student_their_own_view(store, cls):
    """classroom.student_state.class_state (read once for every student page of a process) gives
    each student what their own read gives, at each state of a question; nothing of it
    names another student's answer."""
    toks = [_join(store, cls, n) for n in ("Ann", "Bob", "Cem")]
    mes = [student_state.whoami(store, t) for t in toks]
    assert [m.name for m in mes] == ["Ann", "Bob", "Cem"] and {m.code for m in mes} == {cls.code}
    assert student_state.class_state(store, "NOSUCH", now=T0) is None

    def same() -> student_state.ClassState:
        state = student_state.class_state(store, cls.code, now=T0)
        for t, m in zip(toks, mes, strict=True):
            assert state.view(m) == student_state.student_view(store, t, now=T0)
        return state

    assert same().question is None
    live.open_question(store, cls.teacher_token, now=T0)
    live.answer(store, toks[0], 1, "3", now=T0)
    live.answer(store, toks[1], 1, "12", now=T0)
    live.answer(store, toks[1], 1, "8", now=T0)  # Bob changes his mind
    state = same()
    assert [state.view(m).my_answer for m in mes] == ["3", "8", None]
    assert {state.view(m).right_answer for m in mes} == {None}
    live.close_question(store, cls.teacher_token, now=T0)
    same()
    live.reveal(store, cls.teacher_token, now=T0)
    state = same()
    assert [state.view(m).correct for m in mes] == [True, False, False]  # Cem: no answer
    late = T0 + timedelta(days=3)
    assert student_state.class_state(store, cls.code, now=late).view(mes[0]).read_only


def test_a_state_read_before_a_tap_with_its_receipt_is_the_students_own_read(store, cls):
    """The run after a student's tap shows the class's state as the bell last read it (maybe
    before the tap) with the answer the tap's receipt says is stored (ClassState.view's
    ``given``): the same view as the student's own read after the tap, for a first answer,
    a changed one, a doubled one, and once the question is closed; after the reveal the
    receipt of an older tap changes nothing."""
    toks = [_join(store, cls, n) for n in ("Ann", "Bob")]
    mes = [student_state.whoami(store, t) for t in toks]
    live.open_question(store, cls.teacher_token, now=T0)
    for who, text in ((0, "3"), (1, "12"), (1, "+inf"), (1, "+inf"), (0, "-inf")):
        before = student_state.class_state(store, cls.code, now=T0)
        got = live.answer(store, toks[who], 1, text, now=T0)
        assert got.shown in str(got)
        assert before.view(mes[who], (1, got.shown)) == student_state.student_view(
            store, toks[who], now=T0
        )
    assert student_state.student_view(store, toks[1], now=T0).my_answer == "+∞"
    live.close_question(store, cls.teacher_token, now=T0)
    got = live.answer(store, toks[1], 1, "+inf", now=T0)  # a retry after the close
    before = student_state.class_state(store, cls.code, now=T0)
    assert before.view(mes[1], (1, got.shown)) == student_state.student_view(store, toks[1], now=T0)
    live.reveal(store, cls.teacher_token, now=T0)
    after = student_state.class_state(store, cls.code, now=T0)
    for t, m in zip(toks, mes, strict=True):
        assert after.view(m, (1, "7")) == student_state.student_view(store, t, now=T0)


def test_every_question_of_the_quiz_can_be_asked_in_turn(store, cls):
    a = _join(store, cls, "Ann")
    qs = quiz.questions(search_tree(tree()))
    for i, q in enumerate(qs):
        info = live.open_question(store, cls.teacher_token, now=T0)
        assert (info.number, info.prompt) == (i + 1, q.prompt)
        live.answer(store, a, info.number, q.answer_text, now=T0)
        assert live.reveal(store, cls.teacher_token, now=T0).students[0].correct
    with pytest.raises(InputError, match="no question left"):
        live.open_question(store, cls.teacher_token, now=T0)
    res = results(store, cls.teacher_token)
    assert res.rows[0][res.header.index("right")] == len(qs)


def test_the_last_answer_before_close_counts_and_doubles_count_once(store, cls):
    a = _join(store, cls, "Ann")
    live.open_question(store, cls.teacher_token, now=T0)
    live.answer(store, a, 1, "5", now=T0)
    assert live.answer(store, a, 1, "4", now=T0) == "changed to 4"
    assert live.answer(store, a, 1, " 3 ", now=T0) == "changed to 3"
    assert live.answer(store, a, 1, "3.0", now=T0).startswith("your answer 3")  # a retry
    assert _count(store, Answer) == 1
    assert live.close_question(store, cls.teacher_token, now=T0) == 1
    # a retried submit of the counted answer is acknowledged; a new answer is refused
    assert "was counted" in live.answer(store, a, 1, "3", now=T0)
    with pytest.raises(InputError, match="closed"):
        live.answer(store, a, 1, "12", now=T0)
    r = live.reveal(store, cls.teacher_token, now=T0)
    assert r.distribution == (("3", 1),) and r.students[0].correct
    with store.sessions() as db:
        assert db.scalars(select(Answer)).one().changes == 2


def test_doubled_submits_from_threads_are_stored_once(store, cls):
    tokens = [_join(store, cls, f"S{i}") for i in range(8)]
    live.open_question(store, cls.teacher_token, now=T0)
    submit = partial(live.answer, store, number=1, text="3", now=T0)
    said = Workers([partial(submit, t) for t in tokens for _ in range(3)]).results()
    assert all(s.startswith("your answer 3") for s in said), said
    assert _count(store, Answer) == len(tokens)
    assert live.room(store, cls.teacher_token, now=T0).answered == len(tokens)


def test_the_quiz_is_searched_outside_the_changing_transaction(store, cls, monkeypatch):
    """open_question searched the whole tree inside its write transaction, holding the write
    lock (SQLite) or the session's row lock (PostgreSQL): a student joining meanwhile waited
    for the search. Here a join runs while the search runs, and must get through."""
    search = live.run_variant
    joined: list[object] = []

    def searching(*args, **kw):  # noqa: ANN002, ANN003
        joined.extend(Workers([lambda: _join(store, cls, "Zoe")]).results())
        return search(*args, **kw)

    monkeypatch.setattr(live, "run_variant", searching)
    q = live.open_question(store, cls.teacher_token, now=T0)
    assert q.number == 1 and len(joined) == 1
    assert live.room(store, cls.teacher_token, now=T0).students == ("Zoe",)


def test_unreadable_answers_are_refused_with_the_quizs_reason(store, cls):
    a = _join(store, cls, "Ann")
    live.open_question(store, cls.teacher_token, now=T0)
    for bad, why in [("", "Type an answer"), ("three", "not a number"), ("x" * 41, "at most 40")]:
        with pytest.raises(InputError, match=why):
            live.answer(store, a, 1, bad, now=T0)
    with pytest.raises(InputError, match="has not been asked"):
        live.answer(store, a, 2, "3", now=T0)
    assert _count(store, Answer) == 0


def test_prune_questions_take_yes_and_no(store):
    c = live.create_session(store, tree(), kinds=[quiz.PRUNE], now=T0)
    a = _join(store, c, "Ann")
    q = live.open_question(store, c.teacher_token, now=T0)
    assert q.kind == quiz.PRUNE
    live.answer(store, a, 1, "yes", now=T0)
    r = live.reveal(store, c.teacher_token, now=T0)
    assert r.right_answer in ("yes, pruned", "no, searched")
    assert r.distribution == (("yes, pruned", 1),)


def test_stepping_waits_for_the_reveal_and_stays_in_range(store, cls):
    assert live.step_to(store, cls.teacher_token, 2, now=T0) == 2
    q = live.open_question(store, cls.teacher_token, now=T0)
    with pytest.raises(InputError, match="reveal it before stepping"):
        live.step_to(store, cls.teacher_token, q.step + 1, now=T0)
    with pytest.raises(InputError, match="reveal it first"):
        live.open_question(store, cls.teacher_token, now=T0)
    live.reveal(store, cls.teacher_token, now=T0)
    events = live.room(store, cls.teacher_token, now=T0).events
    assert live.step_to(store, cls.teacher_token, events, now=T0) == events
    for bad in (-1, events + 1):
        with pytest.raises(InputError, match="outside"):
            live.step_to(store, cls.teacher_token, bad, now=T0)
    with pytest.raises(InputError, match="whole number"):
        live.step_to(store, cls.teacher_token, "3", now=T0)  # type: ignore[arg-type]


def test_a_game_search_is_frozen_with_its_move_names_and_unexplored_leaves(store):
    pos = parse_board("...\n.p.\nP.P\n", white_to_move=True)
    run = search_game(PawnGame(), pos)
    assert any(v is None for n, v in enumerate(run.tree.values) if run.tree.is_leaf(n))
    c = live.create_session(store, run.tree, now=T0)
    with store.sessions() as db:
        cs = db.scalars(select(ClassSession)).one()
        again = live.session_run(cs)
    assert [(e.kind, e.alpha, e.beta, e.value) for e in again.events] == [
        (e.kind, e.alpha, e.beta, e.value) for e in run.events
    ]
    want = [run.tree.labels[n] for n in run.tree.preorder()]
    assert list(again.tree.labels) == want
    q = live.open_question(store, c.teacher_token, now=T0)
    assert q.prompt == quiz.questions(run, include_leaves=True)[0].prompt
    with pytest.raises(InputError, match="every leaf has a value"):
        open_task(store, c.teacher_token, now=T0)


def test_an_ordering_is_applied_before_freezing(store):
    c = live.create_session(store, tree(), ordering="best-first", now=T0)
    with store.sessions() as db:
        cs = db.scalars(select(ClassSession).where(ClassSession.code == c.code)).one()
        assert cs.tree_text == "((3 8 12) (2 4 6) (2 5 14))"
    with pytest.raises(InputError, match="unknown ordering"):
        live.create_session(store, tree(), ordering="sideways", now=T0)
    with pytest.raises(InputError, match="unknown variant"):
        live.create_session(store, tree(), variant="fail-soft-ish", now=T0)


# ---- who may do what --------------------------------------------------------------------
TEACHER_CALLS = [
    lambda s, t: live.step_to(s, t, 1, now=T0),
    lambda s, t: live.open_question(s, t, now=T0),
    lambda s, t: live.close_question(s, t, now=T0),
    lambda s, t: live.reveal(s, t, now=T0),
    lambda s, t: live.room(s, t, now=T0),
    lambda s, t: results(s, t),
    lambda s, t: results_csv(results(s, t)),
    lambda s, t: open_task(s, t, now=T0),
    lambda s, t: close_task(s, t, now=T0),
    lambda s, t: live.end_session(s, t, now=T0),
]


def test_a_student_token_or_a_forged_one_controls_nothing(store, cls):
    a = _join(store, cls, "Ann")
    live.open_question(store, cls.teacher_token, now=T0)
    live.answer(store, a, 1, "3", now=T0)
    before = _snapshot(store)
    forged = ["", "x", cls.code, a[:-1] + ("A" if a[-1] != "A" else "B"), "t" * 10_000, None, 7]
    for token in [a, *forged]:
        for call in TEACHER_CALLS:
            with pytest.raises(access.AccessError, match="teacher|token"):
                call(store, token)
    for token in [cls.teacher_token, *forged]:
        with pytest.raises(access.AccessError):
            live.answer(store, token, 1, "4", now=T0)
        with pytest.raises(access.AccessError):
            student_state.student_view(store, token, now=T0)
        with pytest.raises(access.AccessError):
            submit_task(store, token, {}, [], now=T0)
    assert _snapshot(store) == before


def test_tokens_are_stored_only_as_hashes(store, cls):
    a = _join(store, cls, "Ann")
    with store.sessions() as db:
        blob = str(_snapshot(store))
        assert db.scalars(select(ClassSession)).one().teacher_hash != cls.teacher_token
    assert cls.teacher_token not in blob and a not in blob
    assert len(cls.teacher_token) >= 40 and len(a) >= 40


# ---- names ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name",
    [
        "<b>Ann</b>",
        "<script>alert(1)</script>",
        "**bold**",
        "[x](http://evil)",
        "`code`",
        "# Title",
        "evil.com",
        "www.evil",
        "Ann :smile:",
        "$x^2$",
        "a|b",
        "🎉",
        "",
        "   ",
        "---",
        "A" * 25,
        "A" * 10_240,
    ],
)
def test_bad_names_are_refused_with_a_reason_and_change_nothing(store, cls, name):
    before = _snapshot(store)
    with pytest.raises(InputError) as e:
        access.join(store, cls.code, name, "c1", now=T0)
    assert "display name" in str(e.value) or "type a display name" in str(e.value)
    assert len(str(e.value)) < 200
    assert _snapshot(store) == before


def test_names_are_plain_stripped_and_unique_in_the_session(store, cls):
    access.join(store, cls.code, "  Anne-Marie  O'Neil ", "c1", now=T0)
    assert live.room(store, cls.teacher_token, now=T0).students == ("Anne-Marie O'Neil",)
    # control and format characters (bidi overrides, zero-width) are stripped
    j = access.join(store, cls.code, "Bo\u202eb\u200b\x07", "c1", now=T0)
    assert j.name == "Bob"
    for taken in ("bob", "BOB", "B\u200bob"):
        with pytest.raises(InputError, match="taken"):
            access.join(store, cls.code, taken, "c1", now=T0)
    assert access.join(store, cls.code, "J. Smith", "c1", now=T0).name == "J. Smith"
    assert access.join(store, cls.code, "Zoë Ünal", "c1", now=T0).name == "Zoë Ünal"
    assert access.join(store, cls.code, "X" * 24, "c1", now=T0).name == "X" * 24
    other = live.create_session(store, tree(), now=T0)
    assert access.join(store, other.code, "Bob", "c1", now=T0).name == "Bob"  # another session


# ---- codes ------------------------------------------------------------------------------
def test_codes_come_from_an_unambiguous_alphabet(store):
    codes = {live.create_session(store, tree(), now=T0).code for _ in range(5)}
    assert len(codes) == 5
    for c in codes:
        assert len(c) == access.CODE_LENGTH and set(c) <= set(access.CODE_ALPHABET)
    assert not set("IO01") & set(access.CODE_ALPHABET)
    assert len(access.CODE_ALPHABET) ** access.CODE_LENGTH > 10**9


def test_a_typed_code_may_have_spaces_dashes_and_lower_case(store, cls):
    typed = cls.code[:3].lower() + " - " + cls.code[3:]
    assert access.join(store, typed, "Ann", "c1", now=T0).code == cls.code


# ---- expiry, end, read-only reopen ------------------------------------------------------
def test_an_expired_session_is_read_only(store):
    c = live.create_session(store, tree(), ttl=timedelta(hours=1), now=T0)
    a = _join(store, c, "Ann")
    live.open_question(store, c.teacher_token, now=T0)
    live.answer(store, a, 1, "3", now=T0)
    live.reveal(store, c.teacher_token, now=T0)
    late = T0 + timedelta(hours=1)
    before = _snapshot(store)
    with pytest.raises(InputError, match="ended"):
        access.join(store, c.code, "Bob", "c1", now=late)
    t = c.teacher_token
    for call in (
        lambda: live.step_to(store, t, 1, now=late),
        lambda: live.open_question(store, t, now=late),
        lambda: open_task(store, t, now=late),
        lambda: live.end_session(store, t, now=late),
    ):
        with pytest.raises(access.AccessError, match="expired"):
            call()
    with pytest.raises(InputError, match="closed"):
        live.answer(store, a, 1, "4", now=late)
    room = live.room(store, c.teacher_token, now=late)
    assert room.read_only and room.revealed is not None
    assert student_state.student_view(store, a, now=late).read_only
    assert results(store, c.teacher_token).rows[0][:3] == ("Ann", "3", "yes")
    assert _snapshot(store) == before
    with pytest.raises(InputError, match="between one minute and two days"):
        live.create_session(store, tree(), ttl=timedelta(days=3), now=T0)


def test_ending_closes_the_question_and_keeps_the_results(store, cls):
    a = _join(store, cls, "Ann")
    live.open_question(store, cls.teacher_token, now=T0)
    live.answer(store, a, 1, "3", now=T0)
    live.end_session(store, cls.teacher_token, now=T0)
    with pytest.raises(InputError, match="closed"):
        live.answer(store, a, 1, "4", now=T0)
    with pytest.raises(access.AccessError, match="ended"):
        live.reveal(store, cls.teacher_token, now=T0)
    room = live.room(store, cls.teacher_token, now=T0)
    assert room.read_only and room.question.state == live.CLOSED and room.answered == 1


# ---- restart safety ---------------------------------------------------------------------
def test_a_restart_loses_nothing(db_url):
    s = open_store(db_url)
    c = live.create_session(s, tree(), now=T0)
    a = access.join(s, c.code, "Ann", "c1", now=T0).student_token
    b = access.join(s, c.code, "Bob", "c2", now=T0).student_token
    live.open_question(s, c.teacher_token, now=T0)
    live.answer(s, a, 1, "3", now=T0)
    s.close()  # the server goes away mid-question
    s = open_store(db_url)  # ... and comes back (the migration is a no-op now)
    try:
        assert student_state.student_view(s, a, now=T0).my_answer == "3"
        live.answer(s, b, 1, "2", now=T0)
        assert live.answer(s, a, 1, "3", now=T0).startswith("your answer 3")  # a retry
        r = live.reveal(s, c.teacher_token, now=T0)
        assert dict(r.distribution) == {"3": 1, "2": 1}
        assert live.room(s, c.teacher_token, now=T0).students == ("Ann", "Bob")
    finally:
        s.close()


# ---- the whole-tree task ----------------------------------------------------------------
def test_the_whole_tree_task_is_graded_for_the_teacher(store, cls):
    from teach.exercise import solution

    a, b = _join(store, cls, "Ann"), _join(store, cls, "Bob")
    with pytest.raises(InputError, match="not open"):
        submit_task(store, a, {}, [], now=T0)
    open_task(store, cls.teacher_token, now=T0)
    frozen = live.class_tree(store, a)  # node ids are the frozen tree's (preorder)
    assert (
        frozen is not None and live.class_tree(store, cls.teacher_token).children == frozen.children
    )
    sol = solution(frozen)
    submit_task(store, a, {}, [], now=T0)
    submit_task(store, a, sol.values, sorted(sol.pruned_edges), now=T0)  # the last counts
    submit_task(store, b, {1: 99}, [(0, 1)], now=T0)
    with pytest.raises(InputError, match="once the teacher closes"):
        task_report(store, a)
    assert close_task(store, cls.teacher_token, now=T0) == 2
    assert task_report(store, a).perfect
    assert not task_report(store, b).perfect
    res = results(store, cls.teacher_token)
    pts = res.header.index("task points")
    mx = res.header.index("task max")
    assert res.rows[0][pts] == res.rows[0][mx] > 0
    assert res.rows[1][pts] == 0
    with pytest.raises(InputError, match="not open"):
        submit_task(store, a, {}, [], now=T0)


@pytest.mark.parametrize(
    "values,pruned,why",
    [
        ({99: 1}, [], "no node 99"),
        ({"x": 1}, [], "whole number"),
        ({1: 10**12}, [], "between"),
        ({1: 1.5}, [], "whole number"),
        ([1, 2], [], "one entry per node"),
        ({}, [(1, 2, 3)], "pair"),
        ({}, "12", "list"),
        ({}, [(0, 1)] * 10_000, "list"),
    ],
)
def test_bad_task_input_is_refused(store, cls, values, pruned, why):
    a = _join(store, cls, "Ann")
    open_task(store, cls.teacher_token, now=T0)
    with pytest.raises(InputError, match=why):
        submit_task(store, a, values, pruned, now=T0)


# ---- results ----------------------------------------------------------------------------
def test_results_csv_reads_back_and_guards_formulas(store, cls):
    a = _join(store, cls, "Ann")
    access.join(store, cls.code, "-Bob", "c1", now=T0)
    live.open_question(store, cls.teacher_token, now=T0)
    live.answer(store, a, 1, "3", now=T0)
    live.reveal(store, cls.teacher_token, now=T0)
    rows = list(csv.reader(io.StringIO(results_csv(results(store, cls.teacher_token)))))
    assert rows[0][:3] == ["name", "Q1 answer", "Q1 right"]
    assert rows[1][:4] == ["Ann", "3", "yes", "1"]
    assert rows[2][0] == "'-Bob" and rows[2][1:3] == ["", ""]


def test_answers_racing_the_close_count_exactly_what_was_acknowledged(store, cls):
    tokens = [_join(store, cls, f"S{i}") for i in range(6)]
    live.open_question(store, cls.teacher_token, now=T0)
    acked: dict[int, str] = {}
    first = [threading.Event() for _ in tokens]  # worker i has had an answer acknowledged
    started = threading.Barrier(len(tokens) + 1, timeout=HANG_S)

    def keep_answering(i: int, tok: str) -> str | None:
        started.wait()
        for n in range(10_000):
            text = str(n % 7)
            try:
                live.answer(store, tok, 1, text, now=T0)
            except InputError as e:
                return str(e)  # the refusal, asserted in pytest's thread
            acked[i] = text
            first[i].set()
        return None  # never refused: the close did not come

    workers = Workers([partial(keep_answering, i, t) for i, t in enumerate(tokens)])
    started.wait()
    if not all(e.wait(HANG_S) for e in first):
        workers.results(timeout=0)  # a worker that failed says why
        pytest.fail("a worker had no answer acknowledged")
    live.close_question(store, cls.teacher_token, now=T0)
    refusals = workers.results()
    assert all(r is not None and "closed" in r for r in refusals), refusals
    with store.sessions() as db:
        stored = dict(
            db.execute(
                select(Student.name, Answer.value).join(Answer, Answer.student_id == Student.id)
            ).all()
        )
    assert stored == {f"S{i}": v for i, v in acked.items()}


def test_stored_answers_round_trip_infinities_and_booleans():
    import math

    for a in (3, -2, 0, math.inf, -math.inf, True, False):
        back = live._decode_answer(live._encode_answer(a))
        assert back == a and type(back) is type(a)
