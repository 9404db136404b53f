"""Class-mode databases for the tests: every test that takes ``store`` runs on a fresh SQLite
file and on a fresh database of a throwaway PostgreSQL server.

The server is Debian's ``postgresql`` (installed by scripts/ensure_postgres.sh, from
``make test``): ``initdb`` + ``pg_ctl`` in a temporary data directory, listening only on a
unix socket in a temporary directory (no TCP port), stopped at the end of the run. As root
the server runs as the ``postgres`` user (initdb refuses root). When the binaries are
missing the PostgreSQL half is skipped with the reason, except under CI=true, where that is a
failure.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from classroom.db import Store, open_store

PG_PORT = 5433  # only names the socket file; no TCP listener is opened
_counter = itertools.count()


def _no_postgres(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"PostgreSQL tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {reason}")


def _bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class PgServer:
    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="gtl-pg-"))
        self.data = self.root / "data"
        self.sock = self.root / "sock"
        self.sock.mkdir()
        self.as_user: list[str] = []
        self.user = pwd.getpwuid(os.getuid()).pw_name
        if os.getuid() == 0:
            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                _no_postgres("running as root and there is no 'postgres' user to run the server")
            runuser = shutil.which("runuser")
            if runuser is None:
                _no_postgres("running as root and runuser is missing")
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
            os.chown(self.sock, pw.pw_uid, pw.pw_gid)
            self.as_user = [runuser, "-u", "postgres", "--"]
            self.user = "postgres"

    def _run(self, *args: str) -> None:
        cmd = [*self.as_user, *args]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {r.stderr.strip()[-800:]}")

    def start(self) -> None:
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            self.user,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-sync",
        )
        opts = f"-c listen_addresses='' -k {self.sock} -p {PG_PORT} -c fsync=off"
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            opts,
            "-l",
            str(self.root / "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, db: str) -> str:
        return f"postgresql+psycopg://{self.user}@/{db}?host={self.sock}&port={PG_PORT}"

    def create_database(self) -> str:
        import psycopg

        name = f"gtl_{os.getpid()}_{next(_counter)}"
        with psycopg.connect(
            host=str(self.sock), port=PG_PORT, user=self.user, dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    bindir = _bindir()
    if bindir is None:
        _no_postgres("no /usr/lib/postgresql/*/bin/initdb (run scripts/ensure_postgres.sh)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _no_postgres("the psycopg driver is not installed (requirements.txt)")
    server = PgServer(bindir)  # type: ignore[arg-type]
    try:
        server.start()
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        shutil.rmtree(server.root, ignore_errors=True)
        _no_postgres(f"the server did not start: {e}")
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
