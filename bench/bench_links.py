"""Benchmark: the server's memory under the heaviest links. Prints figures, asserts nothing.

    python bench/bench_links.py [--quick]

Starts a real ``streamlit run app.py`` on a free loopback port and talks to it the way a
browser does, over its websocket (/_stcore/stream): each visit is a new session that sends one
rerun with the page and its query string, waits for the run to finish, and goes. Prints the
server's resident memory (RSS, from /proc) at the start, after 50 distinct heaviest links (each
the most work a link may ask of its page: 10,000-leaf random trees, 20,000-node packed trees,
40x40 chase boards, 5x5 pawn boards, exam sheets), and after 60 more sessions come and go.
The operators' guide (docs/operators.md, "Server memory") states the budget these figures
are checked against.
"""

from __future__ import annotations

import os
import random
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.sync.client import connect

from engine.random_tree import random_tree
from gtl_dev.app_server import Server
from ui.tree.tree_source import encode_tree

RUN_TIMEOUT_S = 300
SEARCH_TAB = "The search tree"  # the board labs' heaviest tab, opened by the link


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def visit(port: int, page: str, query: dict[str, str]) -> float:
    """One session: open the stream, ask for one run of ``page?query``, wait, close.
    Returns the seconds the run took."""
    msg = BackMsg()
    msg.rerun_script.query_string = urllib.parse.urlencode(query)
    msg.rerun_script.page_name = page
    start = time.perf_counter()
    uri = f"ws://127.0.0.1:{port}/_stcore/stream"
    with connect(uri, subprotocols=["streamlit"], max_size=None, open_timeout=30) as ws:
        ws.send(msg.SerializeToString())
        deadline = time.monotonic() + RUN_TIMEOUT_S
        while time.monotonic() < deadline:
            frame = ws.recv(timeout=RUN_TIMEOUT_S)
            if isinstance(frame, bytes):
                fwd = ForwardMsg.FromString(frame)
                if fwd.WhichOneof("type") == "script_finished":
                    break
    return time.perf_counter() - start


def pawn_5x5(i: int) -> str:
    """A distinct full-width 5x5 pawn position: one black pawn missing, either side to move."""
    black = "".join("." if c == (i // 2) % 5 else "p" for c in range(5))
    return f"5x5{'wb'[i % 2]}:{black}/...../...../...../PPPPP"


def heaviest_links(n: int) -> list[tuple[str, dict[str, str]]]:
    """``n`` distinct links, each asking its page for the most work a link may."""
    rng = random.Random(2026)
    kinds = [
        lambda i: ("alphabeta", {"t": f"r:10,4,-99,99,{1000 + i}", "k": "5000"}),
        lambda i: ("tree", {"t": encode_tree(random_tree(20_000, 6, -99, 99, i))}),
        lambda i: ("chase", {"c": f"40-{1 + i % 39}.1-40.{40 - i % 39}-w", "tab": SEARCH_TAB}),
        lambda i: (
            "practice",
            {
                "tab": "Exam sheets",
                "seed": str(rng.randrange(10**6)),
                "n": "20",
                "eb": "3",
                "ed": "3",
            },
        ),
        lambda i: ("pawn", {"p": pawn_5x5(i), "tab": SEARCH_TAB}),
    ]
    return [kinds[i % len(kinds)](i) for i in range(n)]


def main() -> None:
    quick = "--quick" in sys.argv
    links, sessions = (10, 12) if quick else (50, 60)
    server = Server(timeout_s=60).start()
    port, proc = server.port, server.proc
    try:
        print(f"server pid {proc.pid}, port {port}, {os.cpu_count()} cores")
        visit(port, "", {})
        print(f"after one home visit: {rss_mb(proc.pid):7.0f} MB RSS")
        peak, times = 0.0, {}
        for i, (page, query) in enumerate(heaviest_links(links), 1):
            times.setdefault(page, []).append(visit(port, page, query))
            peak = max(peak, rss_mb(proc.pid))
            if i % 10 == 0:
                print(f"  after link {i:3d}: RSS {rss_mb(proc.pid):6.0f} MB")
        for page, ts in times.items():
            print(f"  {page:9s} {len(ts):2d} links, first run {max(ts):5.1f} s at most")
        print(
            f"after {links} distinct heaviest links: {rss_mb(proc.pid):7.0f} MB RSS (peak {peak:.0f})"
        )
        pages = ["", "alphabeta", "tree", "pawn", "chase", "practice"]
        for i in range(sessions):
            visit(port, pages[i % len(pages)], {})
        print(f"after {sessions} more sessions came and went: {rss_mb(proc.pid):7.0f} MB RSS")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
