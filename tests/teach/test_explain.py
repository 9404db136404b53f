"""Plain-words explanations and node names."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.search import search_game, search_tree
from engine.trace import CUT, ENTER
from engine.tree import GameTree, complete_tree, from_parents
from engine.tree_text import parse_brackets
from teach.explain import describe, letters, node_name
from teach.quiz import node_names

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]


def test_step_zero():
    run = search_tree(complete_tree(SAMPLE, 3))
    assert describe(run, 0) == "Press next to start the search at the root (MAX)."


def test_sample_cut_sentence():
    run = search_tree(complete_tree(SAMPLE, 3))
    k = next(i for i, e in enumerate(run.events) if e.kind == CUT) + 1
    text = describe(run, k)
    # the statement: at C, beta = 2 <= alpha = 3, so the leaves valued 4 and 6 (the 5th and
    # 6th leaves from the left) are pruned
    assert text == (
        "MIN node C: beta = 2 <= alpha = 3, so its leaves 5 and 6 with values 4 and 6 are pruned."
    )
    for part in (
        "MIN node C",
        "beta = 2",
        "alpha = 3",
        "leaves 5 and 6",
        "values 4 and 6 are pruned",
    ):
        assert part in text
    # leaves revealed as evaluated (issue 22): the values the search never saw go unsaid
    assert describe(run, k, leaf_values=False) == (
        "MIN node C: beta = 2 <= alpha = 3, so its leaves 5 and 6 are pruned."
    )
    one = search_tree(parse_brackets("((3 5) (2 9))"))
    k1 = next(i for i, e in enumerate(one.events) if e.kind == CUT) + 1
    assert describe(one, k1, leaf_values=False).endswith("so its leaf 4 is pruned.")


def test_sample_names_and_first_steps():
    tree = complete_tree(SAMPLE, 3)
    assert [node_name(tree, n) for n in range(4)] == ["A", "B", "C", "D"]
    assert [node_name(tree, n) for n in tree.leaves()] == [str(i) for i in range(1, 10)]
    run = search_tree(tree)
    assert describe(run, 1) == "Start at the root, MAX node A, with alpha = −∞ and beta = +∞."
    assert describe(run, 4) == "Evaluate leaf 1: its value is 3."
    assert describe(run, 5).startswith("MIN node B sees leaf 1 (value 3), so best = 3")
    assert describe(run, len(run.events)).startswith("The root returns 3")


def test_letters():
    assert [letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]


def test_bfs_letters_skip_leaves():
    # root A has a leaf and an inner node; the inner node is B even though it comes second
    tree = from_parents([-1, 0, 0, 2, 2], [None, 7, None, 1, 2])
    assert [node_name(tree, n) for n in range(5)] == ["A", "1", "B", "2", "3"]


def test_equal_leaf_values_get_distinct_names():
    tree = complete_tree([5, 5, 1, 5], 2)  # cut at the second MIN node after leaf 3
    run = search_tree(tree)
    texts = [describe(run, k) for k in range(len(run.events) + 1)]
    assert "Evaluate leaf 1: its value is 5." in texts
    assert "Evaluate leaf 2: its value is 5." in texts
    cut = next(t for t in texts if "pruned" in t)
    assert cut == "MIN node C: beta = 1 <= alpha = 5, so its leaf 4 with value 5 is pruned."


def test_quiz_and_explanations_name_leaves_alike():
    tree = from_parents([-1, 0, 0, 2, 2], [None, 7, None, 1, 2])
    assert node_names(tree) == ["A", "leaf 1", "B", "leaf 2", "leaf 3"]
    run = search_tree(tree)
    said = " ".join(describe(run, k) for k in range(len(run.events) + 1))
    for leaf in tree.leaves():
        assert node_names(tree)[leaf] in said


def test_strict_equal_bounds_is_explained():
    run = search_tree(complete_tree([3, 12, 8, 3, 4, 6, 14, 5, 2], 3), variant="strict")
    texts = [describe(run, k) for k in range(len(run.events) + 1)]
    assert any("strict rule cuts only when alpha > beta" in t for t in texts)


def test_labelled_names_follow_moves():
    tree = GameTree(
        parent=(-1, 0, 0, 1, 3, 4, 5),
        children=((1, 2), (3,), (), (4,), (5,), (6,), ()),
        values=(None, None, 1, None, None, None, 2),
        depth=(0, 1, 1, 2, 3, 4, 5),
        labels=("root", "a", "b", "c", "d", "e", "f"),
    )
    assert node_name(tree, 0) == "root"
    assert node_name(tree, 3) == "a c"
    assert node_name(tree, 6) == "… d e f"


def test_game_cut_names_moves():
    class Nim:
        def to_move(self, s):
            return "max" if s[1] else "min"

        def moves(self, s):
            return list(range(1, min(3, s[0]) + 1))

        def play(self, s, m):
            return (s[0] - m, not s[1])

        def winner(self, s):
            return None if s[0] else ("min" if s[1] else "max")

        def frontier(self, s):
            return None, 0

        def move_name(self, s, m):
            return f"take{m}"

    run = search_game(Nim(), (5, True))
    k = next(i for i, e in enumerate(run.events) if e.kind == CUT) + 1
    e = run.events[k - 1]
    text = describe(run, k)
    for s in e.skipped:
        assert run.tree.labels[s] in text
    assert "pruned" in text


@settings(max_examples=80, deadline=None)
@given(
    st.integers(1, 30).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.integers(0, 10**6), min_size=n, max_size=n),
            st.lists(st.integers(-9, 9), min_size=n, max_size=n),
        )
    ),
    st.sampled_from(["statement", "fail-hard", "strict", "negamax"]),
    st.sampled_from(["alphabeta", "minimax"]),
)
def test_every_step_has_a_sentence(shape, variant, algorithm):
    n, draws, vals = shape
    parent = [-1] + [draws[i] % i for i in range(1, n)]
    inner = set(parent[1:])
    tree = from_parents(parent, [None if i in inner else vals[i] for i in range(n)])
    run = search_tree(tree, algorithm, variant)
    for k in range(len(run.events) + 1):
        text = describe(run, k)
        assert text and text[0].isupper() and text.endswith((".", ")"))
        assert "inf" not in text and not re.search(r"\d\.0\b", text)
        if k and run.events[k - 1].kind == ENTER and algorithm == "alphabeta":
            assert "alpha = " in text and "beta = " in text
