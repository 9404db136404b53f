"""What a student's page shows, read on the server: the class's state read once for every
student page of a process (:func:`class_state`, :class:`ClassState`), one student's part of it
(:meth:`ClassState.view`, a :class:`StudentView`), who a student token names (:func:`whoami`)
and one student's own read (:func:`student_view`). The state machine that changes a class is
classroom.live; nothing here writes.

A student token reads only the student's own view: nothing of the other students' answers,
nor the right answer before the reveal, is in a :class:`StudentView`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from classroom.access import is_live, student_of, utc_now
from classroom.db import Answer, ClassSession, Store
from classroom.db import Question as QuestionRow
from classroom.live import REVEALED, QuestionInfo, _decode_answer, _info, _latest, _shown
from engine.values import fmt_value
from teach import quiz


@dataclass(frozen=True)
class StudentView:
    name: str
    code: str
    step: int
    question: QuestionInfo | None
    my_answer: str | None
    correct: bool | None  # None until the reveal
    right_answer: str | None  # None until the reveal
    explanation: str | None
    task_state: str
    read_only: bool


@dataclass(frozen=True)
class Me:
    """Who a student token names: the student's row id, display name and class code (fixed
    for the token's life, so a page keeps it after its first read)."""

    student_id: int
    name: str
    code: str


@dataclass(frozen=True)
class ClassState:
    """What every student page of a class draws, read once for all of them
    (:func:`class_state`): the step, the latest question with every student's answer to it,
    and, once revealed only, its answer and explanation. :meth:`view` picks one student's
    part; nothing of the others' answers is in it."""

    code: str
    step: int
    question: QuestionInfo | None
    answers: dict[int, tuple[str, bool]]  # student id -> (answer shown, right?) to `question`
    right_answer: str | None  # None until the reveal
    explanation: str | None
    task_state: str
    read_only: bool

    def view(self, me: Me, given: tuple[int, str] | None = None) -> StudentView:
        """Student ``me``'s view of this state. ``given``: (question number, answer shown)
        the student's own tap just stored (:class:`Receipt`); it is their answer to that
        question while it is this state's latest and not revealed (a state read before the
        tap does not hold it yet)."""
        mine = self.answers.get(me.student_id)
        q = self.question
        if given is not None and q is not None and q.number == given[0] and q.state != REVEALED:
            mine = (given[1], mine[1] if mine is not None else False)
        done = self.right_answer is not None
        return StudentView(
            name=me.name,
            code=self.code,
            step=self.step,
            question=self.question,
            my_answer=mine[0] if mine is not None else None,
            correct=(mine[1] if mine is not None else False) if done else None,
            right_answer=self.right_answer,
            explanation=self.explanation,
            task_state=self.task_state,
            read_only=self.read_only,
        )


def _class_state(
    db: Session, cs: ClassSession, now: datetime, only: int | None = None
) -> ClassState:
    """The state of ``cs`` with the answers of every student (``only``: of that student)."""
    q = _latest(db, cs)
    answers: dict[int, tuple[str, bool]] = {}
    if q is not None:
        stmt = select(Answer.student_id, Answer.value, Answer.correct).where(
            Answer.question_id == q.id
        )
        if only is not None:
            stmt = stmt.where(Answer.student_id == only)
        answers = {sid: (_shown(q.kind, v), bool(c)) for sid, v, c in db.execute(stmt)}
    done = q is not None and q.state == REVEALED
    return ClassState(
        code=cs.code,
        step=cs.step,
        question=_info(q) if q is not None else None,
        answers=answers,
        right_answer=_revealed_answer(q) if done else None,  # type: ignore[arg-type]
        explanation=q.explanation if done else None,  # type: ignore[union-attr]
        task_state=cs.task_state,
        read_only=not is_live(cs, now),
    )


def class_state(store: Store, code: str, now: datetime | None = None) -> ClassState | None:
    """The state of the class with join ``code`` for every student page of it (one read,
    shared by the pages of a process: ui.classroom.shared.class_state); None for an unknown
    code. Only code on the server holds it: a page shows a student :meth:`ClassState.view`."""
    now = utc_now(now)
    with store.reads.begin() as db:
        cs = db.scalars(select(ClassSession).where(ClassSession.code == code)).one_or_none()
        return None if cs is None else _class_state(db, cs, now)


def whoami(store: Store, student_token: str) -> Me:
    """The student ``student_token`` names (AccessError for any other token)."""
    with store.reads.begin() as db:
        st, cs = student_of(db, student_token)
        return Me(st.id, st.name, cs.code)


def student_view(store: Store, student_token: str, now: datetime | None = None) -> StudentView:
    """What one student's page shows: the step, the latest question, their own answer and,
    only after the reveal, whether it was right and why (:meth:`ClassState.view`, read for
    this one student)."""
    now = utc_now(now)
    with store.reads.begin() as db:
        st, cs = student_of(db, student_token)
        return _class_state(db, cs, now, only=st.id).view(Me(st.id, st.name, cs.code))


def _revealed_answer(q: QuestionRow) -> str:
    return _shown(q.kind, q.answer if q.kind == quiz.PRUNE else fmt_value(_decode_answer(q.answer)))
