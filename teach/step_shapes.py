"""The shapes of a step's sentence (teach.explain chooses one and fills it): one whole
sentence per shape, marked for translation where it is defined, keyed by what the step is (a
cut-off by what it prunes, a table entry by what it holds, a node taking a child's value by
its side, its algorithm and its window), so a translator sees each sentence whole and may
reorder it. Pure data."""

from __future__ import annotations

from engine.trace import EXACT, LOWER, UPPER
from teach.i18n import N_

# The sentence of a cut-off, by what it prunes: one child or several (named, not counted).
PRUNED = {
    "move": (
        N_("{who}: {rule}, so its move {names} is pruned."),
        N_("{who}: {rule}, so its moves {names} are pruned."),
    ),
    "valued": (
        N_("{who}: {rule}, so its leaf {names} with value {values} is pruned."),
        N_("{who}: {rule}, so its leaves {names} with values {values} are pruned."),
    ),
    "leaf": (
        N_("{who}: {rule}, so its leaf {names} is pruned."),
        N_("{who}: {rule}, so its leaves {names} are pruned."),
    ),
    "child": (
        N_("{who}: {rule}, so its child {names} is pruned."),
        N_("{who}: {rule}, so its children {names} are pruned."),
    ),
}


# what a table entry holds, as a noun (in parentheses, or the subject of a sentence)
BOUND_WORDS = {
    EXACT: N_("an exact value"),
    LOWER: N_("a lower bound"),
    UPPER: N_("an upper bound"),
}
# the table answers at a node: what its entry says, one sentence per kind of entry
TABLE_HIT = {
    EXACT: N_(
        "The table already holds {who}, searched as deep, with an exact value: {v} is exact, "
        "so {who} returns {v} without a search."
    ),
    LOWER: N_(
        "The table already holds {who}, searched as deep, with a lower bound: at least {v}, "
        "and {v} >= beta = {beta}, so {who} returns {v} without a search."
    ),
    UPPER: N_(
        "The table already holds {who}, searched as deep, with an upper bound: at most {v}, "
        "and {v} <= alpha = {alpha}, so {who} returns {v} without a search."
    ),
    "": N_(
        "The table already holds {who}, searched as deep, with a bound: at most {v}, "
        "and {v} <= alpha = {alpha}, so {who} returns {v} without a search."
    ),
}


# A node takes a child's value (UPDATE): (how it gets it, how its score moves) -> sentence.
# "sees": a leaf of a tree without labels, named with its value; "gets": any other child.
# "pvs_max"/"pvs_min": PVS, the child no better than the node's bound (its score stays there);
# "score_*": PVS's score; "best_*": the others' best; "_a" alpha moves (MAX), "_b" beta (MIN),
# "_plain" no window (minimax, expectimax).
UPDATE_SENTENCES = {
    ("sees", "pvs_max"): N_(
        "{who} sees {leaf}, no better for MAX than its alpha = {best}, so its score stays at "
        "the bound, {best} (PVS keeps a node's score inside its window)."
    ),
    ("sees", "pvs_min"): N_(
        "{who} sees {leaf}, no better for MIN than its beta = {best}, so its score stays at "
        "the bound, {best} (PVS keeps a node's score inside its window)."
    ),
    ("sees", "score_a"): N_("{who} sees {leaf}, so its score = {best}, alpha = {alpha}."),
    ("sees", "score_b"): N_("{who} sees {leaf}, so its score = {best}, beta = {beta}."),
    ("sees", "score_plain"): N_("{who} sees {leaf}, so its score = {best}."),
    ("sees", "best_a"): N_("{who} sees {leaf}, so best = {best}, alpha = {alpha}."),
    ("sees", "best_b"): N_("{who} sees {leaf}, so best = {best}, beta = {beta}."),
    ("sees", "best_plain"): N_("{who} sees {leaf}, so best = {best}."),
    ("gets", "pvs_max"): N_(
        "{who} gets {value} from {child}, no better for MAX than its alpha = {best}, so its "
        "score stays at the bound, {best} (PVS keeps a node's score inside its window)."
    ),
    ("gets", "pvs_min"): N_(
        "{who} gets {value} from {child}, no better for MIN than its beta = {best}, so its "
        "score stays at the bound, {best} (PVS keeps a node's score inside its window)."
    ),
    ("gets", "score_a"): N_(
        "{who} gets {value} from {child}, so its score = {best}, alpha = {alpha}."
    ),
    ("gets", "score_b"): N_(
        "{who} gets {value} from {child}, so its score = {best}, beta = {beta}."
    ),
    ("gets", "score_plain"): N_("{who} gets {value} from {child}, so its score = {best}."),
    ("gets", "best_a"): N_("{who} gets {value} from {child}, so best = {best}, alpha = {alpha}."),
    ("gets", "best_b"): N_("{who} gets {value} from {child}, so best = {best}, beta = {beta}."),
    ("gets", "best_plain"): N_("{who} gets {value} from {child}, so best = {best}."),
}
# the cut-off's rule, as a formula: (MAX node?, strict?) -> formula
RULE = {
    (True, False): N_("alpha = {alpha} >= beta = {beta}"),
    (True, True): N_("alpha = {alpha} > beta = {beta}"),
    (False, False): N_("beta = {beta} <= alpha = {alpha}"),
    (False, True): N_("beta = {beta} < alpha = {alpha}"),
}
