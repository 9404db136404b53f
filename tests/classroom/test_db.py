"""The class-mode database: made and migrated by the Alembic scripts, found by environment."""

from __future__ import annotations

import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import func, inspect, select, text
from sqlalchemy.exc import OperationalError

from classroom import db
from classroom.db import Base, ClassSession, database_url, open_store
from gtl_dev import pg_server
from tests.unavailable import no_postgres

HANG_S = 60.0  # a thread still running after this long has hung (SQLite gives up after 30 s)


def test_the_migrations_make_exactly_the_models_schema(store):
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        names = set(inspect(conn).get_table_names())
    assert {t.name for t in Base.metadata.sorted_tables} | {"alembic_version"} == names


def test_the_database_is_at_head_and_a_second_open_is_a_no_op(db_url):
    heads = ScriptDirectory(str(db.MIGRATIONS)).get_heads()
    for _ in range(2):
        s = open_store(db_url)
        with s.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_heads() == tuple(heads)
        s.close()


def test_the_url_comes_from_the_environment(tmp_path):
    assert database_url({"GTL_DATABASE_URL": "postgresql+psycopg://u@h/d"}) == (
        "postgresql+psycopg://u@h/d"
    )
    assert database_url({"GTL_DATA_DIR": str(tmp_path)}) == f"sqlite:///{tmp_path}/class.sqlite3"
    assert database_url({}) == f"sqlite:///{db.ROOT / 'data' / 'class.sqlite3'}"


def test_the_data_folder_is_made_and_the_file_survives(tmp_path):
    url = database_url({"GTL_DATA_DIR": str(tmp_path / "new" / "dir")})
    open_store(url).close()
    assert (tmp_path / "new" / "dir" / "class.sqlite3").is_file()


def test_data_is_git_ignored():
    """The class database's folder at the root is ignored (``/data/``: tests/data, the golden
    event streams, is not)."""
    assert "/data/" in (db.ROOT / ".gitignore").read_text().split()


def test_a_missing_server_is_named_and_fails_under_ci(monkeypatch):
    monkeypatch.setattr(pg_server.glob, "glob", lambda pattern: [])
    with pytest.raises(pg_server.NoPostgres, match="make postgres"):
        pg_server.bindir()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="cannot run under CI"):
        no_postgres("no server")
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception, match="skipped: no server"):
        no_postgres("no server")


def test_a_read_goes_on_beside_a_writer_and_can_write_nothing(store):
    """Pages read the class while answers are written: a read must not wait for the write
    lock (SQLite: a deferred transaction on a query-only connection; PostgreSQL as it is)."""
    writing = store.sessions()
    writing.begin()
    writing.execute(text("UPDATE class_sessions SET step = step + 1"))  # holds the write lock
    got: list[int] = []
    errors: list[BaseException] = []

    def read():
        try:
            with store.reads.begin() as db:
                got.append(db.scalar(select(func.count()).select_from(ClassSession)))
        except Exception as e:  # noqa: BLE001 - handed to pytest's thread below
            errors.append(e)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=HANG_S)  # a hang guard: a read that waits fails long before it
    read_beside_the_writer = not reader.is_alive()
    writing.rollback()
    writing.close()
    assert not errors, f"the read failed beside the writer: {errors[0]!r}"
    assert read_beside_the_writer and got == [0], "the read waited for the writer"
    if store.engine.dialect.name == "sqlite":
        with pytest.raises(OperationalError, match="readonly"):
            with store.reads.begin() as db:
                db.execute(text("DELETE FROM class_sessions"))
