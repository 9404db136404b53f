"""Pure edit operations on game trees, for the tree editor page.

A tree is edited through its parent list and leaf values (what :func:`engine.tree.from_parents`
takes). Every operation returns a new :class:`GameTree` (labels dropped, so nodes are named
A, B, ... and leaves by value) and never changes its input. Node ids follow preorder after
every edit, so a node's children are always listed left to right by id. Chance nodes and
their probabilities survive every edit (:func:`toggle_chance`, :func:`set_probability`).

Operations raise :class:`engine.errors.InputError` with a message for people when an edit
makes no sense (deleting the root, giving an inner node a value, a node that does not exist).

The editor page keeps an :class:`EditorState`: the tree, the selected node, the last refusal
and a bounded undo / redo history. :func:`edit` applies one edit message from the browser
(``{"op": "add_child", "node": 3, "value": "5"}``), checking every field: the browser is not
trusted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from engine.errors import InputError
from engine.tree import GameTree, from_parents
from engine.tree_text import parse_probability
from teach.engine_words import reason
from teach.i18n import _, ngettext

MAX_NODES = 20_000  # the editor refuses to grow a tree past this
MAX_TEXT = 30 * MAX_NODES  # characters of an imported tree text at most
MAX_VALUE = 10**6  # a leaf value typed in the editor, in -MAX_VALUE..MAX_VALUE
HISTORY = 100  # undo steps kept at most ...
HISTORY_NODES = 100_000  # ... and nodes in all the trees they keep (memory per session)


def _check_node(tree: GameTree, node: int) -> None:
    if not 0 <= node < len(tree):
        raise InputError(
            ngettext(
                "there is no node {node} (the tree has {n} node)",
                "there is no node {node} (the tree has {n} nodes)",
                len(tree),
                node=node + 1,
            )
        )


def _rebuild(
    parent: list[int],
    values: list[int | None],
    drop: set[int] | None = None,
    chance: list[bool] | None = None,
    probs: list | None = None,
    place: tuple[int, int] | None = None,
) -> GameTree:
    """The tree of ``parent``/``values`` without the nodes in ``drop``, renumbered in preorder.
    Children keep the order of their old ids, except ``place = (new, after)``: node ``new``
    goes right after its sibling ``after``.

    ``chance``/``probs`` (per old node, or None) carry chance nodes through the edit: a chance
    node left without children is a leaf again, and one whose children's probabilities no
    longer sum to 1 (a child added or deleted) shares them out evenly."""
    drop = drop or set()
    n = len(parent)
    kids: list[list[int]] = [[] for _ in range(n)]
    for v in range(1, n):
        if v not in drop:
            kids[parent[v]].append(v)
    if place is not None:
        new, after = place
        row = kids[parent[new]]
        row.remove(new)
        row.insert(row.index(after) + 1, new)
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
        raise InputError(_("the editor keeps trees to {n} nodes", n=f"{MAX_NODES:,}"))
    parent = [*tree.parent, node]
    values = [*tree.values, int(value)]
    values[node] = None
    extra = _chance(tree)
    if extra:
        extra["chance"].append(False)
        extra["probs"].append(None)
    return _rebuild(parent, values, **extra)


def add_sibling(tree: GameTree, node: int, value: int = 0) -> GameTree:
    """A new leaf of ``value`` right after ``node``, under the same parent."""
    _check_node(tree, node)
    if node == 0:
        raise InputError(_("the root has no siblings: add a child to it instead"))
    if len(tree) >= MAX_NODES:
        raise InputError(_("the editor keeps trees to {n} nodes", n=f"{MAX_NODES:,}"))
    new = len(tree)
    parent = [*tree.parent, tree.parent[node]]
    values = [*tree.values, int(value)]
    extra = _chance(tree)
    if extra:
        extra["chance"].append(False)
        extra["probs"].append(None)
    return _rebuild(parent, values, place=(new, node), **extra)


def delete_subtree(tree: GameTree, node: int, value: int = 0) -> GameTree:
    """Remove ``node`` and everything below it. A parent left without children becomes a
    leaf of ``value``. The root cannot be deleted."""
    _check_node(tree, node)
    if node == 0:
        raise InputError(
            _("the root cannot be deleted (set the tree from a preset or text instead)")
        )
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
            _(
                "node {node} is an inner node: its value comes from its children "
                "(delete its subtree to make it a leaf)",
                node=node + 1,
            )
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
        raise InputError(
            _("node {node} is a leaf: only an inner node can be a chance node", node=node + 1)
        )
    extra = _chance(tree) or {"chance": [False] * len(tree), "probs": [None] * len(tree)}
    extra["chance"][node] = not extra["chance"][node]
    for c in tree.children[node]:
        extra["probs"][c] = None  # shared out evenly when it is a chance node
    return _rebuild(list(tree.parent), list(tree.values), **extra)


def set_probability(tree: GameTree, node: int, text: str) -> GameTree:
    """The edge into ``node`` (a child of a chance node) gets probability ``text`` (``0.5``,
    ``1/3``); its siblings share the rest in proportion to what they had."""
    _check_node(tree, node)
    p = tree.parent[node]
    if p < 0 or not tree.is_chance(p):
        raise InputError(_("node {node} is not a child of a chance node", node=node + 1))
    new = parse_probability(text)
    siblings = [c for c in tree.children[p] if c != node]
    if siblings and new == 1:
        raise InputError(_("probability 1 leaves nothing for the other children (each needs > 0)"))
    if not siblings and new != 1:
        raise InputError(_("an only child of a chance node has probability 1"))
    extra = _chance(tree)
    probs = extra["probs"]
    rest = sum(probs[c] for c in siblings)
    for c in siblings:
        probs[c] = probs[c] * (1 - new) / rest
    probs[node] = new
    return _rebuild(list(tree.parent), list(tree.values), **extra)


# ---- editor session state --------------------------------------------------------------
Snapshot = tuple[GameTree, int]  # a tree and the node selected in it


@dataclass(frozen=True)
class EditorState:
    """What the editor page keeps between runs: the tree, the selected node, the message
    of the last refused edit (None when it worked) and the undo / redo history (oldest
    first; bounded by :data:`HISTORY` steps and :data:`HISTORY_NODES` nodes). The drawn
    subtree is the tree lab's (ui.tree.tree_lab), not the editor's."""

    tree: GameTree
    selected: int = 0
    error: str | None = None
    undo: tuple[Snapshot, ...] = ()
    redo: tuple[Snapshot, ...] = ()


def _bounded(stack: tuple[Snapshot, ...]) -> tuple[Snapshot, ...]:
    """``stack`` without its oldest entries past HISTORY steps or HISTORY_NODES nodes (the
    newest entry always stays)."""
    stack = stack[-HISTORY:]
    total = sum(len(t) for t, _ in stack)
    while len(stack) > 1 and total > HISTORY_NODES:
        total -= len(stack[0][0])
        stack = stack[1:]
    return stack


def _done(state: EditorState, tree: GameTree, selected: int) -> EditorState:
    """The state after an edit that worked: the old tree goes on the undo stack, redo empties."""
    sel = selected if 0 <= selected < len(tree) else 0
    return EditorState(
        tree=tree,
        selected=sel,
        undo=_bounded((*state.undo, (state.tree, state.selected))),
    )


def _same_node(old: GameTree, new: GameTree, node: int) -> int:
    """``node`` of ``old`` in ``new`` when the edit kept it (found by its path)."""
    return new.node_at(old.path(node))


def _step(state: EditorState, op: str, value: int) -> tuple[GameTree, int]:
    """The tree and selection after edit ``op`` of the selected node (InputError if refused)."""
    t, sel = state.tree, state.selected
    if op == "add":  # a new last child; the parent stays selected (presses give siblings)
        new = add_child(t, sel, value)
        return new, _same_node(t, new, sel)
    if op == "sibling":  # a new sibling right after; it is selected (presses give a row)
        new = add_sibling(t, sel, value)
        path = t.path(sel)
        return new, new.node_at((*path[:-1], path[-1] + 1))
    if op == "delete":  # the root: everything below it goes (a new tree of one leaf)
        if sel == 0:
            return make_leaf(t, 0, value), 0
        new = delete_subtree(t, sel, value)
        return new, _same_node(t, new, t.parent[sel])
    if op == "set":
        new = set_value(t, sel, value)
        return new, _same_node(t, new, sel)
    if op == "chance":
        new = toggle_chance(t, sel)
        return new, _same_node(t, new, sel)
    raise InputError(_("unknown edit {op}", op=repr(op[:40])))


def apply_edit(state: EditorState, op: str, value: int = 0) -> EditorState:
    """Apply ``op`` to the selected node: ``"add"`` (a last child of ``value``; the parent
    stays selected), ``"sibling"`` (a leaf of ``value`` right after it; the new leaf is
    selected), ``"delete"`` (its subtree; the parent is selected; on the root: the tree
    becomes one leaf), ``"set"`` (a leaf's value), ``"chance"`` (toggle a chance node),
    ``"undo"``, ``"redo"``.

    A refused edit keeps the tree and records the reason in ``error``.
    """
    if op == "undo":
        if not state.undo:
            return replace(state, error=_("nothing to undo"))
        (tree, sel), rest = state.undo[-1], state.undo[:-1]
        redo = _bounded((*state.redo, (state.tree, state.selected)))
        return EditorState(tree=tree, selected=sel, undo=rest, redo=redo)
    if op == "redo":
        if not state.redo:
            return replace(state, error=_("nothing to redo"))
        (tree, sel), rest = state.redo[-1], state.redo[:-1]
        undo = _bounded((*state.undo, (state.tree, state.selected)))
        return EditorState(tree=tree, selected=sel, undo=undo, redo=rest)
    try:
        tree, sel = _step(state, op, value)
    except InputError as e:
        return replace(state, error=reason(e))
    return _done(state, tree, sel)


# ---- edit messages from the browser -----------------------------------------------------
# The browser's names of the edits (game_tree_lab/tree_canvas/plugins/edit.js) -> apply_edit's ops.
OPS = {
    "set": "set",
    "add_child": "add",
    "add_sibling": "sibling",
    "delete": "delete",
    "undo": "undo",
    "redo": "redo",
}
_NEEDS_NODE = {"set", "add_child", "add_sibling", "delete"}
_INT_RE = re.compile(r"[+-]?[0-9]{1,7}\Z")


def parse_value(raw: object) -> int:
    """A typed leaf value (text or a whole number) -> int in -MAX_VALUE..MAX_VALUE."""
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise InputError(_("a value is a whole number such as 3 or -5"))
    text = str(raw).strip().replace("\u2212", "-")  # − as typed from the page's own labels
    if not _INT_RE.match(text) or not -MAX_VALUE <= int(text) <= MAX_VALUE:
        shown = text[:20] + ("…" if len(text) > 20 else "")
        raise InputError(
            _(
                "{typed} is not a value: type a whole number from {low} to {high}",
                typed=repr(shown),
                low=f"{-MAX_VALUE:,}",
                high=f"{MAX_VALUE:,}",
            )
        )
    return int(text)


def parse_message(raw: object, tree: GameTree) -> tuple[str, int, int]:
    """An edit message from the browser -> (op for apply_edit, node, value); InputError for
    anything else. ``{"op": "set", "node": 4, "value": "-3"}``; ``value`` is optional
    (0) except for ``set``; ``node`` is a node of ``tree`` (any node for undo / redo)."""
    if not isinstance(raw, dict):
        raise InputError(_("an edit is a message with an op"))
    op = raw.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise InputError(_("unknown edit {op}", op=repr(str(op)[:40])))
    node = raw.get("node")
    if op in _NEEDS_NODE:
        if isinstance(node, bool) or not isinstance(node, int):
            raise InputError(_("the edit names no node"))
        _check_node(tree, node)
    else:
        node = None
    value = raw.get("value")
    if value is None or value == "":
        if op == "set":
            raise InputError(_("type a value first (a whole number), then Enter"))
        value = 0
    return OPS[op], node, parse_value(value)


def edit(state: EditorState, raw: object) -> EditorState:
    """Apply one edit message from the browser (see :func:`parse_message`) to ``state``: the
    node it names is selected, then edited. A bad message keeps the tree and says why."""
    try:
        op, node, value = parse_message(raw, state.tree)
    except InputError as e:
        return replace(state, error=reason(e))
    if node is not None:
        state = replace(state, selected=node)
    return apply_edit(state, op, value)


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
            _(
                "the text has {n} characters; the editor takes at most {most} "
                "(trees up to {nodes} nodes)",
                n=f"{len(text):,}",
                most=f"{MAX_TEXT:,}",
                nodes=f"{MAX_NODES:,}",
            )
        )
    return text


def _checked(tree: GameTree) -> GameTree:
    if len(tree) > MAX_NODES:
        raise InputError(
            _(
                "{n} nodes is too many: the editor keeps trees to {most}",
                n=f"{len(tree):,}",
                most=f"{MAX_NODES:,}",
            )
        )
    return relabel(tree)


def start(tree: GameTree) -> EditorState:
    """The editor's first state for ``tree`` (a link's, the default): no history.
    InputError for a tree bigger than the editor keeps (it would take seconds to solve)."""
    return EditorState(tree=_checked(tree))


def empty_tree() -> GameTree:
    """A new empty tree: the root alone (a leaf of 0 until it gets children)."""
    return from_parents([-1], [0])


def replace_tree(state: EditorState, tree: GameTree) -> EditorState:
    """A new tree (from a preset, an import): the selection back to the root; undo gives
    the old tree back. InputError for a tree bigger than the editor keeps."""
    return _done(state, _checked(tree), 0)
