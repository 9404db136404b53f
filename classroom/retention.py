"""How long class mode keeps what it stored: :func:`purge` deletes every session that
stopped :data:`~retention_days` days ago (ended by the teacher, or expired) with all it holds
(its students and their names, questions, answers, task grades), and the wrong-code counters
(classroom.guard) nobody added to for longer than their FORGET. The UI runs it when a server
process first opens the class database (ui.classroom.shared.store).

``GTL_RETENTION_DAYS`` (default :data:`DEFAULT_DAYS`) sets the days; nothing else is kept of
a session: tokens were only ever stored as hashes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, delete, func, or_, select

from classroom.access import utc_now
from classroom.db import Answer, ClassSession, JoinAttempt, Question, Store, Student, TaskGrade
from classroom.guard import FORGET
from engine.errors import InputError

RETENTION_ENV = "GTL_RETENTION_DAYS"
DEFAULT_DAYS = 30
MAX_DAYS = 3650


def retention_days(env: dict[str, str] | None = None) -> int:
    """``GTL_RETENTION_DAYS``: whole days from 1 to 3650; InputError naming a bad value."""
    env = dict(os.environ) if env is None else env
    raw = env.get(RETENTION_ENV, "").strip()
    if not raw:
        return DEFAULT_DAYS
    if not raw.isdigit() or not 1 <= int(raw) <= MAX_DAYS:
        raise InputError(f"{RETENTION_ENV} is {raw[:40]!r}: give whole days from 1 to {MAX_DAYS}")
    return int(raw)


@dataclass(frozen=True)
class Purged:
    sessions: int
    students: int
    answers: int
    counters: int


def purge(store: Store, days: int, now: datetime | None = None) -> Purged:
    """Delete the sessions that stopped more than ``days`` days before ``now``, all they hold,
    and the quiet wrong-code counters; one transaction. Returns what went."""
    now = utc_now(now)
    cut = now - timedelta(days=days)
    stopped = func.coalesce(ClassSession.ended_at, ClassSession.expires_at)
    old = select(ClassSession.id).where(
        or_(ClassSession.ended_at < cut, and_(ClassSession.ended_at.is_(None), stopped < cut))
    )
    with store.sessions.begin() as db:
        ids = list(db.scalars(old))
        if ids:
            qs = select(Question.id).where(Question.session_id.in_(ids))
            answers = db.execute(delete(Answer).where(Answer.question_id.in_(qs))).rowcount
            db.execute(delete(TaskGrade).where(TaskGrade.session_id.in_(ids)))
            db.execute(delete(Question).where(Question.session_id.in_(ids)))
            students = db.execute(delete(Student).where(Student.session_id.in_(ids))).rowcount
            db.execute(delete(ClassSession).where(ClassSession.id.in_(ids)))
        else:
            answers = students = 0
        counters = db.execute(
            delete(JoinAttempt).where(
                or_(JoinAttempt.last_at.is_(None), JoinAttempt.last_at < now - FORGET),
                or_(JoinAttempt.blocked_until.is_(None), JoinAttempt.blocked_until < now),
            )
        ).rowcount
    return Purged(len(ids), students, answers, counters)
