"""Retention (classroom.retention), on SQLite and on PostgreSQL: a session that stopped more
than GTL_RETENTION_DAYS days ago goes with everything it holds; the rest stays whole."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select

from classroom import access, live, retention
from classroom.db import Answer, ClassSession, JoinAttempt, Question, Student, TaskGrade
from classroom.task import open_task, submit_task
from engine.errors import InputError
from tests.classroom.test_live import T0, _count, tree

NOW = T0 + timedelta(days=40)


def _used(store, created, end: bool) -> live.Created:
    """A session with two students, an answered question and a handed-in task."""
    c = live.create_session(store, tree(), now=created)
    a = access.join(store, c.code, "Ann", "c1", now=created).student_token
    access.join(store, c.code, "Bob", "c1", now=created)
    live.open_question(store, c.teacher_token, now=created)
    live.answer(store, a, 1, "3", now=created)
    open_task(store, c.teacher_token, now=created)
    submit_task(store, a, {}, set(), now=created)
    if end:
        live.end_session(store, c.teacher_token, now=created)
    return c


def _rows(store, model, session_id: int) -> int:
    col = Question.session_id if model is Answer else model.session_id
    with store.sessions() as db:
        q = select(func.count()).select_from(model)
        if model is Answer:
            q = q.join(Question, Answer.question_id == Question.id)
        return db.scalar(q.where(col == session_id))


def test_sessions_older_than_the_retention_go_with_all_they_hold(store):
    ended = _used(store, T0, end=True)  # ended 40 days before NOW
    expired = _used(store, T0 + timedelta(days=9), end=False)  # expired 31 days before
    recent = _used(store, T0 + timedelta(days=11), end=False)  # expired 29 days before
    with pytest.raises(InputError, match="no class session"):  # a counter, quiet since T0
        access.join(store, "ZZZZQQ" if recent.code != "ZZZZQQ" else "ZZZZQ2", "G", "x", now=T0)
    with store.sessions() as db:
        ids = {c.code: c.id for c in db.scalars(select(ClassSession))}
    got = retention.purge(store, 30, now=NOW)
    assert got == retention.Purged(sessions=2, students=4, answers=2, counters=1)
    with store.sessions() as db:
        assert set(db.scalars(select(ClassSession.code))) == {recent.code}
    for code in (ended.code, expired.code):
        for model in (Student, Question, Answer, TaskGrade):
            assert _rows(store, model, ids[code]) == 0, (code, model.__tablename__)
    kept = [_rows(store, m, ids[recent.code]) for m in (Student, Question, Answer, TaskGrade)]
    assert kept == [2, 1, 1, 1]
    assert _count(store, JoinAttempt) == 0
    assert live.room(store, recent.teacher_token, now=NOW).students == ("Ann", "Bob")
    assert retention.purge(store, 30, now=NOW) == retention.Purged(0, 0, 0, 0)


def test_the_retention_comes_from_the_environment():
    assert retention.retention_days({}) == 30
    assert retention.retention_days({"GTL_RETENTION_DAYS": " 7 "}) == 7
    for bad in ("0", "-3", "two", "1.5", "99999"):
        with pytest.raises(InputError, match="GTL_RETENTION_DAYS is .*whole days from 1"):
            retention.retention_days({"GTL_RETENTION_DAYS": bad})
