"""Engine benchmark: prints figures (not a timed test). ``python bench/bench_engine.py``.

Runs on one core (the process is pinned to a single CPU where the OS allows it) and prints
the wall time of each job, the best of a few runs, with the goals from the engine issue.
"""

from __future__ import annotations

import os
import random
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script by make bench


def _pin_one_core() -> str:
    try:
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    except (AttributeError, OSError):
        return "not pinned (OS does not allow it)"


def _best_of(fn: Callable[[], object], runs: int) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def _row(name: str, seconds: float, goal: float | None, extra: str = "") -> None:
    g = f"goal < {goal * 1000:.0f} ms" if goal is not None else ""
    ok = "" if goal is None else ("  ok" if seconds < goal else "  OVER GOAL")
    print(f"  {name:<44} {seconds * 1000:9.1f} ms   {g:<16}{ok} {extra}")


def main() -> int:
    print(f"Game Tree Lab engine benchmark ({_pin_one_core()}, python {sys.version.split()[0]})")

    from engine.games import chase
    from engine.games import chase_solver as chase_solve

    print("chase: whole-table retrograde solve (cold, cache cleared each run)")
    for n, goal in ((10, None), (20, 0.3), (40, None)):

        def solve(n: int = n) -> object:
            chase_solve._solve_table.cache_clear()
            return chase.solve_table(n)

        secs, _ = _best_of(solve, 3 if n <= 20 else 1)
        _row(f"n = {n} ({2 * n**4:,} states)", secs, goal)
    pos = chase.parse_case("20 1 1 20 20", 1)
    print(f"  20 1 1 20 20 -> {chase.judge_answer(chase.solve_position(pos))}")

    from engine.games.pawn import parse_board
    from engine.games.pawn_solver import solve

    print("pawn chess: exact solve, 4 x 4")
    board = parse_board("pppp\n....\n....\nPPPP")
    secs, sol = _best_of(lambda: solve(board), 3)
    _row("pppp/..../..../PPPP, white to move", secs, 0.2, f"-> {sol.winner} ({sol.plies})")

    from engine.alphabeta import alpha_beta

    print("alpha_beta on a complete tree")
    rng = random.Random(1)
    leaves = [rng.randint(-1000, 1000) for _ in range(10**4)]
    secs, ans = _best_of(lambda: alpha_beta(leaves, 10), 5)
    _row("10,000 leaves, branching 10 (depth 4)", secs, 0.02, f"-> {ans}")
    leaves = [rng.randint(-1000, 1000) for _ in range(4**6)]
    secs, ans = _best_of(lambda: alpha_beta(leaves, 4), 5)
    _row("4,096 leaves, branching 4 (depth 6)", secs, 0.02, f"-> {ans}")

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this process: {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
