"""Editing trees with chance nodes: the chance marks and probabilities survive every edit."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.errors import InputError
from engine.expectimax import expectimax
from engine.tree_text import format_brackets, parse_brackets
from teach.tree_edit import (
    EditorState,
    add_child,
    apply_edit,
    delete_subtree,
    make_leaf,
    relabel,
    set_probability,
    set_value,
    toggle_chance,
)


def test_toggle_and_back():
    tree = parse_brackets("((1 2) (0 4))")
    b = tree.children[0][0]
    chance = toggle_chance(tree, b)
    assert format_brackets(chance) == "(?(1/2:1 1/2:2) (0 4))"
    assert expectimax(chance).value == Fraction(3, 2)
    assert format_brackets(toggle_chance(chance, b)) == "((1 2) (0 4))"
    with pytest.raises(InputError, match="leaf"):
        toggle_chance(tree, tree.children[b][0])


def test_edits_keep_chance_nodes():
    tree = parse_brackets("(?(1/4:1 3/4:2) 5)")
    ch = tree.children[0][0]
    assert format_brackets(relabel(tree)) == "(?(1/4:1 3/4:2) 5)"
    assert format_brackets(set_value(tree, tree.children[ch][0], 7)) == "(?(1/4:7 3/4:2) 5)"
    # a child added or deleted: the probabilities are shared out evenly again
    assert format_brackets(add_child(tree, ch, 9)) == "(?(1/3:1 1/3:2 1/3:9) 5)"
    assert format_brackets(delete_subtree(tree, tree.children[ch][0])) == "(?(1:2) 5)"
    # a chance node made a leaf is a plain leaf
    assert format_brackets(make_leaf(tree, ch, 4)) == "(4 5)"
    assert make_leaf(tree, ch, 4).has_chance is False


def test_set_probability_rescales_the_siblings():
    tree = parse_brackets("?(1/4:1 1/4:2 1/2:3)")
    first = tree.children[0][0]
    got = set_probability(tree, first, "1/2")
    assert format_brackets(got) == "?(1/2:1 1/6:2 1/3:3)"
    assert sum(got.probs[c] for c in got.children[0]) == 1
    with pytest.raises(InputError, match="nothing for the other"):
        set_probability(tree, first, "1")
    with pytest.raises(InputError, match="not a probability"):
        set_probability(tree, first, "half")
    with pytest.raises(InputError, match="not a child of a chance node"):
        set_probability(parse_brackets("(1 2)"), 1, "0.5")


def test_apply_edit_chance():
    state = EditorState(parse_brackets("((1 2) 3)"), selected=1)
    state = apply_edit(state, "chance")
    assert state.error is None and state.tree.is_chance(state.selected)
    state = apply_edit(EditorState(state.tree, selected=2), "chance")
    assert state.error and "leaf" in state.error
