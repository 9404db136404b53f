"""`streamlit run serve.py` (app.py and the class routes) on a loopback port, and the chromium that visits it.

:class:`Server` starts the app of this checkout headless on a free (or given) port, waits
for its health check and stops it; :data:`CHROMIUM` and :data:`CHROMIUM_ARGS` launch Debian's
chromium under Playwright (never ``playwright install``).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout: app.py, app_pages/, .streamlit/

# Debian's chromium; GTL_CHROMIUM overrides the path (e.g. to check the skip/fail logic).
CHROMIUM = os.environ.get("GTL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class ServerFailed(RuntimeError):
    """The app server exited or did not become healthy; the message ends with its stderr."""


def free_port() -> int:
    """A free TCP port on the loopback address."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def streamlit_command(port: int, script: str = "serve.py") -> list[str]:
    """`streamlit run serve.py` (the app and its class routes; another ``script`` for a
    bare page) headless on ``port`` of the loopback address (run it in ROOT)."""
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        script,
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--browser.gatherUsageStats",
        "false",
        "--server.fileWatcherType",
        "none",
    ]


def answers(url: str) -> bool:
    """True when ``url`` answers 200 within a second (a server's health check)."""
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200
    except OSError:
        return False


def end_process(proc: subprocess.Popen, timeout_s: float = 10.0) -> None:
    """Ask ``proc`` to stop (SIGTERM), kill it when it has not within ``timeout_s``, and reap
    it."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Server:
    """The app on ``port`` (a free one by default) with ``env`` over this process's
    environment: :meth:`start`, :meth:`stop`, :meth:`restart` on the same port; a context
    manager too. Its output goes to files in :attr:`logs`. ``launcher``: a command that runs
    in place of ``python -m streamlit`` and is given streamlit's arguments (``run serve.py ...``),
    e.g. a wrapper that patches Streamlit first. ``base_path``: the app served under that
    prefix (``server.baseUrlPath``, as behind a school's proxy); :attr:`url` includes it.
    ``cwd``: the folder it runs in (serve.py's), this checkout by default. ``GTL_PUBLIC_URL`` is
    :attr:`url` unless ``env`` (or this process) names it."""

    def __init__(
        self,
        env: dict[str, str] | None = None,
        port: int | None = None,
        timeout_s: float = 40.0,
        launcher: list[str] | None = None,
        base_path: str = "",
        cwd: Path = ROOT,
    ) -> None:
        self.env = {**os.environ, **(env or {})}
        if base_path:
            self.env["STREAMLIT_SERVER_BASE_URL_PATH"] = base_path
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}" + (f"/{base_path}" if base_path else "")
        # The server answers on loopback only, so a class's join link could name no address
        # a phone opens (ui.common.public_url.join_base): its own address is named as an
        # operator names the public one. A test of the join link passes its own value ("").
        self.env.setdefault("GTL_PUBLIC_URL", self.url)
        self.timeout_s = timeout_s
        self.proc: subprocess.Popen | None = None
        self.logs = Path(tempfile.mkdtemp(prefix="gtl-streamlit-"))
        self.launcher = launcher
        self.cwd = cwd

    def start(self) -> Server:
        """Start the server and return once /_stcore/health answers; :class:`ServerFailed`
        (the server stopped) when it exits or is not healthy within ``timeout_s``."""
        with open(self.logs / "stdout", "ab") as out, open(self.logs / "stderr", "ab") as err:
            command = streamlit_command(self.port)  # [python, -m, streamlit, run, serve.py, ...]
            if self.launcher is not None:
                command = [*self.launcher, *command[3:]]
            self.proc = subprocess.Popen(
                command, cwd=self.cwd, env=self.env, stdout=out, stderr=err
            )
        deadline = time.monotonic() + self.timeout_s
        while not answers(f"{self.url}/_stcore/health"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                state = (
                    f"exited with {self.proc.returncode}"
                    if self.proc.poll() is not None
                    else f"not healthy after {self.timeout_s:.0f} s"
                )
                self.stop()
                tail = (self.logs / "stderr").read_text(errors="replace")[-4000:]
                raise ServerFailed(f"streamlit on port {self.port} {state}; stderr:\n{tail}")
            time.sleep(0.1)
        return self

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user and system; Linux's /proc)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def wait_quiet(
        self, window_s: float = 2.0, share: float = 0.05, timeout_s: float = 300.0
    ) -> float:
        """Wait until the server has used under ``share`` of a CPU over ``window_s`` (its
        start-up warm-up done: ui.boards.warm, begun by its first page run); the seconds
        waited. A benchmark that measures a browser on this machine then does not share the
        two cores with the server's own background work, as a phone and a class's server,
        up before the class, do not."""
        start = time.monotonic()
        while time.monotonic() - start < timeout_s:
            before = self.cpu_seconds()
            time.sleep(window_s)
            if self.cpu_seconds() - before < share * window_s:
                break
        return time.monotonic() - start

    def stop(self) -> None:
        if self.proc is None:
            return
        end_process(self.proc)
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
