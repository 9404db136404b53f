"""Class-mode databases for the tests: every test that takes ``store`` runs on a fresh SQLite
file and on a fresh database of a throwaway PostgreSQL server.

The server is Debian's ``postgresql`` (installed by `make postgres`, from
``make test``): ``initdb`` + ``pg_ctl`` in a temporary data directory, listening only on a
unix socket in a temporary directory (no TCP port), stopped at the end of the run. As root
the server runs as the ``postgres`` user (initdb refuses root). When the binaries are
missing the PostgreSQL half is skipped with the reason, except under CI=true, where that is a
failure.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from classroom.db import Store, open_store
from gtl_dev.pg_server import NoPostgres, PgServer
from tests.unavailable import no_postgres


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    try:
        import psycopg  # noqa: F401

        server = PgServer().start()
    except ImportError:
        no_postgres("the psycopg driver is not installed (pyproject.toml's dependencies)")
    except NoPostgres as e:
        no_postgres(str(e))
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.sqlite3'}"
    server: PgServer = request.getfixturevalue("pg_server")
    return server.create_database()


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    s = open_store(db_url)
    yield s
    s.close()
