"""After class: one row per student and revealed question (and the whole-tree task's
grade), as a table and as CSV, in the run's language (the header, the verdicts, a pruning
question's answers; names and values as they are). The teacher's token only; it works after the
session ended."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from sqlalchemy import select

from classroom.access import teacher_session
from classroom.db import Answer, Store, Student, TaskGrade
from classroom.db import Question as QuestionRow
from classroom.live import REVEALED, QuestionInfo, _info, _shown, say_answer
from teach import quiz
from teach.i18n import _


@dataclass(frozen=True)
class Results:
    questions: tuple[QuestionInfo, ...]  # revealed questions, in the order asked
    header: tuple[str, ...]
    rows: tuple[tuple[str | int, ...], ...]


def results(store: Store, teacher_token: str) -> Results:
    """One row per student: each revealed question's answer and verdict, the count right,
    and the task's grade. The teacher's token only; works after the session ended."""
    with store.reads.begin() as db:
        cs = teacher_session(db, teacher_token)
        qs = list(
            db.scalars(
                select(QuestionRow)
                .where(QuestionRow.session_id == cs.id, QuestionRow.state == REVEALED)
                .order_by(QuestionRow.number)
            )
        )
        # rows of columns, not ORM objects: the projector reads this on every run, and
        # loading 300 students' answers as objects was a fifth of a server's CPU (py-spy)
        students = db.execute(
            select(Student.id, Student.name).where(Student.session_id == cs.id).order_by(Student.id)
        ).all()
        got = (
            {
                (a.question_id, a.student_id): a
                for a in db.execute(
                    select(
                        Answer.question_id, Answer.student_id, Answer.value, Answer.correct
                    ).where(Answer.question_id.in_([q.id for q in qs]))
                )
            }
            if qs
            else {}
        )
        tasks = {
            t.student_id: t
            for t in db.scalars(select(TaskGrade).where(TaskGrade.session_id == cs.id))
        }
        header = [_("name")]
        for q in qs:
            header += [_("Q{n} answer", n=q.number), _("Q{n} right", n=q.number)]
        header += [_("right"), _("asked"), _("task points"), _("task max"), _("task summary")]
        rows = []
        for s in students:
            row: list[str | int] = [s.name]
            right = 0
            for q in qs:
                a = got.get((q.id, s.id))
                row += [
                    say_answer(_shown(q.kind, a.value)) if a else "",
                    (_("yes") if a.correct else _("no")) if a else "",
                ]
                right += bool(a and a.correct)
            t = tasks.get(s.id)
            row += [right, len(qs)]
            if t is not None:
                row += [
                    t.points,
                    t.max_points,
                    _(
                        "values {right} right, {wrong} wrong, {missing} missing; "
                        "cuts {found} found, {missed} missed, {cut_wrong} wrong",
                        right=t.values_right,
                        wrong=t.values_wrong,
                        missing=t.values_missing,
                        found=t.cuts_found,
                        missed=t.cuts_missed,
                        cut_wrong=t.cuts_wrong,
                    ),
                ]
            else:
                row += ["", "", ""]
            rows.append(tuple(row))
        return Results(tuple(_info(q) for q in qs), tuple(header), tuple(rows))


def results_csv(res: Results) -> str:
    """:func:`results` as CSV text (a cell that a spreadsheet would run as a formula is
    prefixed with ``'``); the teacher's page reads the results once for its table and this."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(res.header)
    for row in res.rows:
        w.writerow([_cell(c) for c in row])
    return out.getvalue()


def _cell(c: str | int) -> str | int:
    if isinstance(c, str) and c[:1] in ("=", "+", "-", "@") and quiz.parse_number(c) is None:
        return "'" + c
    return c
