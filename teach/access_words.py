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
from teach.i18n import N_, _, current

# The kinds a node is read as (index = the payload's node kind, then "chance node").
KINDS = (N_("MAX node"), N_("MIN node"), N_("leaf"), N_("move not explored yet"), N_("chance node"))
KIND_CHANCE = 4
# The payload's statuses 0..3 (viz.tree_payload.STATUSES: unseen, active, done, pruned).
STATUSES = (N_("not reached yet"), N_("on the current path"), N_("done"), N_("pruned"))

WORDS = {
    "tree": N_("The search tree, node by node in the order the search visits them"),
    "item": N_("{name}, {kind}: {status}"),
    "current": N_("the current node"),
    "window": N_("α {alpha}, β {beta}, value {value}"),
    "leaf": N_("value {value}"),
    "cut": N_("why: {text}"),  # a pruned node: the sentence of its cut-off (teach.cut_words)
    "unknown": N_("not known yet"),
    "sep": "; ",
    "sum": N_("{label} not drawn: press Enter to open them"),
    "step": N_("Step {k} of {n}. {text}"),
    "keys_title": N_("Keys"),
    "keys": N_(
        "Keys: Left and Right arrows step the search, Home and End go to its first and last "
        "step. Tab into the tree view: Up and Down go to the previous and next node in search "
        "order, Left to the parent, Right to the first child, Home and End to the first and "
        "last node; Page Down and Page Up step the search (the focus follows the current "
        "node), Enter goes to the step that reaches the node."
    ),
    "still": N_(
        "Keys: Tab into the tree view; Up and Down go through the nodes in search order, "
        "Left to the parent, Right to the first child."
    ),
}


def canvas_words(tree: GameTree, nodes: Sequence[int], kinds: Sequence[int]) -> dict:
    """The payload's ``acc`` in the run's language: :data:`WORDS` (their ``{placeholders}``
    left for the browser to fill), the kind names and status names, and ``ki``, each drawn
    node's kind (an index into ``kinds``: its drawn kind, or a chance node)."""
    ki = [KIND_CHANCE if tree.is_chance(v) else k for v, k in zip(nodes, kinds, strict=True)]
    words = {key: text if key == "sep" else _(text) for key, text in WORDS.items()}
    if current() == "zh":
        words["sep"] = "；"
    return {
        **words,
        "kinds": [_(k) for k in KINDS],
        "status": [_(s) for s in STATUSES],
        "ki": ki,
    }
