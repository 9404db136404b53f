"""Golden event streams: every search of the engine on a fixed set of trees and positions.

Recorded once, from the search machinery as it was before issue 20 rewrote it (two
machineries: ``engine/search.py``'s stack and ``engine/traced.py``'s trampoline), into
``tests/data/golden_searches.json.gz``; ``tests/engine/test_golden.py`` runs every case again
and compares it with the file event for event, field for field, with the result objects
(values, counts, explored trees, game states, MTD(f)'s passes, deepening's iterations and
table). Re-record only on purpose, when a search is meant to change what it does::

    python -m tests.data.record_golden --write     # from the repository root

Without ``--write`` it prints how many cases and events there are and the file's size.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from engine.deepening import deepen
from engine.expectimax import expectimax
from engine.games.chase import ChaseGame, ChasePosition
from engine.games.chase_solver import solve_table
from engine.games.pawn import PawnGame, parse_board
from engine.mtdf import mtdf, mtdf_deepen
from engine.pvs import pvs
from engine.random_tree import random_leaves, random_tree
from engine.search import REORDER_MODES, VARIANTS, reorder, search_game, search_tree
from engine.tree import GameTree, complete_tree, from_parents
from engine.tree_text import parse_brackets

GOLDEN = Path(__file__).resolve().parent / "golden_searches.json.gz"


# ---- encoding: exact, and telling apart int, float and Fraction ---------------------------
def enc(x: Any) -> Any:
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, int):
        return x
    if isinstance(x, float):
        if math.isinf(x):
            return "+inf" if x > 0 else "-inf"
        return {"float": repr(x)}
    if isinstance(x, Fraction):
        return {"frac": [x.numerator, x.denominator]}
    if isinstance(x, (tuple, list)):
        return [enc(v) for v in x]
    try:  # a NodePath, or any other sequence
        return [enc(v) for v in tuple(x)]
    except TypeError:
        return {"repr": repr(x)}


def enc_tree(t: GameTree) -> dict[str, Any]:
    return {
        "parent": list(t.parent),
        "children": [list(c) for c in t.children],
        "values": enc(t.values),
        "depth": list(t.depth),
        "labels": None if t.labels is None else list(t.labels),
        "kinds": None if t.kinds is None else list(t.kinds),
        "probs": None if t.probs is None else enc(t.probs),
    }


EVENT_FIELDS = (
    "kind",
    "node",
    "path",
    "alpha",
    "beta",
    "value",
    "child",
    "best",
    "skipped",
    "nm_alpha",
    "nm_beta",
    "nm_value",
    "nm_best",
    "tag",
)


def enc_event(e: Any) -> list[Any]:
    return [enc(getattr(e, f)) for f in EVENT_FIELDS]


def enc_run(run: Any, digest: bool = False) -> dict[str, Any]:
    """A SearchRun, every field. ``digest``: the events as a SHA-256 of their encoding and
    their number, with the first and last 20 in full (a long chain)."""
    events = [enc_event(e) for e in run.events]
    out: dict[str, Any] = {
        "value": enc(run.value),
        "leaves_evaluated": run.leaves_evaluated,
        "nodes_visited": run.nodes_visited,
        "algorithm": run.algorithm,
        "variant": run.variant,
        "counts": dict(sorted(run.counts.items())),
        "states": None if run.states is None else [repr(s) for s in run.states],
        "tree": enc_tree(run.tree),
    }
    if digest:
        text = json.dumps(events, separators=(",", ":"))
        out["events_sha256"] = hashlib.sha256(text.encode()).hexdigest()
        out["events_count"] = len(events)
        out["events_head"] = events[:20]
        out["events_tail"] = events[-20:]
    else:
        out["events"] = events
    return out


def enc_mtdf(res: Any) -> dict[str, Any]:
    return {
        "value": enc(res.value),
        "first_guess": res.first_guess,
        "leaves_evaluated": res.leaves_evaluated,
        "nodes_visited": res.nodes_visited,
        "table_hits": res.table_hits,
        "passes": [
            {
                "beta": p.beta,
                "value": enc(p.value),
                "lower": enc(p.lower),
                "upper": enc(p.upper),
                "failed_high": p.failed_high,
                "run": enc_run(p.run),
            }
            for p in res.passes
        ],
    }


def enc_deepening(res: Any) -> dict[str, Any]:
    return {
        "value": enc(res.value),
        "best_move": repr(res.best_move),
        "uses_table": res.uses_table,
        "totals": {w: res.total(w) for w in ("leaves", "nodes", "table_hits", "table_moves")},
        "iterations": [
            {
                "depth": it.depth,
                "best_move": repr(it.best_move),
                "pv": [repr(m) for m in it.pv],
                "run": enc_run(it.run),
            }
            for it in res.iterations
        ],
        "table": sorted(
            [repr(k), e.depth, e.flag, enc(e.value), repr(e.move)] for k, e in res.table.items()
        ),
    }


def enc_mtdf_deepening(res: Any) -> dict[str, Any]:
    return {
        "value": enc(res.value),
        "totals": {w: res.total(w) for w in ("leaves", "nodes", "table_hits", "passes")},
        "iterations": [{"depth": it.depth, "result": enc_mtdf(it.result)} for it in res.iterations],
        "memory": sorted([repr(k), d, enc(lo), enc(hi)] for k, (d, lo, hi) in res.memory.items()),
    }


def error_of(fn: Callable[[], Any]) -> dict[str, Any]:
    """What a search that must refuse raises: the class name and the message."""
    try:
        fn()
    except ValueError as e:
        return {"error": type(e).__name__, "message": str(e)}
    raise AssertionError("expected an error")


# ---- the cases ------------------------------------------------------------------------------
def _caterpillar(n: int) -> GameTree:
    """A chain of ``n`` inner nodes, each with a leaf child first and the chain after it."""
    parent, values = [-1], [None]
    for i in range(n):
        spine = len(parent) - 1  # the last spine node added (the root at first)
        parent.append(spine)  # the leaf
        values.append((i * 7) % 11 - 5)
        parent.append(spine)  # the next spine node
        values.append(None)
    values[-1] = 3
    return from_parents(parent, values)


def trees() -> dict[str, GameTree]:
    out = {
        "statement": complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3),
        "ties-all-equal": complete_tree([5, 5, 5, 5, 5, 5, 5, 5], 2),
        "ties-pairs": complete_tree([1, 1, 2, 2, 1, 1, 2, 2, 2], 3),
        "ties-binary-d4": complete_tree([4, 4, 3, 4, 4, 2, 4, 4, 5, 4, 3, 3, 4, 6, 4, 4], 2),
        "two-leaves": complete_tree([7, -7], 2),
        "irregular": parse_brackets("((3 (5 2) 9) (1 (8 (4 6)) 0) 7)"),
    }
    for seed in (1, 2, 3):
        out[f"random-complete-b3d4-s{seed}"] = complete_tree(random_leaves(3, 4, -9, 9, seed), 3)
    for seed in (4, 5, 6, 7):
        out[f"random-tree-40-s{seed}"] = random_tree(40, 4, -20, 20, seed)
    out["random-tree-120-s8"] = random_tree(120, 5, -50, 50, 8)
    return out


def chance_trees() -> dict[str, GameTree]:
    return {
        "chance-small": parse_brackets("(?(1/3:(3 1) 2/3:4) 2)"),
        "chance-root": parse_brackets("?(0.5:3 0.5:(2 4))"),
        "chance-nested": parse_brackets("?(.25:1 .75:?(0.5:2 0.5:3))"),
        "chance-mixed": parse_brackets(
            "((?(1/4:(5 -2) 3/4:(1 7)) 3) (?(1/2:2 1/2:(0 ?(1/3:9 2/3:-3))) (4 6)))"
        ),
    }


CHAIN = "caterpillar-400"


def tree_cases() -> dict[str, Callable[[], Any]]:
    cases: dict[str, Callable[[], Any]] = {}
    all_trees = trees()
    for name, tree in all_trees.items():
        orders: dict[str, GameTree] = {"given": tree}
        for mode in REORDER_MODES:
            orders[mode] = reorder(tree, mode, seed=11)
        for oname, t in orders.items():
            at = f"{name}/{oname}"
            cases[f"{at}/minimax"] = lambda t=t: enc_run(search_tree(t, "minimax"))
            for v in VARIANTS:
                cases[f"{at}/alphabeta-{v}"] = lambda t=t, v=v: enc_run(
                    search_tree(t, "alphabeta", v)
                )
            cases[f"{at}/pvs"] = lambda t=t: enc_run(pvs(t))
            cases[f"{at}/pvs-untraced"] = lambda t=t: enc_run(pvs(t, record=False))
            cases[f"{at}/mtdf"] = lambda t=t: enc_mtdf(mtdf(t))
            cases[f"{at}/expectimax"] = lambda t=t: enc_run(expectimax(t))
        cases[f"{name}/mtdf-guess-5"] = lambda t=tree: enc_mtdf(mtdf(t, first_guess=5))
        cases[f"{name}/mtdf-guess--4"] = lambda t=tree: enc_mtdf(mtdf(t, first_guess=-4))
        cases[f"{name}/mtdf-untraced"] = lambda t=tree: enc_mtdf(mtdf(t, record=False))
        cases[f"{name}/expectimax-untraced"] = lambda t=tree: enc_run(expectimax(t, record=False))
    for name, tree in chance_trees().items():
        cases[f"{name}/expectimax"] = lambda t=tree: enc_run(expectimax(t))
        cases[f"{name}/expectimax-untraced"] = lambda t=tree: enc_run(expectimax(t, record=False))
        cases[f"{name}/shuffled/expectimax"] = lambda t=tree: enc_run(
            expectimax(reorder(t, "shuffled", seed=3))
        )
        cases[f"{name}/alphabeta-refuses"] = lambda t=tree: error_of(lambda: search_tree(t))
        cases[f"{name}/pvs-refuses"] = lambda t=tree: error_of(lambda: pvs(t))
        cases[f"{name}/mtdf-refuses"] = lambda t=tree: error_of(lambda: mtdf(t))
    chain = _caterpillar(400)
    for algo, variant in (("minimax", "statement"), ("alphabeta", "statement")):
        cases[f"{CHAIN}/{algo}-{variant}"] = lambda a=algo, v=variant: enc_run(
            search_tree(chain, a, v), digest=True
        )
    cases[f"{CHAIN}/alphabeta-negamax"] = lambda: enc_run(
        search_tree(chain, "alphabeta", "negamax"), digest=True
    )
    cases[f"{CHAIN}/pvs"] = lambda: enc_run(pvs(chain), digest=True)
    cases[f"{CHAIN}/expectimax"] = lambda: enc_run(expectimax(chain), digest=True)
    cases[f"{CHAIN}/mtdf"] = lambda: (
        {k: v for k, v in enc_mtdf(mtdf(chain)).items() if k != "passes"}
        | {"passes": [[p.beta, p.value, enc(p.lower), enc(p.upper)] for p in mtdf(chain).passes]}
    )
    statement = all_trees["statement"]
    cases["errors/unknown-variant"] = lambda: error_of(
        lambda: search_tree(statement, "alphabeta", "x")
    )
    cases["errors/unknown-algorithm"] = lambda: error_of(lambda: search_tree(statement, "y"))
    cases["errors/unknown-order"] = lambda: error_of(lambda: reorder(statement, "z"))
    return cases


def game_cases() -> dict[str, Callable[[], Any]]:
    cases: dict[str, Callable[[], Any]] = {}
    pawn = PawnGame()
    p3 = parse_board("ppp\n...\nPPP")
    p4 = parse_board("pppp\n....\n....\nPPPP")
    p4b = parse_board(".p.p\np...\n.P.P\nP...", white_to_move=False)
    for v in VARIANTS:
        cases[f"pawn3/whole/alphabeta-{v}"] = lambda v=v: enc_run(
            search_game(pawn, p3, None, "alphabeta", v)
        )
    cases["pawn3/whole/minimax"] = lambda: enc_run(search_game(pawn, p3, None, "minimax"))
    cases["pawn3/depth3/alphabeta"] = lambda: enc_run(search_game(pawn, p3, 3))
    for name, pos, depth in (("pawn4", p4, 4), ("pawn4-black", p4b, 3), ("pawn3", p3, 5)):
        for v in VARIANTS:
            cases[f"{name}/depth{depth}/alphabeta-{v}"] = lambda pos=pos, d=depth, v=v: enc_run(
                search_game(pawn, pos, d, "alphabeta", v, max_nodes=20_000)
            )
        cases[f"{name}/depth{depth}/minimax"] = lambda pos=pos, d=depth: enc_run(
            search_game(pawn, pos, d, "minimax", max_nodes=20_000)
        )
        for use in (True, False):
            cases[f"{name}/deepen{depth}/table-{use}"] = lambda pos=pos, d=depth, u=use: (
                enc_deepening(deepen(pawn, pos, d, table=u, max_nodes=20_000))
            )
        cases[f"{name}/deepen{depth}/untraced"] = lambda pos=pos, d=depth: enc_deepening(
            deepen(pawn, pos, d, record=False, max_nodes=20_000)
        )
        cases[f"{name}/mtdf_deepen{depth}"] = lambda pos=pos, d=depth: enc_mtdf_deepening(
            mtdf_deepen(pawn, pos, d, max_nodes=20_000)
        )
        cases[f"{name}/mtdf_deepen{depth}/guess-3"] = lambda pos=pos, d=depth: enc_mtdf_deepening(
            mtdf_deepen(pawn, pos, d, first_guess=3, record=False)
        )
    cases["pawn4/too-large"] = lambda: error_of(lambda: search_game(pawn, p4, 6, max_nodes=500))
    cases["pawn4/deepen-too-large"] = lambda: error_of(lambda: deepen(pawn, p4, 6, max_nodes=60))
    cases["pawn4/mtdf_deepen-too-large"] = lambda: error_of(
        lambda: mtdf_deepen(pawn, p4, 6, max_nodes=60)
    )
    cases["pawn4/negative-depth"] = lambda: error_of(lambda: search_game(pawn, p4, -1))
    cases["pawn4/deepen-depth-0"] = lambda: error_of(lambda: deepen(pawn, p4, 0))
    cases["pawn4/mtdf_deepen-depth-0"] = lambda: error_of(lambda: mtdf_deepen(pawn, p4, 0))
    chase_pos = ChasePosition(4, (0, 0), (3, 2))
    solved = ChaseGame(solve_table(4))
    bare = ChaseGame()
    for gname, game in (("chase4-table", solved), ("chase4-bare", bare)):
        cases[f"{gname}/depth3/alphabeta"] = lambda g=game: enc_run(search_game(g, chase_pos, 3))
        cases[f"{gname}/depth3/alphabeta-negamax"] = lambda g=game: enc_run(
            search_game(g, chase_pos, 3, variant="negamax")
        )
        cases[f"{gname}/depth2/minimax"] = lambda g=game: enc_run(
            search_game(g, chase_pos, 2, "minimax")
        )
        cases[f"{gname}/deepen3"] = lambda g=game: enc_deepening(deepen(g, chase_pos, 3))
        cases[f"{gname}/deepen3/no-table"] = lambda g=game: enc_deepening(
            deepen(g, chase_pos, 3, table=False)
        )
        cases[f"{gname}/mtdf_deepen3"] = lambda g=game: enc_mtdf_deepening(
            mtdf_deepen(g, chase_pos, 3)
        )
    return cases


def all_cases() -> dict[str, Callable[[], Any]]:
    return tree_cases() | game_cases()


def record() -> dict[str, Any]:
    return {name: fn() for name, fn in all_cases().items()}


def load() -> dict[str, Any]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return json.load(f)


def main(argv: list[str]) -> int:
    data = record()
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    events = text.count('["enter",')
    if "--write" in argv:
        with gzip.GzipFile(GOLDEN, "wb", mtime=0) as f:
            f.write(text.encode())
        print(f"wrote {GOLDEN.name}: {len(data)} cases, {GOLDEN.stat().st_size:,} bytes")
    else:
        print(f"{len(data)} cases, {events:,} ENTER events, {len(text):,} bytes of JSON")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
