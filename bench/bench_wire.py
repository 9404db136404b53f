"""Benchmark: what a canvas page costs on the wire and on a first visit. Prints figures,
asserts nothing.

    python -m bench.bench_wire [--url http://127.0.0.1:PORT] [--runs N]   (from the root)

1. The bytes of one alpha-beta page run (the statement sample, the default) over Streamlit's
   websocket, talked to as a browser does (bench_links.py): every ForwardMsg of the run, by
   kind, and the tree canvas's element alone. Goal: at most 30 KB (126 KB while the canvas's
   JS and CSS were inlined in every message). Beside them, the bytes the socket carried: the
   messages deflated (``server.enableWebsocketCompression``, .streamlit/config.toml), and the
   same for the pawn search tab's first run, the largest. ``--url`` measures a server
   already running (another checkout, for a before/after figure) instead of starting this
   one. Then each lab's first run: the elements and the blocks (columns, containers,
   expanders) it sends, each of them a render in the browser's main thread (issue 21).
2. The first visit to every lab with an empty browser cache (a new browser context each
   time), 1400x900 headless chromium, against a bare Streamlit page (a two-line script) served
   by a second server with the same settings (the app's .streamlit/config.toml), side by side
   in one run: navigation to the
   first run finished and drawn (gtl_dev.pages.open_url), for a canvas lab to its
   tree's nodes drawn. Goal: every lab within 0.3 s of the bare page. Beside each time, the
   KB the visit fetched beyond the bare page's (the resource timing API's encoded body
   sizes of every file fetched: JS, CSS, fonts, the components' files; read once the
   network is idle, so a file a lab loads after it is drawn counts too). Beside them, when
   the page settled: its main area's last move (gtl_dev.pages.settled), read once nothing
   has moved for a second. The drawn time does not wait for the widgets whose code the
   browser loads only when their element arrives (a first visit's menus, switches and
   button rows); they are drawn after the run's end and move what is below them. And a
   canvas lab's floor: a third server's page with a title and the alpha-beta lab's canvas
   alone (CANVAS_ALONE), what any lab that draws a tree pays before its controls and words.
"""

from __future__ import annotations

import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.sync.client import connect

from gtl_dev.app_server import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    Server,
    answers,
    free_port,
    streamlit_command,
)
from gtl_dev.pages import MOVED_JS, open_url, settled
from ui.common.canvas import NAME

WIRE_GOAL_KB = 30
FIRST_VISIT_GOAL_S = 0.3
PAWN_TAB = "pawn?tab=The+search+tree"
# (name, page path and query, the selector that says it is drawn, or None: the run and charts)
LABS = [
    ("alpha-beta", "alphabeta", ".gtl-canvas svg.tree g.n"),
    ("tree editor", "tree", ".gtl-canvas svg.tree g.n"),
    # the pawn search tab opens in the follow view (its chips), a smaller tree drawn whole
    ("pawn search tab", PAWN_TAB, ".gtl-canvas .f-chip, .gtl-canvas g.n"),
    ("chase", "chase", None),
    ("practice", "practice", None),
]
BARE = 'import streamlit as st\n\nst.title("A bare page")\nst.write("Nothing else.")\n'
# The floor of a canvas lab: a title and the alpha-beta lab's tree canvas (its step bar and
# sentence are the component's own), the statement sample, and nothing else; served by a
# second bare server (the project's modules import from the installed package)
CANVAS_ALONE = """import streamlit as st

from engine.algorithms import ALPHABETA
from ui.common.keys import AlphaBeta as K
from ui.tree import tree_lab as tl
from ui.tree.complete_setup import DEFAULT

st.title("A canvas alone")
run_key = (tl.source_of_complete(DEFAULT), "statement", tl.AS_GIVEN, 0, ALPHABETA)
tl.new_run(K.lab, run_key)
tl.run_player(tl.searched(*run_key), keys=K.lab, cache_args=run_key, token=run_key)
"""


class _Counted(socket.socket):
    """A client socket that counts the bytes it receives (the wire's, deflated or not)."""

    received = 0

    def recv(self, size: int, *flags: int) -> bytes:
        data = super().recv(size, *flags)
        self.received += len(data)
        return data


class Run(NamedTuple):
    """One page run over the websocket."""

    total: int  # all ForwardMsg bytes, as the page gets them
    kinds: Counter  # those bytes by message kind
    canvas: int  # the tree canvas's elements' bytes
    seconds: float  # to the run's end
    wire: int  # the bytes the socket carried (the messages deflated when the server does)
    elements: int  # the run's deltas that add an element (each one a render in the browser)
    blocks: int  # the run's deltas that add a block (columns, containers, expanders, tabs)


def run_bytes(base: str, page: str, query: str = "") -> Run:
    """One session's first run of ``page?query``, asking for deflated messages as a browser
    does (permessage-deflate)."""
    msg = BackMsg()
    msg.rerun_script.query_string = query
    msg.rerun_script.page_name = page
    parts = urllib.parse.urlparse(base)
    sock = _Counted(socket.AF_INET, socket.SOCK_STREAM)
    sock.connect((parts.hostname, parts.port))
    uri = base.replace("http://", "ws://") + "/_stcore/stream"
    total, kinds, canvas, elements, blocks = 0, Counter(), 0, 0, 0
    start = time.perf_counter()
    with connect(uri, sock=sock, subprotocols=["streamlit"], max_size=None, open_timeout=30) as ws:
        ws.send(msg.SerializeToString())
        while True:
            frame = ws.recv(timeout=300)
            if not isinstance(frame, bytes):
                continue
            fwd = ForwardMsg.FromString(frame)
            kind = fwd.WhichOneof("type")
            total += len(frame)
            kinds[kind] += len(frame)
            delta = fwd.WhichOneof("type") == "delta" and fwd.delta.WhichOneof("type")
            elements += delta == "new_element"
            blocks += delta == "add_block"
            if kind == "delta" and fwd.delta.new_element.WhichOneof("type") == "bidi_component":
                if fwd.delta.new_element.bidi_component.component_name.endswith("tree_canvas"):
                    canvas += len(frame)
            if kind == "script_finished":
                seconds = time.perf_counter() - start
                return Run(total, kinds, canvas, seconds, sock.received, elements, blocks)


def _split(path: str) -> tuple[str, str]:
    """``page?query`` -> (page, query)."""
    page, _, query = path.partition("?")
    return page, query


def wire(base: str) -> None:
    run_bytes(base, "")  # warm the server (imports, caches)
    run = run_bytes(base, "alphabeta")
    print("One alpha-beta page run (the statement sample) on the wire")
    print(f"  all ForwardMsgs                      {run.total / 1024:8.1f} KB")
    for kind, n in run.kinds.most_common():
        print(f"    {kind:<34} {n / 1024:8.1f} KB")
    print(f"  the tree canvas's element            {run.canvas / 1024:8.1f} KB")
    met = "met" if run.total <= WIRE_GOAL_KB * 1024 else "NOT met"
    print(f"  goal: <= {WIRE_GOAL_KB} KB (126 KB with the code inlined)   {met}")
    print(f"  the socket carried (deflated)        {run.wire / 1024:8.1f} KB")
    pawn = run_bytes(base, *_split(PAWN_TAB))
    print(
        f"The pawn search tab's first run: {pawn.total / 1024:,.0f} KB of messages,"
        f" {pawn.wire / 1024:,.0f} KB on the socket"
    )
    print("Each lab's first run: the elements and blocks it sends (each one a render)")
    for name, path, _ in LABS:
        run = pawn if path == PAWN_TAB else run_bytes(base, *_split(path))
        print(f"  {name:<36} {run.elements:4d} elements {run.blocks:4d} blocks")


def _wait(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not answers(url):
        if time.monotonic() > deadline:
            raise SystemExit(f"{url} did not answer")
        time.sleep(0.1)


def _bare_server(port: int, folder: Path, text: str = BARE) -> subprocess.Popen:
    """A server of the script ``text`` alone, in ``folder``, with the app's settings."""
    script = folder / "page.py"
    script.write_text(text, encoding="utf-8")
    (folder / ".streamlit").mkdir()
    shutil.copy(ROOT / ".streamlit" / "config.toml", folder / ".streamlit" / "config.toml")
    return subprocess.Popen(
        streamlit_command(port, str(script)),
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


FETCHED_JS = """() => performance.getEntriesByType("resource")
    .reduce((sum, e) => sum + e.encodedBodySize, 0)"""


class Visit(NamedTuple):
    """One first visit."""

    seconds: float  # from navigation to drawn (gtl_dev.pages.open_url and the lab's marker)
    settled: float  # to the main area's last move (gtl_dev.pages.settled)
    fetched: int  # the bytes of the files it fetched (counted once the network is idle)


def _first_visit(browser, url: str, drawn: str | None) -> Visit:
    """A visit in a new context (an empty cache)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        ctx.add_init_script(MOVED_JS)
        page = ctx.new_page()
        start = time.perf_counter()
        open_url(page, url, timeout_ms=180_000)
        if drawn:
            page.wait_for_selector(drawn, timeout=180_000)
        seconds = time.perf_counter() - start
        page.wait_for_load_state("networkidle", timeout=180_000)
        return Visit(seconds, settled(page), int(page.evaluate(FETCHED_JS)))
    finally:
        ctx.close()


def _server_run(base: str, path: str) -> float:
    """Seconds of a session's first run of ``path``, over the websocket, the page warmed up."""
    run_bytes(base, *_split(path))
    return statistics.median(run_bytes(base, *_split(path)).seconds for _ in range(3))


ALONE = "canvas alone"  # the CANVAS_ALONE page's row


def first_visits(base: str, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    drawn_canvas = LABS[0][2]
    with tempfile.TemporaryDirectory(prefix="gtl-bare-") as folder:
        servers = []
        try:
            urls = {}
            for name, text in (("bare page", BARE), (ALONE, CANVAS_ALONE)):
                port = free_port()
                (Path(folder) / name).mkdir()
                servers.append(_bare_server(port, Path(folder) / name, text))
                urls[name] = f"http://127.0.0.1:{port}"
                _wait(urls[name] + "/_stcore/health", timeout=60)
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                # side by side: the bare page, the canvas alone, then every lab
                visits = [("bare page", urls["bare page"], None)]
                visits.append((ALONE, urls[ALONE], drawn_canvas))
                visits += [(name, f"{base}/{path}", drawn) for name, path, drawn in LABS]
                visited: dict[str, list[Visit]] = {name: [] for name, _, _ in visits}
                # the server's part: the same first run over the websocket, no browser; the
                # median of three after one that warms the page up (its modules' imports)
                server = {name: _server_run(base, path) for name, path, _ in LABS}
                for _, url, drawn in visits:  # warm every server
                    _first_visit(browser, url, drawn)
                for _ in range(runs):
                    for name, url, drawn in visits:
                        visited[name].append(_first_visit(browser, url, drawn))
                browser.close()
        finally:
            for bare in servers:
                bare.terminate()
                bare.wait(timeout=20)

    def median(name: str, field: str) -> float:
        return statistics.median(getattr(v, field) for v in visited[name])

    med = {name: median(name, "seconds") for name in visited}
    still = {name: median(name, "settled") for name in visited}
    kb = {name: median(name, "fetched") / 1024 for name in visited}
    print(f"First visit, empty browser cache, 1400x900 headless chromium (median of {runs})")
    print(
        f"  bare Streamlit page                  {med['bare page']:6.2f} s {kb['bare page']:8.0f} KB"
        f"   settled {still['bare page']:5.2f} s"
    )
    head = f"{'visit':>8} {'over bare':>10} {'fetched over bare':>18} {'server run':>11}"
    print(f"  {'':36} {head} {'settled':>8} {'over bare':>10}")
    print(
        f"  {'a title and the canvas alone':<36} {med[ALONE]:6.2f} s"
        f" {med[ALONE] - med['bare page']:+8.2f} s {kb[ALONE] - kb['bare page']:+15.0f} KB"
        f" {'':>11} {still[ALONE]:6.2f} s {still[ALONE] - still['bare page']:+8.2f} s"
        "  (a canvas lab's floor)"
    )
    for name, _, _ in LABS:
        over = med[name] - med["bare page"]
        more = kb[name] - kb["bare page"]
        met = (
            "met" if over <= FIRST_VISIT_GOAL_S else f"NOT met by {over - FIRST_VISIT_GOAL_S:.2f} s"
        )
        print(
            f"  {name:<36} {med[name]:6.2f} s {over:+8.2f} s {more:+15.0f} KB"
            f" {server[name]:9.2f} s {still[name]:6.2f} s {still[name] - still['bare page']:+8.2f} s"
            f"  {met}"
        )
    print("  (server run: the page's first run over the websocket alone, no browser: its Python;")
    print("   fetched: the files' bytes, resource timing, beyond the bare page's;")
    print("   settled: from navigation to the main area's last move, in the page's own clock:")
    print("   widgets whose code arrives after the run's end are drawn then, and move the rest)")
    print(f"  load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"  goal: every lab within {FIRST_VISIT_GOAL_S} s of the bare page")


def main() -> None:
    args = sys.argv[1:]
    url = args[args.index("--url") + 1] if "--url" in args else None
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    server = None
    if url is None:
        server = Server(timeout_s=120).start()
        url = server.url
    try:
        print(f"server {url} ({urllib.parse.urlparse(url).port}); {ROOT.name}, canvas {NAME}")
        wire(url)
        first_visits(url, runs)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
