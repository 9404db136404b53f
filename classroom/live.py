"""The class session's state machine: plain functions over a :class:`~classroom.db.Store`.

Who may do what is decided by the token a caller holds, never by what the caller says:

- the **teacher token** (secret, from :func:`create_session`) steps, opens, closes and reveals
  questions, hands out and closes the whole-tree task (classroom.task), reads the room and
  the results (classroom.results), ends the session; after the session ends or expires it
  still reads (a read-only reopen);
- the **join code** (short, on the projector) only lets a person join with a display name
  (:func:`classroom.access.join`, with the codes, names and the token lookups this module
  uses: ``controlled_session``, ``teacher_session``, ``student_of``); joining returns a
  **student token** (kept in the student's link or cookie);
- the **student token** reads the student's own view and answers; it can never control the
  session nor read other answers or the right answer before the reveal.

Tokens are ``secrets.token_urlsafe`` values; only their sha256 is stored. A question goes
``open -> closed -> revealed``; one student has one answer row per question, changed while
the question is open (a doubled submit changes nothing), and the row at close is what counts.
Every function takes ``now`` (naive UTC) so tests can move the clock; bad input raises
:class:`~engine.errors.InputError` with a clear message and leaves the database unchanged
(only a wrong join code is written down, in the per-client attempts counter).
"""

from __future__ import annotations

import json
import math
import secrets
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sqlalchemy import and_, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from classroom.access import (
    clean_text,
    controlled_session,
    is_live,
    new_code,
    session_of,
    student_of,
    teacher_session,
    token_hash,
    utc_now,
)
from classroom.db import (
    Answer,
    ClassSession,
    Store,
    Student,
    TaskGrade,
    dialect_insert,
)
from classroom.db import (
    Question as QuestionRow,
)
from engine.errors import InputError, SearchError
from engine.search import REORDER_MODES, reorder
from engine.trace import SearchRun
from engine.tree import GameTree
from engine.tree_text import format_brackets, parse_brackets
from engine.values import fmt_value
from teach import quiz
from teach.engine_words import reason
from teach.i18n import N_, _
from teach.variants import ALL as VARIANTS
from teach.variants import MINIMAX, run_variant

AS_GIVEN = "as given"
ORDERINGS = (AS_GIVEN, *REORDER_MODES)
DEFAULT_TTL = timedelta(hours=6)
MAX_TTL = timedelta(days=2)
ANSWER_MAX = 40
TITLE_MAX = 80
MAX_CLASS_NODES = 20_000
MAX_TASK_VALUE = 10**9
OPEN, CLOSED, REVEALED = "open", "closed", "revealed"
TASK_NONE, TASK_OPEN, TASK_CLOSED = "none", "open", "closed"


# ---- the frozen tree --------------------------------------------------------------------
def freeze_tree(tree: GameTree) -> tuple[str, list[str] | None, list[int]]:
    """The tree as stored: bracket text (engine.tree_text), the labels in preorder (a game
    search's move names) and the preorder positions of leaves never explored (value None,
    written as 0 in the text)."""
    order = tree.preorder()
    unexplored = [i for i, n in enumerate(order) if tree.is_leaf(n) and tree.values[n] is None]
    if unexplored:
        vals = tuple(0 if (v is None and tree.is_leaf(n)) else v for n, v in enumerate(tree.values))
        tree = replace(tree, values=vals)
    labels = [tree.labels[n] for n in order] if tree.labels is not None else None
    return format_brackets(tree), labels, unexplored


def thaw_tree(text: str, labels: list[str] | None, unexplored: Iterable[int]) -> GameTree:
    """Inverse of :func:`freeze_tree` (node ids are preorder positions)."""
    tree = parse_brackets(text)
    vals = list(tree.values)
    for i in unexplored:
        vals[i] = None
    return replace(tree, values=tuple(vals), labels=tuple(labels) if labels else None)


def session_tree(cs: ClassSession) -> GameTree:
    labels = json.loads(cs.labels_json) if cs.labels_json else None
    return thaw_tree(cs.tree_text, labels, json.loads(cs.unexplored_json))


def session_run(cs: ClassSession) -> SearchRun:
    return run_variant(session_tree(cs), cs.variant)


def _quiz_questions(cs: ClassSession, run: SearchRun) -> list[quiz.Question]:
    kinds = [k for k in cs.kinds.split(",") if k]
    return _quiz_questions_of(run, kinds, cs.labels_json is not None)


def _quiz_questions_of(run: SearchRun, kinds: list[str], game: bool) -> list[quiz.Question]:
    """The quiz of the run; leaf values are asked in game searches (not printed there)."""
    return quiz.questions(run, kinds, include_leaves=game)


# ---- answers as stored ------------------------------------------------------------------
def _encode_answer(a: int | float | bool) -> str:
    """A quiz answer in the database: "yes"/"no", a whole number, or Python's repr of an
    infinity (a storage code, never shown: the views write values with fmt_value)."""
    if isinstance(a, bool):
        return "yes" if a else "no"
    if isinstance(a, float) and math.isinf(a):
        return repr(a)
    return str(int(a))


def _decode_answer(s: str) -> int | float | bool:
    if s in ("yes", "no"):
        return s == "yes"
    try:
        return int(s)
    except ValueError:
        return float(s)


def _as_quiz(q: QuestionRow) -> quiz.Question:
    return quiz.Question(q.step, q.kind, q.node, q.prompt, _decode_answer(q.answer), q.explanation)


def _canonical(kind: str, text: str) -> str:
    """The value of a readable answer in the one notation (3, +∞, yes, no)."""
    if kind == quiz.PRUNE:
        return "yes" if quiz.parse_yes_no(text) else "no"
    return fmt_value(quiz.parse_number(text))


# A pruning question's two answers as stored and shared (data: the same for every page of a
# class); a page shows them in its own language with :func:`say_answer`.
YES_PRUNED, NO_SEARCHED = N_("yes, pruned"), N_("no, searched")


def _shown(kind: str, value: str) -> str:
    if kind == quiz.PRUNE:
        return YES_PRUNED if value == "yes" else NO_SEARCHED
    return value


def say_answer(shown: str) -> str:
    """An answer's shown form (a value, or a pruning question's yes or no) in the run's
    language: values stay as they are."""
    return _(shown) if shown in (YES_PRUNED, NO_SEARCHED) else shown


# ---- results as returned ----------------------------------------------------------------
@dataclass(frozen=True)
class Created:
    session_id: int
    code: str
    teacher_token: str
    expires_at: datetime


@dataclass(frozen=True)
class QuestionInfo:
    """What anyone in the session may see of a question (no answer, no reason)."""

    number: int
    kind: str
    node: int
    step: int
    prompt: str
    state: str
    hide: tuple[int, ...]


class Receipt(str):
    """What :func:`answer` tells the student (the text), with the answer as it is now stored,
    in its shown form (:attr:`shown`): the page's next run shows it without reading it back."""

    shown: str

    def __new__(cls, text: str, shown: str) -> Receipt:
        made = super().__new__(cls, text)
        made.shown = shown
        return made


@dataclass(frozen=True)
class StudentResult:
    name: str
    answer: str | None  # shown form, None when the student did not answer
    correct: bool | None


@dataclass(frozen=True)
class Revealed:
    question: QuestionInfo
    right_answer: str
    explanation: str
    distribution: tuple[tuple[str, int], ...]  # (answer shown, count), most common first
    answered: int
    students: tuple[StudentResult, ...]


@dataclass(frozen=True)
class Room:
    """The teacher's (projector's) view."""

    code: str
    title: str
    step: int
    events: int
    variant: str
    ordering: str
    students: tuple[str, ...]  # names in the order they joined
    question: QuestionInfo | None  # the latest question
    answered: int  # answers to the latest question
    revealed: Revealed | None  # the latest question's reveal, once revealed
    task_state: str
    tasks_in: int
    read_only: bool
    expires_at: datetime
    questions_left: int


def _info(q: QuestionRow) -> QuestionInfo:
    hide = tuple(json.loads(q.hide_json))
    return QuestionInfo(q.number, q.kind, q.node, q.step, q.prompt, q.state, hide)


def _waiting(number: int, state: str, stepping: bool = False) -> InputError:
    """Refused while question ``number`` waits for its reveal (``state``: open or closed);
    ``stepping``: the teacher tried to step on."""
    if stepping:
        text = (
            _("question {number} is open: reveal it before stepping on", number=number)
            if state == OPEN
            else _("question {number} is closed: reveal it before stepping on", number=number)
        )
    elif state == OPEN:
        text = _("question {number} is open: reveal it first", number=number)
    else:
        text = _("question {number} is closed: reveal it first", number=number)
    return InputError(text)


def _latest(db: Session, cs: ClassSession, lock: bool = False) -> QuestionRow | None:
    stmt = (
        select(QuestionRow)
        .where(QuestionRow.session_id == cs.id)
        .order_by(QuestionRow.number.desc())
        .limit(1)
    )
    return db.scalars(stmt.with_for_update() if lock else stmt).first()


# ---- teacher: create, step, end ---------------------------------------------------------
def create_session(
    store: Store,
    tree: GameTree,
    variant: str = "statement",
    ordering: str = AS_GIVEN,
    seed: int = 0,
    kinds: Iterable[str] = quiz.KINDS,
    title: str = "",
    ttl: timedelta = DEFAULT_TTL,
    now: datetime | None = None,
) -> Created:
    """Freeze ``tree`` (children put in ``ordering``), ``variant`` (teach.variants.ALL) and
    the question kinds into a new session. Returns the join code and the teacher's token."""
    now = utc_now(now)
    if variant not in VARIANTS:
        raise InputError(
            _(
                "unknown variant {variant}; choose one of {variants}",
                variant=repr(variant),
                variants=", ".join(VARIANTS),
            )
        )
    if ordering not in ORDERINGS:
        raise InputError(
            _(
                "unknown ordering {ordering}; choose one of {orderings}",
                ordering=repr(ordering),
                orderings=", ".join(ORDERINGS),
            )
        )
    kinds = list(dict.fromkeys(kinds))
    if not kinds or any(k not in quiz.KINDS for k in kinds):
        raise InputError(_("question kinds must be some of {kinds}", kinds=", ".join(quiz.KINDS)))
    if not timedelta(minutes=1) <= ttl <= MAX_TTL:
        raise InputError(_("a session lasts between one minute and two days"))
    if len(tree) > MAX_CLASS_NODES:
        raise InputError(
            _(
                "{n} nodes is too big for a class (at most {most})",
                n=f"{len(tree):,}",
                most=f"{MAX_CLASS_NODES:,}",
            )
        )
    title = " ".join(clean_text(title).split())[:TITLE_MAX]
    try:
        if ordering != AS_GIVEN:
            tree = reorder(tree, ordering, seed)
        text, labels, unexplored = freeze_tree(tree)
        run = run_variant(thaw_tree(text, labels, unexplored), variant)
    except (SearchError, ValueError) as e:
        raise InputError(
            _("this tree cannot be searched for a class: {why}", why=reason(e))
        ) from None
    teacher = secrets.token_urlsafe(32)
    for _attempt in range(20):
        code = new_code()
        try:
            with store.sessions.begin() as db:
                cs = ClassSession(
                    code=code,
                    teacher_hash=token_hash(teacher),
                    title=title,
                    tree_text=text,
                    labels_json=json.dumps(labels) if labels is not None else None,
                    unexplored_json=json.dumps(unexplored),
                    algorithm="minimax" if variant == MINIMAX else "alphabeta",
                    variant=variant,
                    ordering=ordering,
                    kinds=",".join(kinds),
                    events=len(run.events),
                    quiz_total=len(_quiz_questions_of(run, kinds, labels is not None)),
                    step=0,
                    task_state=TASK_NONE,
                    created_at=now,
                    expires_at=now + ttl,
                )
                db.add(cs)
                db.flush()
                sid = cs.id
            return Created(sid, code, teacher, now + ttl)
        except IntegrityError:  # the code is taken (1 in 10^9 per stored session): draw again
            continue
    raise InputError(_("could not draw a free join code; try again"))


def step_to(store: Store, teacher_token: str, step: int, now: datetime | None = None) -> int:
    """Move the class to ``step`` (0..events). Refused while a question waits for its reveal,
    since the next steps would show its answer."""
    now = utc_now(now)
    if not isinstance(step, int) or isinstance(step, bool):
        raise InputError(_("a step is a whole number"))
    with store.sessions.begin() as db:
        cs = controlled_session(db, teacher_token, now)
        if not 0 <= step <= cs.events:
            raise InputError(_("step {step} is outside 0..{last}", step=step, last=cs.events))
        q = _latest(db, cs)
        if q is not None and q.state != REVEALED and step != cs.step:
            raise _waiting(q.number, q.state, stepping=True)
        cs.step = step
        return step


def end_session(store: Store, teacher_token: str, now: datetime | None = None) -> None:
    """End the session (an open question is closed first); it stays readable."""
    now = utc_now(now)
    with store.sessions.begin() as db:
        cs = controlled_session(db, teacher_token, now)
        q = _latest(db, cs, lock=True)
        if q is not None and q.state == OPEN:
            q.state, q.closed_at = CLOSED, now
        if cs.task_state == TASK_OPEN:
            cs.task_state = TASK_CLOSED
        cs.ended_at = now


# ---- questions --------------------------------------------------------------------------
def open_question(store: Store, teacher_token: str, now: datetime | None = None) -> QuestionInfo:
    """Open the next quiz question at or after the class's step and move the class to the
    step just before the event that answers it.

    The quiz comes from the session's frozen tree, which never changes: its search runs
    before the changing transaction (which only picks a question and writes it), so the
    session's lock is not held while a tree is searched."""
    now = utc_now(now)
    with store.reads.begin() as db:  # refused here (a wrong or ended token) before a search
        frozen = controlled_session(db, teacher_token, now, lock=False)
    qs = _quiz_questions(frozen, session_run(frozen))
    with store.sessions.begin() as db:
        cs = controlled_session(db, teacher_token, now)
        last = _latest(db, cs)
        if last is not None and last.state != REVEALED:
            raise _waiting(last.number, last.state)
        asked = set(
            db.scalars(select(QuestionRow.quiz_index).where(QuestionRow.session_id == cs.id))
        )
        pick = next((i for i, q in enumerate(qs) if q.step >= cs.step and i not in asked), None)
        if pick is None:
            raise InputError(
                _("no question left after step {step}: step back or end the class", step=cs.step)
            )
        q = qs[pick]
        row = QuestionRow(
            session_id=cs.id,
            number=(last.number + 1) if last is not None else 1,
            quiz_index=pick,
            step=q.step,
            kind=q.kind,
            node=q.node,
            prompt=q.prompt,
            answer=_encode_answer(q.answer),
            explanation=q.explanation,
            hide_json=json.dumps(list(q.hide)),
            state=OPEN,
            opened_at=now,
        )
        db.add(row)
        cs.step = q.step
        db.flush()
        return _info(row)


def answer(
    store: Store, student_token: str, number: int, text: str, now: datetime | None = None
) -> Receipt:
    """The student's answer to question ``number``. Counted once: a retry or a doubled submit
    changes nothing, a different answer replaces the earlier one while the question is open.
    Returns a receipt for the student (never whether it is right) and the answer stored."""
    now = utc_now(now)
    raw = str(text)
    if len(raw) > ANSWER_MAX:
        raise InputError(_("an answer has at most {most} characters", most=ANSWER_MAX))
    text = " ".join(clean_text(raw).split())
    with store.sessions.begin() as db:
        st, cs = student_of(db, student_token)
        if not isinstance(number, int) or isinstance(number, bool):
            raise InputError(_("no such question"))
        # FOR SHARE on PostgreSQL: a close (an UPDATE of this row) waits for answers in
        # flight, and an answer after the close sees the new state. The student's answer
        # comes with it (one statement; every tap asks).
        found = db.execute(
            select(QuestionRow, Answer)
            .outerjoin(
                Answer, and_(Answer.question_id == QuestionRow.id, Answer.student_id == st.id)
            )
            .where(QuestionRow.session_id == cs.id, QuestionRow.number == number)
            .with_for_update(read=True, of=QuestionRow)
        ).one_or_none()
        if found is None:
            raise InputError(
                _("question {number} has not been asked in this session", number=number)
            )
        q, mine = found[0], found[1]
        g = _as_quiz(q).check(text)
        value = _canonical(q.kind, text) if g.valid else None
        if q.state != OPEN or not is_live(cs, now):
            if mine is not None and mine.value == value:
                shown = _shown(q.kind, value)
                return Receipt(
                    _("your answer {answer} was counted", answer=say_answer(shown)), shown
                )
            raise InputError(
                _("question {number} is closed: this answer was not counted", number=number)
            )
        if not g.valid:
            raise InputError(g.reason)
        shown = _shown(q.kind, value)  # type: ignore[arg-type]
        if mine is not None:
            if mine.value != value:
                mine.value, mine.correct, mine.answered_at = value, g.correct, now  # type: ignore[assignment]
                mine.changes += 1
                return Receipt(_("changed to {answer}", answer=say_answer(shown)), shown)
            return Receipt(_("your answer {answer} is in", answer=say_answer(shown)), shown)
        ins = dialect_insert(db)(Answer).values(
            question_id=q.id,
            student_id=st.id,
            value=value,
            correct=g.correct,
            changes=0,
            answered_at=now,
        )
        db.execute(
            ins.on_conflict_do_update(
                index_elements=[Answer.question_id, Answer.student_id],
                set_={"value": value, "correct": g.correct, "answered_at": now},
            )
        )
        return Receipt(_("your answer {answer} is in", answer=say_answer(shown)), shown)


def close_question(store: Store, teacher_token: str, now: datetime | None = None) -> int:
    """Close the open question; returns how many answers it got."""
    now = utc_now(now)
    with store.sessions.begin() as db:
        cs = controlled_session(db, teacher_token, now)
        q = _latest(db, cs, lock=True)
        if q is None or q.state != OPEN:
            raise InputError(_("no question is open"))
        q.state, q.closed_at = CLOSED, now
        return _count(db, q)


def _count(db: Session, q: QuestionRow) -> int:
    return db.scalar(select(func.count()).where(Answer.question_id == q.id)) or 0


def reveal(store: Store, teacher_token: str, now: datetime | None = None) -> Revealed:
    """Close the latest question if it is open, and reveal it."""
    now = utc_now(now)
    with store.sessions.begin() as db:
        cs = controlled_session(db, teacher_token, now)
        q = _latest(db, cs, lock=True)
        if q is None:
            raise InputError(_("no question has been asked yet"))
        if q.state == OPEN:
            q.state, q.closed_at = CLOSED, now
        q.state = REVEALED
        db.flush()
        return _revealed(db, cs, q)


def _revealed(db: Session, cs: ClassSession, q: QuestionRow) -> Revealed:
    rows = db.execute(
        select(Student.name, Answer.value, Answer.correct)
        .join(
            Answer, (Answer.student_id == Student.id) & (Answer.question_id == q.id), isouter=True
        )
        .where(Student.session_id == cs.id)
        .order_by(Student.id)
    ).all()
    students = tuple(
        StudentResult(n, _shown(q.kind, v) if v is not None else None, c) for n, v, c in rows
    )
    dist = Counter(s.answer for s in students if s.answer is not None)
    return Revealed(
        _info(q),
        _shown(q.kind, q.answer if q.kind == quiz.PRUNE else fmt_value(_decode_answer(q.answer))),
        q.explanation,
        tuple(sorted(dist.items(), key=lambda t: (-t[1], t[0]))),
        sum(dist.values()),
        students,
    )


# ---- views ------------------------------------------------------------------------------
def room(store: Store, teacher_token: str, now: datetime | None = None) -> Room:
    """The projector: code, names, step, the latest question with its count of answers and,
    once revealed, its distribution. Works read-only after the session ends."""
    now = utc_now(now)
    with store.reads.begin() as db:
        cs = teacher_session(db, teacher_token)
        names = tuple(
            db.scalars(select(Student.name).where(Student.session_id == cs.id).order_by(Student.id))
        )
        q = _latest(db, cs)
        asked = db.scalar(select(func.count()).where(QuestionRow.session_id == cs.id)) or 0
        tasks = db.scalar(select(func.count()).where(TaskGrade.session_id == cs.id)) or 0
        return Room(
            code=cs.code,
            title=cs.title,
            step=cs.step,
            events=cs.events,
            variant=cs.variant,
            ordering=cs.ordering,
            students=names,
            question=_info(q) if q is not None else None,
            answered=_count(db, q) if q is not None else 0,
            revealed=_revealed(db, cs, q) if q is not None and q.state == REVEALED else None,
            task_state=cs.task_state,
            tasks_in=tasks,
            read_only=not is_live(cs, now),
            expires_at=cs.expires_at,
            questions_left=cs.quiz_total - asked,
        )


def class_tree(store: Store, token: str) -> GameTree:
    """The session's frozen tree, for the teacher's or a student's token. Node ids in every
    question, hide list and task are this tree's (preorder positions)."""
    with store.reads.begin() as db:
        return session_tree(session_of(db, token))


def class_run(store: Store, token: str) -> SearchRun:
    """The session's search (its frozen tree in its variant), for the teacher's or a
    student's token: what the pages draw at the class's step."""
    with store.reads.begin() as db:
        return session_run(session_of(db, token))
