"""Engine benchmark: prints figures (not a timed test). Run: python bench/bench_engine.py

Runs on one core (the process is pinned to a single CPU where the OS allows it) and prints
the wall time of each job, the best of a few runs, with the goals from the engine issue:
the judge CLI's start-up per subcommand (a fresh ``python -m engine`` each time), the chase
table, pawn chess, and alpha-beta on the flat leaf list beside the traced search.

``--callgrind``: each search of the machinery once, for instruction counts under
``valgrind --tool=callgrind`` (stable on a busy machine, unlike wall times; see
:func:`callgrind`).
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CLI_CASES = {  # one small case per subcommand: the time is Python, imports and the answer
    "alphabeta": '{"leaves": [3, 12, 8, 2, 4, 6, 14, 5, 2], "branching": 3}\n',
    "pawn": "1\n.ppp\n....\n.PPP\n....\n",
    "chase": "2 1 1 2 2\n",
    "tree": "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 +1\n",
}


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


def _cli(problem: str, stdin: str) -> tuple[float, str]:
    """Best of 5 wall times of ``python -m engine PROBLEM`` with ``stdin``, and its answer."""

    def once() -> str:
        res = subprocess.run(
            [sys.executable, "-m", "engine", problem],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        return res.stdout.strip()

    secs, out = _best_of(once, 5)
    return secs, str(out)


def main() -> int:
    print(f"Game Tree Lab engine benchmark ({_pin_one_core()}, python {sys.version.split()[0]})")

    print("judge CLI: start-up and one small case, a fresh process each run (best of 5)")
    bare, _ = _best_of(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), 5)
    _row("python -c pass (the floor)", bare, None)
    for problem, stdin in CLI_CASES.items():
        secs, out = _cli(problem, stdin)
        _row(f"python -m engine {problem}", secs, None, f"-> {out.splitlines()[0]}")
    secs, out = _cli("chase", "20 1 1 20 20\n")
    _row("python -m engine chase: 20 1 1 20 20", secs, None, f"-> {out}")

    from engine.games.chase_solver import solve_position, solve_table
    from engine.judge import chase_answer, parse_chase_case

    print("chase: whole-table retrograde solve (the engine keeps no cache: each run is cold)")
    for n, goal in ((10, None), (20, 0.3), (40, None)):
        secs, _ = _best_of(lambda n=n: solve_table(n), 3 if n <= 20 else 1)
        _row(f"n = {n} ({2 * n**4:,} states)", secs, goal)
    pos = parse_chase_case("20 1 1 20 20", 1)
    print(f"  20 1 1 20 20 -> {chase_answer(solve_position(pos, solve_table(20)))}")

    from engine.games.pawn import parse_board
    from engine.games.pawn_solver import solve

    print("pawn chess: exact solve, 4 x 4")
    board = parse_board("pppp\n....\n....\nPPPP")
    secs, sol = _best_of(lambda: solve(board), 3)
    _row("pppp/..../..../PPPP, white to move", secs, 0.2, f"-> {sol.winner} ({sol.plies})")

    from engine.alphabeta import alpha_beta
    from engine.search import search_tree
    from engine.tree import complete_tree

    print("alpha-beta on a complete tree: the judge's flat leaf list vs the machinery's search")
    rng = random.Random(1)
    for count, b, label in (
        (10**4, 10, "10,000 leaves, branching 10 (depth 4)"),
        (4**6, 4, "4,096 leaves, branching 4 (depth 6)"),
    ):
        leaves = [rng.randint(-1000, 1000) for _ in range(count)]
        flat, ans = _best_of(lambda leaves=leaves, b=b: alpha_beta(leaves, b), 5)
        _row(f"flat   {label}", flat, 0.02, f"-> {ans}")

        def traced(leaves: list[int] = leaves, b: int = b) -> list[int]:
            run = search_tree(complete_tree(leaves, b))
            return [run.value, run.leaves_evaluated]

        slow, ans2 = _best_of(traced, 3)
        assert ans2 == ans, (ans, ans2)
        _row(f"traced {label}", slow, None, f"-> {ans2}, {slow / flat:.0f}x the flat path")

        def counted(leaves: list[int] = leaves, b: int = b) -> list[int]:
            run = search_tree(complete_tree(leaves, b), record=False)
            return [run.value, run.leaves_evaluated]

        mid, ans3 = _best_of(counted, 3)
        assert ans3 == ans, (ans, ans3)
        _row(f"untraced {label}", mid, None, f"-> {ans3}, {mid / flat:.0f}x the flat path")

    _games()
    _machinery()

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory of this process: {peak:.0f} MB")
    return 0


def _games() -> None:
    """OpenSpiel's games solved exactly from the start, every move's value included (the
    Games issue's goals), and OpenSpiel's own alpha-beta on the same game beside it."""
    from engine.games.openspiel import OpenSpielGame, unavailable

    print("OpenSpiel's games: exact solve from the start, every move's value (best of 3)")
    why = unavailable()
    if why is not None:
        print(f"  skipped: {why}")
        return
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    from engine.exact import solve

    for spec, goal in (
        ("tic_tac_toe", 0.3),
        ("connect_four(rows=4,columns=4,x_in_row=3)", 1.0),
        ("hex(board_size=3)", None),
        ("nim(pile_sizes=1;3;5;7)", None),
    ):
        game = OpenSpielGame(spec)
        secs, sol = _best_of(lambda game=game: solve(game, game.start()), 3)
        o = sol.outcome
        _row(spec, secs, goal, f"-> value {o.value}, plies {o.plies}, {sol.nodes:,} states")
    game = OpenSpielGame("tic_tac_toe")
    theirs, _ = _best_of(lambda: alpha_beta_search(game._game, maximum_depth=20), 1)
    ours, _ = _best_of(lambda: solve(game, game.start()), 3)
    _row("tic_tac_toe: OpenSpiel's alpha_beta_search", theirs, None, f"({theirs / ours:.2f}x ours)")


def _machinery_jobs() -> dict[str, Callable[..., object]]:
    """Every search of the machinery on one tree and one position."""
    from engine.deepening import deepen
    from engine.expectimax import expectimax
    from engine.games.pawn import PawnGame, parse_board
    from engine.mtdf import mtdf, mtdf_deepen
    from engine.pvs import pvs
    from engine.search import search_game, search_tree
    from engine.tree import complete_tree

    rng = random.Random(1)
    tree = complete_tree([rng.randint(-100, 100) for _ in range(3**7)], 3)
    game, start = PawnGame(), parse_board("pppp\n....\n....\nPPPP")
    jobs: dict[str, Callable[..., object]] = {
        "minimax  tree 3^7": lambda **kw: search_tree(tree, "minimax", **kw),
        "alphabeta tree 3^7": lambda **kw: search_tree(tree, **kw),
        "negamax  tree 3^7": lambda **kw: search_tree(tree, variant="negamax", **kw),
        "pvs      tree 3^7": lambda **kw: pvs(tree, **kw),
        "mtdf     tree 3^7": lambda **kw: mtdf(tree, **kw),
        "expectimax tree 3^7": lambda **kw: expectimax(tree, **kw),
        "alphabeta pawn 4x4 depth 6": lambda **kw: search_game(game, start, 6, **kw),
        "deepen+table pawn 4x4 depth 6": lambda **kw: deepen(game, start, 6, **kw),
        "mtdf_deepen pawn 4x4 depth 6": lambda **kw: mtdf_deepen(game, start, 6, **kw),
    }
    return jobs


def _machinery() -> None:
    """Every search of the machinery, traced and untraced: wall times."""
    jobs = _machinery_jobs()
    print("search machinery: traced | untraced (record=False), best of 3")
    print(f"  {'':<34} {'traced':>10} {'untraced':>10}")
    for name, fn in jobs.items():
        traced, _ = _best_of(fn, 3)
        try:
            untraced, _ = _best_of(lambda fn=fn: fn(record=False), 3)
            u = f"{untraced * 1000:8.1f} ms"
        except TypeError:  # this search has no untraced form
            u = f"{'-':>8}   "
        print(f"  {name:<34} {traced * 1000:7.1f} ms {u}")


def callgrind() -> int:
    """Each search of the machinery once, traced then untraced, for instruction counts:
    ``valgrind --tool=callgrind --dump-before=sched_yield python bench/bench_engine.py
    --callgrind`` writes one dump per ``os.sched_yield()``; the dumps after the job names
    printed here hold each job's instructions (the collector is emptied between jobs, so no
    job pays for the garbage of the one before; set PYTHONHASHSEED for repeatable counts)."""
    import gc

    for name, fn in _machinery_jobs().items():
        for traced in (True, False):
            gc.collect()
            print(f"next dump: {name} {'traced' if traced else 'untraced'}", flush=True)
            os.sched_yield()
            try:
                fn() if traced else fn(record=False)
            except TypeError:  # this search has no untraced form
                pass
            os.sched_yield()
    return 0


if __name__ == "__main__":
    sys.exit(callgrind() if sys.argv[1:] == ["--callgrind"] else main())
