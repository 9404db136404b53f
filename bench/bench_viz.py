"""Benchmark of viz figures and exports: prints figures, asserts nothing.

    python bench/bench_viz.py

- tidy layout of 11,111 nodes (goal: well under 0.1 s);
- the figure of a 10,000-leaf tree collapsed to 3,000 markers (goal < 1 s);
- the autoplay figure of a 1,111-node tree, up to 400 frames (goal < 1 s);
- GraphML and node-link JSON of the statement sample and of a 1,111-node search.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.search import search_tree  # noqa: E402
from engine.trace import Replayer  # noqa: E402
from engine.tree import complete_tree, minimax  # noqa: E402
from viz.export import graphml_bytes, node_link_bytes, search_graph  # noqa: E402
from viz.layout import tidy_layout  # noqa: E402
from viz.tree_figure import tree_figure  # noqa: E402


def median_s(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    rng = random.Random(3)
    big = complete_tree([rng.randint(-1000, 1000) for _ in range(10_000)], 10)
    print(f"tidy_layout {len(big):,} nodes: {median_s(lambda: tidy_layout(big)):.4f} s")
    pv = minimax(big).principal_variation()
    tree_figure(complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))  # warm plotly's imports
    s = median_s(lambda: tree_figure(big, None, budget=3000, highlight=pv), repeat=3)
    print(f"figure of a 10,000-leaf tree collapsed to 3,000 markers: {s:.3f} s")

    t = complete_tree([rng.randint(-50, 50) for _ in range(1000)], 10)
    rep = Replayer(search_tree(t))
    snaps = [rep.snapshot(k) for k in range(len(rep) + 1)]
    mid = snaps[len(snaps) // 2]
    fig = tree_figure(t, mid, animate=True, snapshots=snaps)
    s = median_s(lambda: tree_figure(t, mid, animate=True, snapshots=snaps), repeat=3)
    print(f"autoplay figure of {len(t):,} nodes, {len(fig.frames)} frames: {s:.3f} s")

    sample = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    for name, tree in (("statement sample", sample), (f"{len(t):,}-node tree", t)):
        run = search_tree(tree)
        g = search_graph(run)
        gm = median_s(lambda g=g: graphml_bytes(g), repeat=3)
        js = median_s(lambda g=g: node_link_bytes(g), repeat=3)
        print(
            f"export {name}: GraphML {len(graphml_bytes(g)):,} B in {gm:.4f} s, "
            f"JSON {len(node_link_bytes(g)):,} B in {js:.4f} s"
        )


if __name__ == "__main__":
    main()
