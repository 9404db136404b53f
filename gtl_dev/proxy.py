"""The operators' reverse proxy for a test: Debian's nginx running docs/operators/nginx.conf,
the very file the operators' guide shows, with its example ports, certificate and log put in
place (loopback ports, a throwaway self-signed certificate, a temporary folder), and
:class:`Relay`, a TCP relay whose connections to nginx come from another loopback address,
so nginx sees a client whose address is neither the app's peer nor anything it wrote.

:class:`NoNginx` says why nginx cannot run here (make nginx installs it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from gtl_dev.app_server import ROOT, end_process, free_port

CONF = ROOT / "docs" / "operators" / "nginx.conf"
NGINX = os.environ.get("GTL_NGINX", "/usr/sbin/nginx")
# What the guide's file says -> what the test puts there (each must occur exactly once).
UPSTREAMS = ("server 127.0.0.1:8501 ", "server 127.0.0.1:8502 ")
HTTP_LISTEN, HTTPS_LISTEN = "listen 80;", "listen 443 ssl;"
CERT = "/etc/letsencrypt/live/gtl.example.org/fullchain.pem"
KEY = "/etc/letsencrypt/live/gtl.example.org/privkey.pem"
LOG = "/var/log/nginx/gtl.access.log"


class NoNginx(RuntimeError):
    """nginx (or openssl for its certificate) cannot run here; the message says why."""


def _replace(text: str, old: str, new: str) -> str:
    if text.count(old) != 1:
        raise ValueError(f"{CONF.name} holds {old!r} {text.count(old)} times, not once")
    return text.replace(old, new)


def site(text: str, upstreams: list[int], http_port: int, https_port: int, folder: Path) -> str:
    """The guide's file ``text`` with loopback ports, ``folder``'s certificate and log."""
    for old, port in zip(UPSTREAMS, upstreams, strict=True):
        text = _replace(text, old, f"server 127.0.0.1:{port} ")
    text = _replace(text, HTTP_LISTEN, f"listen 127.0.0.1:{http_port};")
    text = _replace(text, HTTPS_LISTEN, f"listen 127.0.0.1:{https_port} ssl;")
    text = _replace(text, CERT, str(folder / "cert.pem"))
    text = _replace(text, KEY, str(folder / "key.pem"))
    return _replace(text, LOG, str(folder / "access.log"))


def _main_conf(folder: Path) -> str:
    """nginx's own file around the guide's (as Debian's /etc/nginx/nginx.conf includes it)."""
    temp = "\n".join(
        f"  {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.getuid() == 0 else ""
    return (
        f"daemon off;\n{user}worker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\nevents {{ worker_connections 1024; }}\n"
        f"http {{\n{temp}\n  include {folder / 'gtl.conf'};\n}}\n"
    )


def _certificate(folder: Path) -> None:
    openssl = shutil.which("openssl")
    if openssl is None:
        raise NoNginx("openssl is missing (for the proxy's throwaway certificate)")
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]
        + ["-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
        + ["-addext", "subjectAltName=IP:127.0.0.1"]
        + ["-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
        check=True,
        capture_output=True,
        timeout=60,
    )


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


class Nginx:
    """nginx on loopback in front of the app servers on ``upstreams`` (two ports):
    :attr:`url` (HTTPS), :attr:`http_url` (the plain port, which redirects), :attr:`log`
    (the access log: which replica answered what)."""

    def __init__(self, upstreams: list[int]) -> None:
        if not os.access(NGINX, os.X_OK):
            raise NoNginx(f"{NGINX} not found (run make nginx)")
        self.folder = Path(tempfile.mkdtemp(prefix="gtl-nginx-"))
        self.http_port, self.https_port = free_port(), free_port()
        self.url = f"https://127.0.0.1:{self.https_port}"
        self.http_url = f"http://127.0.0.1:{self.http_port}"
        self.log = self.folder / "access.log"
        text = site(CONF.read_text(), upstreams, self.http_port, self.https_port, self.folder)
        (self.folder / "gtl.conf").write_text(text)
        (self.folder / "nginx.conf").write_text(_main_conf(self.folder))
        self.proc: subprocess.Popen | None = None

    def start(self, timeout_s: float = 20.0) -> Nginx:
        _certificate(self.folder)
        conf = self.folder / "nginx.conf"
        cmd = [NGINX, "-p", str(self.folder), "-e", str(self.folder / "error.log"), "-c"]
        checked = subprocess.run([*cmd, str(conf), "-t"], capture_output=True, text=True)
        if checked.returncode != 0:  # the guide's file does not load: a failure, not a skip
            raise RuntimeError(f"nginx -t refused {CONF.name}:\n{checked.stderr}")
        self.proc = subprocess.Popen([*cmd, str(conf)], stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout_s
        while not _listening(self.https_port):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"nginx did not start: {self.errors()}")
            time.sleep(0.05)
        return self

    def errors(self) -> str:
        path = self.folder / "error.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else ""

    def stop(self) -> None:
        if self.proc is not None:
            end_process(self.proc)
            self.proc = None
        shutil.rmtree(self.folder, ignore_errors=True)


class Relay:
    """Connections to 127.0.0.1:``port`` (:attr:`url`) passed on to ``target`` from the
    loopback address ``source`` (e.g. 127.0.0.5), byte for byte (TLS goes through)."""

    def __init__(self, target: int, source: str, scheme: str = "https") -> None:
        self.target, self.source = target, source
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"{scheme}://127.0.0.1:{self.port}"
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:  # closed
                return
            try:
                far = socket.create_connection(
                    ("127.0.0.1", self.target), source_address=(self.source, 0)
                )
            except OSError:
                near.close()
                continue
            with self.lock:
                self.open += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self) -> None:
        self.listener.close()
        with self.lock:
            for s in self.open:
                s.close()
