"""Benchmark of the tree pages' server side: prints figures, asserts nothing.

    python bench/bench_pages.py

The tree canvas (ui.common.canvas) steps in the browser: the server builds one payload per
run and view (viz.tree_payload, cached), then hears only a debounced step report. Printed:

- payload build time and JSON size for trees up to 1,000 nodes and for big trees collapsed
  to the lab's budget (goal: build < 1 s for 10,000 leaves);
- an AppTest rerun of the editor page after a step report (the server's cost of a report;
  the browser's own step is timed by bench/bench_browser.py);
- the pawn search tab's payload for the 37k-node search of the full 4x4 start.
"""

from __future__ import annotations

import json
import logging
import statistics
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games import pawn
from engine.random_tree import random_leaves, random_tree
from engine.search import search_game
from engine.tree import GameTree, complete_tree
from teach.explain import describe, node_name
from ui.boards import board_search
from ui.common.keys import Editor
from ui.tree import tree_lab as tl
from viz.tree_payload import tree_payload

ROOT = Path(__file__).resolve().parents[1]
logging.getLogger("streamlit").setLevel(logging.ERROR)

EDITOR = str(ROOT / "app_pages" / "tree.py")


def median_s(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def payload_times(tree: GameTree) -> tuple[float, float, int, int, int]:
    """(search + replay index s, median payload build s, KB of JSON, markers, steps)."""
    t = time.perf_counter()
    lab = tl.make_lab(tree)
    search = time.perf_counter() - t
    build = median_s(lambda: tl.canvas_payload(lab), repeat=3)
    p = tl.canvas_payload(lab)
    kb = len(json.dumps(p, separators=(",", ":"))) // 1024
    return search, build, kb, len(p["nodes"]["id"]) + len(p["sum"]), p["n"]


def report_rerun(tree: GameTree) -> float:
    """Median seconds of an editor-page rerun after a step report (tree from a share link)."""
    at = AppTest.from_file(EDITOR, default_timeout=120)
    at.query_params["t"] = tl.encode_tree(tree)
    at.run()
    keys = Editor.lab.canvas
    k = [0]

    def report() -> None:
        k[0] += 1
        at.session_state[keys.step] = at.session_state[keys.known] = k[0]
        at.run()

    report()  # warm the caches
    return median_s(report)


def main() -> None:
    cases = [
        ("complete 3^3 (40 nodes)", complete_tree(random_leaves(3, 3, -20, 20, 1), 3)),
        ("complete 3^5 (364 nodes)", complete_tree(random_leaves(3, 5, -20, 20, 1), 3)),
        ("random 1,000 nodes", random_tree(1000, 5, -99, 99, 5)),
        ("complete 2^9 (1,023 nodes)", complete_tree(random_leaves(2, 9, -99, 99, 2), 2)),
    ]
    head = f"{'tree':<30}{'search':>9}{'payload':>9}{'KB':>7}{'markers':>9}{'steps':>8}"
    print("tree canvas payload, trees up to 1,000 nodes (built once per run, cached)")
    print(head + f"{'report':>9}")
    for name, tree in cases:
        search, build, kb, markers, steps = payload_times(tree)
        rerun = report_rerun(tree)
        print(
            f"{name:<30}{search:>9.3f}{build:>9.3f}{kb:>7}{markers:>9}{steps:>8}{rerun:>9.3f}",
            flush=True,
        )
    print()
    print(f"big trees, collapsed to {tl.BUDGET:,} markers (goal: payload < 1 s)")
    print(head)
    big = [
        ("complete 10^4 (10,000 leaves)", complete_tree(random_leaves(10, 4, -99, 99, 1), 10)),
        ("complete 5^5 (3,125 leaves)", complete_tree(random_leaves(5, 5, -99, 99, 1), 5)),
        ("random 12,000 nodes", random_tree(12000, 6, -99, 99, 11)),
    ]
    for name, tree in big:
        search, build, kb, markers, steps = payload_times(tree)
        print(f"{name:<30}{search:>9.3f}{build:>9.3f}{kb:>7}{markers:>9}{steps:>8}", flush=True)
    print()
    print(f"pawn search tab, full 4x4 start, {board_search.BUDGET} markers")
    run = search_game(pawn.PawnGame(), pawn.from_code("4x4w:pppp/..../..../PPPP"))
    names = [node_name(run.tree, v) for v in range(len(run.tree))]
    build = median_s(
        lambda: tree_payload(run, describe, names, budget=board_search.BUDGET), repeat=3
    )
    p = tree_payload(run, describe, names, budget=board_search.BUDGET)
    kb = len(json.dumps(p, separators=(",", ":"))) // 1024
    print(
        f"{len(run.tree):,} nodes, {p['n']:,} steps: payload {build:.3f} s, {kb:,} KB, "
        f"{len(p['sum'])} '+N nodes' markers"
    )


if __name__ == "__main__":
    main()
