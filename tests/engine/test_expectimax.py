"""Expectiminimax on trees with chance nodes, and the bracket notation for them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from engine.errors import InputError, SearchError
from engine.expectimax import expectimax
from engine.search import search_tree
from engine.trace import LEAF, Replayer
from engine.tree import GameTree, minimax
from engine.tree_text import format_brackets, parse_brackets
from tests.strategies import chance_trees, random_trees


def reference(tree: GameTree, n: int = 0) -> Fraction:
    """The expectation written directly: kinds from the count of decision nodes above."""

    def val(v: int, decided: int) -> Fraction:
        kids = tree.children[v]
        if not kids:
            return Fraction(tree.values[v])
        if tree.is_chance(v):
            return sum((tree.probs[c] * val(c, decided) for c in kids), Fraction(0))
        vals = [val(c, decided + 1) for c in kids]
        return max(vals) if decided % 2 == 0 else min(vals)

    return val(n, 0)


@settings(max_examples=200, deadline=None)
@given(chance_trees())
def test_equals_the_direct_expectation(tree):
    run = expectimax(tree)
    assert run.value == reference(tree)
    assert isinstance(run.value, Fraction)
    assert run.leaves_evaluated == len(tree.leaves()) == sum(e.kind == LEAF for e in run.events)
    assert Replayer(run).snapshot(len(run.events)).value[0] == run.value
    quiet = expectimax(tree, record=False)
    assert (quiet.value, quiet.leaves_evaluated, quiet.events) == (
        run.value,
        run.leaves_evaluated,
        [],
    )


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_without_chance_it_is_minimax(tree):
    assert expectimax(tree).value == minimax(tree).value


@settings(max_examples=100, deadline=None)
@given(chance_trees())
def test_brackets_round_trip(tree):
    text = format_brackets(tree)
    back = parse_brackets(text)
    assert format_brackets(back) == text
    order, back_order = tree.preorder(), back.preorder()  # the parser numbers in preorder
    assert back.has_chance == tree.has_chance
    if not tree.has_chance:
        return
    assert [tree.kinds[n] for n in order] == [back.kinds[n] for n in back_order]
    assert [tree.probs[n] for n in order] == [back.probs[n] for n in back_order]
    assert expectimax(back).value == expectimax(tree).value


def test_chance_notation():
    tree = parse_brackets("(?(1/3:(3 1) 2/3:4) 2)")
    # MAX root; the chance node: 1/3 * min(3, 1) + 2/3 * 4 = 3; max(3, 2) = 3
    assert expectimax(tree).value == 3
    assert tree.kinds[1] == "chance" and tree.is_max(0) and not tree.is_max(2)
    assert expectimax(parse_brackets("?(0.5:3 0.5:(2 4))")).value == Fraction(7, 2)
    assert expectimax(parse_brackets("?(.25:1 .75:?(0.5:2 0.5:3))")).value == Fraction(17, 8)
    assert format_brackets(parse_brackets("?(0.5:3 0.5:(2 4))")) == "?(1/2:3 1/2:(2 4))"
    # the old notation is untouched
    old = parse_brackets("((-1 1) (1 1))")
    assert old.kinds is None and old.probs is None and format_brackets(old) == "((-1 1) (1 1))"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("?(0.5:3 0.4:2)", "sum to 9/10, not 1"),
        ("(0.5:3 1)", "outside a chance node"),
        ("?(3 4)", "needs its probability first"),
        ("?(0.5:3 0.5:)", "with no child"),
        ("?(1e5:3 0.5:2)", "is not a probability"),
        ("?(0:3 1:2)", "not in (0, 1]"),
        ("?(0.5: 0.5:3)", "two probabilities in a row"),
        ("?()", "empty brackets"),
        ("? (1 2)", "is not an integer or a bracket"),
    ],
)
def test_bad_chance_notation(text, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_brackets(text)


def test_minimax_searches_refuse_chance_nodes():
    tree = parse_brackets("?(0.5:3 0.5:(2 4))")
    with pytest.raises(InputError, match="chance"):
        minimax(tree)
    with pytest.raises(SearchError, match="expectimax"):
        search_tree(tree)


def test_shuffling_keeps_chance_nodes():
    from engine.search import reorder

    tree = parse_brackets("(?(1/4:1 3/4:(2 5)) 0)")
    mixed = reorder(tree, "shuffled", seed=3)
    assert mixed.kinds == tree.kinds and mixed.probs == tree.probs
    assert expectimax(mixed).value == expectimax(tree).value
