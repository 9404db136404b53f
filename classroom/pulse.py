"""The pulse of class sessions: the few numbers that decide what a class page shows, read
for many sessions at once, so one process can watch every class it serves with a handful of
small queries (ui.classroom.notify wakes a page when its part of the pulse moved).

A student's page shows the step, the latest question and its state, the task's state and
whether the session is over (:meth:`Pulse.student`); the teacher's projector shows those and
the counts: students joined, answers to the latest question, task sheets handed in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import func, select

from classroom.access import _live, _now
from classroom.db import Answer, ClassSession, Store, Student, TaskGrade
from classroom.db import Question as QuestionRow

if TYPE_CHECKING:
    from classroom.live import Room, StudentView


@dataclass(frozen=True)
class Pulse:
    step: int
    question: int | None  # the latest question's number
    state: str | None  # and its state (live.OPEN, CLOSED, REVEALED)
    task_state: str
    read_only: bool  # ended or expired
    students: int
    answered: int  # answers to the latest question
    tasks_in: int

    def student(self) -> tuple:
        """What a student's page draws from: nothing of the other students."""
        return (self.step, self.question, self.state, self.task_state, self.read_only)

    def teacher(self) -> Pulse:
        """What the projector draws from: all of it."""
        return self


def of_room(r: Room) -> Pulse:
    """The pulse the projector ``r`` (classroom.live.room) was drawn from."""
    q = r.question
    return Pulse(
        step=r.step,
        question=q.number if q is not None else None,
        state=q.state if q is not None else None,
        task_state=r.task_state,
        read_only=r.read_only,
        students=len(r.students),
        answered=r.answered,
        tasks_in=r.tasks_in,
    )


def of_student(v: StudentView) -> tuple:
    """The student's part of the pulse (:meth:`Pulse.student`) that view ``v`` shows."""
    q = v.question
    return (
        v.step,
        q.number if q is not None else None,
        q.state if q is not None else None,
        v.task_state,
        v.read_only,
    )


def pulses(store: Store, codes: Iterable[str], now: datetime | None = None) -> dict[str, Pulse]:
    """The pulse of each session of ``codes`` (join codes); an unknown code is left out."""
    codes = sorted(set(codes))
    if not codes:
        return {}
    now = _now(now)
    with store.reads.begin() as db:
        rows = db.execute(
            select(
                ClassSession.id,
                ClassSession.code,
                ClassSession.step,
                ClassSession.task_state,
                ClassSession.ended_at,
                ClassSession.expires_at,
            ).where(ClassSession.code.in_(codes))
        ).all()
        ids = [r.id for r in rows]
        if not ids:
            return {}

        def counted(column) -> dict[int, int]:  # noqa: ANN001
            stmt = select(column, func.count()).where(column.in_(ids)).group_by(column)
            return {k: n for k, n in db.execute(stmt)}

        students = counted(Student.session_id)
        tasks = counted(TaskGrade.session_id)
        latest_number = (
            select(QuestionRow.session_id, func.max(QuestionRow.number).label("n"))
            .where(QuestionRow.session_id.in_(ids))
            .group_by(QuestionRow.session_id)
            .subquery()
        )
        latest = db.execute(
            select(
                QuestionRow.session_id, QuestionRow.id, QuestionRow.number, QuestionRow.state
            ).join(
                latest_number,
                (QuestionRow.session_id == latest_number.c.session_id)
                & (QuestionRow.number == latest_number.c.n),
            )
        ).all()
        by_session = {q.session_id: q for q in latest}
        answered = {
            k: n
            for k, n in db.execute(
                select(Answer.question_id, func.count())
                .where(Answer.question_id.in_([q.id for q in latest]))
                .group_by(Answer.question_id)
            )
        }
    out = {}
    for r in rows:
        q = by_session.get(r.id)
        out[r.code] = Pulse(
            step=r.step,
            question=q.number if q is not None else None,
            state=q.state if q is not None else None,
            task_state=r.task_state,
            read_only=not _live(r, now),  # a row has the two columns _live reads
            students=students.get(r.id, 0),
            answered=answered.get(q.id, 0) if q is not None else 0,
            tasks_in=tasks.get(r.id, 0),
        )
    return out
