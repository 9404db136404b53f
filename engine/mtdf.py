"""MTD(f): a sequence of null-window alpha-beta passes with a memory of bounds.

Plaat, Schaeffer, Pijls and de Bruin, "Best-first fixed-depth minimax algorithms",
Artificial Intelligence 87 (1996). From a first guess ``f`` (0 by default, or the value of a
previous iteration), with bounds ``lower = −∞``, ``upper = +∞`` on the root's value::

    g = f
    while lower < upper:
        β = g + 1 if g == lower else g
        g = alpha_beta_with_memory(root, β − 1, β)   # a null window: "is the value >= β?"
        if g < β: upper = g  else: lower = g
    return g

Leaf values are integers, so the window (β − 1, β) holds no value strictly inside: each pass
only answers "at least β" (fail high, a new lower bound) or "at most β − 1" (fail low, a new
upper bound), and the bounds close in on the value. ``alpha_beta_with_memory`` is Plaat's
fail-soft alpha-beta that stores per node the bounds each search proved (``lower`` after a
fail high, ``upper`` after a fail low, both when the value fell inside the window) and, on
entering a node it has seen, returns a stored bound that settles the window or narrows the
window with it. The memory lives for one :func:`mtdf` call.

Each pass is one traced :class:`~engine.trace.SearchRun` (MAX's view; MAX nodes raise alpha,
MIN nodes lower beta, as the statement's alpha-beta). When the memory answers at a node, a
``TABLE`` event follows its ENTER: ``tag`` LOWER or UPPER (the bound used), ``value`` the bound
returned (then an EXIT follows at once) or None when it only narrowed the window.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.trace import (
    CUT,
    ENTER,
    EXIT,
    INF,
    LEAF,
    LOWER,
    TABLE,
    UPDATE,
    UPPER,
    PathTable,
    SearchRun,
)
from engine.traced import Call, Recorder, drive
from engine.tree import GameTree


@dataclass(frozen=True)
class MtdfPass:
    """One null-window pass: the window (beta − 1, beta), what it returned, and the root's
    bounds [lower, upper] after it."""

    beta: int
    value: int
    lower: float
    upper: float
    run: SearchRun

    @property
    def failed_high(self) -> bool:
        return self.value >= self.beta


@dataclass(frozen=True)
class MtdfResult:
    value: int
    first_guess: int
    passes: tuple[MtdfPass, ...]

    @property
    def leaves_evaluated(self) -> int:
        return sum(p.run.leaves_evaluated for p in self.passes)

    @property
    def nodes_visited(self) -> int:
        return sum(p.run.nodes_visited for p in self.passes)

    @property
    def table_hits(self) -> int:
        return sum(p.run.counts.get("table_hits", 0) for p in self.passes)


def mtdf(tree: GameTree, first_guess: int = 0, record: bool = True) -> MtdfResult:
    """MTD(f) over an explicit tree (root MAX). ``record=False`` counts without events."""
    if tree.has_chance:
        from engine.search import SearchError

        raise SearchError("the tree has chance nodes: use expectimax")
    table = PathTable.of_tree(tree)
    memory: dict[int, list[float]] = {}  # node -> [lower, upper]
    children, values = tree.children, tree.values

    def one_pass(beta: int) -> SearchRun:
        rec = Recorder(table, record=record)
        emit = rec.emit

        def search(n: int, a: float, b: float) -> Call:
            mx = tree.is_max(n)
            emit(ENTER, n, mx, a, b)
            got = memory.get(n)
            if got is not None:
                lo, hi = got
                if lo >= b:
                    emit(TABLE, n, mx, a, b, value=lo, tag=LOWER)
                    emit(EXIT, n, mx, a, b, value=lo, best=lo)
                    return lo
                if hi <= a:
                    emit(TABLE, n, mx, a, b, value=hi, tag=UPPER)
                    emit(EXIT, n, mx, a, b, value=hi, best=hi)
                    return hi
                if lo > a:
                    a = lo
                    emit(TABLE, n, mx, a, b, tag=LOWER)
                if hi < b:
                    b = hi
                    emit(TABLE, n, mx, a, b, tag=UPPER)
            kids = children[n]
            if not kids:
                g = values[n]
                emit(LEAF, n, mx, a, b, value=g)
            elif mx:
                g = -INF
                x = a
                for i, c in enumerate(kids):
                    v = yield search(c, x, b)
                    g = max(g, v)
                    x = max(x, g)
                    emit(UPDATE, n, mx, x, b, value=v, child=c, best=g)
                    if g >= b:
                        if i + 1 < len(kids):
                            emit(CUT, n, mx, x, b, best=g, skipped=kids[i + 1 :])
                        break
                emit(EXIT, n, mx, x, b, value=g, best=g)
            else:
                g = INF
                y = b
                for i, c in enumerate(kids):
                    v = yield search(c, a, y)
                    g = min(g, v)
                    y = min(y, g)
                    emit(UPDATE, n, mx, a, y, value=v, child=c, best=g)
                    if g <= a:
                        if i + 1 < len(kids):
                            emit(CUT, n, mx, a, y, best=g, skipped=kids[i + 1 :])
                        break
                emit(EXIT, n, mx, a, y, value=g, best=g)
            entry = memory.setdefault(n, [-INF, INF])
            if g <= a:
                entry[1] = g
            elif g >= b:
                entry[0] = g
            else:
                entry[0] = entry[1] = g
            return g

        g = drive(search(0, beta - 1, beta))
        return SearchRun(
            tree=tree,
            events=rec.events,
            value=g,
            leaves_evaluated=rec.leaves,
            nodes_visited=rec.nodes,
            algorithm="mtdf",
            variant="statement",
            counts={"null_windows": 1, "table_hits": rec.counts[TABLE]},
        )

    g = first_guess
    lower, upper = -INF, INF
    passes: list[MtdfPass] = []
    while lower < upper:
        beta = g + 1 if g == lower else g
        run = one_pass(beta)
        g = run.value
        if g < beta:
            upper = g
        else:
            lower = g
        passes.append(MtdfPass(beta, g, lower, upper, run))
    return MtdfResult(g, first_guess, tuple(passes))
