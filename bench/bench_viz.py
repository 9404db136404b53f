"""Benchmark of viz figures and exports: prints figures, asserts nothing.

    python bench/bench_viz.py

- tidy layout of 11,111 nodes (goal: well under 0.1 s);
- the tree canvas payload of a 10,000-leaf search collapsed to 1,500 markers (goal < 1 s);
- the payload of a 1,111-node search, every step in it (goal < 1 s);
- GraphML and node-link JSON of the statement sample and of a 1,111-node search;
- the pawn 4 x 4 start's search tab (80,897 steps): the canvas payload (each sentence once)
  and the follow view's data, build time and size, beside the size the canvas payload had
  with a sentence per step.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from engine.games import pawn
from engine.search import search_game, search_tree
from engine.trace import Replayer
from engine.tree import complete_tree, minimax
from teach.explain import describe, node_name
from ui.boards.board_search import BUDGET, pv_nodes
from viz.export import graphml_bytes, node_link_bytes, search_graph
from viz.follow import follow_payload
from viz.layout import tidy_layout
from viz.tree_payload import step_text, tree_payload


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
    run = search_tree(big)
    names = [node_name(big, v) for v in range(len(big))]
    s = median_s(lambda: tree_payload(run, describe, names, budget=1500, pv=pv), repeat=3)
    print(f"canvas payload of a 10,000-leaf search collapsed to 1,500 markers: {s:.3f} s")

    t = complete_tree([rng.randint(-50, 50) for _ in range(1000)], 10)
    run = search_tree(t)
    names = [node_name(t, v) for v in range(len(t))]
    s = median_s(lambda: tree_payload(run, describe, names), repeat=3)
    print(f"canvas payload of {len(t):,} nodes, all {len(run.events)} steps: {s:.3f} s")

    sample = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    pawn_start()
    for name, tree in (("statement sample", sample), (f"{len(t):,}-node tree", t)):
        run = search_tree(tree)
        g = search_graph(run)
        gm = median_s(lambda g=g: graphml_bytes(g), repeat=3)
        js = median_s(lambda g=g: node_link_bytes(g), repeat=3)
        print(
            f"export {name}: GraphML {len(graphml_bytes(g)):,} B in {gm:.4f} s, "
            f"JSON {len(node_link_bytes(g)):,} B in {js:.4f} s"
        )


def _mb(obj) -> float:
    return len(json.dumps(obj, separators=(",", ":"))) / 1e6


def pawn_start() -> None:
    """The pawn 4 x 4 start's search tab: what the server builds once and sends the browser."""
    run = search_game(pawn.PawnGame(), pawn.from_code("4x4w:pppp/..../..../PPPP"), None)
    pv = pv_nodes(run, Replayer(run).final_values())
    names = list(run.tree.labels)
    tp = tree_payload(run, describe, names, budget=BUDGET, pv=pv)
    s = median_s(lambda: tree_payload(run, describe, names, budget=BUDGET, pv=pv), repeat=3)
    old = {k: v for k, v in tp.items() if k not in ("texts", "ti", "pvk")}
    old["text"] = [step_text(tp, k) for k in range(tp["n"] + 1)]  # a sentence per step
    print(
        f"pawn 4x4 start ({len(run.events):,} steps, {len(run.tree):,} nodes): canvas payload "
        f"{_mb(tp):.2f} MB in {s:.3f} s ({len(tp['texts']):,} distinct sentences; "
        f"a sentence per step: {_mb(old):.2f} MB)"
    )
    fp = follow_payload(run, names, pv)
    s = median_s(lambda: follow_payload(run, names, pv), repeat=3)
    print(f"pawn 4x4 start: follow view data {_mb(fp):.2f} MB in {s:.3f} s")
    print(f"pawn 4x4 start: sent to the browser {_mb(tp) + _mb(fp):.2f} MB (was {_mb(old):.2f} MB)")


if __name__ == "__main__":
    main()
