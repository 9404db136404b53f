"""Plain-words explanations of search steps, and the names pages and figures give nodes.

Names: in a tree without labels, inner nodes are letters in breadth-first order (the root
is ``A``, then ``B``, ``C``, ..., ``Z``, ``AA``, ``AB``, ...) and leaves are numbered left
to right, 1, 2, 3, ... ("leaf 5" in a sentence, with its value where it matters: "leaf 5
(value 4)"), so two leaves with equal values are never confused. The quiz, the figures
and these sentences all use these names. In a labelled tree (a game search: labels are moves) a node is named by the moves
that lead to it; the root is ``root``.
"""

from __future__ import annotations

from engine.trace import (
    CUT,
    ENTER,
    EXIT,
    LEAF,
    NULL_WINDOW,
    RE_SEARCH,
    TABLE,
    UPDATE,
    SearchRun,
)
from engine.tree import GameTree
from engine.values import fmt_value
from teach import step_shapes as shapes
from teach.i18n import N_, _, current, ngettext

_MAX_PATH = 4  # moves shown in a labelled node's name before eliding the start
_MAX_LIST = 6  # pruned children listed by name before "and N more"


def letters(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, 27 -> AB, ... (spreadsheet column names)."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def _short_name(tree: GameTree, node: int) -> str:
    """Inner nodes: letters in BFS order; leaves: their 1-based position left to right."""
    i = tree.reading_order[node]
    return letters(i) if tree.children[node] else str(i + 1)


def node_name(tree: GameTree, node: int) -> str:
    """The short name of ``node`` used in explanations, the quiz, pages and figures: a letter
    for an inner node, the position (``"5"``: say "leaf 5") for a leaf, the moves in a game
    search."""
    if tree.labels is not None:
        if node == 0:
            # the engine's name of a game search's root ("root"), in the run's language
            return _("root") if tree.labels[0] == "root" else tree.labels[0]
        moves: list[str] = []
        n = node
        while n > 0:
            moves.append(tree.labels[n])
            n = tree.parent[n]
        moves.reverse()
        if len(moves) > _MAX_PATH:
            moves = ["…", *moves[-(_MAX_PATH - 1) :]]
        return " ".join(moves)
    return _short_name(tree, node)


def leaf_phrase(tree: GameTree, node: int) -> str:
    """ "leaf 5 (value 4)" for a leaf of a tree without labels (its value: "?" when unknown)."""
    return _(
        "leaf {name} (value {value})",
        name=node_name(tree, node),
        value=fmt_value(tree.values[node]),
    )


def cap(text: str) -> str:
    """``text`` with its first letter capitalised (a name phrase opening a sentence)."""
    return text[:1].upper() + text[1:]


def who(tree: GameTree, node: int) -> str:
    """ "MAX node B", "MIN node C", "leaf 5", "chance node D", "the root (MAX)": a node as
    the subject or object of a step's sentence, in the run's language."""
    if tree.labels is not None and node == 0:
        return _("the root (MAX)")
    name = node_name(tree, node)
    if not tree.children[node]:
        return _("leaf {name}", name=name)
    if tree.is_chance(node):
        return _("chance node {name}", name=name)
    if tree.is_max(node):
        return _("MAX node {name}", name=name)
    return _("MIN node {name}", name=name)


def _child_name(tree: GameTree, node: int) -> str:
    # For a list of siblings the move alone is enough; without labels use the node name.
    if tree.labels is not None:
        return tree.labels[node]
    return _who_short(tree, node)


def _cut_sentence(
    tree: GameTree, who_: str, rule: str, skipped: tuple[int, ...] | list[int], values: bool
) -> str:
    """ "MIN node C: beta = 2 <= alpha = 3, so its leaves 5 and 6 with values 4 and 6 are
    pruned." (``values=False``: the values a search never saw unsaid)."""
    n = len(skipped)
    params: dict[str, object] = {"who": who_, "rule": rule}
    leaves = all(not tree.children[c] for c in skipped)
    if tree.labels is not None:
        shape = "move"
        params["names"] = and_list([tree.labels[c] for c in skipped])
    elif values and leaves:
        shape = "valued"
        params["names"] = and_list([node_name(tree, c) for c in skipped])
        params["values"] = and_list([fmt_value(tree.values[c]) for c in skipped])
    elif leaves:
        shape = "leaf"
        params["names"] = and_list([node_name(tree, c) for c in skipped])
    else:
        shape = "child"
        params["names"] = and_list([_who_short(tree, c) for c in skipped])
    one, many = shapes.PRUNED[shape]
    # the names are listed, not counted: one sentence for one child, one for several
    return cap(_(one if n == 1 else many, **params))


def _who_short(tree: GameTree, node: int) -> str:
    if not tree.children[node]:
        return _("leaf {name}", name=node_name(tree, node))
    return node_name(tree, node)


def and_list(names: list[str]) -> str:
    """ "D, E and leaf 9" (past six names: "..., 3 more"), in the run's language."""
    if len(names) > _MAX_LIST:
        rest = len(names) - (_MAX_LIST - 1)
        names = [*names[: _MAX_LIST - 1], ngettext("{n} more", "{n} more", rest)]
    if len(names) == 1:
        return names[0]
    sep = "、" if current() == "zh" else ", "
    return _("{items} and {last}", items=sep.join(names[:-1]), last=names[-1])


WITHOUT_WINDOWS = ("minimax", "expectimax")  # searches whose windows stay (−∞, +∞)


def _table_sentence(tree: GameTree, e, who_: str) -> str:
    """A table (or MTD(f)'s memory) answers at a node: what the entry says and does."""
    what = _(shapes.BOUND_WORDS.get(e.tag or "", N_("a bound")))
    if e.value is not None:
        key = e.tag if e.tag in shapes.TABLE_HIT else ""
        return _(
            shapes.TABLE_HIT[key],
            who=who_,
            v=fmt_value(e.value),
            alpha=fmt_value(e.alpha),
            beta=fmt_value(e.beta),
        )
    if e.child is not None:
        return _(
            "The table knows {who} from an earlier search ({what}): its best move there, "
            "{move}, is searched first.",
            who=who_,
            what=what,
            move=_child_name(tree, e.child),
        )
    return _(
        "The memory holds {what} for {who}: the window narrows to alpha = {alpha} and "
        "beta = {beta}.",
        what=what,
        who=who_,
        alpha=fmt_value(e.alpha),
        beta=fmt_value(e.beta),
    )


def _update_sentence(run: SearchRun, k: int, e, who_: str, ab: bool) -> str:
    tree = run.tree
    mx = tree.is_max(e.node)
    c = e.child if e.child is not None else 0
    pvs = run.algorithm == "pvs"
    if pvs and e.value != e.best:
        # PVS scores a node by its window (its α in its own view): a child no better than
        # the bound leaves the score at the bound, which is not a value it saw.
        how = "pvs_max" if mx else "pvs_min"
    else:
        how = ("score_" if pvs else "best_") + (("a" if mx else "b") if ab else "plain")
    sees = tree.labels is None and not tree.children[c]
    text = _(
        shapes.UPDATE_SENTENCES["sees" if sees else "gets", how],
        who=who_,
        leaf=leaf_phrase(tree, c) if sees else "",
        value=fmt_value(e.value),
        child=_child_name(tree, c),
        best=fmt_value(e.best),
        alpha=fmt_value(e.alpha),
        beta=fmt_value(e.beta),
    )
    nxt = run.events[k] if k < len(run.events) else None
    if ab and e.alpha >= e.beta and (nxt is None or nxt.kind != CUT):
        if run.variant == "strict" and e.alpha == e.beta:
            text += " " + _("alpha = beta, but the strict rule cuts only when alpha > beta.")
        else:
            text += " " + _("alpha >= beta, but no children are left to prune.")
    if run.variant == "negamax" and e.nm_value is not None:
        aside = (
            N_("(Negamax view: it gets {value}, its score = {best}.)")
            if pvs
            else N_("(Negamax view: it gets {value}, best = {best}.)")
        )
        text += " " + _(aside, value=fmt_value(e.nm_value), best=fmt_value(e.nm_best))
    return text


def describe(run: SearchRun, k: int, leaf_values: bool = True) -> str:
    """One sentence for step ``k``: what the k-th event (1-based) does. Step 0: the start.

    ``leaf_values=False`` (leaves revealed as evaluated): a cut-off names the leaves it
    prunes without their values, which the search never saw. The sentence is in the run's
    language (:func:`teach.i18n.current`)."""
    tree = run.tree
    k = max(0, min(int(k), len(run.events)))
    if k == 0:
        return _("Press next to start the search at the root (MAX).")
    e = run.events[k - 1]
    w = who(tree, e.node)
    ab = run.algorithm not in WITHOUT_WINDOWS
    a, b = fmt_value(e.alpha), fmt_value(e.beta)
    if e.kind == ENTER and e.tag == NULL_WINDOW:
        return _(
            "Probe {who} with a null window, alpha = {alpha} and beta = {beta}: the search "
            "only learns whether its value is at most {alpha} or at least {beta}.",
            who=w,
            alpha=a,
            beta=b,
        )
    if e.kind == ENTER and e.tag == RE_SEARCH:
        up = who(tree, tree.parent[e.node])
        # MAX's view, as every sentence: under a MIN node the probe fails low
        if tree.is_max(tree.parent[e.node]):
            msg = N_(
                "Re-search: the null window of {who} failed high, strictly inside the window "
                "of {up}, so search {who} again with the full window, alpha = {alpha} and "
                "beta = {beta}."
            )
        else:
            msg = N_(
                "Re-search: the null window of {who} failed low, strictly inside the window "
                "of {up}, so search {who} again with the full window, alpha = {alpha} and "
                "beta = {beta}."
            )
        return _(msg, who=w, up=up, alpha=a, beta=b)
    if e.kind == TABLE:
        return _table_sentence(tree, e, w)
    if e.kind == UPDATE and tree.is_chance(e.node):
        c = e.child if e.child is not None else 0
        p = tree.probs[c] if tree.probs is not None else None
        text = _(
            "{who} gets {value} from {child} with probability {p}: the expected value so far "
            "is {best}.",
            who=w,
            value=fmt_value(e.value),
            child=_child_name(tree, c),
            p=p,
            best=fmt_value(e.best),
        )
        return cap(text)
    if e.kind == ENTER:
        if e.node == 0:
            if tree.labels is not None:
                msg = (
                    N_("Start at {who}, with alpha = {alpha} and beta = {beta}.")
                    if ab
                    else N_("Start at {who}.")
                )
            else:
                msg = (
                    N_("Start at the root, {who}, with alpha = {alpha} and beta = {beta}.")
                    if ab
                    else N_("Start at the root, {who}.")
                )
            return _(msg, who=w, alpha=a, beta=b)
        if ab:
            return _(
                "Go down to {who} with alpha = {alpha} and beta = {beta}.", who=w, alpha=a, beta=b
            )
        return _("Go down to {who}.", who=w)
    if e.kind == LEAF:
        return _("Evaluate {who}: its value is {value}.", who=w, value=fmt_value(e.value))
    if e.kind == UPDATE:
        return cap(_update_sentence(run, k, e, w, ab))
    if e.kind == CUT:
        rule = _(shapes.RULE[tree.is_max(e.node), run.variant == "strict"], alpha=a, beta=b)
        return _cut_sentence(tree, w, rule, e.skipped, leaf_values)
    if e.kind == EXIT:
        v = fmt_value(e.value)
        if e.node == 0:
            text = _("The root returns {value}: the value of the game is {value}.", value=v)
        else:
            text = _(
                "{who} returns {value} to {parent}.",
                who=w,
                value=v,
                parent=who(tree, tree.parent[e.node]),
            )
        if run.variant == "fail-hard" and e.best is not None and e.value != e.best:
            text += " " + _(
                "(Its best, {best}, is clamped into its window.)", best=fmt_value(e.best)
            )
        if run.variant == "negamax" and e.node != 0:
            text += " " + _(
                "(Negamax view: it returns {value}, which its parent negates.)",
                value=fmt_value(e.nm_value),
            )
        return cap(text)
    return _("{kind} at {who}.", kind=e.kind, who=w)
