"""Who may do what in a class session: tokens, join codes, display names, joining.

- The **teacher token** (secret, from :func:`classroom.live.create_session`) controls the
  session; :func:`controlled_session` finds its session, locked for a change, while it is
  live, and :func:`teacher_session` finds it to read (after the end too: a read-only reopen).
- The **join code** (short, on the projector) only lets a person :func:`join` with a display
  name (:func:`check_name`: plain text, unique in the session); joining returns a
  **student token**, and :func:`student_of` finds the student it names.
- Wrong codes are counted per page and per address, and slow them down
  (:mod:`classroom.guard`).

Tokens are ``secrets.token_urlsafe`` values; only their sha256 is stored. Codes come from an
alphabet with nothing to misread; 32**6 of them are not guessable at class scale.

The rest of the backend (classroom.live, classroom.task, classroom.results, classroom.pulse)
uses this module's public names: the token lookups above, :func:`session_of`,
:func:`token_hash`, :func:`clean_text`, :func:`is_live` and :func:`utc_now`.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from classroom.db import ClassSession, Store, Student
from classroom.guard import CODE_ALPHABET, CODE_LENGTH, admit
from engine.errors import InputError
from teach.i18n import _

NAME_MAX = 24
NAME_PUNCT = " -.'"  # besides letters and digits (Anne-Marie, J. Smith, O'Neil)
TOKEN_MAX = 200
MAX_STUDENTS = 500


class AccessError(InputError):
    """A token that does not hold the right for what was asked (or holds none at all)."""


# ---- small helpers ----------------------------------------------------------------------
def utc_now(now: datetime | None = None) -> datetime:
    """``now`` if given (a test's clock), else the present moment; naive UTC, as stored."""
    return now if now is not None else datetime.now(UTC).replace(tzinfo=None)


def token_hash(token: str) -> str:
    """What the database keeps of a token (or of a client's name): its sha256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def _token_text(token: object) -> str:
    if not isinstance(token, str) or not token or len(token) > TOKEN_MAX:
        raise AccessError("this link holds no valid class token")
    return token


def clean_text(text: object) -> str:
    """Text with control and format characters (bidi overrides, zero-width) removed, NFC."""
    s = unicodedata.normalize("NFC", str(text))
    return "".join(ch for ch in s if unicodedata.category(ch)[0] != "C")


def is_live(cs: ClassSession, now: datetime) -> bool:
    """Whether session ``cs`` (a row, or any object with its ``ended_at`` and ``expires_at``)
    may still change at ``now``: not ended, not expired."""
    return cs.ended_at is None and now < cs.expires_at


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: object) -> str:
    """What a person typed as a join code: upper case, spaces and dashes dropped."""
    return clean_text(text).upper().replace(" ", "").replace("-", "")[:32]


def _ended() -> str:  # said in two places
    return _("this class session has ended; ask your teacher for the new code")


def _taken(name: str) -> str:  # said in two places
    return _("the name {name!r} is taken in this session; pick another", name=name)


def check_name(text: object) -> str:
    """A display name as it is stored and shown: plain text, control characters stripped,
    spaces collapsed, at most 24 characters of letters, digits and `` -.'``. InputError
    otherwise (markup, links and emoji are refused, not escaped)."""
    raw = str(text)
    if len(raw) > 4 * NAME_MAX:
        raise InputError(
            _(
                "a display name has at most {most} characters, not {n}",
                most=NAME_MAX,
                n=f"{len(raw):,}",
            )
        )
    name = " ".join(clean_text(raw).split())
    if not name:
        raise InputError(_("type a display name first"))
    if len(name) > NAME_MAX:
        raise InputError(
            _("a display name has at most {most} characters, not {n}", most=NAME_MAX, n=len(name))
        )
    bad = sorted({ch for ch in name if not (ch.isalnum() or ch in NAME_PUNCT or _mark(ch))})
    if bad:
        shown = " ".join(repr(ch) for ch in bad[:5])
        raise InputError(
            _(
                "a display name may hold letters, digits, spaces and - . ' only (not {shown})",
                shown=shown,
            )
        )
    if not any(ch.isalnum() for ch in name):
        raise InputError(_("a display name needs at least one letter or digit"))
    low = name.lower()
    if "www." in low or any(
        name[i] == "." and name[i + 1].isalnum() and name[i - 1].isalnum()
        for i in range(1, len(name) - 1)
    ):
        raise InputError(_("a display name cannot look like a web address (put a space after '.')"))
    return name


def _mark(ch: str) -> bool:
    return unicodedata.category(ch).startswith("M")  # combining marks of many scripts


@dataclass(frozen=True)
class Joined:
    student_token: str
    name: str
    code: str


# ---- lookups by token -------------------------------------------------------------------
def teacher_session(db: Session, token: object, lock: bool = False) -> ClassSession:
    """The session the teacher ``token`` controls (``lock``: FOR UPDATE), ended or not;
    AccessError for any other token."""
    h = token_hash(_token_text(token))
    stmt = select(ClassSession).where(ClassSession.teacher_hash == h)
    cs = db.scalars(stmt.with_for_update() if lock else stmt).one_or_none()
    if cs is None:
        raise AccessError("this link does not control a class session (only the teacher's does)")
    return cs


def controlled_session(
    db: Session, token: object, now: datetime, lock: bool = True
) -> ClassSession:
    """The teacher's session, locked for a change (``lock=False``: only checked, e.g. before
    work done outside the changing transaction); AccessError unless it is live."""
    cs = teacher_session(db, token, lock=lock)
    if cs.ended_at is not None:
        raise AccessError("this session has ended: it can be read, not changed")
    if now >= cs.expires_at:
        raise AccessError("this session has expired: it can be read, not changed")
    return cs


def student_of(db: Session, token: object) -> tuple[Student, ClassSession]:
    """The student the student ``token`` names and their session; AccessError otherwise."""
    h = token_hash(_token_text(token))
    found = db.execute(  # one statement (every tap asks): the student and the session joined
        select(Student, ClassSession)
        .join(ClassSession, ClassSession.id == Student.session_id)
        .where(Student.token_hash == h)
    ).one_or_none()
    if found is None:
        raise AccessError("this link is not a student's place in a class session; join again")
    return found[0], found[1]


def session_of(db: Session, token: object) -> ClassSession:
    """The session of a teacher's or a student's token (for what both may read)."""
    try:
        return teacher_session(db, token)
    except AccessError:
        return student_of(db, token)[1]


# ---- joining ----------------------------------------------------------------------------
def join(
    store: Store,
    code: str,
    name: str,
    client: str,
    now: datetime | None = None,
    page: str | None = None,
) -> Joined:
    """Join the session with ``code`` as ``name``. ``client`` is the device's address
    (classroom.guard.client_address) and ``page`` its Streamlit session, if any: wrong codes
    are counted against both and slow them down (classroom.guard.admit)."""
    now = utc_now(now)
    norm = normalize_code(code)
    cs = admit(
        store,
        token_hash("client:" + str(client)[:200]),
        None if page is None else token_hash("page:" + str(page)[:200]),
        norm,
        token_hash("code:" + norm)[:16],
        now,
    )
    if not is_live(cs, now):
        raise InputError(_ended())
    clean = check_name(name)
    token = secrets.token_urlsafe(32)
    try:
        with store.sessions.begin() as db:
            cs = db.get(ClassSession, cs.id, with_for_update=True)
            assert cs is not None
            if not is_live(cs, now):
                raise InputError(_ended())
            count = db.scalar(select(func.count()).where(Student.session_id == cs.id))
            if (count or 0) >= MAX_STUDENTS:
                raise InputError(_("this session is full ({n} students)", n=MAX_STUDENTS))
            taken = db.scalar(
                select(Student.id).where(
                    Student.session_id == cs.id, Student.name_key == clean.casefold()
                )
            )
            if taken is not None:
                raise InputError(_taken(clean))
            db.add(
                Student(
                    session_id=cs.id,
                    name=clean,
                    name_key=clean.casefold(),
                    token_hash=token_hash(token),
                    joined_at=now,
                )
            )
    except IntegrityError:
        raise InputError(_taken(clean)) from None
    return Joined(token, clean, cs.code)
