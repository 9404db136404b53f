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

:func:`mtdf_deepen` runs MTD(f) on a game position at depth 1, 2, ..., each iteration starting
from the previous iteration's value, with the memory as a transposition table: keyed by state,
values relative to the node (:func:`engine.game.to_node`), bounds used for cut-offs only when
stored at the same remaining depth, the stored best move tried first at any depth.

Each pass is one traced :class:`~engine.trace.SearchRun` (MAX's view; MAX nodes raise alpha,
MIN nodes lower beta, as the statement's alpha-beta). When the memory answers at a node, a
``TABLE`` event follows its ENTER: ``tag`` LOWER or UPPER (the bound used), ``value`` the bound
returned (then an EXIT follows at once) or None when it only narrowed the window.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import SearchError
from engine.explore import Explorer, TreeSpace
from engine.game import Game, from_node, to_node
from engine.machine import Call, Recorder, drive
from engine.trace import (
    CUT,
    ENTER,
    EXIT,
    INF,
    LEAF,
    LOWER,
    NULL_WINDOW,
    TABLE,
    UPDATE,
    UPPER,
    SearchRun,
)
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


class _Memory:
    """Bounds per key: ``[remaining depth, lower, upper, best move]``, values relative to the
    node. An entry stored at another remaining depth still orders the moves."""

    def __init__(self) -> None:
        self.entries: dict[Hashable, list[Any]] = {}


def _pass(rec: Recorder, beta: int, memory: _Memory, space: Any, depth: int) -> int:
    """One null-window pass of alpha-beta with memory from node 0 of ``space`` (Plaat's
    fail-soft form); ``depth`` - ply is a node's remaining depth."""
    emit = rec.emit
    entries = memory.entries
    is_max, leaf, children = space.is_max, space.leaf, space.children
    key, ply, move_to = space.key, space.ply, space.move_to

    def search(n: int, a: float, b: float) -> Call:
        mx = is_max(n)
        emit(ENTER, n, mx, a, b)
        k, p = key(n), ply(n)
        r = depth - p
        got = entries.get(k)
        hint = None
        if got is not None:
            hint = got[3]
            if got[0] == r:
                lo, hi = from_node(got[1], p), from_node(got[2], p)
                if lo >= b:
                    rec.counts["table_hits"] += 1
                    emit(TABLE, n, mx, a, b, lo, tag=LOWER)
                    emit(EXIT, n, mx, a, b, lo, best=lo)
                    return lo
                if hi <= a:
                    rec.counts["table_hits"] += 1
                    emit(TABLE, n, mx, a, b, hi, tag=UPPER)
                    emit(EXIT, n, mx, a, b, hi, best=hi)
                    return hi
                if lo > a:
                    a = lo
                    rec.counts["table_hits"] += 1
                    emit(TABLE, n, mx, a, b, tag=LOWER)
                if hi < b:
                    b = hi
                    rec.counts["table_hits"] += 1
                    emit(TABLE, n, mx, a, b, tag=UPPER)
        g = leaf(n)
        top: int | None = None
        if g is not None:
            emit(LEAF, n, mx, a, b, g)
        else:
            kids = children(n, hint)
            last = len(kids) - 1
            g = -INF if mx else INF
            x, y = a, b  # the window each child gets: MAX raises x, MIN lowers y
            for i, c in enumerate(kids):
                v = yield search(c, x, y)
                if v > g if mx else v < g:
                    g, top = v, c
                if mx:
                    x = max(x, g)
                else:
                    y = min(y, g)
                emit(UPDATE, n, mx, x, y, v, c, g)
                if g >= b if mx else g <= a:
                    if i < last:
                        emit(CUT, n, mx, x, y, best=g, skipped=kids[i + 1 :])
                    break
            emit(EXIT, n, mx, x, y, g, best=g)
        entry = entries.get(k)
        if entry is None or entry[0] != r:
            entry = entries[k] = [r, -INF, INF, None]
        rel = to_node(g, p)
        if g <= a:
            entry[2] = rel
        elif g >= b:
            entry[1] = rel
        else:
            entry[1] = entry[2] = rel
        if top is not None:
            entry[3] = move_to(top)
        return g

    return drive(search(0, beta - 1, beta))


def _drive_passes(first_guess: int, one_pass: Callable[[int], SearchRun]) -> MtdfResult:
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


def mtdf(tree: GameTree, first_guess: int = 0, record: bool = True) -> MtdfResult:
    """MTD(f) over an explicit tree (root MAX). ``record=False`` counts without events."""
    if tree.has_chance:
        raise SearchError("the tree has chance nodes: use expectimax")
    space = TreeSpace(tree)
    table = space.path_table()
    memory = _Memory()

    def one_pass(beta: int) -> SearchRun:
        rec = Recorder(table, record=record)
        return _run(space, rec, _pass(rec, beta, memory, space, 0))

    return _drive_passes(first_guess, one_pass)


def _run(space: Any, rec: Recorder, g: int) -> SearchRun:
    counts = {"null_windows": 1, "table_hits": rec.counts["table_hits"]}
    return rec.run(space.tree(), g, "mtdf", states=space.states, counts=counts)


def join_passes(passes: tuple[MtdfPass, ...]) -> SearchRun:
    """MTD(f)'s passes over one tree as one run, as a canvas steps it: the events one after
    the other, each pass's root ENTER tagged as the null-window probe it is ((β − 1, β));
    leaves, nodes and table hits summed, ``counts["passes"]`` their number."""
    events = []
    for p in passes:
        evs = p.run.events
        events += [replace(evs[0], tag=NULL_WINDOW), *evs[1:]]
    last = passes[-1].run
    return SearchRun(
        tree=last.tree,
        events=events,
        value=last.value,
        leaves_evaluated=sum(p.run.leaves_evaluated for p in passes),
        nodes_visited=sum(p.run.nodes_visited for p in passes),
        algorithm="mtdf",
        variant="statement",
        counts={
            "null_windows": len(passes),
            "passes": len(passes),
            "table_hits": sum(p.run.counts.get("table_hits", 0) for p in passes),
        },
    )


@dataclass(frozen=True)
class MtdfIteration:
    depth: int
    result: MtdfResult  # its passes' runs are over the trees each pass explored

    @property
    def value(self) -> int:
        return self.result.value


@dataclass(frozen=True)
class MtdfDeepening:
    iterations: tuple[MtdfIteration, ...]
    memory: dict[Hashable, tuple[int, float, float]]  # state -> (depth, lower, upper)

    @property
    def value(self) -> int:
        return self.iterations[-1].value

    def total(self, what: str) -> int:
        """Summed over iterations and passes: ``leaves``, ``nodes``, ``table_hits``,
        ``passes``."""
        res = [it.result for it in self.iterations]
        if what == "leaves":
            return sum(r.leaves_evaluated for r in res)
        if what == "nodes":
            return sum(r.nodes_visited for r in res)
        if what == "passes":
            return sum(len(r.passes) for r in res)
        return sum(r.table_hits for r in res)


def mtdf_deepen(
    game: Game,
    state: Any,
    max_depth: int,
    first_guess: int = 0,
    record: bool = True,
    max_nodes: int = 200_000,
) -> MtdfDeepening:
    """MTD(f) at depth 1, 2, ..., ``max_depth`` on a game position (its side to move is MAX);
    iteration d starts from iteration d−1's value (the first from ``first_guess``). Each pass
    explores its own tree; the memory lives across passes and iterations."""
    if max_depth < 1:
        raise SearchError("depth must be at least 1, not {depth}", depth=max_depth)
    memory = _Memory()
    iterations: list[MtdfIteration] = []
    guess = first_guess
    for d in range(1, max_depth + 1):

        def one_pass(beta: int, d: int = d) -> SearchRun:
            ex = Explorer(game, state, max_nodes, depth=d)
            rec = Recorder(ex.path_table(), record=record)
            return _run(ex, rec, _pass(rec, beta, memory, ex, d))

        res = _drive_passes(guess, one_pass)
        iterations.append(MtdfIteration(d, res))
        guess = res.value
    mem = {k: (e[0], e[1], e[2]) for k, e in memory.entries.items()}
    return MtdfDeepening(tuple(iterations), mem)
