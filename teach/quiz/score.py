"""A quiz in progress and its score: :class:`QuizState` is immutable; a page keeps one in its
session state and replaces it with the result of ``answer(text)``, ``reveal()``, ``retry()``
or ``skip()``. Nothing a student types raises: bad input gives a Grade with ``valid=False``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.trace import SearchRun
from teach.i18n import _
from teach.quiz.generate import questions
from teach.quiz.model import KINDS, Grade, Question

# per-question outcomes in a QuizState
RIGHT, WRONG, REVEALED, SKIPPED = "right", "wrong", "revealed", "skipped"


@dataclass(frozen=True)
class Feedback:
    """What to show after the last action: the question it was about and the verdict."""

    question: Question
    grade: Grade
    revealed: bool = False


@dataclass(frozen=True)
class Score:
    right: int
    wrong: int
    revealed: int
    skipped: int
    total: int

    @property
    def done(self) -> int:
        return self.right + self.wrong + self.revealed + self.skipped

    def __str__(self) -> str:
        return _(
            "{right} right, {wrong} wrong, {revealed} revealed, {skipped} skipped of {total}",
            right=self.right,
            wrong=self.wrong,
            revealed=self.revealed,
            skipped=self.skipped,
            total=self.total,
        )


@dataclass(frozen=True)
class QuizState:
    """An immutable quiz in progress. Every action returns a new state.

    A question's outcome is set once: by the first readable answer (right or wrong), or by
    ``reveal()`` / ``skip()`` if nothing was answered. A right answer, ``reveal()`` and
    ``skip()`` move to the next question; a wrong answer stays (answer again or ``retry()``).
    """

    questions: tuple[Question, ...]
    end_step: int
    index: int = 0
    outcomes: tuple[str | None, ...] = ()
    feedback: Feedback | None = None

    @classmethod
    def start(
        cls, run: SearchRun, kinds: Iterable[str] = KINDS, include_leaves: bool | None = None
    ) -> QuizState:
        qs = tuple(questions(run, kinds, include_leaves))
        return cls(qs, len(run.events), 0, (None,) * len(qs), None)

    @property
    def current(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.questions)

    @property
    def step(self) -> int:
        """The replay step to show now: before the current question's event, or the end."""
        q = self.current
        return q.step if q is not None else self.end_step

    @property
    def score(self) -> Score:
        o = self.outcomes
        return Score(
            o.count(RIGHT), o.count(WRONG), o.count(REVEALED), o.count(SKIPPED), len(self.questions)
        )

    def _set(self, outcome: str) -> tuple[str | None, ...]:
        o = list(self.outcomes)
        if o[self.index] is None:
            o[self.index] = outcome
        return tuple(o)

    def answer(self, text: str) -> QuizState:
        q = self.current
        if q is None:
            return replace(self, feedback=None)
        g = q.check(text)
        if not g.valid:
            return replace(self, feedback=Feedback(q, g))
        outcomes = self._set(RIGHT if g.correct else WRONG)
        nxt = self.index + 1 if g.correct else self.index
        return replace(self, index=nxt, outcomes=outcomes, feedback=Feedback(q, g))

    def reveal(self) -> QuizState:
        q = self.current
        if q is None:
            return self
        g = Grade(
            False, _("The answer is {answer}: {why}", answer=q.answer_text, why=q.explanation)
        )
        return replace(
            self,
            index=self.index + 1,
            outcomes=self._set(REVEALED),
            feedback=Feedback(q, g, revealed=True),
        )

    def retry(self) -> QuizState:
        """Clear the feedback and ask the current question again."""
        return replace(self, feedback=None)

    def skip(self) -> QuizState:
        if self.current is None:
            return self
        return replace(self, index=self.index + 1, outcomes=self._set(SKIPPED), feedback=None)
