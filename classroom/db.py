"""Tables of class mode and the Store that opens a database and migrates it.

By default the database is an SQLite file ``class.sqlite3`` in the data folder (the
``GTL_DATA_DIR`` environment variable, else ``data/`` in the repository, git-ignored);
``GTL_DATABASE_URL`` (e.g. ``postgresql+psycopg://user@host/db``) names any other database.
:func:`open_store` runs Alembic's ``upgrade head`` from code, so the schema is made and
migrated by the migration scripts in ``classroom/migrations`` and never by hand.

SQLite writes are serialised with ``BEGIN IMMEDIATE`` (one writer at a time, WAL so readers
never wait on a reader); PostgreSQL uses row locks where two writers could race (see
:mod:`classroom.live`). Times are naive UTC datetimes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

ROOT = Path(__file__).resolve().parents[1]
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
DB_FILE = "class.sqlite3"
HASH_LEN = 64  # sha256 hex
# What a call raises while the database is away (a stopped server, a file locked past the
# busy timeout, a full pool): the pages say they are reconnecting and retry.
UNREACHABLE = (OperationalError, InterfaceError, PoolTimeout)


class Base(DeclarativeBase):
    pass


class ClassSession(Base):
    """One live session: a frozen tree, its search, the teacher's step and its secrets."""

    __tablename__ = "class_sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    teacher_hash: Mapped[str] = mapped_column(String(HASH_LEN), unique=True)
    title: Mapped[str] = mapped_column(String(80), default="")
    tree_text: Mapped[str] = mapped_column(Text)  # engine.tree_text.format_brackets
    labels_json: Mapped[str | None] = mapped_column(Text, nullable=True)  # move names
    unexplored_json: Mapped[str] = mapped_column(Text, default="[]")  # leaves never explored
    algorithm: Mapped[str] = mapped_column(String(16))
    variant: Mapped[str] = mapped_column(String(16))
    ordering: Mapped[str] = mapped_column(String(32), default="")
    kinds: Mapped[str] = mapped_column(String(40))  # comma-separated teach.quiz kinds
    events: Mapped[int] = mapped_column(Integer)  # steps of the frozen run
    quiz_total: Mapped[int] = mapped_column(Integer)  # questions the run offers
    step: Mapped[int] = mapped_column(Integer, default=0)
    task_state: Mapped[str] = mapped_column(String(8), default="none")  # none/open/closed
    created_at: Mapped[datetime] = mapped_column(DateTime)
    expires_at: Mapped[datetime] = mapped_column(DateTime)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class Student(Base):
    __tablename__ = "students"
    __table_args__ = (UniqueConstraint("session_id", "name_key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_sessions.id"), index=True)
    name: Mapped[str] = mapped_column(String(24))
    name_key: Mapped[str] = mapped_column(String(96))  # casefolded: unique per session
    token_hash: Mapped[str] = mapped_column(String(HASH_LEN), unique=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime)


class Question(Base):
    """A question the teacher opened: a copy of one teach.quiz question (its answer too, so
    grading never re-runs the search) and its state: open -> closed -> revealed."""

    __tablename__ = "questions"
    __table_args__ = (UniqueConstraint("session_id", "quiz_index"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_sessions.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, ... in the order opened
    quiz_index: Mapped[int] = mapped_column(Integer)  # index in teach.quiz.questions(run)
    step: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    node: Mapped[int] = mapped_column(Integer)
    prompt: Mapped[str] = mapped_column(Text)
    answer: Mapped[str] = mapped_column(String(32))  # encoded: "3", "inf", "-inf", "yes", "no"
    explanation: Mapped[str] = mapped_column(Text)
    hide_json: Mapped[str] = mapped_column(Text)  # nodes a figure hides while it is open
    state: Mapped[str] = mapped_column(String(8))
    opened_at: Mapped[datetime] = mapped_column(DateTime)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class Answer(Base):
    """A student's answer to a question: one row per (question, student), updated while the
    question is open; the row at close is the one that counts."""

    __tablename__ = "answers"
    __table_args__ = (UniqueConstraint("question_id", "student_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    question_id: Mapped[int] = mapped_column(ForeignKey("questions.id"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id"))
    value: Mapped[str] = mapped_column(String(32))  # canonical text, e.g. "3", "+∞", "yes"
    correct: Mapped[bool] = mapped_column(Boolean)
    changes: Mapped[int] = mapped_column(Integer, default=0)
    answered_at: Mapped[datetime] = mapped_column(DateTime)


class TaskGrade(Base):
    """A student's latest whole-tree task, graded by teach.exercise.grade."""

    __tablename__ = "task_grades"
    __table_args__ = (UniqueConstraint("session_id", "student_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_sessions.id"), index=True)
    student_id: Mapped[int] = mapped_column(ForeignKey("students.id"))
    answer_json: Mapped[str] = mapped_column(Text)
    points: Mapped[int] = mapped_column(Integer)
    max_points: Mapped[int] = mapped_column(Integer)
    values_right: Mapped[int] = mapped_column(Integer)
    values_wrong: Mapped[int] = mapped_column(Integer)
    values_missing: Mapped[int] = mapped_column(Integer)
    cuts_found: Mapped[int] = mapped_column(Integer)
    cuts_missed: Mapped[int] = mapped_column(Integer)
    cuts_wrong: Mapped[int] = mapped_column(Integer)
    submitted_at: Mapped[datetime] = mapped_column(DateTime)


class JoinAttempt(Base):
    """Wrong join codes per page or per address (a hash of either): classroom.guard."""

    __tablename__ = "join_attempts"
    client_hash: Mapped[str] = mapped_column(String(HASH_LEN), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    blocked_until: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    codes: Mapped[str] = mapped_column(Text, default="")  # an address's wrong codes (hashes)
    last_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)  # last wrong


def database_url(env: dict[str, str] | None = None) -> str:
    """``GTL_DATABASE_URL``, else an SQLite file in ``GTL_DATA_DIR`` (default ``data/``)."""
    env = dict(os.environ) if env is None else env
    url = env.get("GTL_DATABASE_URL", "").strip()
    if url:
        return url
    folder = Path(env.get("GTL_DATA_DIR", "").strip() or ROOT / "data")
    return f"sqlite:///{folder / DB_FILE}"


def _sqlite_setup(engine: Engine, begin: str) -> None:
    """Our own BEGIN (SQLAlchemy's recipe for pysqlite). A changing transaction takes the write
    lock at its start (BEGIN IMMEDIATE), so two writers never interleave a read and a write; a
    reading one (BEGIN: deferred) reads a snapshot beside a writer (WAL) and never waits for
    the lock, so forty pages reading the class while answers come in do not queue."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection, _record) -> None:  # noqa: ANN001
        dbapi_connection.isolation_level = None
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        if begin == "BEGIN":
            cur.execute("PRAGMA query_only=ON")  # a reading connection refuses any write
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn) -> None:  # noqa: ANN001
        conn.exec_driver_sql(begin)


def make_engine(url: str, read: bool = False) -> Engine:
    """The engine of ``url``; ``read``: for transactions that only read (SQLite: deferred)."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})
        _sqlite_setup(engine, "BEGIN" if read else "BEGIN IMMEDIATE")
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Alembic ``upgrade`` from code, on ``engine`` (the scripts are classroom/migrations)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


@dataclass
class Store:
    """An open, migrated database: the engine and its session factory. Make one per process
    (the UI keeps it in st.cache_resource) and :meth:`close` it at the end."""

    url: str
    engine: Engine
    sessions: sessionmaker  # a transaction that may change something
    reads: sessionmaker  # a transaction that only reads (it must not write)
    read_engine: Engine | None = None

    def close(self) -> None:
        self.engine.dispose()
        if self.read_engine is not None:
            self.read_engine.dispose()


def open_store(url: str | None = None) -> Store:
    """Open the database at ``url`` (default :func:`database_url`) and migrate it to head."""
    url = url or database_url()
    engine = make_engine(url)
    upgrade(engine)
    sessions = sessionmaker(engine, expire_on_commit=False)
    if engine.dialect.name != "sqlite":  # PostgreSQL reads beside writers as it is
        return Store(url, engine, sessions, sessions)
    read = make_engine(url, read=True)
    return Store(url, engine, sessions, sessionmaker(read, expire_on_commit=False), read)


def dialect_insert(db: Session):  # noqa: ANN201
    """The INSERT of the session's database, with its ON CONFLICT (upsert) clauses."""
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


def reachable(store: Store) -> bool:
    """Whether ``store``'s database answers a query now."""
    try:
        with store.reads.begin() as db:
            db.execute(select(1))
    except UNREACHABLE:
        return False
    return True
