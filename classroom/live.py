"""The class session's state machine: plain functions over a :class:`~classroom.db.Store`.

Who may do what is decided by the token a caller holds, never by what the caller says:

- the **teacher token** (secret, from :func:`create_session`) steps, opens, closes and reveals
  questions, hands out and closes the whole-tree task (classroom.task), reads the room and
  the results (classroom.results), ends the session; after the session ends or expires it
  still reads (a read-only reopen);
- the **join code** (short, on the projector) only lets a person :func:`join` with a display
  name; joining returns a **student token** (kept in the student's link or cookie);
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

import hashlib
import json
import math
import secrets
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from classroom.db import (
    Answer,
    ClassSession,
    JoinAttempt,
    Store,
    Student,
    TaskGrade,
)
from classroom.db import (
    Question as QuestionRow,
)
from engine.errors import InputError
from engine.search import REORDER_MODES, SearchError, reorder
from engine.trace import SearchRun
from engine.tree import GameTree
from engine.tree_text import format_brackets, parse_brackets
from engine.values import fmt_value
from teach import quiz
from teach.variants import ALL as VARIANTS
from teach.variants import MINIMAX, run_variant

AS_GIVEN = "as given"
ORDERINGS = (AS_GIVEN, *REORDER_MODES)
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: nothing to misread
CODE_LENGTH = 6  # 32**6 = 1.07e9 codes
DEFAULT_TTL = timedelta(hours=6)
MAX_TTL = timedelta(days=2)
NAME_MAX = 24
NAME_PUNCT = " -.'"  # besides letters and digits (Anne-Marie, J. Smith, O'Neil)
ANSWER_MAX = 40
TITLE_MAX = 80
TOKEN_MAX = 200
MAX_STUDENTS = 500
MAX_CLASS_NODES = 20_000
MAX_TASK_VALUE = 10**9
FREE_TRIES = 5  # wrong codes per client before the backoff starts
MAX_WAIT = 900  # seconds: the longest backoff
OPEN, CLOSED, REVEALED = "open", "closed", "revealed"
TASK_NONE, TASK_OPEN, TASK_CLOSED = "none", "open", "closed"


class AccessError(InputError):
    """A token that does not hold the right for what was asked (or holds none at all)."""


# ---- small helpers ----------------------------------------------------------------------
def _now(now: datetime | None) -> datetime:
    return now if now is not None else datetime.now(UTC).replace(tzinfo=None)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _token_text(token: object) -> str:
    if not isinstance(token, str) or not token or len(token) > TOKEN_MAX:
        raise AccessError("this link holds no valid class token")
    return token


def _clean(text: object) -> str:
    """Text with control and format characters (bidi overrides, zero-width) removed, NFC."""
    s = unicodedata.normalize("NFC", str(text))
    return "".join(ch for ch in s if unicodedata.category(ch)[0] != "C")


def _live(cs: ClassSession, now: datetime) -> bool:
    return cs.ended_at is None and now < cs.expires_at


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: object) -> str:
    """What a person typed as a join code: upper case, spaces and dashes dropped."""
    return _clean(text).upper().replace(" ", "").replace("-", "")[:32]


def check_name(text: object) -> str:
    """A display name as it is stored and shown: plain text, control characters stripped,
    spaces collapsed, at most 24 characters of letters, digits and `` -.'``. InputError
    otherwise (markup, links and emoji are refused, not escaped)."""
    raw = str(text)
    if len(raw) > 4 * NAME_MAX:
        raise InputError(f"a display name has at most {NAME_MAX} characters, not {len(raw):,}")
    name = " ".join(_clean(raw).split())
    if not name:
        raise InputError("type a display name first")
    if len(name) > NAME_MAX:
        raise InputError(f"a display name has at most {NAME_MAX} characters, not {len(name)}")
    bad = sorted({ch for ch in name if not (ch.isalnum() or ch in NAME_PUNCT or _mark(ch))})
    if bad:
        shown = " ".join(repr(ch) for ch in bad[:5])
        raise InputError(
            f"a display name may hold letters, digits, spaces and - . ' only (not {shown})"
        )
    if not any(ch.isalnum() for ch in name):
        raise InputError("a display name needs at least one letter or digit")
    low = name.lower()
    if "www." in low or any(
        name[i] == "." and name[i + 1].isalnum() and name[i - 1].isalnum()
        for i in range(1, len(name) - 1)
    ):
        raise InputError("a display name cannot look like a web address (put a space after '.')")
    return name


def _mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")  # combining marks of many scripts


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


def _shown(kind: str, value: str) -> str:
    if kind == quiz.PRUNE:
        return "yes, pruned" if value == "yes" else "no, searched"
    return value


# ---- results as returned ----------------------------------------------------------------
@dataclass(frozen=True)
class Created:
    session_id: int
    code: str
    teacher_token: str
    expires_at: datetime


@dataclass(frozen=True)
class Joined:
    student_token: str
    name: str
    code: str


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


def _info(q: QuestionRow) -> QuestionInfo:
    hide = tuple(json.loads(q.hide_json))
    return QuestionInfo(q.number, q.kind, q.node, q.step, q.prompt, q.state, hide)


# ---- lookups by token -------------------------------------------------------------------
def _teacher(db: Session, token: object, lock: bool = False) -> ClassSession:
    h = _hash(_token_text(token))
    stmt = select(ClassSession).where(ClassSession.teacher_hash == h)
    cs = db.scalars(stmt.with_for_update() if lock else stmt).one_or_none()
    if cs is None:
        raise AccessError("this link does not control a class session (only the teacher's does)")
    return cs


def _control(db: Session, token: object, now: datetime) -> ClassSession:
    """The teacher's session, locked for a change; AccessError unless it is live."""
    cs = _teacher(db, token, lock=True)
    if cs.ended_at is not None:
        raise AccessError("this session has ended: it can be read, not changed")
    if now >= cs.expires_at:
        raise AccessError("this session has expired: it can be read, not changed")
    return cs


def _student(db: Session, token: object) -> tuple[Student, ClassSession]:
    h = _hash(_token_text(token))
    st = db.scalars(select(Student).where(Student.token_hash == h)).one_or_none()
    if st is None:
        raise AccessError("this link is not a student's place in a class session; join again")
    return st, db.get(ClassSession, st.session_id)  # type: ignore[return-value]


def _anyone(db: Session, token: object) -> ClassSession:
    """The session of a teacher's or a student's token (for what both may read)."""
    try:
        return _teacher(db, token)
    except AccessError:
        return _student(db, token)[1]


def _latest(db: Session, cs: ClassSession, lock: bool = False) -> QuestionRow | None:
    stmt = (
        select(QuestionRow)
        .where(QuestionRow.session_id == cs.id)
        .order_by(QuestionRow.number.desc())
        .limit(1)
    )
    return db.scalars(stmt.with_for_update() if lock else stmt).first()


def _insert(db: Session):  # noqa: ANN202
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


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
    now = _now(now)
    if variant not in VARIANTS:
        raise InputError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
    if ordering not in ORDERINGS:
        raise InputError(f"unknown ordering {ordering!r}; choose one of {', '.join(ORDERINGS)}")
    kinds = list(dict.fromkeys(kinds))
    if not kinds or any(k not in quiz.KINDS for k in kinds):
        raise InputError(f"question kinds must be some of {', '.join(quiz.KINDS)}")
    if not timedelta(minutes=1) <= ttl <= MAX_TTL:
        raise InputError("a session lasts between one minute and two days")
    if len(tree) > MAX_CLASS_NODES:
        raise InputError(
            f"{len(tree):,} nodes is too big for a class (at most {MAX_CLASS_NODES:,})"
        )
    title = " ".join(_clean(title).split())[:TITLE_MAX]
    try:
        if ordering != AS_GIVEN:
            tree = reorder(tree, ordering, seed)
        text, labels, unexplored = freeze_tree(tree)
        run = run_variant(thaw_tree(text, labels, unexplored), variant)
    except (SearchError, ValueError) as e:
        raise InputError(f"this tree cannot be searched for a class: {e}") from None
    teacher = secrets.token_urlsafe(32)
    for _ in range(20):
        code = new_code()
        try:
            with store.sessions.begin() as db:
                cs = ClassSession(
                    code=code,
                    teacher_hash=_hash(teacher),
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
    raise InputError("could not draw a free join code; try again")


def step_to(store: Store, teacher_token: str, step: int, now: datetime | None = None) -> int:
    """Move the class to ``step`` (0..events). Refused while a question waits for its reveal,
    since the next steps would show its answer."""
    now = _now(now)
    if not isinstance(step, int) or isinstance(step, bool):
        raise InputError("a step is a whole number")
    with store.sessions.begin() as db:
        cs = _control(db, teacher_token, now)
        if not 0 <= step <= cs.events:
            raise InputError(f"step {step} is outside 0..{cs.events}")
        q = _latest(db, cs)
        if q is not None and q.state != REVEALED and step != cs.step:
            raise InputError(f"question {q.number} is {q.state}: reveal it before stepping on")
        cs.step = step
        return step


def end_session(store: Store, teacher_token: str, now: datetime | None = None) -> None:
    """End the session (an open question is closed first); it stays readable."""
    now = _now(now)
    with store.sessions.begin() as db:
        cs = _control(db, teacher_token, now)
        q = _latest(db, cs, lock=True)
        if q is not None and q.state == OPEN:
            q.state, q.closed_at = CLOSED, now
        if cs.task_state == TASK_OPEN:
            cs.task_state = TASK_CLOSED
        cs.ended_at = now


# ---- joining ----------------------------------------------------------------------------
def _wait_text(seconds: float) -> str:
    s = max(1, math.ceil(seconds))
    return f"{s} seconds" if s < 120 else f"{math.ceil(s / 60)} minutes"


def join(store: Store, code: str, name: str, client: str, now: datetime | None = None) -> Joined:
    """Join the session with ``code`` as ``name``. ``client`` names the device as far as the
    page knows it (e.g. its address): after :data:`FREE_TRIES` wrong codes from one client
    every try waits twice as long as the last (up to 15 minutes), right code or not."""
    now = _now(now)
    key = _hash("client:" + str(client)[:200])
    norm = normalize_code(code)
    cs = _admit(store, key, norm, now)
    if not _live(cs, now):
        raise InputError("this class session has ended; ask your teacher for the new code")
    clean = check_name(name)
    token = secrets.token_urlsafe(32)
    try:
        with store.sessions.begin() as db:
            cs = db.get(ClassSession, cs.id, with_for_update=True)
            assert cs is not None
            if not _live(cs, now):
                raise InputError("this class session has ended; ask your teacher for the new code")
            count = db.scalar(select(func.count()).where(Student.session_id == cs.id))
            if (count or 0) >= MAX_STUDENTS:
                raise InputError(f"this session is full ({MAX_STUDENTS} students)")
            taken = db.scalar(
                select(Student.id).where(
                    Student.session_id == cs.id, Student.name_key == clean.casefold()
                )
            )
            if taken is not None:
                raise InputError(f"the name {clean!r} is taken in this session; pick another")
            db.add(
                Student(
                    session_id=cs.id,
                    name=clean,
                    name_key=clean.casefold(),
                    token_hash=_hash(token),
                    joined_at=now,
                )
            )
            att = db.get(JoinAttempt, key)
            if att is not None:
                db.delete(att)
    except IntegrityError:
        raise InputError(f"the name {clean!r} is taken in this session; pick another") from None
    return Joined(token, clean, cs.code)


def _admit(store: Store, key: str, norm: str, now: datetime) -> ClassSession:
    """The session a typed code names, with the client's wrong codes counted: a client that
    is slowed down is refused before the code is looked at, and a wrong code is counted. One
    transaction that starts by locking the client's counter row, so forty tries at once from
    one client are taken one at a time and a burst gets no more looks than tries in a row."""
    wait = left = None
    with store.sessions.begin() as db:
        ins = _insert(db)(JoinAttempt).values(client_hash=key, failures=0, blocked_until=None)
        db.execute(  # the row exists and is this transaction's (a no-op update takes the lock)
            ins.on_conflict_do_update(
                index_elements=[JoinAttempt.client_hash],
                set_={"failures": JoinAttempt.failures},
            )
        )
        att = db.get(JoinAttempt, key, populate_existing=True)
        assert att is not None
        cs = None
        if att.blocked_until is not None and now < att.blocked_until:
            wait = (att.blocked_until - now).total_seconds()
        else:
            if len(norm) == CODE_LENGTH and all(c in CODE_ALPHABET for c in norm):
                q = select(ClassSession).where(ClassSession.code == norm)
                cs = db.scalars(q).one_or_none()
            if cs is None:
                att.failures += 1
                over = att.failures - FREE_TRIES
                if over > 0:
                    att.blocked_until = now + timedelta(seconds=min(2 ** min(over, 20), MAX_WAIT))
                left = max(0, FREE_TRIES - att.failures)
            elif att.failures == 0:
                db.delete(att)  # nothing to remember of a client that typed it right
    if wait is not None:
        raise InputError(f"too many wrong codes from this device: wait {_wait_text(wait)}")
    if cs is None:
        more = f"{left} more tries before a wait" if left else "now wait before the next try"
        raise InputError(f"no class session has the code {norm[:12]!r}: check it ({more})")
    return cs


# ---- questions --------------------------------------------------------------------------
def open_question(store: Store, teacher_token: str, now: datetime | None = None) -> QuestionInfo:
    """Open the next quiz question at or after the class's step and move the class to the
    step just before the event that answers it."""
    now = _now(now)
    with store.sessions.begin() as db:
        cs = _control(db, teacher_token, now)
        last = _latest(db, cs)
        if last is not None and last.state != REVEALED:
            raise InputError(f"question {last.number} is {last.state}: reveal it first")
        asked = set(
            db.scalars(select(QuestionRow.quiz_index).where(QuestionRow.session_id == cs.id))
        )
        run = session_run(cs)
        qs = _quiz_questions(cs, run)
        pick = next((i for i, q in enumerate(qs) if q.step >= cs.step and i not in asked), None)
        if pick is None:
            raise InputError(f"no question left after step {cs.step}: step back or end the class")
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
) -> str:
    """The student's answer to question ``number``. Counted once: a retry or a doubled submit
    changes nothing, a different answer replaces the earlier one while the question is open.
    Returns a receipt for the student (never whether it is right)."""
    now = _now(now)
    raw = str(text)
    if len(raw) > ANSWER_MAX:
        raise InputError(f"an answer has at most {ANSWER_MAX} characters")
    text = " ".join(_clean(raw).split())
    with store.sessions.begin() as db:
        st, cs = _student(db, student_token)
        if not isinstance(number, int) or isinstance(number, bool):
            raise InputError("no such question")
        # FOR SHARE on PostgreSQL: a close (an UPDATE of this row) waits for answers in
        # flight, and an answer after the close sees the new state.
        q = db.scalars(
            select(QuestionRow)
            .where(QuestionRow.session_id == cs.id, QuestionRow.number == number)
            .with_for_update(read=True)
        ).one_or_none()
        if q is None:
            raise InputError(f"question {number} has not been asked in this session")
        mine = db.scalars(
            select(Answer).where(Answer.question_id == q.id, Answer.student_id == st.id)
        ).one_or_none()
        g = _as_quiz(q).check(text)
        value = _canonical(q.kind, text) if g.valid else None
        if q.state != OPEN or not _live(cs, now):
            if mine is not None and mine.value == value:
                return f"your answer {_shown(q.kind, value)} was counted"
            raise InputError(f"question {number} is closed: this answer was not counted")
        if not g.valid:
            raise InputError(g.reason)
        shown = _shown(q.kind, value)  # type: ignore[arg-type]
        if mine is not None:
            if mine.value != value:
                mine.value, mine.correct, mine.answered_at = value, g.correct, now  # type: ignore[assignment]
                mine.changes += 1
                return f"changed to {shown}"
            return f"your answer {shown} is in"
        ins = _insert(db)(Answer).values(
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
        return f"your answer {shown} is in"


def close_question(store: Store, teacher_token: str, now: datetime | None = None) -> int:
    """Close the open question; returns how many answers it got."""
    now = _now(now)
    with store.sessions.begin() as db:
        cs = _control(db, teacher_token, now)
        q = _latest(db, cs, lock=True)
        if q is None or q.state != OPEN:
            raise InputError("no question is open")
        q.state, q.closed_at = CLOSED, now
        return _count(db, q)


def _count(db: Session, q: QuestionRow) -> int:
    return db.scalar(select(func.count()).where(Answer.question_id == q.id)) or 0


def reveal(store: Store, teacher_token: str, now: datetime | None = None) -> Revealed:
    """Close the latest question if it is open, and reveal it."""
    now = _now(now)
    with store.sessions.begin() as db:
        cs = _control(db, teacher_token, now)
        q = _latest(db, cs, lock=True)
        if q is None:
            raise InputError("no question has been asked yet")
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
    now = _now(now)
    with store.reads.begin() as db:
        cs = _teacher(db, teacher_token)
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
            read_only=not _live(cs, now),
            expires_at=cs.expires_at,
            questions_left=cs.quiz_total - asked,
        )


def student_view(store: Store, student_token: str, now: datetime | None = None) -> StudentView:
    """What one student's page shows: the step, the latest question, their own answer and,
    only after the reveal, whether it was right and why."""
    now = _now(now)
    with store.reads.begin() as db:
        st, cs = _student(db, student_token)
        q = _latest(db, cs)
        mine = None
        if q is not None:
            mine = db.scalars(
                select(Answer).where(Answer.question_id == q.id, Answer.student_id == st.id)
            ).one_or_none()
        shown = _shown(q.kind, mine.value) if q is not None and mine is not None else None
        done = q is not None and q.state == REVEALED
        right = None
        if done:
            assert q is not None
            right = _revealed_answer(q)
        return StudentView(
            name=st.name,
            code=cs.code,
            step=cs.step,
            question=_info(q) if q is not None else None,
            my_answer=shown,
            correct=(mine.correct if mine is not None else False) if done else None,
            right_answer=right,
            explanation=q.explanation if done and q is not None else None,
            task_state=cs.task_state,
            read_only=not _live(cs, now),
        )


def _revealed_answer(q: QuestionRow) -> str:
    return _shown(q.kind, q.answer if q.kind == quiz.PRUNE else fmt_value(_decode_answer(q.answer)))


def class_tree(store: Store, token: str) -> GameTree:
    """The session's frozen tree, for the teacher's or a student's token. Node ids in every
    question, hide list and task are this tree's (preorder positions)."""
    with store.reads.begin() as db:
        return session_tree(_anyone(db, token))


def class_run(store: Store, token: str) -> SearchRun:
    """The session's search (its frozen tree in its variant), for the teacher's or a
    student's token: what the pages draw at the class's step."""
    with store.reads.begin() as db:
        return session_run(_anyone(db, token))
