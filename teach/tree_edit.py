"""Pure edit operations on game trees, for the tree editor page.

A tree is edited through its parent list and leaf values (what :func:`engine.tree.from_parents`
takes). Every operation returns a new :class:`GameTree` (labels dropped, so nodes are named
A, B, ... and leaves by value) and never changes its input. Node ids follow preorder after
every edit, so a node's children are always listed left to right by id. Chance nodes and
their probabilities survive every edit (:func:`toggle_chance`, :func:`set_probability`).

Operations raise :class:`engine.errors.InputError` with a message for people when an edit
makes no sense (deleting the root, giving an inner node a value, a node that does not exist).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.errors import InputError
from engine.tree import GameTree, from_parents

MAX_NODES = 20_000  # the editor refuses to grow a tree past this
MAX_TEXT = 30 * MAX_NODES  # characters of an imported tree text at most


def _check_node(tree: GameTree, node: int) -> None:
    if not 0 <= node < len(tree):
        raise InputError(f"there is no node {node + 1} (the tree has {len(tree)} nodes)")


def _rebuild(
    parent: list[int],
    values: list[int | None],
    drop: set[int] | None = None,
    chance: list[bool] | None = None,
    probs: list | None = None,
) -> GameTree:
    """The tree of ``parent``/``values`` without the nodes in ``drop``, renumbered in preorder.

    ``chance``/``probs`` (per old node, or None) carry chance nodes through the edit: a chance
    node left without children is a leaf again, and one whose children's probabilities no
    longer sum to 1 (a child added or deleted) shares them out evenly."""
    drop = drop or set()
    n = len(parent)
    kids: list[list[int]] = [[] for _ in range(n)]
    for v in range(1, n):
        if v not in drop:
            kids[parent[v]].append(v)
    order: list[int] = []
    stack = [0]
    while stack:
        v = stack.pop()
        order.append(v)
        stack.extend(reversed(kids[v]))
    new_id = {old: i for i, old in enumerate(order)}
    new_parent = [-1 if old == 0 else new_id[parent[old]] for old in order]
    new_values = [values[old] for old in order]
    if not chance or not any(chance[old] and kids[old] for old in order):
        return from_parents(new_parent, new_values)
    from fractions import Fraction

    new_chance = [bool(chance[old] and kids[old]) for old in order]
    old_probs = probs or [None] * n
    new_probs = [None] * len(order)
    for i, old in enumerate(order):
        if not new_chance[i]:
            continue
        got = [old_probs[c] for c in kids[old]]
        if None in got or sum(got) != 1:
            got = [Fraction(1, len(kids[old]))] * len(kids[old])
        for c, p in zip(kids[old], got, strict=True):
            new_probs[new_id[c]] = p
    return from_parents(new_parent, new_values, chance=new_chance, probs=new_probs)


def _chance(tree: GameTree) -> dict:
    """The chance marks and edge probabilities of ``tree`` as :func:`_rebuild` takes them."""
    if not tree.has_chance:
        return {}
    return {
        "chance": [tree.is_chance(v) for v in range(len(tree))],
        "probs": list(tree.probs or ()),
    }


def relabel(tree: GameTree) -> GameTree:
    """The same tree with ids in preorder and no labels (how the editor keeps every tree)."""
    return _rebuild(list(tree.parent), list(tree.values), **_chance(tree))


def add_child(tree: GameTree, node: int, value: int = 0) -> GameTree:
    """``node`` gets a new last child, a leaf of ``value``. A leaf becomes an inner node
    (its own value is dropped)."""
    _check_node(tree, node)
    if len(tree) >= MAX_NODES:
        raise InputError(f"the editor keeps trees to {MAX_NODES:,} nodes")
    parent = [*tree.parent, node]
    values = [*tree.values, int(value)]
    values[node] = None
    extra = _chance(tree)
    if extra:
        extra["chance"].append(False)
        extra["probs"].append(None)
    return _rebuild(parent, values, **extra)


def delete_subtree(tree: GameTree, node: int, value: int = 0) -> GameTree:
    """Remove ``node`` and everything below it. A parent left without children becomes a
    leaf of ``value``. The root cannot be deleted."""
    _check_node(tree, node)
    if node == 0:
        raise InputError("the root cannot be deleted (set the tree from a preset or text instead)")
    drop = set(tree.preorder(node))
    values = list(tree.values)
    p = tree.parent[node]
    if len(tree.children[p]) == 1:
        values[p] = int(value)
    return _rebuild(list(tree.parent), values, drop, **_chance(tree))


def set_value(tree: GameTree, node: int, value: int) -> GameTree:
    """A copy of ``tree`` where leaf ``node`` has ``value``."""
    _check_node(tree, node)
    if tree.children[node]:
        raise InputError(
            f"node {node + 1} is an inner node: its value comes from its children "
            "(delete its subtree to make it a leaf)"
        )
    values = list(tree.values)
    values[node] = int(value)
    return _rebuild(list(tree.parent), values, **_chance(tree))


def make_leaf(tree: GameTree, node: int, value: int = 0) -> GameTree:
    """Replace everything below ``node`` by nothing: ``node`` becomes a leaf of ``value``."""
    _check_node(tree, node)
    drop = set(tree.preorder(node)) - {node}
    values = list(tree.values)
    values[node] = int(value)
    return _rebuild(list(tree.parent), values, drop, **_chance(tree))


def toggle_chance(tree: GameTree, node: int) -> GameTree:
    """An inner node becomes a chance node (its children equally likely), a chance node a
    decision node again (MAX or MIN by the decision nodes above it)."""
    _check_node(tree, node)
    if not tree.children[node]:
        raise InputError(f"node {node + 1} is a leaf: only an inner node can be a chance node")
    extra = _chance(tree) or {"chance": [False] * len(tree), "probs": [None] * len(tree)}
    extra["chance"][node] = not extra["chance"][node]
    for c in tree.children[node]:
        extra["probs"][c] = None  # shared out evenly when it is a chance node
    return _rebuild(list(tree.parent), list(tree.values), **extra)


def set_probability(tree: GameTree, node: int, text: str) -> GameTree:
    """The edge into ``node`` (a child of a chance node) gets probability ``text`` (``0.5``,
    ``1/3``); its siblings share the rest in proportion to what they had."""
    from engine.tree_text import parse_probability

    _check_node(tree, node)
    p = tree.parent[node]
    if p < 0 or not tree.is_chance(p):
        raise InputError(f"node {node + 1} is not a child of a chance node")
    new = parse_probability(text)
    siblings = [c for c in tree.children[p] if c != node]
    if siblings and new == 1:
        raise InputError("probability 1 leaves nothing for the other children (each needs > 0)")
    if not siblings and new != 1:
        raise InputError("an only child of a chance node has probability 1")
    extra = _chance(tree)
    probs = extra["probs"]
    rest = sum(probs[c] for c in siblings)
    for c in siblings:
        probs[c] = probs[c] * (1 - new) / rest
    probs[node] = new
    return _rebuild(list(tree.parent), list(tree.values), **extra)


# ---- editor session state --------------------------------------------------------------
@dataclass(frozen=True)
class EditorState:
    """What the editor page keeps between runs: the tree, the selected node and the message
    of the last refused edit (None when it worked). The drawn subtree is the tree lab's
    (ui.tree.tree_lab), not the editor's."""

    tree: GameTree
    selected: int = 0
    error: str | None = None


def _fit(tree: GameTree, selected: int) -> EditorState:
    return EditorState(tree=tree, selected=selected if 0 <= selected < len(tree) else 0)


def apply_edit(state: EditorState, op: str, value: int = 0) -> EditorState:
    """Apply ``op`` (``"add"``, ``"delete"``, ``"set"``, ``"leaf"``, ``"chance"``: toggle a
    chance node) to the selected node.

    A refused edit keeps the tree and records the reason in ``error``. After ``add`` the new
    child is selected; after ``delete`` its parent.
    """
    t, sel = state.tree, state.selected
    try:
        if op == "add":
            new = add_child(t, sel, value)
            # The new child is the last child of sel; ids are preorder, so find it there.
            return _fit(new, new.children[_same_node(t, new, sel)][-1])
        if op == "delete":
            new = delete_subtree(t, sel, value)
            return _fit(new, _same_node(t, new, t.parent[sel]))
        if op == "set":
            new = set_value(t, sel, value)
            return _fit(new, _same_node(t, new, sel))
        if op == "leaf":
            new = make_leaf(t, sel, value)
            return _fit(new, _same_node(t, new, sel))
        if op == "chance":
            new = toggle_chance(t, sel)
            return _fit(new, _same_node(t, new, sel))
    except InputError as e:
        return replace(state, error=str(e))
    return replace(state, error=f"unknown edit {op!r}")


def _same_node(old: GameTree, new: GameTree, node: int) -> int:
    """``node`` of ``old`` in ``new`` when the edit kept it (found by its path)."""
    return new.node_at(old.path(node))


def select(state: EditorState, node: int) -> EditorState:
    """Select ``node`` (ignored when it does not exist)."""
    if not 0 <= node < len(state.tree):
        return state
    return replace(state, selected=node, error=None)


def check_text(text: str) -> str:
    """``text`` if it can hold a tree the editor keeps, else InputError before parsing it
    (a pasted megabyte would take seconds to parse only to be refused)."""
    if len(text) > MAX_TEXT:
        raise InputError(
            f"the text has {len(text):,} characters; the editor takes at most {MAX_TEXT:,} "
            f"(trees up to {MAX_NODES:,} nodes)"
        )
    return text


def replace_tree(state: EditorState, tree: GameTree) -> EditorState:
    """A new tree (from a preset, an import, a link): the selection back to the root.
    InputError for a tree bigger than the editor keeps (it would take seconds to solve)."""
    if len(tree) > MAX_NODES:
        raise InputError(
            f"{len(tree):,} nodes is too many: the editor keeps trees to {MAX_NODES:,}"
        )
    return EditorState(tree=relabel(tree))
