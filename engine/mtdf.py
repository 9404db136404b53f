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
from dataclasses import dataclass
from typing import Any

from engine.game import Game, from_node, score, to_node
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
from engine.traced import Call, Explorer, Recorder, drive
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


def _pass(
    rec: Recorder,
    beta: int,
    memory: _Memory,
    leaf: Callable[[int], int | None],
    children: Callable[[int, Hashable | None], tuple[int, ...]],
    key: Callable[[int], Hashable],
    ply: Callable[[int], int],
    remaining: Callable[[int], int],
    move_to: Callable[[int], Hashable | None],
    is_max: Callable[[int], bool],
) -> int:
    """One null-window pass of alpha-beta with memory from node 0 (Plaat's fail-soft form)."""
    emit = rec.emit
    entries = memory.entries

    def search(n: int, a: float, b: float) -> Call:
        mx = is_max(n)
        emit(ENTER, n, mx, a, b)
        k, p, r = key(n), ply(n), remaining(n)
        got = entries.get(k)
        hint = None
        if got is not None:
            hint = got[3]
            if got[0] == r:
                lo, hi = from_node(got[1], p), from_node(got[2], p)
                if lo >= b:
                    rec.counts["table_hits"] += 1
                    emit(TABLE, n, mx, a, b, value=lo, tag=LOWER)
                    emit(EXIT, n, mx, a, b, value=lo, best=lo)
                    return lo
                if hi <= a:
                    rec.counts["table_hits"] += 1
                    emit(TABLE, n, mx, a, b, value=hi, tag=UPPER)
                    emit(EXIT, n, mx, a, b, value=hi, best=hi)
                    return hi
                if lo > a:
                    a = lo
                    rec.counts["table_hits"] += 1
                    emit(TABLE, n, mx, a, b, tag=LOWER)
                if hi < b:
                    b = hi
                    rec.counts["table_hits"] += 1
                    emit(TABLE, n, mx, a, b, tag=UPPER)
        v = leaf(n)
        top: int | None = None
        if v is not None:
            g = v
            emit(LEAF, n, mx, a, b, value=g)
        else:
            kids = children(n, hint)
            if mx:
                g = -INF
                x = a
                for i, c in enumerate(kids):
                    v = yield search(c, x, b)
                    if v > g:
                        g, top = v, c
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
                    if v < g:
                        g, top = v, c
                    y = min(y, g)
                    emit(UPDATE, n, mx, a, y, value=v, child=c, best=g)
                    if g <= a:
                        if i + 1 < len(kids):
                            emit(CUT, n, mx, a, y, best=g, skipped=kids[i + 1 :])
                        break
                emit(EXIT, n, mx, a, y, value=g, best=g)
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
        from engine.search import SearchError

        raise SearchError("the tree has chance nodes: use expectimax")
    table = PathTable.of_tree(tree)
    memory = _Memory()
    ch, values = tree.children, tree.values

    def one_pass(beta: int) -> SearchRun:
        rec = Recorder(table, record=record)
        g = _pass(
            rec,
            beta,
            memory,
            leaf=lambda n: None if ch[n] else values[n],
            children=lambda n, hint: ch[n],
            key=lambda n: n,
            ply=lambda n: 0,
            remaining=lambda n: 0,
            move_to=lambda n: None,
            is_max=tree.is_max,
        )
        return _run(tree, rec, g, None)

    return _drive_passes(first_guess, one_pass)


def _run(tree: GameTree, rec: Recorder, g: int, states: list | None) -> SearchRun:
    return SearchRun(
        tree=tree,
        events=rec.events,
        value=g,
        leaves_evaluated=rec.leaves,
        nodes_visited=rec.nodes,
        algorithm="mtdf",
        variant="statement",
        states=states,
        counts={"null_windows": 1, "table_hits": rec.counts["table_hits"]},
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
    from engine.search import SearchError

    if max_depth < 1:
        raise SearchError(f"depth must be at least 1, not {max_depth}")
    max_side = game.to_move(state)
    memory = _Memory()
    iterations: list[MtdfIteration] = []
    guess = first_guess
    for d in range(1, max_depth + 1):

        def one_pass(beta: int, d: int = d) -> SearchRun:
            ex = Explorer(game, state, max_nodes)
            rec = Recorder(ex.path_table(), record=record)

            def leaf(n: int) -> int | None:
                s, p = ex.states[n], ex.plies[n]
                who = game.winner(s)
                if who is not None:
                    v = score(who, p, max_side)
                elif p >= d:
                    who, togo = game.frontier(s)
                    v = score(who, p + togo, max_side)
                else:
                    return None
                ex.values[n] = v
                return v

            def children(n: int, hint: Hashable | None) -> tuple[int, ...]:
                moves = list(game.moves(ex.states[n]))
                if not moves:
                    raise SearchError(
                        f"a state at ply {ex.plies[n]} has no moves but is not terminal"
                    )
                if hint is not None and hint in moves:
                    moves.remove(hint)
                    moves.insert(0, hint)
                return ex.expand(n, moves)

            g = _pass(
                rec,
                beta,
                memory,
                leaf=leaf,
                children=children,
                key=lambda n: ex.states[n],
                ply=lambda n: ex.plies[n],
                remaining=lambda n: d - ex.plies[n],
                move_to=lambda n: ex.moves_to[n],
                is_max=lambda n: ex.plies[n] % 2 == 0,
            )
            return _run(ex.tree(), rec, g, ex.states)

        res = _drive_passes(guess, one_pass)
        iterations.append(MtdfIteration(d, res))
        guess = res.value
    mem = {k: (e[0], e[1], e[2]) for k, e in memory.entries.items()}
    return MtdfDeepening(tuple(iterations), mem)
