"""Node types, cut kinds and the minimal tree, read from an alpha-beta trace.

One definition of the node types, the one every page, the quiz and the CLI use: Marsland's
*actual* types (T. A. Marsland and F. Popowich, "Parallel game-tree search", IEEE PAMI 7,
1985), by how the node's search ended against the window it was given, seen from the side to
move there (a MIN node's view is MAX's negated):

- ``PV``: its value fell strictly inside its window;
- ``CUT``: it failed high: its value reached the bound its opponent set (β at a MAX node, α
  at a MIN node), so a cut-off pruned the children left (or the last child did it, with
  nothing left to prune);
- ``ALL``: it failed low: every child was searched and none reached its own bound.

Knuth and Moore ("An Analysis of Alpha-Beta Pruning", Artificial Intelligence 6, 1975) number
the *expected* types 1, 2, 3 by position in the tree (:func:`expected_types`); on a perfectly
ordered tree the actual types are the expected ones.

Cuts come in two kinds: a *beta-cut* at a MAX node (its alpha reached the beta a MIN
ancestor set) and an *alpha-cut* at a MIN node (its beta fell to the alpha a MAX ancestor
set); :class:`Cut` names that ancestor, the node whose bound caused the cut.

On a complete tree of branching b and depth d, any search that proves the root's value looks
at no fewer than ``b^⌈d/2⌉ + b^⌊d/2⌋ − 1`` leaves (:func:`minimal_leaves`); alpha-beta on the
perfectly ordered tree (:func:`perfect_order`: every node's best child first) looks at exactly
that many, and its node types are then the a-priori ones of :func:`expected_types`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.search import reorder
from engine.trace import CUT, ENTER, EXIT, LEAF, TABLE, UPDATE, SearchRun
from engine.tree import GameTree

PV = "PV"
CUT_NODE = "CUT"
ALL = "ALL"
NODE_TYPES = (PV, CUT_NODE, ALL)
KNUTH_MOORE_TYPE = {PV: 1, CUT_NODE: 2, ALL: 3}  # the expected types' numbers

BETA_CUT = "beta-cut"  # at a MAX node: alpha >= the beta a MIN ancestor set
ALPHA_CUT = "alpha-cut"  # at a MIN node: beta <= the alpha a MAX ancestor set
# Where a cut's bound came from (Cut.via)
BY_MOVE = "move"  # a move its node searched
BY_PROBE = "probe"  # the null window its node probed a child with (PVS)
BY_TABLE = "table"  # its node's table entry (or MTD(f)'s memory) narrowed the window


def node_type(is_max: bool, value: float, alpha: float, beta: float) -> str:
    """The type of a node that returned ``value`` from the window (alpha, beta), all in MAX's
    view: PV strictly inside, CUT when it failed high for its own side, ALL when it failed
    low."""
    x, lo, hi = (value, alpha, beta) if is_max else (-value, -beta, -alpha)
    if x >= hi:
        return CUT_NODE
    if x <= lo:
        return ALL
    return PV


@dataclass(frozen=True)
class Cut:
    """One cut-off: the CUT event at ``step`` (an index into ``run.events``) at ``node``.

    ``kind`` is :data:`BETA_CUT` (a MAX node) or :data:`ALPHA_CUT` (a MIN node); ``cause`` is
    the ancestor whose bound ``bound`` (its beta for a beta-cut, its alpha for an alpha-cut)
    made alpha >= beta here: the "why pruned" arrow goes from ``cause`` to ``node``.

    ``cause`` is -1 when the bound is the window the whole search started with (an MTD(f)
    pass's test window).
    ``via`` says where the bound came from: :data:`BY_MOVE` (a move ``cause`` searched),
    :data:`BY_PROBE` (the edge of the null window ``cause`` probed a child with: PVS's
    β = α + 1 under a MAX node, α = β − 1 under a MIN node) or :data:`BY_TABLE` (what
    ``cause``'s table entry or MTD(f)'s memory said)."""

    step: int
    node: int
    kind: str
    cause: int
    bound: float
    skipped: tuple[int, ...]
    via: str = "move"


@dataclass(frozen=True)
class NodeTypes:
    """``types``: every visited node -> PV / CUT / ALL; ``window``: the window (MAX's view) it
    was given; ``cuts`` in the order they happened; ``value``: what it returned (MAX's view;
    all three of its last visit)."""

    types: dict[int, str]
    window: dict[int, tuple[float, float]]
    cuts: tuple[Cut, ...]
    tree: GameTree
    value: dict[int, float] = field(default_factory=dict)

    def count(self, kind: str, inner: bool = True) -> int:
        """How many visited nodes (inner nodes only unless ``inner`` is False) are ``kind``."""
        ch = self.tree.children
        return sum(1 for n, t in self.types.items() if t == kind and (ch[n] or not inner))

    def counts(self, inner: bool = True) -> dict[str, int]:
        return {k: self.count(k, inner) for k in NODE_TYPES}


def classify(run: SearchRun) -> NodeTypes:
    """Node types and cuts of an alpha-beta run (any variant; values in MAX's view).

    A node searched more than once (a re-search) gets the type of its last visit.
    """
    tree = run.tree
    types: dict[int, str] = {}
    value: dict[int, float] = {}
    window: dict[int, tuple[float, float]] = {}
    # node -> [alpha, alpha's source, beta, beta's source] while it is active; a source is
    # (the node whose bound it is, how: BY_MOVE / BY_PROBE / BY_TABLE), None the window the
    # search started with
    bound: dict[int, list] = {}
    cuts: list[Cut] = []
    parent = tree.parent
    for i, e in enumerate(run.events):
        n = e.node
        if e.kind == ENTER:
            window[n] = (e.alpha, e.beta)
            p = parent[n]
            if p >= 0 and p in bound:
                a, a_src, b, b_src = bound[p]
                # a window narrower than the parent's: the parent probes this child
                if e.alpha > a:
                    a_src = (p, BY_PROBE)
                if e.beta < b:
                    b_src = (p, BY_PROBE)
            else:
                a_src = b_src = None
            bound[n] = [e.alpha, a_src, e.beta, b_src]
        elif e.kind in (UPDATE, TABLE) and n in bound:
            f = bound[n]
            how = BY_MOVE if e.kind == UPDATE else BY_TABLE
            if e.alpha > f[0]:
                f[0], f[1] = e.alpha, (n, how)
            if e.beta < f[2]:
                f[2], f[3] = e.beta, (n, how)
        elif e.kind == CUT:
            a, a_src, b, b_src = bound[n]
            if tree.is_max(n):
                kind, src, by = BETA_CUT, b_src, b
            else:
                kind, src, by = ALPHA_CUT, a_src, a
            cause, via = (-1, BY_MOVE) if src is None else src
            cuts.append(Cut(i, n, kind, cause, by, e.skipped, via))
        elif e.kind in (LEAF, EXIT):
            a0, b0 = window[n]
            types[n] = node_type(tree.is_max(n), e.value, a0, b0)  # type: ignore[arg-type]
            value[n] = e.value  # type: ignore[assignment]
            bound.pop(n, None)
    return NodeTypes(types, window, tuple(cuts), tree, value)


def minimal_leaves(branching: int, depth: int) -> int:
    """Knuth and Moore's minimal tree: ``b^⌈d/2⌉ + b^⌊d/2⌋ − 1`` leaves."""
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def perfect_order(tree: GameTree) -> GameTree:
    """``tree`` with every node's best child (for the side to move) first: on a complete tree
    alpha-beta then evaluates exactly the minimal tree (on an irregular tree not always the
    fewest leaves)."""
    return reorder(tree, "best-first")


def worst_order(tree: GameTree) -> GameTree:
    """``tree`` with every node's children worst first: alpha-beta prunes nothing it could
    have kept."""
    return reorder(tree, "worst-first")


def expected_types(tree: GameTree) -> dict[int, str]:
    """The a-priori types of the minimal tree: the root is PV; a PV node's first child is PV
    and its other children CUT; a CUT node's first child is ALL (its only child in the
    minimal tree); every child of an ALL node is CUT. Nodes outside the minimal tree are
    absent."""
    out = {0: PV}
    stack = [0]
    ch = tree.children
    while stack:
        n = stack.pop()
        kids = ch[n]
        if not kids:
            continue
        t = out[n]
        if t == PV:
            nxt = [(kids[0], PV)] + [(c, CUT_NODE) for c in kids[1:]]
        elif t == CUT_NODE:
            nxt = [(kids[0], ALL)]
        else:
            nxt = [(c, CUT_NODE) for c in kids]
        for c, ct in nxt:
            out[c] = ct
            stack.append(c)
    return out
