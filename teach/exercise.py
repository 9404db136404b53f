"""Whole-tree exercises: the student fills in every inner node's value and marks pruned edges.

The reference is alpha-beta with the statement's rule (fail-soft, children left to right,
cut as soon as alpha >= beta). A node's *value* is the value alpha-beta returns for it: for a
node that was cut short this is a bound (e.g. a MIN node that stopped at 2 returns 2 even if
a skipped child was smaller). An edge ``(parent, child)`` is *pruned* when the search never
visits ``child`` because of a cut at ``parent``; only that top edge is marked, not the edges
inside the skipped subtree. Values of nodes inside skipped subtrees are not graded.

The answers are read from the trace of ``engine.search.search_tree`` (the statement
variant); an independent alpha-beta to check them against lives in the tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from engine.search import search_tree
from engine.trace import CUT, EXIT
from engine.tree import GameTree, minimax
from teach.i18n import _, ngettext
from teach.quiz import node_names

Edge = tuple[int, int]

# item statuses in a Report
RIGHT = "right"
WRONG = "wrong"
MISSING = "missing"
NOT_GRADED = "not graded"
CUT_FOUND = "cut found"
CUT_MISSED = "cut missed"
CUT_WRONG = "wrong cut"


@dataclass(frozen=True)
class Solution:
    """What alpha-beta (statement rule) computes on a tree.

    ``values``: the value each *visited inner* node returns. ``pruned_edges``: the top edges
    of skipped subtrees. ``skipped``: every node never visited. ``minimax``: the exact value
    of every inner node (equal to ``values`` wherever no cut happened below).
    """

    value: int
    values: dict[int, int]
    pruned_edges: frozenset[Edge]
    skipped: frozenset[int]
    leaves_evaluated: int
    minimax: dict[int, int]

    @property
    def cuts(self) -> int:
        """Number of cut-offs: nodes where alpha >= beta stopped the search early."""
        return len({p for p, _ in self.pruned_edges})


def solution(tree: GameTree) -> Solution:
    """Alpha-beta (statement rule) over ``tree``, read from the traced search's events."""
    run = search_tree(tree, "alphabeta", "statement")
    exact = minimax(tree)
    if tree.is_leaf(0):
        return Solution(run.value, {}, frozenset(), frozenset(), 1, {0: exact.value})
    values: dict[int, int] = {}
    pruned: set[Edge] = set()
    for e in run.events:
        if e.kind == EXIT:
            values[e.node] = e.value  # type: ignore[assignment]
        elif e.kind == CUT:
            pruned.update((e.node, c) for c in e.skipped)
    skipped: set[int] = set()
    for _parent, c in pruned:
        skipped.update(tree.preorder(c))
    inner_mm = {n: exact.node_values[n] for n in range(len(tree)) if not tree.is_leaf(n)}
    return Solution(
        value=run.value,
        values=values,
        pruned_edges=frozenset(pruned),
        skipped=frozenset(skipped),
        leaves_evaluated=run.leaves_evaluated,
        minimax=inner_mm,
    )


@dataclass(frozen=True)
class Item:
    """One line of a report. ``kind`` is "value" (``node`` set) or "cut" (``edge`` set)."""

    kind: str
    status: str
    reason: str
    node: int | None = None
    edge: Edge | None = None
    expected: int | None = None
    given: int | None = None


@dataclass(frozen=True)
class Report:
    """A graded exercise. ``points`` out of ``max_points``; ``score`` in [0, 1].

    One mark per graded inner node's value and one per true pruned edge: ``max_points`` is
    fixed by the tree (:func:`marks`), whatever the student answers. A wrongly marked edge
    costs a mark (so guessing every edge does not pay); ``points`` never goes below 0.
    """

    items: list[Item] = field(default_factory=list)
    values_right: int = 0
    values_wrong: int = 0
    values_missing: int = 0
    cuts_found: int = 0
    cuts_missed: int = 0
    cuts_wrong: int = 0

    @property
    def points(self) -> int:
        return max(0, self.values_right + self.cuts_found - self.cuts_wrong)

    @property
    def max_points(self) -> int:
        values = self.values_right + self.values_wrong + self.values_missing
        return values + self.cuts_found + self.cuts_missed

    @property
    def score(self) -> float:
        return self.points / self.max_points if self.max_points else 1.0

    @property
    def perfect(self) -> bool:
        return self.points == self.max_points

    def for_node(self, node: int) -> Item | None:
        return next((it for it in self.items if it.kind == "value" and it.node == node), None)

    def summary(self) -> str:
        """ "5 of 9 right: 2 values wrong, 1 pruned edge not marked, 1 searched edge marked
        pruned": how many, never which answers are right (the wrong nodes are marked on the
        tree, not corrected). One vocabulary: a cut-off is the event, a pruned edge its
        result; the marks count pruned edges."""
        head = dict(points=self.points, total=self.max_points)
        vw, vm, cm, cw = self.values_wrong, self.values_missing, self.cuts_missed, self.cuts_wrong
        parts = [
            *([ngettext("{n} value wrong", "{n} values wrong", vw)] if vw else []),
            *([ngettext("{n} value missing", "{n} values missing", vm)] if vm else []),
            *(
                [ngettext("{n} pruned edge not marked", "{n} pruned edges not marked", cm)]
                if cm
                else []
            ),
            *(
                [
                    ngettext(
                        "{n} searched edge marked pruned", "{n} searched edges marked pruned", cw
                    )
                ]
                if cw
                else []
            ),
        ]
        if parts:
            # the list's separator in the language's own punctuation
            return _("{points} of {total} right: {wrong}", wrong=_(", ").join(parts), **head)
        return _("{points} of {total} right: every value and every pruned edge", **head)


def marks(sol: Solution) -> tuple[int, int]:
    """(node values, pruned edges) the exercise on ``sol``'s tree is marked on: one per inner node
    alpha-beta visits, one per pruned edge. Fixed per tree: the denominator of every try."""
    return len(sol.values), len(sol.pruned_edges)


def marks_line(sol: Solution) -> str:
    """ "9 marks: 6 node values, 3 pruned edges", said before the first check."""
    v, c = marks(sol)
    return _(
        "{marks}: {values}, {edges}",
        marks=ngettext("{n} mark", "{n} marks", v + c),
        values=ngettext("{n} node value", "{n} node values", v),
        edges=ngettext("{n} pruned edge", "{n} pruned edges", c),
    )


def exercise_intro(sol: Solution) -> str:
    """What the whole-tree exercise asks, and what its marks count."""
    return _(
        "Type the value **alpha-beta returns** in every inner node (children left to right, "
        "a cut-off as soon as alpha ≥ beta) and mark the edges it never follows: the pruned "
        "edges. A node inside a pruned subtree is never visited: leave it empty. "
        "**Out of {marks}**; a searched edge marked pruned costs a mark.",
        marks=marks_line(sol),
    )


def solution_words(sol: Solution, leaves: int) -> str:
    """ "Root value 3; 7 of 9 leaves evaluated; 1 cut-off pruned 2 edges." """
    edges = len(sol.pruned_edges)
    return _(
        "Root value {value}; {leaves}; {cuts}.",
        value=sol.value,
        leaves=ngettext(
            "{k} of {n} leaf evaluated",
            "{k} of {n} leaves evaluated",
            leaves,
            k=sol.leaves_evaluated,
        ),
        cuts=ngettext(
            "{n} cut-off pruned {edges}",
            "{n} cut-offs pruned {edges}",
            sol.cuts,
            edges=ngettext("{n} edge", "{n} edges", edges),
        ),
    )


def grade(
    tree: GameTree,
    values: Mapping[int, int | None],
    pruned: Iterable[Edge],
    sol: Solution | None = None,
) -> Report:
    """Grade a student's inner-node ``values`` and marked ``pruned`` edges against alpha-beta.

    Values for leaves, unknown nodes and nodes inside skipped subtrees are ignored (the
    latter are listed as "not graded"). Never raises on a well-typed answer.
    """
    sol = sol or solution(tree)
    names = node_names(tree)
    name = names.__getitem__
    items: list[Item] = []
    vr = vw = vm = 0
    for node in tree.preorder():
        if tree.is_leaf(node):
            continue
        given = values.get(node)
        if node in sol.skipped:
            items.append(
                Item(
                    "value",
                    NOT_GRADED,
                    _("node {node} is never visited", node=name(node)),
                    node,
                    None,
                    None,
                    given,
                )
            )
            continue
        exp = sol.values[node]
        if given is None:
            vm += 1
            items.append(
                Item(
                    "value",
                    MISSING,
                    _("node {node}: no value, it returns {value}", node=name(node), value=exp),
                    node,
                    expected=exp,
                )
            )
        elif given == exp:
            vr += 1
            items.append(
                Item(
                    "value",
                    RIGHT,
                    _("node {node} returns {value}", node=name(node), value=exp),
                    node,
                    None,
                    exp,
                    given,
                )
            )
        else:
            vw += 1
            if given == sol.minimax[node] and exp != given:
                why = _(
                    "node {node} returns {value}, not {given} ({given} is its exact minimax "
                    "value, but alpha-beta stopped early and returns the bound {value})",
                    node=name(node),
                    value=exp,
                    given=given,
                )
            else:
                why = _(
                    "node {node} returns {value}, not {given}",
                    node=name(node),
                    value=exp,
                    given=given,
                )
            items.append(Item("value", WRONG, why, node, None, exp, given))
    marked = {(int(p), int(c)) for p, c in pruned}
    cf = cm = cw = 0
    for edge in sorted(sol.pruned_edges):
        p, c = edge
        if edge in marked:
            cf += 1
            why = _("edge {parent}-{child} is pruned", parent=name(p), child=name(c))
            items.append(Item("cut", CUT_FOUND, why, edge=edge))
        else:
            cm += 1
            items.append(
                Item(
                    "cut",
                    CUT_MISSED,
                    _(
                        "edge {parent}-{child} is pruned but not marked",
                        parent=name(p),
                        child=name(c),
                    ),
                    edge=edge,
                )
            )
    for edge in sorted(marked - sol.pruned_edges):
        p, c = edge
        n = len(tree)
        if not (0 <= p < n and 0 <= c < n and tree.parent[c] == p):
            why = _("there is no edge {parent}-{child} in this tree", parent=p, child=c)
        elif p in sol.skipped:
            why = _(
                "edge {parent}-{child} lies inside a subtree that is already pruned; "
                "mark only the top edge",
                parent=name(p),
                child=name(c),
            )
        else:
            why = _("edge {parent}-{child} is searched, not pruned", parent=name(p), child=name(c))
        cw += 1
        items.append(Item("cut", CUT_WRONG, why, edge=edge))
    return Report(items, vr, vw, vm, cf, cm, cw)
