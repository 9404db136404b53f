"""The follow view's data (viz.follow): at every step checked, what it says (the path, each
node's window, the siblings' status, value, nodes and depth, the per-ply counts, the two
jumps, the established best line) is what an independent reading of the engine's trace
says: engine.trace.Replayer's snapshot, and counts taken straight from the events."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.algorithms import game_run, tree_run
from engine.games import pawn
from engine.search import search_game
from engine.trace import ACTIVE, CUT, DONE, ENTER, EXIT, LEAF, PRUNED, Replayer
from engine.tree import complete_tree, minimax
from engine.values import fmt_value
from ui.boards.board_search import pv_nodes
from viz.follow import ON_PATH, SEARCHED, TO_COME, follow_payload, state_at
from viz.follow import PRUNED as F_PRUNED

WORDS = {DONE: SEARCHED, ACTIVE: ON_PATH, PRUNED: F_PRUNED, "unseen": TO_COME}
PAWN_3X3 = "3x3w:ppp/.../PPP"
PAWN_4X4 = "4x4w:pppp/..../..../PPPP"


def _fmt(x):
    return None if x is None else fmt_value(x)


def expected(run, rep, k):
    """The follow view at step k, read from the replay and the events alone."""
    tree, events = run.tree, run.events
    snap = rep.snapshot(k)
    path = snap.path if k else [0]
    times = Counter(e.node for e in events[:k] if e.kind == ENTER)  # entered so far

    def sibling(s):
        entered = [x for x in tree.preorder(s) for _ in range(times[x])]
        depth = max((tree.depth[x] for x in entered), default=None)
        word = WORDS[snap.status[s]]
        value = _fmt(snap.value[s]) if word in (SEARCHED, ON_PATH) else None
        deep = None if depth is None else depth - tree.depth[s]
        return (s, word, len(entered), deep, value)

    rows = []
    for v in path:
        p = tree.parent[v]
        row = [sibling(s) for s in (tree.children[p] if p >= 0 else (v,))]
        rows.append((v, _fmt(snap.alpha[v]), _fmt(snap.beta[v]), _fmt(snap.value[v]), row))
    below = [sibling(s) for s in tree.children[snap.current]] if k else []
    top = max(tree.depth) + 1

    def per_ply(kind):
        out = [0] * top
        for e in events[:k]:
            if e.kind == kind:
                out[tree.depth[e.node]] += 1
        return tuple(out)

    later = list(enumerate(events, start=1))[k:]
    next_cut = next((j for j, e in later if e.kind == CUT), None)
    active = [v for v in path if snap.status[v] == ACTIVE]
    inner = active[-1] if active else 0
    end = next((j for j, e in later if e.node == inner and e.kind in (LEAF, EXIT)), None)
    return rows, below, per_ply(ENTER), per_ply(LEAF), per_ply(CUT), next_cut, end


def got(fp, k):
    s = state_at(fp, k)
    rows = [
        (
            r.node,
            r.alpha,
            r.beta,
            r.value,
            [(x.node, x.status, x.nodes, x.depth, x.value) for x in r.siblings],
        )
        for r in s.rows
    ]
    below = [(x.node, x.status, x.nodes, x.depth, x.value) for x in s.below]
    return rows, below, s.nodes, s.leaves, s.cuts, s.next_cut, s.subtree_end


def check(run, steps, pv=()):
    fp = follow_payload(run, [str(v) for v in range(len(run.tree))], pv)
    rep = Replayer(run)
    for k in steps:
        assert got(fp, k) == expected(run, rep, k), k
    return fp


def test_pawn_3x3_start_at_every_step():
    run = search_game(pawn.PawnGame(), pawn.from_code(PAWN_3X3), None)
    check(run, range(len(run.events) + 1))


@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax", "pvs", "mtdf"])
def test_each_algorithm_of_the_tree_labs_at_every_step(algorithm):
    tree = complete_tree([(7 * i + 3) % 13 for i in range(27)], 3)
    run = tree_run(tree, algorithm).run
    check(run, range(len(run.events) + 1), minimax(tree).principal_variation())


@pytest.mark.parametrize("algorithm", ["pvs", "mtdf", "deepening+table"])
def test_board_algorithms_on_a_chase_like_depth_limited_search(algorithm):
    run = game_run(pawn.PawnGame(), pawn.from_code(PAWN_3X3), 4, algorithm, 50_000)
    check(run, range(0, len(run.events) + 1, 3))


def test_pawn_4x4_start_at_several_steps():
    """The search the follow view is for: 80,897 steps (a few steps checked, each costs a
    scan of the trace)."""
    run = search_game(pawn.PawnGame(), pawn.from_code(PAWN_4X4), None, max_nodes=80_000)
    n = len(run.events)
    check(run, [0, 17, 12_345, 40_000, n - 1, n])


def test_best_line_is_established_when_the_root_returns():
    run = search_game(pawn.PawnGame(), pawn.from_code(PAWN_3X3), None)
    rep = Replayer(run)
    pv = pv_nodes(run, rep.final_values())
    fp = check(run, [], pv)
    n = len(run.events)
    root_done = max(k for k, e in enumerate(run.events, 1) if e.node == 0 and e.kind == EXIT)
    assert state_at(fp, root_done - 1).pv == ()
    assert state_at(fp, root_done).pv == state_at(fp, n).pv == tuple(pv)
    # the line's lower nodes were done long before: they are not shown as best until then
    assert any(rep.snapshot(root_done - 1).status[v] == DONE for v in pv[1:])


def test_payload_is_json_and_small_beside_the_trace():
    run = search_game(pawn.PawnGame(), pawn.from_code(PAWN_3X3), None)
    fp = follow_payload(run, list(run.tree.labels))
    size = len(json.dumps(fp, separators=(",", ":")))
    assert fp["n"] == len(fp["ev"]) == len(fp["ew"]) == len(fp["ek"]) == len(run.events)
    assert len(fp["par"]) == len(fp["lab"]) == len(fp["pr"]) == len(run.tree)
    assert size < 25 * (len(run.events) + len(run.tree))  # a few numbers per event and node
    assert fp == follow_payload(run, list(run.tree.labels))  # deterministic: same id
