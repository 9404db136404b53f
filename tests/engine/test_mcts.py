"""Monte Carlo tree search (engine.mcts): checked against an independent UCT written here,
differently (plain recursion over nested dicts, no ids, no machinery), iteration by
iteration; visit counts; convergence to a minimax-best move; the games; bad parameters."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import algorithms as ea
from engine.errors import SearchError
from engine.games.chase import ChaseGame, ChasePosition
from engine.games.pawn import PawnGame, start
from engine.mcts import EXPAND, GREEDY, PLAYOUT, SELECT, MctsParams, mcts_game, mcts_tree
from engine.search import search_game
from engine.trace import ENTER, EXIT, LEAF
from engine.tree import GameTree, complete_tree
from engine.tree_text import parse_brackets
from tests.strategies import random_trees


# ---- the independent UCT ---------------------------------------------------------------------
def as_dicts(tree: GameTree, n: int = 0) -> dict:
    """``{"v": value}`` for a leaf, ``{"kids": [...]}`` inside; N and W live in the dicts."""
    if not tree.children[n]:
        return {"v": tree.values[n], "N": 0, "W": 0.0}
    return {"kids": [as_dicts(tree, c) for c in tree.children[n]], "N": 0, "W": 0.0}


def leaf_values(d: dict) -> list:
    return [d["v"]] if "v" in d else [v for k in d["kids"] for v in leaf_values(k)]


class Uct:
    """UCT as the textbook writes it, recursively: a node is in the tree once N > 0."""

    def __init__(self, tree: GameTree, seed: int, c: float, greedy: bool = False):
        self.root = as_dicts(tree)
        vals = leaf_values(self.root)
        self.lo, self.hi = min(vals), max(vals)
        self.rng, self.c, self.greedy = random.Random(seed), c, greedy
        self.path: list[dict] = []

    def reward(self, d: dict) -> float:
        return 0.5 if self.hi == self.lo else float((d["v"] - self.lo) / (self.hi - self.lo))

    def rollout(self, d: dict, mx: bool) -> float:
        if "v" in d:
            return self.reward(d)
        ends = [k for k in d["kids"] if "v" in k] if self.greedy else []
        if ends:
            best = (max if mx else min)(ends, key=lambda k: k["v"])
            return self.rollout(best, not mx)
        return self.rollout(d["kids"][self.rng.randrange(len(d["kids"]))], not mx)

    def ucb(self, parent: dict, k: dict, mx: bool) -> float:
        q = k["W"] / k["N"]
        return (q if mx else 1 - q) + self.c * math.sqrt(math.log(parent["N"]) / k["N"])

    def visit(self, d: dict, mx: bool) -> float:
        self.path.append(d)
        if "v" in d:
            r = self.reward(d)
        else:
            fresh = [k for k in d["kids"] if k["N"] == 0]
            if fresh:
                self.path.append(fresh[0])
                r = self.rollout(fresh[0], not mx)
                fresh[0]["N"] += 1
                fresh[0]["W"] += r
            else:
                scores = [self.ucb(d, k, mx) for k in d["kids"]]
                r = self.visit(d["kids"][scores.index(max(scores))], not mx)
        d["N"] += 1
        d["W"] += r
        return r

    def iterate(self) -> tuple[list[dict], float]:
        self.path = []
        r = self.visit(self.root, True)
        return self.path, r


def plain_minimax(d: dict, mx: bool) -> int:
    if "v" in d:
        return d["v"]
    vals = [plain_minimax(k, not mx) for k in d["kids"]]
    return max(vals) if mx else min(vals)


def dict_of(tree: GameTree, root: dict) -> dict[int, dict]:
    """Tree node id -> its dict in the independent UCT."""
    out: dict[int, dict] = {}

    def walk(n: int, d: dict) -> None:
        out[n] = d
        for c, k in zip(tree.children[n], d.get("kids", ()), strict=False):
            walk(c, k)

    walk(0, root)
    return out


def agree(tree: GameTree, iterations: int, seed: int, c: float, greedy: bool = False) -> None:
    got = mcts_tree(tree, iterations, seed, c, GREEDY if greedy else "random")
    ref = Uct(tree, seed, c, greedy)
    where = dict_of(tree, ref.root)
    for i, it in enumerate(got.iterations):
        path, r = ref.iterate()
        assert [where[n] for n in it.path] == path, f"iteration {i + 1}: another path"
        assert it.reward == pytest.approx(r)
    for n, d in where.items():
        assert got.N[n] == d["N"]
        assert got.W[n] == pytest.approx(d["W"])


# ---- agreement --------------------------------------------------------------------------------
def test_statement_tree_agrees_iteration_by_iteration():
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    for seed in (0, 1, 7):
        for c in (0.0, 0.5, math.sqrt(2), 3.0):
            agree(tree, 300, seed, c)
    agree(tree, 300, 2, 1.0, greedy=True)


@settings(max_examples=40, deadline=None)
@given(random_trees(max_nodes=25), st.integers(0, 2**31), st.sampled_from([0.3, 1.0, 1.7]))
def test_random_trees_agree(tree, seed, c):
    agree(tree, 120, seed, c)
    agree(tree, 60, seed, c, greedy=True)


@settings(max_examples=30, deadline=None)
@given(random_trees(max_nodes=30), st.integers(1, 400), st.integers(0, 9))
def test_visits_sum_to_the_iterations(tree, iterations, seed):
    got = mcts_tree(tree, iterations, seed)
    assert got.N[0] == iterations
    if tree.children[0]:
        assert sum(got.visits) == iterations
    for n, kids in enumerate(tree.children):  # a node's visits: one more than its children's
        if kids and got.N[n] and all(got.N[k] for k in kids):
            assert got.N[n] == sum(got.N[k] for k in kids) + (1 if n else 0)


def test_same_seed_same_trace_another_seed_another():
    tree = complete_tree(list(range(27)), 3)
    a, b, other = (mcts_tree(tree, 200, s) for s in (5, 5, 6))
    assert a.run.events == b.run.events and a.N == b.N
    assert (other.N, other.W) != (a.N, a.W)


# ---- convergence: the most-visited root child is a minimax-best move -------------------------
def test_converges_to_a_minimax_best_move():
    """20 random complete trees (branching 2 or 3, depth 1 to 4, distinct leaves drawn
    without repetition), 20,000 iterations each: the most-visited root child is minimax-best
    in at least 95 % of them (19 of 20; all 20 today). Trees and seeds are fixed, so the test
    is deterministic (and costs about 2 s); a UCT right only 80 % of the time would pass with
    probability below 0.07, one right 70 % of the time below 0.008."""
    rng = random.Random(2026)
    good = 0
    cases = 20
    for _ in range(cases):
        b, d = rng.choice((2, 3)), rng.randint(1, 4)
        leaves = rng.sample(range(-500, 500), b**d)
        tree = complete_tree(leaves, b)
        got = mcts_tree(tree, 20_000, rng.randrange(10**6), record=False)
        root = as_dicts(tree)
        values = [plain_minimax(k, False) for k in root["kids"]]
        best = {i for i, v in enumerate(values) if v == max(values)}
        good += got.best in best
    assert good >= math.ceil(0.95 * cases)


# ---- the trace ----------------------------------------------------------------------------------
def test_each_iteration_is_its_four_phases():
    tree = parse_brackets("((3 12 8) (2 4 6) (14 5 2))")
    got = mcts_tree(tree, 30, 3)
    events = got.run.events
    for it in got.iterations:
        steps = events[it.step : it.step + 2 * len(it.path)]
        selected = it.path[:-1] if it.expanded is not None else it.path
        assert [(e.kind, e.tag, e.node) for e in steps[: len(selected)]] == [
            (ENTER, SELECT, n) for n in selected
        ]
        rest = steps[len(selected) :]
        if it.expanded is not None:
            assert (rest[0].kind, rest[0].tag, rest[0].node) == (ENTER, EXPAND, it.expanded)
            rest = rest[1:]
        assert (rest[0].kind, rest[0].tag, rest[0].value) == (LEAF, PLAYOUT, it.reward)
        assert [(e.kind, e.node) for e in rest[1:]] == [(EXIT, n) for n in reversed(it.path[:-1])]
        for ch in it.choices:  # the chosen child has the largest UCB value, the first on a tie
            assert ch.chosen == ch.children[ch.ucb.index(max(ch.ucb))]
    assert len(events) == sum(2 * len(it.path) for it in got.iterations)
    assert got.means[-1] == pytest.approx(got.value)


def test_untraced_counts_like_traced():
    tree = complete_tree(list(range(16)), 2)
    a, b = mcts_tree(tree, 500, 1), mcts_tree(tree, 500, 1, record=False)
    assert (a.N, a.W, a.counts) == (b.N, b.W, b.counts)
    assert b.run.events == [] and a.run.nodes_visited == b.run.nodes_visited


# ---- games -----------------------------------------------------------------------------------------
def test_pawn_and_chase_on_the_explorer():
    pawn = mcts_game(PawnGame(), start(3, 3), 300, seed=2)
    assert pawn.N[0] == 300 and sum(pawn.visits) == 300
    assert len(pawn.run.states) == len(pawn.run.tree) == len(pawn.N)
    # 3x3 pawn chess from the start is lost for white (minimax: -994); the estimate says so
    exact = search_game(
        PawnGame(), start(3, 3), None, "minimax", max_nodes=10**6, record=False
    ).value
    longer = mcts_game(PawnGame(), start(3, 3), 2000, seed=2, record=False)
    assert exact < 0 and longer.value < 0.25
    chase = mcts_game(ChaseGame(), ChasePosition(6, (0, 0), (5, 5)), 200, seed=1, ply_cap=8)
    assert chase.counts["capped"] > 0  # short cap: some playouts stop there (a draw)
    assert all(it.plies <= 8 for it in chase.iterations)
    again = mcts_game(ChaseGame(), ChasePosition(6, (0, 0), (5, 5)), 200, seed=1, ply_cap=8)
    assert again.run.events == chase.run.events


def test_depth_limited_game_stops_playouts_at_the_limit():
    got = mcts_game(PawnGame(), start(4, 4), 100, seed=0, depth=2)
    assert max(got.run.tree.depth) <= 2
    assert all(it.plies + len(it.path) - 1 <= 2 for it in got.iterations)


def test_registry_runs_it():
    tree = parse_brackets("((1 2) (5 6))")
    got = ea.tree_run(tree, ea.MCTS, params=MctsParams(iterations=50, seed=4))
    assert got.mcts is not None and got.run.algorithm == "mcts" and got.mcts.best == 1
    assert ea.node_types(got.run) == {}
    board = ea.mcts_run(PawnGame(), start(3, 3), None, MctsParams(iterations=20), 10_000)
    assert board.mcts is not None and board.mcts.N[0] == 20


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"iterations": 0}, "iterations must be between"),
        ({"iterations": 2.5}, "whole number"),
        ({"c": -1.0}, "c must be a number >= 0"),
        ({"c": math.inf}, "c must be a number >= 0"),
        ({"policy": "smart"}, "unknown playout policy"),
    ],
)
def test_bad_parameters(kwargs, words):
    with pytest.raises(SearchError, match=words):
        MctsParams(**kwargs)


def test_chance_trees_are_refused():
    with pytest.raises(SearchError, match="chance"):
        mcts_tree(parse_brackets("?(0.5:1 0.5:2)"), 10)
