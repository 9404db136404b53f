"""The pulse of class sessions: the few numbers that decide what a class page shows, read
for many sessions at once, so one process can watch every class it serves with a handful of
small queries (ui.classroom.notify wakes a page when its part of the pulse moved).

A student's page shows the step, the latest question and its state, the task's state and
whether the session is over (:class:`StudentPulse`, one type for the pulse read from the
database and for what a page drew); the teacher's projector shows those and the counts:
students joined, answers to the latest question, task sheets handed in (:class:`Pulse`).
The whole pulse, with the count of changed answers too, names one state of a class: the
student pages of a process share the class's state read once per pulse
(ui.classroom.shared.class_state).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from sqlalchemy import bindparam, func, select

from classroom.access import is_live, utc_now
from classroom.db import Answer, ClassSession, Store, Student, TaskGrade
from classroom.db import Question as QuestionRow

if TYPE_CHECKING:
    from classroom.live import Room
    from classroom.student_state import StudentView


class _Question(Protocol):  # a question row, or classroom.live.QuestionInfo
    number: int
    state: str


@dataclass(frozen=True)
class StudentPulse:
    """What a student's page draws from, and what every class page shows: the step, the
    latest question and its state, the task's state, whether the session is over. Nothing of
    the other students."""

    step: int
    question: int | None  # the latest question's number
    state: str | None  # and its state (live.OPEN, CLOSED, REVEALED)
    task_state: str
    read_only: bool  # ended or expired

    @classmethod
    def of(
        cls, step: int, question: _Question | None, task_state: str, read_only: bool
    ) -> StudentPulse:
        """The pulse of a class at ``step`` whose latest question is ``question``."""
        if question is None:
            return cls(step, None, None, task_state, read_only)
        return cls(step, question.number, question.state, task_state, read_only)


@dataclass(frozen=True)
class Pulse:
    """What the projector draws from: the students' part and the counts."""

    common: StudentPulse
    students: int
    answered: int  # answers to the latest question
    tasks_in: int
    changed: int = 0  # times an answer to the latest question was changed (no page shows it)

    def student(self) -> StudentPulse:
        """A student's part of the pulse."""
        return self.common

    def teacher(self) -> Pulse:
        """The projector's part: all but :attr:`changed`."""
        return replace(self, changed=0)


def of_room(r: Room) -> Pulse:
    """The pulse the projector ``r`` (classroom.live.room) was drawn from."""
    return Pulse(
        common=StudentPulse.of(r.step, r.question, r.task_state, r.read_only),
        students=len(r.students),
        answered=r.answered,
        tasks_in=r.tasks_in,
    )


def of_student(v: StudentView) -> StudentPulse:
    """The student's part of the pulse (:meth:`Pulse.student`) that view ``v`` shows."""
    return StudentPulse.of(v.step, v.question, v.task_state, v.read_only)


def _pulse_statement():  # noqa: ANN202 - a Select
    """One statement for the pulses of the sessions whose codes are bound as ``codes``: each
    session's row, its latest question, and the counts as scalar subqueries. Built once: a
    statement made on every look cost as much CPU as running it (py-spy under
    bench/bench_class_pages.py), and the bell looks after every tap."""
    cs = ClassSession.__table__
    q = QuestionRow.__table__.alias("latest")
    newest = (
        select(func.max(QuestionRow.number))
        .where(QuestionRow.session_id == cs.c.id)
        .scalar_subquery()
    )

    def count(where, what=None):  # noqa: ANN001, ANN202
        return select(func.count() if what is None else what).where(where).scalar_subquery()

    return (
        select(
            cs.c.code,
            cs.c.step,
            cs.c.task_state,
            cs.c.ended_at,
            cs.c.expires_at,
            q.c.number,
            q.c.state,
            count(Student.session_id == cs.c.id).label("students"),
            count(TaskGrade.session_id == cs.c.id).label("tasks"),
            count(Answer.question_id == q.c.id).label("answered"),
            count(Answer.question_id == q.c.id, func.sum(Answer.changes)).label("changed"),
        )
        .select_from(cs.outerjoin(q, (q.c.session_id == cs.c.id) & (q.c.number == newest)))
        .where(cs.c.code.in_(bindparam("codes", expanding=True)))
    )


_PULSES = _pulse_statement()


def pulses(store: Store, codes: Iterable[str], now: datetime | None = None) -> dict[str, Pulse]:
    """The pulse of each session of ``codes`` (join codes); an unknown code is left out."""
    codes = sorted(set(codes))
    if not codes:
        return {}
    now = utc_now(now)
    with store.reads.begin() as db:
        rows = db.execute(_PULSES, {"codes": codes}).all()
    return {
        r.code: Pulse(
            # a row has the two columns is_live reads
            common=StudentPulse(r.step, r.number, r.state, r.task_state, not is_live(r, now)),
            students=r.students or 0,
            answered=r.answered or 0,
            tasks_in=r.tasks or 0,
            changed=int(r.changed or 0),
        )
        for r in rows
    }
