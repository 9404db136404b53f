"""Benchmark of the tree-lab pages: prints figures, asserts nothing.

    python bench/bench_pages.py

- server time of one step re-render for trees up to 1,000 nodes (goal < 300 ms): the
  page-level function that builds the figure for a step (ui.tree.tree_lab.step_figure), and a
  whole AppTest rerun of the editor page after a "next" click;
- figure build time for a 10,000-leaf tree (goal < 1 s), collapsed to ~3,000 markers;
- the autoplay figure (plotly frames, up to 400 steps) for the small trees.
"""

from __future__ import annotations

import logging
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
logging.getLogger("streamlit").setLevel(logging.ERROR)

from streamlit.testing.v1 import AppTest  # noqa: E402

from engine.random_tree import random_leaves, random_tree  # noqa: E402
from engine.tree import GameTree, complete_tree  # noqa: E402
from ui.tree import tree_lab as tl  # noqa: E402

EDITOR = str(ROOT / "pages" / "tree_editor.py")


def median_s(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def figure_times(tree: GameTree, animate: bool = False) -> tuple[float, float, int]:
    """(search + replay index s, median figure build s over 5 steps, markers)."""
    t = time.perf_counter()
    lab = tl.make_lab(tree)
    search = time.perf_counter() - t
    n = len(lab.run.events)
    steps = [n // 7, n // 3, n // 2, 2 * n // 3, n]
    times = []
    fig = None
    for k in steps:
        t = time.perf_counter()
        fig = tl.step_figure(lab, k, animate=animate)
        times.append(time.perf_counter() - t)
    markers = sum(
        len(tr.x) for tr in fig.data if tr.x is not None and tr.mode and "markers" in tr.mode
    )
    return search, statistics.median(times), markers


def apptest_rerun(tree: GameTree) -> float:
    """Median seconds of an editor-page rerun after clicking next (tree from a share link)."""
    at = AppTest.from_file(EDITOR, default_timeout=120)
    at.query_params["t"] = tl.encode_tree(tree)
    at.query_params["k"] = "1"
    at.run()
    at.button(key="ed.next").click().run()  # warm the caches
    return median_s(lambda: at.button(key="ed.next").click().run())


def main() -> None:
    cases = [
        ("complete 3^3 (40 nodes)", complete_tree(random_leaves(3, 3, -20, 20, 1), 3)),
        ("complete 3^5 (364 nodes)", complete_tree(random_leaves(3, 5, -20, 20, 1), 3)),
        ("random 1,000 nodes", random_tree(1000, 5, -99, 99, 5)),
        ("complete 2^9 (1,023 nodes)", complete_tree(random_leaves(2, 9, -99, 99, 2), 2)),
    ]
    print("step re-render, trees up to 1,000 nodes (goal < 0.300 s)")
    print(f"{'tree':<30}{'search':>9}{'figure':>9}{'autoplay':>10}{'AppTest':>9}{'markers':>9}")
    for name, tree in cases:
        search, fig, markers = figure_times(tree)
        _, anim, _ = figure_times(tree, animate=True)
        rerun = apptest_rerun(tree)
        print(
            f"{name:<30}{search:>9.3f}{fig:>9.3f}{anim:>10.3f}{rerun:>9.3f}{markers:>9}", flush=True
        )
    print()
    print("big trees: figure build, collapsed to ~3,000 markers (goal < 1 s)")
    print(f"{'tree':<30}{'search':>9}{'figure':>9}{'autoplay':>10}{'markers':>9}")
    big = [
        ("complete 10^4 (10,000 leaves)", complete_tree(random_leaves(10, 4, -99, 99, 1), 10)),
        ("complete 5^5 (3,125 leaves)", complete_tree(random_leaves(5, 5, -99, 99, 1), 5)),
        ("random 12,000 nodes", random_tree(12000, 6, -99, 99, 11)),
    ]
    for name, tree in big:
        search, fig, markers = figure_times(tree)
        print(f"{name:<30}{search:>9.3f}{fig:>9.3f}{'-':>10}{markers:>9}", flush=True)


if __name__ == "__main__":
    main()
