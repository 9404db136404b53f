"""Problem 1: alpha-beta on leaves + branching, checked against plain minimax and an
independent recursive reference of the statement's counting rule."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.alphabeta import alpha_beta, parse_leaves
from engine.errors import InputError
from engine.judge import judge_alphabeta as cli_alphabeta
from engine.tree import GameTree, complete_tree, minimax


# ---- statement samples -----------------------------------------------------------------
@pytest.mark.parametrize(
    "leaves, branching, answer",
    [([3, 12, 8, 2, 4, 6, 14, 5, 2], 3, [3, 7]), ([5, 6, 7, 4], 2, [5, 4])],
)
def test_samples(leaves, branching, answer):
    assert alpha_beta(leaves, branching) == answer


def test_cli_samples_blank_lines_ignored():
    text = (
        '{"leaves": [3, 12, 8, 2, 4, 6, 14, 5, 2], "branching": 3}\n'
        "\n   \n"
        '{"leaves": [5, 6, 7, 4], "branching": 2}'
    )
    assert cli_alphabeta(text) == "[3, 7]\n[5, 4]\n"


# ---- independent reference --------------------------------------------------------------
def reference(tree: GameTree, node: int, alpha: float, beta: float) -> tuple[int, int]:
    """The statement's rule written plainly on an explicit tree: (value, leaves evaluated)."""
    kids = tree.children[node]
    if not kids:
        return tree.values[node], 1
    count = 0
    if tree.is_max(node):
        best = -math.inf
        for c in kids:
            value, n = reference(tree, c, alpha, beta)
            count += n
            best = max(best, value)
            alpha = max(alpha, best)
            if alpha >= beta:
                break
    else:
        best = math.inf
        for c in kids:
            value, n = reference(tree, c, alpha, beta)
            count += n
            best = min(best, value)
            beta = min(beta, best)
            if alpha >= beta:
                break
    return best, count


@st.composite
def complete_cases(draw, lo=-1000, hi=1000):
    """(leaves, branching, depth): branching 2..5, depth 1..5 (up to 3125 leaves)."""
    b = draw(st.integers(2, 5))
    d = draw(st.integers(1, 5))
    n = b**d
    if n <= 64:  # small: let hypothesis draw (and shrink) every leaf
        leaves = draw(st.lists(st.integers(lo, hi), min_size=n, max_size=n))
    else:  # large: a seeded generator keeps example generation fast
        rnd = draw(st.randoms(use_true_random=False))
        leaves = [rnd.randint(lo, hi) for _ in range(n)]
    return leaves, b, d


@settings(max_examples=150, deadline=None)
@given(complete_cases())
def test_matches_minimax_and_reference(case):
    leaves, b, d = case
    value, evaluated = alpha_beta(leaves, b)
    tree = complete_tree(leaves, b)
    assert value == minimax(tree).value
    assert (value, evaluated) == reference(tree, 0, -math.inf, math.inf)
    assert evaluated <= len(leaves)
    # Knuth-Moore: any exact search looks at a MAX and a MIN strategy sharing one leaf.
    assert evaluated >= b ** math.ceil(d / 2) + b ** (d // 2) - 1


@settings(max_examples=100, deadline=None)
@given(complete_cases(lo=-1, hi=1))
def test_many_ties_match_reference(case):
    leaves, b, _ = case
    tree = complete_tree(leaves, b)
    assert alpha_beta(leaves, b) == list(reference(tree, 0, -math.inf, math.inf))


def test_sorted_orders_hit_the_bounds():
    # Leaves in increasing order are worst-ordered at the root's MAX choices for b=2, d=2:
    # the second MIN node's first leaf (7) does not fall below alpha (5), so all 4 are seen.
    assert alpha_beta([5, 6, 7, 8], 2) == [7, 4]
    # Decreasing: the second MIN node is cut after its first leaf.
    assert alpha_beta([8, 7, 6, 5], 2) == [7, 3]


def test_large_depth_and_branching_beyond_statement():
    leaves = [(i * 7919) % 2001 - 1000 for i in range(2**14)]
    value, evaluated = alpha_beta(leaves, 2)
    assert value == minimax(complete_tree(leaves, 2)).value
    assert evaluated <= len(leaves)
    assert alpha_beta(list(range(100)), 10)[0] == minimax(complete_tree(list(range(100)), 10)).value


def test_depth_one_is_max_of_leaves():
    assert alpha_beta([4, -2, 9], 3) == [9, 3]


def test_integral_floats_and_tuples_accepted():
    assert alpha_beta((5.0, 6, 7, 4), 2.0) == [5, 4]


# ---- bad input ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "leaves, branching, words",
    [
        ([1, 2, 3], 2, "not a power of the branching 2"),
        ([1] * 10, 3, "not a power of the branching 3"),
        ([1], 2, "not a power"),
        ([], 2, "not a power"),
        ([1, 2], 1, "branching must be at least 2"),
        ([1, 2], 0, "branching must be at least 2"),
        ([1, True], 2, "leaf 2"),
        ([1, 2.5], 2, "leaf 2: 2.5 is not an integer"),
        ([1, "2"], 2, "leaf 2"),
        ([1, None], 2, "leaf 2"),
        ([1, 2], True, "branching"),
        ([1, 2], 2.5, "branching"),
        ("12", 2, "list of integers"),
    ],
)
def test_bad_input(leaves, branching, words):
    with pytest.raises(InputError) as e:
        alpha_beta(leaves, branching)
    assert words in str(e.value)
    assert e.value.line is None


# ---- leaf text ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, leaves",
    [
        ("3, 12, 8", [3, 12, 8]),
        ("3 12\n8", [3, 12, 8]),
        (" [ -3,+12 , 8 ] ", [-3, 12, 8]),
        ("[3,12,8,]", [3, 12, 8]),
        ("7", [7]),
    ],
)
def test_parse_leaves(text, leaves):
    assert parse_leaves(text) == leaves


@pytest.mark.parametrize(
    "text, words, line",
    [
        ("3, 12, x, 8", "leaf 3: 'x' is not an integer", None),
        ("1 2 3 1.5", "leaf 4: '1.5' is not an integer", None),
        ("1\n2\n3\n  oops", "leaf 4: 'oops' is not an integer", 4),
        ("1,,2", "leaf 2: empty", None),
        ("[1, 2", "never closed", None),
        ("1, 2]", "without an opening", None),
        ("[[1, 2]]", "leaf 1: '[1' is not an integer", None),
        ("", "no leaves", None),
        ("  [ ] ", "no leaves", None),
    ],
)
def test_parse_leaves_errors(text, words, line):
    with pytest.raises(InputError) as e:
        parse_leaves(text)
    assert words in str(e.value)
    assert e.value.line == line


# ---- judge CLI errors --------------------------------------------------------------------
GOOD = '{"leaves": [5, 6, 7, 4], "branching": 2}'


@pytest.mark.parametrize(
    "bad, words",
    [
        ('{"leaves": [1, 2], "branching": 2', "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"leaves": [1, 2]}', "missing key 'branching'"),
        ('{"branching": 2}', "missing key 'leaves'"),
        ('{"leaves": [1, 2], "branching": 2, "depth": 1}', "unknown key 'depth'"),
        ('{"leaves": "1 2", "branching": 2}', "leaves must be a list"),
        ('{"leaves": [1, "2"], "branching": 2}', "leaf 2"),
        ('{"leaves": [1, 2], "branching": "2"}', "branching"),
        ('{"leaves": [1, 2], "branching": null}', "branching"),
        ('{"leaves": [1, 2, 3], "branching": 2}', "not a power of the branching 2"),
        ('{"leaves": [1, NaN], "branching": 2}', "leaf 2"),
    ],
)
def test_cli_errors_name_the_line(bad, words):
    with pytest.raises(InputError) as e:
        cli_alphabeta(GOOD + "\n\n" + bad + "\n" + GOOD)
    assert e.value.line == 3
    assert str(e.value).startswith("line 3: ")
    assert words in str(e.value)


def test_cli_empty_input():
    with pytest.raises(InputError, match="no cases"):
        cli_alphabeta("\n  \n")
