"""Traced searches: statement samples, agreement with independent references, variants."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.alphabeta import alpha_beta
from engine.deepening import deepen
from engine.errors import SearchError, SearchTooLarge
from engine.game import WIN
from engine.mtdf import mtdf_deepen
from engine.search import reorder, search_game, search_tree
from engine.trace import CUT, ENTER, LEAF, replay
from engine.tree import GameTree, complete_tree, from_parents, minimax
from tests.strategies import complete_cases, random_trees

VARIANTS = ("statement", "fail-hard", "strict", "negamax")


@st.composite
def complete_trees(draw) -> GameTree:
    b = draw(st.integers(2, 4))
    d = draw(st.integers(1, 4 if b <= 3 else 3))
    leaves = draw(st.lists(st.integers(-50, 50), min_size=b**d, max_size=b**d))
    return complete_tree(leaves, b)


def reference_statement(tree: GameTree) -> tuple[int, int]:
    """PROBLEMS.md problem 1, written recursively and independently: (value, leaves)."""
    count = 0

    def ab(node: int, alpha: float, beta: float) -> float:
        nonlocal count
        kids = tree.children[node]
        if not kids:
            count += 1
            return tree.values[node]
        if tree.is_max(node):
            best = -math.inf
            for c in kids:
                best = max(best, ab(c, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            best = math.inf
            for c in kids:
                best = min(best, ab(c, alpha, beta))
                beta = min(beta, best)
                if alpha >= beta:
                    break
        return best

    v = ab(0, -math.inf, math.inf)
    return int(v), count


# ---- statement samples ---------------------------------------------------------------
def test_first_sample_statement():
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    run = search_tree(tree)
    assert run.tree is tree
    assert (run.value, run.leaves_evaluated) == (3, 7)
    cuts = [e for e in run.events if e.kind == CUT]
    assert len(cuts) == 1
    cut = cuts[0]
    second_min = tree.children[0][1]
    assert cut.node == second_min
    assert (cut.beta, cut.alpha) == (2, 3)
    assert [tree.values[s] for s in cut.skipped] == [4, 6]
    # the CUT comes right after the UPDATE from the MIN node's first child
    i = run.events.index(cut)
    before = run.events[i - 1]
    assert before.kind == "update" and before.child == tree.children[second_min][0]


def test_second_sample_statement():
    run = search_tree(complete_tree([5, 6, 7, 4], 2))
    assert [run.value, run.leaves_evaluated] == [5, 4]


# ---- independent references -----------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(complete_trees())
def test_statement_matches_minimax_and_reference_on_complete_trees(tree):
    run = search_tree(tree)
    value, leaves = reference_statement(tree)
    assert run.value == minimax(tree).value == value
    assert run.leaves_evaluated == leaves


@settings(max_examples=150, deadline=None)
@given(random_trees())
def test_statement_matches_reference_on_any_shape(tree):
    run = search_tree(tree)
    assert (run.value, run.leaves_evaluated) == reference_statement(tree)
    assert run.nodes_visited == sum(1 for e in run.events if e.kind == ENTER)


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_minimax_visits_everything(tree):
    for variant in VARIANTS:
        run = search_tree(tree, algorithm="minimax", variant=variant)
        assert run.value == minimax(tree).value
        assert run.leaves_evaluated == len(tree.leaves())
        assert run.nodes_visited == len(tree)
        assert not any(e.kind == CUT for e in run.events)


@settings(max_examples=150, deadline=None)
@given(random_trees())
def test_variants_agree_on_value(tree):
    runs = {v: search_tree(tree, variant=v) for v in VARIANTS}
    assert {r.value for r in runs.values()} == {minimax(tree).value}
    base = runs["statement"].leaves_evaluated
    # fail-hard and negamax prune exactly like the statement; strict never prunes more
    assert runs["fail-hard"].leaves_evaluated == base
    assert runs["negamax"].leaves_evaluated == base
    assert runs["strict"].leaves_evaluated >= base


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_fail_hard_returns_within_window(tree):
    run = search_tree(tree, variant="fail-hard")
    window = {}
    exits = [e for e in run.events if e.kind == "exit"]
    assert exits or len(tree) == 1  # every inner node is left (a lone leaf: none)
    for e in run.events:
        if e.kind == ENTER:
            window[e.node] = (e.alpha, e.beta)
        elif e.kind == "exit":
            a0, b0 = window[e.node]
            assert a0 <= e.value <= b0
            assert e.value == min(max(e.best, a0), b0)


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_negamax_views_are_consistent(tree):
    events = search_tree(tree, variant="negamax").events
    assert events
    for e in events:
        sign = 1 if tree.is_max(e.node) else -1
        if e.kind in (ENTER, LEAF, "update", CUT, "exit"):
            assert (e.nm_alpha, e.nm_beta) == (
                (e.alpha, e.beta) if sign == 1 else (-e.beta, -e.alpha)
            )
        if e.value is not None:
            assert e.nm_value == sign * e.value


def test_strict_prunes_less_on_equal_bounds():
    # the second MIN node's first leaf equals alpha: the statement cuts at 3 >= 3, strict not
    tree = complete_tree([3, 12, 8, 3, 4, 6, 14, 5, 2], 3)
    statement = search_tree(tree)
    strict = search_tree(tree, variant="strict")
    assert statement.value == strict.value == 3
    assert statement.leaves_evaluated == 7
    assert strict.leaves_evaluated == 9
    assert all(e.alpha > e.beta for e in strict.events if e.kind == CUT)


def test_long_chain_is_iterative():
    n = 100_000
    tree = from_parents([-1] + list(range(n - 1)), [None] * (n - 1) + [7])
    run = search_tree(tree)
    assert run.value == 7 and run.nodes_visited == n and run.leaves_evaluated == 1
    assert len(run.events[-1].path) == 0 and len(run.events[n - 1].path) == n - 1


def test_unknown_options_raise():
    tree = complete_tree([1, 2], 2)
    with pytest.raises(SearchError):
        search_tree(tree, algorithm="mtdf")
    with pytest.raises(SearchError):
        search_tree(tree, variant="pvs")


# ---- move ordering ----------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(random_trees(), st.integers(0, 5))
def test_reorder_keeps_the_tree(tree, seed):
    for mode in ("best-first", "worst-first", "shuffled"):
        t = reorder(tree, mode, seed)
        assert [sorted(c) for c in t.children] == [sorted(c) for c in tree.children]
        assert minimax(t).value == minimax(tree).value
        assert search_tree(t).value == minimax(tree).value
    best = reorder(tree, "best-first")
    val = minimax(tree).node_values
    for n, kids in enumerate(best.children):
        vs = [val[c] for c in kids]
        assert vs == sorted(vs, reverse=best.is_max(n))


@settings(max_examples=100, deadline=None)
@given(complete_trees())
def test_best_first_never_evaluates_more(tree):
    best = search_tree(reorder(tree, "best-first")).leaves_evaluated
    worst = search_tree(reorder(tree, "worst-first")).leaves_evaluated
    assert best <= search_tree(tree).leaves_evaluated <= worst


def test_reorder_sample():
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    assert search_tree(reorder(tree, "best-first")).leaves_evaluated == 5
    assert search_tree(reorder(tree, "worst-first")).leaves_evaluated == 9
    assert reorder(tree, "shuffled", 1).children == reorder(tree, "shuffled", 1).children


# ---- games ------------------------------------------------------------------------------
class Nim:
    """Take 1..k stones; whoever takes the last stone wins. State: (stones, MAX to move)."""

    def __init__(self, k: int = 3):
        self.k = k

    def to_move(self, s):
        return "max" if s[1] else "min"

    def moves(self, s):
        return list(range(1, min(self.k, s[0]) + 1))

    def play(self, s, m):
        return (s[0] - m, not s[1])

    def winner(self, s):  # the side to move with no stones left has lost
        if s[0]:
            return None
        return "min" if s[1] else "max"

    def frontier(self, s):  # the mover wins unless the stones are a multiple of k + 1
        if s[0] % (self.k + 1) == 0:
            return ("min" if s[1] else "max"), s[0]
        return ("max" if s[1] else "min"), s[0] % (self.k + 1)

    def move_name(self, s, m):
        return f"take {m}"


def _score(who, plies, max_side="max"):
    if who is None:
        return 0
    return WIN - plies if who == max_side else -(WIN - plies)


def plain_game_minimax(game, s, ply: int, depth: int | None) -> int:
    who = game.winner(s)
    if who is not None:
        return _score(who, ply)
    if depth is not None and ply >= depth:
        who, togo = game.frontier(s)
        return _score(who, ply + togo)
    vals = [plain_game_minimax(game, game.play(s, m), ply + 1, depth) for m in game.moves(s)]
    return max(vals) if game.to_move(s) == "max" else min(vals)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 11), st.integers(2, 3), st.none() | st.integers(0, 6))
def test_search_game_equals_plain_minimax(stones, k, depth):
    game = Nim(k)
    root = (stones, True)
    expect = plain_game_minimax(game, root, 0, depth)
    for algorithm in ("minimax", "alphabeta"):
        for variant in VARIANTS:
            run = search_game(game, root, depth, algorithm, variant)
            assert run.value == expect
            tree = run.tree
            assert len(run.states) == len(tree) and run.states[0] == root
            for n in range(1, len(tree)):
                p = tree.parent[n]
                m = game.moves(run.states[p])[tree.children[p].index(n)]
                assert run.states[n] == game.play(run.states[p], m)
                assert tree.labels[n] == f"take {m}"
                assert tree.is_max(n) == (game.to_move(run.states[n]) == "max")
            skipped = {s for e in run.events if e.kind == CUT for s in e.skipped}
            unexplored = {
                n for n in range(len(tree)) if tree.values[n] is None and not tree.children[n]
            }
            assert skipped == unexplored
            if algorithm == "minimax":
                assert not skipped
            entered = {e.node for e in run.events if e.kind == ENTER}
            assert entered | skipped == set(range(len(tree)))


def test_search_game_prunes_moves_as_unexplored_leaves():
    run = search_game(Nim(3), (6, True))
    cuts = [e for e in run.events if e.kind == CUT]
    assert cuts, "alpha-beta should cut in Nim from 6 stones"
    for e in cuts:
        for s in e.skipped:
            assert run.tree.values[s] is None and not run.tree.children[s]
    assert run.value == plain_game_minimax(Nim(3), (6, True), 0, None)
    assert run.tree.labels[0] == "root"


def test_search_game_node_limit():
    with pytest.raises(SearchTooLarge, match="more than 50 nodes"):
        search_game(Nim(3), (12, True), max_nodes=50)


def test_search_game_rejects_non_alternating_game():
    class Lonely(Nim):
        def play(self, s, m):
            return (s[0] - m, s[1])  # MAX moves forever

    with pytest.raises(SearchError, match="does not alternate"):
        search_game(Lonely(), (3, True))
    # every search over a game explores through the one Explorer, and so checks the same
    with pytest.raises(SearchError, match="does not alternate"):
        deepen(Lonely(), (3, True), 2)
    with pytest.raises(SearchError, match="does not alternate"):
        mtdf_deepen(Lonely(), (3, True), 2)


def test_every_game_search_has_the_one_node_limit():
    for search in (
        lambda: search_game(Nim(3), (12, True), max_nodes=10),
        lambda: deepen(Nim(3), (12, True), 8, max_nodes=10),
        lambda: mtdf_deepen(Nim(3), (12, True), 8, max_nodes=10),
    ):
        with pytest.raises(SearchTooLarge, match="more than 10 nodes; lower the depth"):
            search()


@settings(max_examples=60, deadline=None)
@given(random_trees(), st.sampled_from(VARIANTS), st.sampled_from(("minimax", "alphabeta")))
def test_untraced_search_counts_what_the_traced_one_records(tree, variant, algorithm):
    traced = search_tree(tree, algorithm, variant)
    counted = search_tree(tree, algorithm, variant, record=False)
    assert counted.events == []
    assert counted.value == traced.value
    assert counted.leaves_evaluated == sum(1 for e in traced.events if e.kind == LEAF)
    assert counted.nodes_visited == sum(1 for e in traced.events if e.kind == ENTER)


# ---- cross-check with the fast judge implementation ----------------------------------------
@settings(max_examples=150, deadline=None)
@given(complete_cases(branching=(2, 4), depth=(1, 4), values=(-9, 9)))
def test_trace_counts_equal_engine_alpha_beta(case) -> None:
    """The traced search and its replay count exactly what engine.alpha_beta counts."""
    b, leaves = case
    run = search_tree(complete_tree(leaves, b))
    assert [run.value, run.leaves_evaluated] == alpha_beta(leaves, b)
    final = replay(run, len(run.events))
    assert final.leaves_evaluated == run.leaves_evaluated
    assert final.nodes_visited == run.nodes_visited
