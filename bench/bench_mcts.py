"""Monte Carlo tree search (UCT): prints figures (not a timed test).
Run: python bench/bench_mcts.py

The goal (issue 25): 10,000 iterations on the pawn 4x4 start in under 1 s untraced. Prints
wall and CPU time (best of 3; CPU time is what a busy machine does not inflate), the root's
visits and estimate; then a traced run of 200 iterations (the canvas's) and its event count,
and the chase from a 6 x 6 corner start (playouts capped at engine.mcts.PLY_CAP plies); then
the runs the board labs' search tabs make by default (200 iterations traced, the whole game:
ui.boards.board_mcts) on the pawn 4x4 start and the chase lab's 8 x 8 position.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from engine.games.chase import ChaseGame, ChasePosition, from_code
from engine.games.pawn import PawnGame, start
from engine.mcts import PLY_CAP, Mcts, mcts_game


def best_of(fn: Callable[[], Mcts], runs: int = 3) -> tuple[float, float, Mcts]:
    walls, cpus = [], []
    got = None
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        got = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    assert got is not None
    return min(walls), min(cpus), got


def main() -> None:
    pawn, chase = PawnGame(), ChaseGame()
    jobs = {
        "pawn 4x4 start, 10,000 iterations, untraced": lambda: mcts_game(
            pawn, start(4, 4), 10_000, seed=1, record=False
        ),
        "pawn 4x4 start, 200 iterations, traced": lambda: mcts_game(pawn, start(4, 4), 200, seed=1),
        f"chase 6x6 corners, 10,000 iterations (cap {PLY_CAP} plies)": lambda: mcts_game(
            chase, ChasePosition(6, (0, 0), (5, 5)), 10_000, seed=1, record=False
        ),
        "chase tab's default, 8x8 8-2.2-7.6-w, 200 iterations, traced": lambda: mcts_game(
            chase, from_code("8-2.2-7.6-w"), 200, seed=0
        ),
    }
    for name, fn in jobs.items():
        wall, cpu, got = best_of(fn)
        print(f"{name}")
        print(
            f"  wall {wall * 1000:7.1f} ms  cpu {cpu * 1000:7.1f} ms  value {got.value:.3f}  "
            f"best {got.best}  visits {got.visits}  nodes {got.counts['tree_nodes']:,}  "
            f"playouts {got.counts['playouts']:,}  capped {got.counts['capped']:,}  "
            f"events {len(got.run.events):,}"
        )


if __name__ == "__main__":
    main()
