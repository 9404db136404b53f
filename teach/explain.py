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
    EXACT,
    EXIT,
    LEAF,
    LOWER,
    NULL_WINDOW,
    RE_SEARCH,
    TABLE,
    UPDATE,
    UPPER,
    SearchRun,
)
from engine.tree import GameTree
from engine.values import fmt_value

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
            return tree.labels[0]
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
    return f"leaf {node_name(tree, node)} (value {fmt_value(tree.values[node])})"


def _who(tree: GameTree, node: int) -> str:
    if tree.labels is not None and node == 0:
        return "the root (MAX)"
    name = node_name(tree, node)
    if not tree.children[node]:
        return f"leaf {name}"
    if tree.is_chance(node):
        return f"chance node {name}"
    return f"{'MAX' if tree.is_max(node) else 'MIN'} node {name}"


def _child_name(tree: GameTree, node: int) -> str:
    # For a list of siblings the move alone is enough; without labels use the node name.
    if tree.labels is not None:
        return tree.labels[node]
    return _who_short(tree, node)


def _pruned_phrase(
    tree: GameTree, skipped: tuple[int, ...] | list[int], values: bool = True
) -> str:
    """ "its move x is", "its leaves 5 and 6 with values 4 and 6 are", "its children D and
    leaf 9 are": the subject of "... pruned" for the children a cut skips (``values=False``:
    "its leaves 5 and 6 are", the values a search never saw unsaid)."""
    one = len(skipped) == 1
    if tree.labels is not None:
        names = [tree.labels[c] for c in skipped]
        return f"its move {names[0]} is" if one else f"its moves {_and(names)} are"
    if values and all(not tree.children[c] for c in skipped):
        pos = _and([node_name(tree, c) for c in skipped])
        vals = _and([fmt_value(tree.values[c]) for c in skipped])
        if one:
            return f"its leaf {pos} with value {vals} is"
        return f"its leaves {pos} with values {vals} are"
    if all(not tree.children[c] for c in skipped):  # leaves, their values unsaid
        pos = _and([node_name(tree, c) for c in skipped])
        return f"its leaf {pos} is" if one else f"its leaves {pos} are"
    names = [_who_short(tree, c) for c in skipped]
    return f"its child {names[0]} is" if one else f"its children {_and(names)} are"


def _who_short(tree: GameTree, node: int) -> str:
    return f"leaf {node_name(tree, node)}" if not tree.children[node] else node_name(tree, node)


def _and(names: list[str]) -> str:
    if len(names) > _MAX_LIST:
        rest = len(names) - (_MAX_LIST - 1)
        names = [*names[: _MAX_LIST - 1], f"{rest} more"]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


WITHOUT_WINDOWS = ("minimax", "expectimax")  # searches whose windows stay (−∞, +∞)
_BOUND_WORDS = {EXACT: "an exact value", LOWER: "a lower bound", UPPER: "an upper bound"}


def _table_sentence(tree: GameTree, e, who: str, window: str) -> str:
    """A table (or MTD(f)'s memory) answers at a node: what the entry says and does."""
    what = _BOUND_WORDS.get(e.tag or "", "a bound")
    if e.value is not None:
        v = fmt_value(e.value)
        if e.tag == EXACT:
            why = f"{v} is exact"
        elif e.tag == LOWER:
            why = f"at least {v}, and {v} >= beta = {fmt_value(e.beta)}"
        else:
            why = f"at most {v}, and {v} <= alpha = {fmt_value(e.alpha)}"
        return (
            f"The table already holds {who}, searched as deep, with {what}: {why}, so {who} "
            f"returns {v} without a search."
        )
    if e.child is not None:
        return (
            f"The table knows {who} from an earlier search ({what}): its best move there, "
            f"{_child_name(tree, e.child)}, is searched first."
        )
    return f"The memory holds {what} for {who}: the window narrows to {window}."


def describe(run: SearchRun, k: int, leaf_values: bool = True) -> str:
    """One sentence for step ``k``: what the k-th event (1-based) does. Step 0: the start.

    ``leaf_values=False`` (leaves revealed as evaluated): a cut-off names the leaves it
    prunes without their values, which the search never saw."""
    tree = run.tree
    k = max(0, min(int(k), len(run.events)))
    if k == 0:
        return "Press next to start the search at the root (MAX)."
    e = run.events[k - 1]
    who = _who(tree, e.node)
    ab = run.algorithm not in WITHOUT_WINDOWS
    window = f"alpha = {fmt_value(e.alpha)} and beta = {fmt_value(e.beta)}"
    if e.kind == ENTER and e.tag == NULL_WINDOW:
        return (
            f"Probe {who} with a null window, {window}: the search only learns whether its "
            f"value is at most {fmt_value(e.alpha)} or at least {fmt_value(e.beta)}."
        )
    if e.kind == ENTER and e.tag == RE_SEARCH:
        up = _who(tree, tree.parent[e.node])
        # MAX's view, as every sentence: under a MIN node the probe fails low
        how = "high" if tree.is_max(tree.parent[e.node]) else "low"
        return (
            f"Re-search: the null window of {who} failed {how}, strictly inside the window of "
            f"{up}, so search {who} again with the full window, {window}."
        )
    if e.kind == TABLE:
        return _table_sentence(tree, e, who, window)
    if e.kind == UPDATE and tree.is_chance(e.node):
        c = e.child if e.child is not None else 0
        p = tree.probs[c] if tree.probs is not None else None
        return (
            f"{who[0].upper()}{who[1:]} gets {fmt_value(e.value)} from {_child_name(tree, c)} "
            f"with probability {p}: the expected value so far is {fmt_value(e.best)}."
        )
    if e.kind == ENTER:
        if e.node == 0:
            root = who if tree.labels is not None else f"the root, {who}"
            return f"Start at {root}, with {window}." if ab else f"Start at {root}."
        return f"Go down to {who} with {window}." if ab else f"Go down to {who}."
    if e.kind == LEAF:
        return f"Evaluate {who}: its value is {fmt_value(e.value)}."
    if e.kind == UPDATE:
        mx = tree.is_max(e.node)
        c = e.child if e.child is not None else 0
        if tree.labels is None and not tree.children[c]:
            text = f"{who} sees {leaf_phrase(tree, c)}"
        else:
            text = f"{who} gets {fmt_value(e.value)} from {_child_name(tree, c)}"
        if run.algorithm == "pvs" and e.value != e.best:
            # PVS scores a node by its window (its α in its own view): a child no better
            # than the bound leaves the score at the bound, which is not a value it saw.
            bound = "alpha" if mx else "beta"
            side = "MAX" if mx else "MIN"
            b = fmt_value(e.best)
            text += (
                f", no better for {side} than its {bound} = {b}, so its score stays at the "
                f"bound, {b} (PVS keeps a node's score inside its window)."
            )
        else:
            best = "its score" if run.algorithm == "pvs" else "best"
            text += f", so {best} = {fmt_value(e.best)}"
            if ab:
                text += f", alpha = {fmt_value(e.alpha)}" if mx else f", beta = {fmt_value(e.beta)}"
            text += "."
        nxt = run.events[k] if k < len(run.events) else None
        if ab and e.alpha >= e.beta and (nxt is None or nxt.kind != CUT):
            if run.variant == "strict" and e.alpha == e.beta:
                text += " alpha = beta, but the strict rule cuts only when alpha > beta."
            else:
                text += " alpha >= beta, but no children are left to prune."
        if run.variant == "negamax" and e.nm_value is not None:
            best = "its score" if run.algorithm == "pvs" else "best"
            text += (
                f" (Negamax view: it gets {fmt_value(e.nm_value)}, {best} = "
                f"{fmt_value(e.nm_best)}.)"
            )
        return text
    if e.kind == CUT:
        strict = run.variant == "strict"
        if tree.is_max(e.node):
            rule = (
                f"alpha = {fmt_value(e.alpha)} {'>' if strict else '>='} beta = {fmt_value(e.beta)}"
            )
        else:
            rule = (
                f"beta = {fmt_value(e.beta)} {'<' if strict else '<='} alpha = {fmt_value(e.alpha)}"
            )
        what = _pruned_phrase(tree, e.skipped, leaf_values)
        return f"{who[0].upper()}{who[1:]}: {rule}, so {what} pruned."
    if e.kind == EXIT:
        if e.node == 0:
            text = f"The root returns {fmt_value(e.value)}: the value of the game is {fmt_value(e.value)}."
        else:
            text = f"{who} returns {fmt_value(e.value)} to {_who(tree, tree.parent[e.node])}."
        if run.variant == "fail-hard" and e.best is not None and e.value != e.best:
            text += f" (Its best, {fmt_value(e.best)}, is clamped into its window.)"
        if run.variant == "negamax" and e.node != 0:
            text += (
                f" (Negamax view: it returns {fmt_value(e.nm_value)}, which its parent negates.)"
            )
        return text[0].upper() + text[1:]
    return f"{e.kind} at {who}."
