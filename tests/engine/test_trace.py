"""Trace invariants and replay: the indexed Replayer against a plain fold of the events."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.search import search_game, search_tree
from engine.trace import (
    ACTIVE,
    CUT,
    DONE,
    ENTER,
    EXIT,
    LEAF,
    PRUNED,
    UNSEEN,
    UPDATE,
    NodePath,
    PathTable,
    Replayer,
    replay,
)
from engine.tree import complete_tree, minimax
from tests.strategies import random_trees

VARIANTS = ("statement", "fail-hard", "strict", "negamax")


runs = st.builds(
    lambda t, a, v: search_tree(t, a, v),
    random_trees(values=(-5, 5)),
    st.sampled_from(["alphabeta", "alphabeta", "minimax"]),
    st.sampled_from(VARIANTS),
)


def fold(run, k):
    """Reference replay: apply the first k events one by one, the obvious way."""
    n = len(run.tree)
    status = [UNSEEN] * n
    value = [None] * n
    alpha = [None] * n
    beta = [None] * n
    leaves = visits = 0
    for e in run.events[:k]:
        v = e.node
        alpha[v], beta[v] = e.alpha, e.beta
        if e.kind == ENTER:
            status[v] = ACTIVE
            visits += 1
        elif e.kind in (LEAF, EXIT):
            status[v] = DONE
            value[v] = e.value
            leaves += e.kind == LEAF
        else:
            value[v] = e.best
            for s in e.skipped:
                for x in run.tree.preorder(s):
                    status[x] = PRUNED
    return status, value, alpha, beta, leaves, visits


@settings(max_examples=120, deadline=None)
@given(runs)
def test_replayer_equals_fold_at_every_step(run):
    rp = Replayer(run)
    for k in range(len(run.events) + 1):
        snap = rp.snapshot(k)
        status, value, alpha, beta, leaves, visits = fold(run, k)
        assert snap.step == k
        assert snap.status == status
        assert snap.value == value
        assert snap.alpha == alpha and snap.beta == beta
        assert (snap.leaves_evaluated, snap.nodes_visited) == (leaves, visits)
        if k == 0:
            assert snap.current is None and snap.event is None and snap.path == []
        else:
            e = run.events[k - 1]
            assert snap.event is e and snap.current == e.node
            assert snap.path[0] == 0 and snap.path[-1] == e.node
            assert all(
                run.tree.parent[b] == a for a, b in zip(snap.path, snap.path[1:], strict=False)
            )
            # the ACTIVE nodes are exactly the path above the current node (and it, if open)
            active = {i for i, s in enumerate(snap.status) if s == ACTIVE}
            assert active <= set(snap.path) and set(snap.path[:-1]) <= active


@settings(max_examples=150, deadline=None)
@given(runs)
def test_trace_invariants(run):
    tree = run.tree
    strict = run.variant == "strict"
    stack: list[int] = []
    pruned: set[int] = set()
    for e in run.events:
        assert e.node not in pruned, "an event touches a pruned subtree"
        assert e.path == tree.path(e.node)
        if e.kind == ENTER:
            if stack:
                assert tree.parent[e.node] == stack[-1]
            stack.append(e.node)
        elif e.kind == LEAF:
            assert tree.is_leaf(e.node) and stack.pop() == e.node
        elif e.kind == EXIT:
            assert not tree.is_leaf(e.node) and stack.pop() == e.node
        elif e.kind == UPDATE:
            assert stack[-1] == e.node and tree.parent[e.child] == e.node
        elif e.kind == CUT:
            assert stack[-1] == e.node
            assert e.alpha > e.beta if strict else e.alpha >= e.beta
            kids = tree.children[e.node]
            assert e.skipped and kids[-len(e.skipped) :] == e.skipped
            for s in e.skipped:
                pruned.update(tree.preorder(s))
    assert not stack
    last = replay(run, len(run.events))
    for i, s in enumerate(last.status):
        assert s in (DONE, PRUNED) or (s == UNSEEN and i in pruned)
        if s == DONE:
            assert last.value[i] is not None
    assert last.value[0] == run.value
    assert (last.leaves_evaluated, last.nodes_visited) == (run.leaves_evaluated, run.nodes_visited)
    assert Replayer(run).final_values() == last.value


@settings(max_examples=80, deadline=None)
@given(random_trees(values=(-5, 5)))
def test_minimax_final_values_are_exact(tree):
    run = search_tree(tree, "minimax")
    assert Replayer(run).final_values() == list(minimax(tree).node_values)


def test_sample_snapshot_at_the_cut():
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    run = search_tree(tree)
    k = next(i for i, e in enumerate(run.events) if e.kind == CUT) + 1
    snap = replay(run, k)
    a, b = tree.children[0][:2]
    assert snap.status[0] == ACTIVE and snap.status[b] == ACTIVE
    assert snap.status[a] == DONE and snap.value[a] == 3
    assert [snap.status[x] for x in tree.children[b]] == [DONE, PRUNED, PRUNED]
    assert (snap.alpha[b], snap.beta[b], snap.value[b]) == (3, 2, 2)
    assert snap.path == [0, b] and snap.leaves_evaluated == 4
    assert replay(run, k - 1).status[tree.children[b][1]] == UNSEEN


def test_replay_clamps_k():
    run = search_tree(complete_tree([5, 6, 7, 4], 2))
    assert replay(run, -3).step == 0
    assert replay(run, 10**9).step == len(run.events)


def test_node_path_behaves_like_a_tuple():
    tree = complete_tree(list(range(27)), 3)
    table = PathTable.of_tree(tree)
    for n in range(len(tree)):
        p = NodePath(table, n)
        t = tree.path(n)
        assert p == t and t == p and hash(p) == hash(t) and len(p) == len(t)
        assert list(p) == list(t) and tree.node_at(p) == n and repr(p) == repr(t)
    assert NodePath(table, 5) != NodePath(table, 6)


def test_game_run_replays():
    class Count:  # add 1 or 2 to a counter; reaching 5 or more ends the game
        def to_move(self, s):
            return "a" if s[1] else "b"

        def moves(self, s):
            return [1, 2] if s[0] < 5 else []

        def play(self, s, m):
            return (s[0] + m, not s[1])

        def winner(self, s):  # whoever reaches 5 or more wins
            return None if s[0] < 5 else ("b" if s[1] else "a")

        def frontier(self, s):
            return None, 0

        def move_name(self, s, m):
            return f"+{m}"

    run = search_game(Count(), (0, True))
    last = replay(run, len(run.events))
    unexplored = [
        n for n in range(len(run.tree)) if run.tree.values[n] is None and not run.tree.children[n]
    ]
    assert all(last.status[n] == PRUNED for n in unexplored)
    assert last.value[0] == run.value
