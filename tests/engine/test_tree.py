"""Problem 4 (URAL 1282) and the bracket notation: samples, round trips, deep trees, errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engine.errors import InputError
from engine.judge import judge_tree as cli_tree
from engine.tree import GameTree, format_value, minimax
from engine.tree_text import (
    format_brackets,
    format_ural,
    parse_brackets,
    parse_ural,
    parse_ural_cases,
)
from tests.strategies import random_trees

SAMPLE1 = "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 +1\n"
SAMPLE2 = "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 0\n"
SAMPLE3 = """18
N 1
N 1
N 2
L 2 +1
N 3
L 3 +1
L 3 +1
L 4 -1
L 4 +1
N 4
N 6
L 6 -1
L 6 -1
L 11 -1
L 11 +1
L 12 +1
L 12 -1
"""


# ---- samples -----------------------------------------------------------------------------
@pytest.mark.parametrize("text, answer", [(SAMPLE1, "+1"), (SAMPLE2, "0"), (SAMPLE3, "+1")])
def test_samples(text, answer):
    assert format_value(minimax(parse_ural(text)).value) == answer
    assert cli_tree(text) == answer + "\n"


def test_several_cases_blank_lines_and_trailing_spaces():
    text = "\n" + SAMPLE1 + "\n\n" + SAMPLE2.replace("\n", "  \n") + SAMPLE3
    assert cli_tree(text) == "+1\n0\n+1\n"
    assert [len(t) for t in parse_ural_cases(text)] == [7, 7, 18]


def test_labels_are_node_numbers_and_parent_may_come_later():
    # node 2 is a leaf under node 3, which is described after it
    t = parse_ural("4\nL 3 5\nN 1\nL 3 -2\n")
    assert t.labels == ("1", "2", "3", "4")
    assert t.parent == (-1, 2, 0, 2)
    assert t.values == (None, 5, None, -2)
    assert t.children[2] == (1, 3)
    assert minimax(t).value == -2  # node 3 is MIN: min(5, -2)


def test_format_value():
    assert [format_value(v) for v in (1, 0, -1, 7, -12)] == ["+1", "0", "-1", "+7", "-12"]


def test_format_ural_sample_round_trip():
    t = parse_ural(SAMPLE3)
    assert format_ural(t) == SAMPLE3
    assert format_ural(parse_ural(SAMPLE1)) == SAMPLE1


# ---- random trees ------------------------------------------------------------------------
# A random tree (>= 2 nodes) with node numbers shuffled, so parents may come later.
shuffled_trees = random_trees(max_nodes=60, values=(-50, 50), min_nodes=2, shuffle=True)


def plain_minimax(tree: GameTree, node: int = 0) -> int:
    """Recursive minimax, written independently of engine.tree.minimax."""
    kids = tree.children[node]
    if not kids:
        return tree.values[node]
    vals = [plain_minimax(tree, c) for c in kids]
    return max(vals) if tree.depth[node] % 2 == 0 else min(vals)


def preorder_shape(tree: GameTree) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """(parent, values) after renumbering nodes in preorder: the tree up to numbering."""
    order = tree.preorder()
    new = {old: i for i, old in enumerate(order)}
    parent = tuple(new[tree.parent[o]] if o else -1 for o in order)
    return parent, tuple(tree.values[o] for o in order)


@settings(max_examples=150, deadline=None)
@given(shuffled_trees)
def test_ural_round_trip(tree):
    back = parse_ural(format_ural(tree))
    assert back.parent == tree.parent
    assert back.values == tree.values
    assert back.children == tree.children
    assert format_value(minimax(back).value) == cli_tree(format_ural(tree)).strip()
    assert minimax(back).value == plain_minimax(tree)


@settings(max_examples=150, deadline=None)
@given(shuffled_trees)
def test_brackets_round_trip(tree):
    text = format_brackets(tree)
    back = parse_brackets(text)
    assert preorder_shape(back) == preorder_shape(tree)
    assert back.parent == preorder_shape(tree)[0]  # the parser numbers nodes in preorder
    assert minimax(back).value == plain_minimax(tree)
    # commas and newlines are separators too
    assert preorder_shape(parse_brackets(text.replace(" ", ",\n"))) == preorder_shape(tree)


def test_brackets_example_and_bare_integer():
    t = parse_brackets("((-1 1) (1 1))")
    assert t.parent == (-1, 0, 1, 1, 0, 4, 4)
    assert t.values == (None, None, -1, 1, None, 1, 1)
    assert minimax(t).value == 1
    assert format_brackets(t) == "((-1 1) (1 1))"
    one = parse_brackets("  +7\n")
    assert len(one) == 1 and minimax(one).value == 7
    assert format_brackets(one) == "7"
    assert minimax(parse_brackets("(3,(4, 1),\n 2)")).value == 3  # max(3, min(4, 1), 2)


# ---- deep and large trees ----------------------------------------------------------------
def chain_text(n: int) -> str:
    return f"{n}\n" + "".join(f"N {k - 1}\n" for k in range(2, n)) + f"L {n - 1} +1\n"


def test_chain_of_100000_nodes():
    t = parse_ural(chain_text(100_000))
    assert max(t.depth) == 99_999
    assert minimax(t).value == 1
    assert cli_tree(chain_text(100_000)) == "+1\n"


def test_bracket_nesting_100000_deep():
    text = "(" * 100_000 + "-3" + ")" * 100_000
    t = parse_brackets(text)
    assert len(t) == 100_001 and minimax(t).value == -3
    assert format_brackets(t) == text


def test_random_100000_node_tree():
    import random

    rnd = random.Random(1282)
    n = 100_000
    parent = [0] + [rnd.randint(1, k - 1) for k in range(2, n + 1)]  # 1-based, node k's parent
    inner = set(parent[1:])
    lines = [str(n)] + [
        f"N {parent[k - 1]}" if k in inner else f"L {parent[k - 1]} {rnd.choice('-+')}1"
        for k in range(2, n + 1)
    ]
    t = parse_ural("\n".join(lines))
    assert len(t) == n
    assert minimax(t).value in (-1, 1)
    assert minimax(t).node_values[0] == minimax(t).value


# ---- URAL errors -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, line, words",
    [
        ("x\nN 1\n", 1, "N (a positive integer), got 'x'"),
        ("0\n", 1, "positive integer"),
        ("-3\n", 1, "positive integer"),
        ("1\n", 1, "root has no children"),
        ("4\nN 1\nL 2 +1\n", 4, "the input ends after 2 node lines: N = 4 needs 3"),
        ("3\nN 1\nL 2 +1\nL 1 -1\n", 4, "'L 1 -1': more node lines than N-1 = 2"),
        ("3\nN 1\nX 2 +1\n", 3, "'X 2 +1': a node line starts with N or L"),
        ("3\nN 1 5\nL 2 +1\n", 2, "'N 1 5': node 2: expected 2 fields 'N p', got 3"),
        ("3\nN 1\nL 2\n", 3, "'L 2': node 3: expected 3 fields 'L p v', got 2"),
        ("3\nN 1\nL 9 +1\n", 3, "'L 9 +1': node 3: parent '9' is not a node number 1..3"),
        ("3\nN 1\nL two +1\n", 3, "'L two +1': node 3: parent 'two' is not a node number"),
        ("3\nN 0\nL 2 +1\n", 2, "'N 0': node 2: parent '0' is not a node number"),
        ("3\nN 1\nL 2 win\n", 3, "'L 2 win': node 3: leaf value 'win' is not an integer"),
        (
            "3\nN 1\nL 2 " + "9" * 19 + "\n",
            3,
            "node 3: leaf value 9999999999999999999... is too big",
        ),
        ("4\nN 1\nL 1 +1\nL 3 -1\n", 4, "'L 3 -1': node 4: its parent 3 is a leaf"),
        ("5\nN 1\nN 4\nN 3\nL 2 +1\n", 3, "'N 4': node 3: cycle of parents (3 -> 4 -> 3)"),
        ("3\nN 1\nN 3\n", 3, "'N 3': node 3: cycle of parents (3 -> 3)"),
        ("4\nN 1\nN 1\nL 2 0\n", 3, "'N 1': node 3: inner node (N) with no children"),
        # A bad line is that line, even when the count no longer adds up (issue 11).
        ("7\nN 1\nX 1\n", 3, "'X 1': a node line starts with N or L"),
        ("7\nN 1\nN 1\nL 2 -1\nL 2 +1\nl 3 +1\n", 6, "'l 3 +1': a node line starts with N or L"),
        ("7\nN 1\n3\nN 1\n", 3, "'3': a node line starts with N or L (N = 7 asks for 6"),
        ("7\nN 1\nL 1 x\n", 3, "'L 1 x': node 3: leaf value 'x' is not an integer"),
    ],
)
def test_ural_errors(text, line, words):
    """Every message names the line (and quotes it when one line is to blame)."""
    with pytest.raises(InputError) as e:
        parse_ural(text)
    assert e.value.line == line
    assert str(e.value).startswith(f"line {line}: ")
    assert words in str(e.value)


def test_ural_empty_input():
    for parse in (parse_ural, parse_ural_cases, cli_tree):
        with pytest.raises(InputError, match="empty"):
            parse("\n \n")


def test_ural_cases_errors_use_whole_input_line_numbers():
    bad = SAMPLE1 + "\n" + "3\nN 1\nL 7 +1\n"
    with pytest.raises(InputError) as e:
        parse_ural_cases(bad)
    assert e.value.line == 11 and "parent '7'" in str(e.value)
    # one node line too many: the extra line is read as the next case's N
    with pytest.raises(InputError) as e:
        cli_tree(SAMPLE1 + "L 1 0\n")
    assert e.value.line == 8 and "node count N" in str(e.value)


def test_format_ural_rejects_single_node():
    with pytest.raises(InputError, match="one node"):
        format_ural(parse_brackets("5"))


# ---- bracket errors ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, line, words",
    [
        ("((1 2) (3 4)", 1, "column 1: '(' is never closed"),
        ("(1\n (2 3)\n (4", 3, "column 2: '(' is never closed"),
        ("(1 2))", 1, "column 6: ')' after the end of the tree"),
        (")", 1, "column 1: ')' has no matching '('"),
        ("(1 ())", 1, "column 5: empty brackets '()'"),
        ("()", 1, "column 2: empty brackets"),
        ("(1 x 3)", 1, "column 4: 'x' is not an integer or a bracket"),
        ("(1\n  2.5)", 2, "column 3: '2.5' is not an integer"),
        ("(1 [2])", 1, "column 4: '[2]' is not an integer"),
        ("1 2", 1, "column 3: '2' after the end of the tree"),
        ("(1) (2)", 1, "column 5: '(' after the end of the tree"),
    ],
)
def test_bracket_errors(text, line, words):
    with pytest.raises(InputError) as e:
        parse_brackets(text)
    assert e.value.line == line
    assert words in str(e.value)


def test_bracket_empty_input():
    with pytest.raises(InputError, match="empty"):
        parse_brackets("  , \n")
