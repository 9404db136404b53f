"""Edit operations of the tree editor: small worked examples in bracket notation, and
properties over random edit sequences."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.tree import minimax
from engine.tree_text import format_brackets, parse_brackets, parse_ural
from teach.tree_edit import (
    EditorState,
    add_child,
    apply_edit,
    delete_subtree,
    make_leaf,
    relabel,
    replace_tree,
    select,
    set_value,
)

SAMPLE1 = "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 +1\n"


def b(text: str):
    return parse_brackets(text)


def node(tree, *path: int) -> int:
    return tree.node_at(path)


def test_add_child_to_inner_node_appends_last_child():
    t = b("((1 2) 3)")
    out = add_child(t, node(t, 0), 7)
    assert format_brackets(out) == "((1 2 7) 3)"
    assert format_brackets(t) == "((1 2) 3)"  # the input is untouched


def test_add_child_to_leaf_makes_it_inner():
    t = b("((1 2) 3)")
    out = add_child(t, node(t, 1), -4)
    assert format_brackets(out) == "((1 2) (-4))"


def test_delete_subtree_and_parent_becoming_a_leaf():
    t = b("((1 2) (3 (4 5)) 6)")
    assert format_brackets(delete_subtree(t, node(t, 1))) == "((1 2) 6)"
    one = b("((1) 2)")
    assert format_brackets(delete_subtree(one, node(one, 0, 0), value=9)) == "(9 2)"


def test_set_value_and_make_leaf():
    t = b("((1 2) 3)")
    assert format_brackets(set_value(t, node(t, 0, 1), -5)) == "((1 -5) 3)"
    assert format_brackets(make_leaf(t, node(t, 0), 8)) == "(8 3)"


def test_refused_edits_say_why():
    t = b("((1 2) 3)")
    with pytest.raises(InputError, match="root cannot be deleted"):
        delete_subtree(t, 0)
    with pytest.raises(InputError, match="inner node"):
        set_value(t, node(t, 0), 3)
    with pytest.raises(InputError, match="no node 99"):
        add_child(t, 98)


def test_ural_sample_edit_changes_the_value():
    """The statement's second sample is the first with the last leaf set to 0: +1 -> 0."""
    state = replace_tree(EditorState(tree=b("1")), parse_ural(SAMPLE1))
    assert minimax(state.tree).value == 1
    last_leaf = state.tree.leaves()[-1]
    state = apply_edit(select(state, last_leaf), "set", 0)
    assert state.error is None
    assert minimax(state.tree).value == 0
    assert state.tree.labels is None


def test_apply_edit_keeps_tree_on_error_and_selects_sensibly():
    state = replace_tree(EditorState(tree=b("1")), b("((1 2) 3)"))
    bad = apply_edit(state, "delete")
    assert bad.tree is state.tree and "root" in (bad.error or "")
    s = apply_edit(select(state, node(state.tree, 0)), "add", 5)
    assert s.tree.parent[s.selected] == node(s.tree, 0)
    assert s.tree.values[s.selected] == 5
    s2 = apply_edit(s, "delete")
    assert s2.selected == node(s2.tree, 0)
    assert format_brackets(s2.tree) == "((1 2) 3)"


def _preorder_ids(tree) -> bool:
    return tree.preorder() == list(range(len(tree)))


ops = st.lists(
    st.tuples(
        st.sampled_from(["add", "delete", "set", "leaf", "select"]),
        st.integers(0, 40),
        st.integers(-9, 9),
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(ops)
def test_random_edit_sequences_keep_a_valid_tree(seq):
    state = replace_tree(EditorState(tree=b("1")), b("((3 12 8) (2 4 6) (14 5 2))"))
    for op, n, v in seq:
        before = format_brackets(state.tree)
        if op == "select":
            state = select(state, n)
            continue
        new = apply_edit(state, op, v)
        assert _preorder_ids(new.tree)
        assert 0 <= new.selected < len(new.tree)
        # The printed tree round-trips, so the tree is well formed.
        assert format_brackets(parse_brackets(format_brackets(new.tree))) == format_brackets(
            new.tree
        )
        if new.error is not None:
            assert format_brackets(new.tree) == before
        elif op == "add":
            assert len(new.tree) == len(state.tree) + 1
        elif op == "delete":
            removed = len(state.tree.preorder(state.selected))
            assert len(new.tree) == len(state.tree) - removed
        state = new


def test_relabel_drops_labels_and_keeps_shape():
    t = parse_ural(SAMPLE1)
    r = relabel(t)
    assert r.labels is None and format_brackets(r) == format_brackets(t)
