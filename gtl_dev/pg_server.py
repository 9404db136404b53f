"""A throwaway PostgreSQL server for tests and benchmarks: Debian's binaries, ``initdb`` +
``pg_ctl`` in a temporary data directory, listening only on a unix socket in a temporary
directory (no TCP port). As root the server runs as the ``postgres`` user (initdb refuses
root). :class:`NoPostgres` says why a server cannot run here (a test skips or fails with it:
tests/unavailable.py)."""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

PG_PORT = 5433  # only names the socket file; no TCP listener is opened
_counter = itertools.count()


class NoPostgres(RuntimeError):
    """PostgreSQL cannot run here; the message says why."""


def bindir() -> Path:
    """The newest installed server's bin directory (`make postgres` installs it)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise NoPostgres("no /usr/lib/postgresql/*/bin/initdb (run make postgres)")
    return Path(found[-1]).parent


class PgServer:
    """One server; :meth:`start` it, make databases with :meth:`create_database`, then
    :meth:`stop` it (which deletes its directory)."""

    def __init__(self, bin_dir: Path | None = None):
        self.bindir = bin_dir or bindir()
        self.as_user: list[str] = []
        self.user = pwd.getpwuid(os.getuid()).pw_name
        owner = None
        if os.getuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise NoPostgres("running as root and there is no 'postgres' user") from None
            runuser = shutil.which("runuser")
            if runuser is None:
                raise NoPostgres("running as root and runuser is missing")
            self.as_user = [runuser, "-u", "postgres", "--"]
            self.user = "postgres"
        self.root = Path(tempfile.mkdtemp(prefix="gtl-pg-"))
        self.data = self.root / "data"
        self.sock = self.root / "sock"
        self.sock.mkdir()
        if owner is not None:
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            os.chown(self.sock, owner.pw_uid, owner.pw_gid)

    def _run(self, *args: str) -> None:
        cmd = [*self.as_user, *args]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed: {r.stderr.strip()[-800:]}")

    def start(self) -> PgServer:
        """initdb + pg_ctl start; NoPostgres (and nothing left behind) when that fails."""
        try:
            self._start()
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
            shutil.rmtree(self.root, ignore_errors=True)
            raise NoPostgres(f"the server did not start: {e}") from None
        return self

    def _start(self) -> None:
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
        self.resume()

    def pause(self) -> None:
        """Stop the server, keeping its data (a database that goes away: :meth:`resume`)."""
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")

    def resume(self) -> None:
        """Start the server on its data directory (and wait until it answers)."""
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
