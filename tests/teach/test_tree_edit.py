"""Edit operations of the tree editor: small worked examples in bracket notation, and
properties over random edit sequences."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.tree import minimax
from engine.tree_text import format_brackets, parse_brackets, parse_ural
from teach import tree_edit as te
from teach.tree_edit import (
    add_child,
    add_sibling,
    apply_edit,
    delete_subtree,
    edit,
    make_leaf,
    relabel,
    replace_tree,
    select,
    set_value,
    start,
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


def test_add_sibling_goes_right_after_the_node():
    t = b("((1 2) 3)")
    assert format_brackets(add_sibling(t, node(t, 0, 0), 7)) == "((1 7 2) 3)"
    assert format_brackets(add_sibling(t, node(t, 0), 7)) == "((1 2) 7 3)"
    assert format_brackets(add_sibling(t, node(t, 1), -1)) == "((1 2) 3 -1)"
    with pytest.raises(InputError, match="root has no siblings"):
        add_sibling(t, 0)


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
    state = start(parse_ural(SAMPLE1))
    assert minimax(state.tree).value == 1
    last_leaf = state.tree.leaves()[-1]
    state = apply_edit(select(state, last_leaf), "set", 0)
    assert state.error is None
    assert minimax(state.tree).value == 0
    assert state.tree.labels is None


def test_apply_edit_keeps_tree_on_error_and_selects_sensibly():
    state = start(b("((1 2) 3)"))
    bad = apply_edit(select(state, node(state.tree, 0)), "set", 4)
    assert bad.tree is state.tree and "inner node" in (bad.error or "")
    # add: the parent stays selected, so three presses give three siblings under it
    s = select(state, node(state.tree, 1))
    for v in (5, 6, 7):
        s = apply_edit(s, "add", v)
        assert s.error is None and s.selected == node(s.tree, 1)
    assert format_brackets(s.tree) == "((1 2) (5 6 7))"
    # sibling: the new leaf is selected, so presses give a row in order
    s = select(s, node(s.tree, 0, 0))
    s = apply_edit(apply_edit(s, "sibling", 8), "sibling", 9)
    assert format_brackets(s.tree) == "((1 8 9 2) (5 6 7))"
    assert s.selected == node(s.tree, 0, 2)
    s2 = apply_edit(s, "delete")
    assert s2.selected == node(s2.tree, 0) and format_brackets(s2.tree) == "((1 8 2) (5 6 7))"
    # delete on the root: a new tree of one leaf
    s3 = apply_edit(select(s2, 0), "delete")
    assert s3.error is None and format_brackets(s3.tree) == "0" and s3.selected == 0


def test_builds_the_issue_tree_in_seven_edits():
    """((3 5) (2 9)) from any tree: delete the root, add a child, select it, 3 and 5 as its
    children, a sibling, 2 and 9 as its children (selecting is not an edit)."""
    s = start(parse_ural(SAMPLE1))
    s = apply_edit(s, "delete")
    s = apply_edit(s, "add")
    s = select(s, s.tree.children[0][0])
    s = apply_edit(apply_edit(s, "add", 3), "add", 5)
    s = apply_edit(s, "sibling")
    s = apply_edit(apply_edit(s, "add", 2), "add", 9)
    assert s.error is None and format_brackets(s.tree) == "((3 5) (2 9))"
    assert len(s.undo) == 7


def test_undo_and_redo():
    s = start(b("(1 2)"))
    s = apply_edit(s, "add", 3)
    s = apply_edit(select(s, 1), "set", 9)
    assert format_brackets(s.tree) == "(9 2 3)"
    u = apply_edit(s, "undo")
    assert format_brackets(u.tree) == "(1 2 3)" and u.selected == 1
    u = apply_edit(u, "undo")
    assert format_brackets(u.tree) == "(1 2)" and u.selected == 0
    assert apply_edit(u, "undo").error == "nothing to undo"
    r = apply_edit(apply_edit(u, "redo"), "redo")
    assert format_brackets(r.tree) == "(9 2 3)" and r.selected == 1
    assert apply_edit(r, "redo").error == "nothing to redo"
    # a new edit after an undo drops the redo stack
    n = apply_edit(apply_edit(r, "undo"), "add", 4)
    assert not n.redo and apply_edit(n, "redo").error == "nothing to redo"
    # a new tree can be undone
    p = replace_tree(n, b("(7 8)"))
    assert format_brackets(apply_edit(p, "undo").tree) == format_brackets(n.tree)


def test_history_is_bounded(monkeypatch):
    s = start(b("(1 2)"))
    for _ in range(te.HISTORY + 20):
        s = apply_edit(s, "add")
    assert len(s.undo) == te.HISTORY
    monkeypatch.setattr(te, "HISTORY_NODES", 30)
    s = apply_edit(s, "add")
    assert sum(len(t) for t, _ in s.undo) <= 30 or len(s.undo) == 1
    # the newest entry is kept even when it alone is past the node budget
    monkeypatch.setattr(te, "HISTORY_NODES", 1)
    s = apply_edit(s, "add")
    assert len(s.undo) == 1 and len(apply_edit(s, "undo").tree) == len(s.tree) - 1


# ---- edit messages from the browser (untrusted) -----------------------------------------
@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (None, "an edit is a message"),
        ([1, 2], "an edit is a message"),
        ({}, "unknown edit 'None'"),
        ({"op": "rm -rf"}, "unknown edit 'rm -rf'"),
        ({"op": "x" * 500}, "unknown edit 'xxxxx"),
        ({"op": "add_child"}, "names no node"),
        ({"op": "add_child", "node": "2"}, "names no node"),
        ({"op": "add_child", "node": True}, "names no node"),
        ({"op": "add_child", "node": 1.0}, "names no node"),
        ({"op": "add_child", "node": -1}, "there is no node 0"),
        ({"op": "add_child", "node": 99}, "there is no node 100"),
        ({"op": "set", "node": 1}, "type a value first"),
        ({"op": "set", "node": 1, "value": ""}, "type a value first"),
        ({"op": "set", "node": 1, "value": "3.5"}, "'3.5' is not a value"),
        ({"op": "set", "node": 1, "value": "1e9"}, "'1e9' is not a value"),
        ({"op": "set", "node": 1, "value": "9999999"}, "'9999999' is not a value"),
        ({"op": "set", "node": 1, "value": 10**7}, "is not a value"),
        ({"op": "set", "node": 1, "value": 2.0}, "a value is a whole number"),
        ({"op": "set", "node": 1, "value": False}, "a value is a whole number"),
        ({"op": "set", "node": 1, "value": [3]}, "a value is a whole number"),
        ({"op": "set", "node": 1, "value": "x" * 100}, "'xxxxxxxxxxxxxxxxxxxx…' is not a value"),
        ({"op": "set", "node": 0, "value": "3"}, "inner node"),
        ({"op": "add_sibling", "node": 0}, "root has no siblings"),
    ],
)
def test_bad_messages_keep_the_tree_and_say_why(raw, words):
    s = start(b("((1 2) 3)"))
    out = edit(s, raw)
    assert out.tree is s.tree and not out.undo
    assert words in (out.error or "")


def test_good_messages():
    s = start(b("((1 2) 3)"))
    s = edit(s, {"op": "set", "node": 4, "value": " -7 "})
    assert format_brackets(s.tree) == "((1 2) -7)" and s.selected == 4
    s = edit(s, {"op": "set", "node": 3, "value": "\u22125"})  # the page's own minus sign
    assert format_brackets(s.tree) == "((1 -5) -7)"
    s = edit(s, {"op": "add_child", "node": 1, "value": 4})
    assert format_brackets(s.tree) == "((1 -5 4) -7)" and s.selected == 1
    s = edit(s, {"op": "add_sibling", "node": 1, "value": "+2"})
    assert format_brackets(s.tree) == "((1 -5 4) 2 -7)" and s.tree.values[s.selected] == 2
    s = edit(s, {"op": "undo", "node": "whatever"})
    assert format_brackets(s.tree) == "((1 -5 4) -7)"
    s = edit(s, {"op": "redo"})
    assert format_brackets(s.tree) == "((1 -5 4) 2 -7)"
    s = edit(s, {"op": "delete", "node": 1})
    assert format_brackets(s.tree) == "(2 -7)" and s.selected == 0


def _preorder_ids(tree) -> bool:
    return tree.preorder() == list(range(len(tree)))


# ---- against an independent model: nested lists --------------------------------------------
def _model(tree, v=0):
    """The tree as nested lists (a leaf is its value)."""
    ch = tree.children[v]
    return [_model(tree, c) for c in ch] if ch else tree.values[v]


def _at(m, path):
    for i in path:
        m = m[i]
    return m


def _model_edit(m, path, op, value):
    """``op`` on the model at ``path`` -> (new model, path of the new selection) or None when
    the edit is refused. Written from the editor's rules, not from teach.tree_edit."""
    m = copy.deepcopy(m)
    target = _at(m, path)
    if op == "add":
        if isinstance(target, list):
            target.append(value)
        elif path:
            _at(m, path[:-1])[path[-1]] = [value]
        else:
            m = [value]
        return m, path
    if op == "sibling":
        if not path:
            return None
        _at(m, path[:-1]).insert(path[-1] + 1, value)
        return m, (*path[:-1], path[-1] + 1)
    if op == "delete":
        if not path:
            return value, ()
        up = _at(m, path[:-1])
        del up[path[-1]]
        if not up:
            if len(path) == 1:
                return value, ()
            _at(m, path[:-2])[path[-2]] = value
        return m, path[:-1]
    if op == "set":
        if isinstance(target, list):
            return None
        if not path:
            return value, ()
        _at(m, path[:-1])[path[-1]] = value
        return m, path
    raise AssertionError(op)


def _paths(m, path=()):
    yield path
    if isinstance(m, list):
        for i, c in enumerate(m):
            yield from _paths(c, (*path, i))


edits = st.lists(
    st.tuples(
        st.sampled_from(["add", "sibling", "delete", "set", "undo", "redo"]),
        st.integers(0, 60),
        st.integers(-9, 9),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(edits)
def test_edits_undo_and_redo_match_an_independent_model(seq):
    state = start(b("((3 12 8) (2 4 6) (14 5 2))"))
    model, sel = _model(state.tree), ()
    undo, redo = [], []  # the model's own history of (model, selection)
    for op, pick, v in seq:
        paths = list(_paths(model))
        path = paths[pick % len(paths)]
        if op in ("undo", "redo"):
            stack, other = (undo, redo) if op == "undo" else (redo, undo)
            new = apply_edit(state, op)
            if stack:
                other.append((model, sel))
                model, sel = stack.pop()
                assert new.error is None
            else:
                assert new.error == f"nothing to {op}"
        else:
            state = select(state, state.tree.node_at(path))
            new = apply_edit(state, op, v)
            got = _model_edit(model, path, op, v)
            if got is None:
                assert new.error is not None and new.tree is state.tree
            else:
                assert new.error is None
                undo.append((model, path))
                redo.clear()
                model, sel = got
        assert _preorder_ids(new.tree)
        assert _model(new.tree) == model
        assert new.tree.path(new.selected) == sel or new.error is not None
        state = new
        sel = state.tree.path(state.selected)
    assert _model(state.tree) == model  # also with no edit at all


def test_relabel_drops_labels_and_keeps_shape():
    t = parse_ural(SAMPLE1)
    r = relabel(t)
    assert r.labels is None and format_brackets(r) == format_brackets(t)
