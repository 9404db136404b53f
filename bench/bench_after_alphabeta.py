"""The searches after alpha-beta: prints figures (not a timed test).
Run: python bench/bench_after_alphabeta.py

For a random complete tree (3^7 leaves) and for pawn chess from the 4x4 start at depth 6:
wall time (best of 3) and the race table's counts of each algorithm, traced and untraced.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engine.deepening import deepen
from engine.expectimax import expectimax
from engine.games import pawn
from engine.mtdf import mtdf, mtdf_deepen
from engine.node_types import classify
from engine.pvs import pvs
from engine.race import race_tree
from engine.search import search_tree
from engine.tree import complete_tree


def best_of(fn: Callable[[], object], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main() -> None:
    rng = random.Random(1)
    tree = complete_tree([rng.randint(-100, 100) for _ in range(3**7)], 3)
    print(f"complete tree b=3 d=7 ({len(tree):,} nodes)")
    jobs = {
        "alphabeta (traced)": lambda: search_tree(tree),
        "node types of that trace": lambda: classify(search_tree(tree)),
        "pvs (traced)": lambda: pvs(tree),
        "pvs (untraced)": lambda: pvs(tree, record=False),
        "mtdf (traced)": lambda: mtdf(tree),
        "mtdf (untraced)": lambda: mtdf(tree, record=False),
        "expectimax (untraced)": lambda: expectimax(tree, record=False),
        "race table (4 algorithms x 3 orders)": lambda: race_tree(tree),
    }
    for name, fn in jobs.items():
        print(f"  {name:40s} {best_of(fn) * 1000:8.1f} ms")
    table = race_tree(tree)
    print(f"  minimal tree: {table.minimal_leaves} leaves")
    for r in table.rows:
        print(
            f"  {r.algorithm:10s} {r.ordering:8s} leaves {r.leaves:5d} nodes {r.nodes:5d} "
            f"null windows {r.null_windows:4d} re-searches {r.re_searches:3d} "
            f"table hits {r.table_hits:4d}"
        )
    game, pos = pawn.PawnGame(), pawn.start(4, 4)
    print("pawn chess 4x4 start, depth 6")
    for name, fn in {
        "deepening + table (traced)": lambda: deepen(game, pos, 6),
        "deepening, no table (traced)": lambda: deepen(game, pos, 6, table=False),
        "mtdf + deepening (traced)": lambda: mtdf_deepen(game, pos, 6),
    }.items():
        print(f"  {name:40s} {best_of(fn) * 1000:8.1f} ms")
    a, b, m = deepen(game, pos, 6), deepen(game, pos, 6, table=False), mtdf_deepen(game, pos, 6)
    print(
        f"  leaves: with table {a.total('leaves')}, hits {a.total('table_hits')}; "
        f"without {b.total('leaves')}; mtdf {m.total('leaves')} in {m.total('passes')} passes"
    )


if __name__ == "__main__":
    main()
