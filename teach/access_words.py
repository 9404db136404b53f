"""The words the tree canvas gives a screen reader (its accessibility plugin,
game_tree_lab/tree_canvas/plugins/access.js): how a node of the tree view is named, the step
announced, the keys. Python decides the words; the browser only fills the named
placeholders with a node's name and its state at the step shown (it changes every step, so
it is not sent for every step).

A tree item reads, e.g.: "B, MIN node: on the current path; the current node; α 3, β +∞,
value 2" or "leaf 3, leaf: done; value 3" (the parts joined with ``sep``); a pruned node adds
why, the sentence of the cut-off that pruned it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.tree import GameTree

# The kinds a node is read as (index = the payload's node kind, then "chance node").
KINDS = ("MAX node", "MIN node", "leaf", "move not explored yet", "chance node")
KIND_CHANCE = 4
# The payload's statuses 0..3 (viz.tree_payload.STATUSES: unseen, active, done, pruned).
STATUSES = ("not reached yet", "on the current path", "done", "pruned")

WORDS = {
    "tree": "The search tree, node by node in the order the search visits them",
    "item": "{name}, {kind}: {status}",
    "current": "the current node",
    "window": "α {alpha}, β {beta}, value {value}",
    "leaf": "value {value}",
    "cut": "why: {text}",  # a pruned node: the sentence of its cut-off (teach.cut_words)
    "unknown": "not known yet",
    "sep": "; ",
    "sum": "{label} not drawn: press Enter to open them",
    "step": "Step {k} of {n}. {text}",
    "keys_title": "Keys",
    "keys": (
        "Keys: Left and Right arrows step the search, Home and End go to its first and last "
        "step. Tab into the tree view: Up and Down go to the previous and next node in search "
        "order, Left to the parent, Right to the first child, Home and End to the first and "
        "last node; Page Down and Page Up step the search (the focus follows the current "
        "node), Enter goes to the step that reaches the node."
    ),
    "still": "Keys: Tab into the tree view; Up and Down go through the nodes in search order, "
    "Left to the parent, Right to the first child.",
}


def canvas_words(tree: GameTree, nodes: Sequence[int], kinds: Sequence[int]) -> dict:
    """The payload's ``acc``: :data:`WORDS`, the kind names and status names, and ``ki``,
    each drawn node's kind (an index into ``kinds``: its drawn kind, or a chance node)."""
    ki = [KIND_CHANCE if tree.is_chance(v) else k for v, k in zip(nodes, kinds, strict=True)]
    return {**WORDS, "kinds": list(KINDS), "status": list(STATUSES), "ki": ki}
