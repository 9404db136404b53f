"""The heavy clicks of the board labs (issue 16): prints figures, asserts nothing.

    python bench/bench_heavy.py

One row per click of the issue's table, with its goal:

- in-process rows time the engine call alone (its exactness is checked in the tests, against
  the references in tests/engine/reference_*.py);
- page rows run the real page script with Streamlit's AppTest (the same script, caches and
  locks a server runs; the browser's drawing is not included). "Cold" means every Streamlit
  cache cleared and no warm-up: a server that was just started. "Warmed" means the start-up
  warm-up (ui.boards.warm) has finished, as on a server that has been up a few seconds;
- "10 students at once" starts 10 threads of this one process at the same moment, each doing
  one session's server work for the click (the page's cached calls, then its own figures
  serialised to JSON), as 10 sessions of one server process do: one GIL, shared caches and
  Streamlit's per-key compute lock, so shared work is computed once. It prints each
  session's wall time from the common start. (AppTest cannot run pages concurrently.)
"""

from __future__ import annotations

import json
import logging
import statistics
import threading
import time
from collections.abc import Callable
from pathlib import Path

import streamlit as st
from streamlit.testing.v1 import AppTest

from bench.bench_boards import chase_board_data, pawn_board_data
from engine.algorithms import ALPHABETA
from engine.games import chase, pawn
from engine.games.chase_solver import retrograde
from engine.games.pawn_solver import solve
from engine.search import search_game
from engine.trace import Replayer
from teach.explain import describe, node_name
from ui.boards import board_lab as bl
from ui.boards import board_search as bs
from ui.boards import chase_lab as cl
from ui.boards import pawn_lab as pl
from ui.boards import warm
from ui.boards.board_search import BUDGET, pv_nodes
from ui.common.canvas import packed_parts
from ui.common.keys import PAWN
from viz.chase_board import chase_move_squares
from viz.tree_payload import tree_payload

ROOT = Path(__file__).resolve().parents[1]
logging.getLogger("streamlit").setLevel(logging.ERROR)

PAWN_PAGE = str(ROOT / "app_pages" / "pawn.py")
CHASE_PAGE = str(ROOT / "app_pages" / "chase.py")
PAWN_5X5 = "5x5w:ppppp/...../...../...../PPPPP"
PAWN_4X4 = "4x4w:pppp/..../..../PPPP"
CHASE_40 = "40-2.2-40.40-w"  # the default position after the size slider moves to 40
STUDENTS = 10


def seconds(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def row(what: str, took: float, goal: float) -> None:
    ok = "ok" if took < goal else "OVER GOAL"
    print(f"  {what:<54} {took:6.3f} s  (goal < {goal:.1f} s, {ok})", flush=True)


def search_tab_work() -> None:
    """What the pawn search tab computes for the 4x4 start: the traced search, its
    replayer, the principal variation and the first drawn figure."""
    pos = pawn.from_code(PAWN_4X4)
    run = search_game(pawn.PawnGame(), pos, None, max_nodes=80_000)
    rep = Replayer(run)
    pv = pv_nodes(run, rep.final_values())
    names = list(run.tree.labels or [node_name(run.tree, v) for v in range(len(run.tree))])
    json.dumps(tree_payload(run, describe, names, budget=BUDGET, pv=pv))


def page(path: str, **query: str) -> AppTest:
    at = AppTest.from_file(path, default_timeout=300)
    for k, v in query.items():
        at.query_params[k] = v
    return at


def pawn_search_page() -> AppTest:
    at = page(PAWN_PAGE, p=PAWN_4X4)
    at.session_state[PAWN.tabs] = "The search tree"
    return at


def chase_page() -> AppTest:
    return page(CHASE_PAGE, c=CHASE_40)


def run_page(make: Callable[[], AppTest]) -> float:
    at = make()
    t = time.perf_counter()
    at.run()
    took = time.perf_counter() - t
    if at.exception:
        raise RuntimeError(at.exception[0].value)
    return took


def cold() -> None:
    """A server just started: every Streamlit cache empty (the engine keeps none)."""
    st.cache_data.clear()
    st.cache_resource.clear()


def warmed() -> None:
    cold()
    warm.warm_up().join()


def pawn_search_session() -> None:
    """One session's server work when it opens the pawn search tab on the 4x4 start: the
    page's cached calls (shared, computed once), then its own figures, serialised."""
    pos = pawn.from_code(PAWN_4X4)
    sol = pl.solved(PAWN_4X4)
    pawn_board_data(pos, arrows=sol.pv[:1])
    # the page's own cache entries (Streamlit keys them by the arguments as passed)
    run, rep = pl.searched(PAWN_4X4, None, ALPHABETA)
    payload = bs._payload(PAWN.search.ns, PAWN_4X4, 0, BUDGET, "en", run, rep)
    follow = bs._follow(PAWN.search.ns, PAWN_4X4, "en", run, rep)
    json.dumps(packed_parts(payload, {"follow": follow}))  # each session sends them, packed
    json.dumps(bl.pawn_node_board(run.states[0], None))


def chase_session() -> None:
    """One session's server work when it opens the chase at n = 40: the shared table, the
    exact answer, the board with its heat map and the best line's board (the open tab)."""
    pos = chase.from_code(CHASE_40)
    cl.table(pos.n)
    sol = cl.solved(pos)
    vals, _ = cl.table(pos.n).heatmap("white", pos.white, 0 if pos.white_to_move else 1)
    arrows = [chase_move_squares(pos, sol.pv[0])] if sol.pv else []
    chase_board_data(pos, heat=vals, longest=int(abs(vals).max()), arrows=arrows)
    line, _, _ = cl.line_parts(CHASE_40)
    json.dumps(line)


def at_once(work: Callable[[], None], n: int = STUDENTS) -> list[float]:
    """Wall seconds of each of ``n`` sessions' work started together, from the common start.

    Threads of this one process, as a server runs its sessions: one GIL, the same caches and
    Streamlit's per-key compute lock (AppTest cannot run concurrently: its runs share one
    mock runtime)."""
    go = threading.Barrier(n + 1)
    done: list[float] = [0.0] * n

    def one(i: int) -> None:
        go.wait()
        t = time.perf_counter()
        work()
        done[i] = time.perf_counter() - t

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    go.wait()
    for t in threads:
        t.join()
    return done


def spread(times: list[float]) -> str:
    return f"median {statistics.median(times):.2f} s, max {max(times):.2f} s"


def main() -> None:
    print("In-process (the engine call alone)")
    pos = pawn.from_code(PAWN_5X5)
    row("pawn 5x5 start: exact solve", seconds(lambda: solve(pos)), 0.5)
    row("chase n = 40: whole table (5,120,000 states)", seconds(lambda: retrograde(40)), 0.3)
    row("pawn 4x4 start: search + replayer + first figure", seconds(search_tab_work), 1.0)

    print("Pages (AppTest server time of one page run; the browser's drawing not included)")
    run_page(pawn_search_page)  # imports and first-run costs out of the way
    run_page(chase_page)
    cold()
    row("pawn 4x4 start, search tab, cold server", run_page(pawn_search_page), 1.0)
    warmed()
    row("pawn 4x4 start, search tab, warmed server", run_page(pawn_search_page), 1.0)
    cold()
    row("chase n = 40, cold server", run_page(chase_page), 1.5)
    warmed()
    row("chase n = 40, warmed server", run_page(chase_page), 1.5)
    cold()
    t = seconds(lambda: warm.warm_up().join())
    print(f"  the whole warm-up on a cold server (background thread)  {t:6.3f} s")

    print(f"{STUDENTS} students at once ({STUDENTS} threads, each one session's server work)")
    for what, work, goal in (
        ("pawn search tab", pawn_search_session, 1.0),
        ("chase n = 40", chase_session, 1.5),
    ):
        for state, prepare in (("cold", cold), ("warmed", warmed)):
            prepare()
            times = at_once(work)
            print(f"  {what}, {state} server: {spread(times)}  (goal < {goal} s each)")


if __name__ == "__main__":
    main()
