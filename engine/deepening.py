"""Iterative deepening with move ordering and a transposition table, on any game position.

:func:`deepen` searches a position to depth 1, 2, ..., ``max_depth`` with the statement's
alpha-beta (fail-soft, MAX's view, children in order, cut as soon as alpha >= beta); at the
depth limit an undecided state scores what ``game.frontier`` knows (the exact solver's
result for the chase with a table), as :func:`engine.search.search_game` does. Each
iteration is one traced :class:`~engine.trace.SearchRun` over the tree it explored, and
the next iteration tries the previous one's best move first:

- with the table (``table=True``), every searched node stores an :class:`Entry` for its state:
  the depth it was searched to, its value and a flag saying what the value is, from the
  window the node was given: EXACT (strictly inside), LOWER (it failed high: the value is
  at least this) or UPPER (it failed low: at most this), and its best move. Reaching a state
  again (a transposition, or the same state in the next iteration), the search tries the
  entry's move first, and when the entry was searched to the same remaining depth and
  settles the window (EXACT; LOWER >= beta; UPPER <= alpha) returns its value without
  searching. A bound is never used as an exact value.
- without the table, only the previous iteration's principal variation goes first.

Scores depend on the ply (a win at ply k scores ``WIN - k``), so the table stores values
relative to the node (:func:`engine.game.to_node`, :func:`engine.game.from_node`): "wins in 3 plies from here" is the
same wherever the state is met. Entries are reused for cut-offs only at the same remaining
depth, so every iteration's value is exactly the depth-limited minimax value.

Events: the usual ENTER / LEAF / UPDATE / CUT / EXIT, plus a ``TABLE`` event right after the
ENTER of a node whose state the table holds: ``tag`` the entry's flag; with ``value`` the
bound it returns (``skipped`` = all the node's moves, then its EXIT), or with ``value`` None
and ``child`` = the entry's move, which is searched first.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from engine.errors import SearchError
from engine.explore import Explorer
from engine.game import Game, from_node, to_node
from engine.machine import Call, Recorder, drive
from engine.trace import (
    CUT,
    ENTER,
    EXACT,
    EXIT,
    INF,
    LEAF,
    LOWER,
    TABLE,
    UPDATE,
    UPPER,
    SearchRun,
)


@dataclass(frozen=True)
class Entry:
    """A table entry: searched ``depth`` plies below its state; ``value`` relative to the
    state (:func:`engine.game.to_node`); ``flag`` EXACT / LOWER / UPPER; ``move`` its best move."""

    depth: int
    flag: str
    value: int
    move: Hashable


def flag_of(value: float, alpha: float, beta: float) -> str:
    """What a fail-soft value proves about a node searched with window (alpha, beta) (MAX's
    view): at most it (UPPER) when it fell to alpha, at least it (LOWER) when it reached
    beta, exactly it (EXACT) in between."""
    if value <= alpha:
        return UPPER
    if value >= beta:
        return LOWER
    return EXACT


@dataclass(frozen=True)
class Iteration:
    depth: int
    run: SearchRun
    best_move: Hashable | None
    pv: tuple[Hashable, ...]  # the principal variation's moves

    @property
    def value(self) -> int:
        return self.run.value


@dataclass(frozen=True)
class Deepening:
    iterations: tuple[Iteration, ...]
    table: dict[Hashable, Entry]  # the table after the last iteration ({} without one)
    uses_table: bool

    @property
    def value(self) -> int:
        return self.iterations[-1].value

    @property
    def best_move(self) -> Hashable | None:
        return self.iterations[-1].best_move

    def total(self, what: str) -> int:
        """Summed over the iterations: ``leaves``, ``nodes``, ``table_hits``, ``table_moves``."""
        if what == "leaves":
            return sum(it.run.leaves_evaluated for it in self.iterations)
        if what == "nodes":
            return sum(it.run.nodes_visited for it in self.iterations)
        return sum(it.run.counts.get(what, 0) for it in self.iterations)


def deepen(
    game: Game,
    state: Any,
    max_depth: int,
    table: bool = True,
    record: bool = True,
    max_nodes: int = 200_000,
) -> Deepening:
    """Iterative deepening from ``state`` (its side to move is MAX) to ``max_depth`` plies.

    ``table``: use a transposition table (else only the previous PV goes first).
    ``record=False`` counts without keeping events. Raises SearchTooLarge past ``max_nodes``
    explored nodes in one iteration.
    """
    if max_depth < 1:
        raise SearchError("depth must be at least 1, not {depth}", depth=max_depth)
    tt: dict[Hashable, Entry] = {}
    iterations: list[Iteration] = []
    pv: tuple[Hashable, ...] = ()
    for d in range(1, max_depth + 1):
        it = _iteration(game, state, d, tt if table else None, pv, record, max_nodes)
        iterations.append(it)
        pv = it.pv
    return Deepening(tuple(iterations), tt, table)


def _iteration(
    game: Game,
    root: Any,
    depth: int,
    tt: dict[Hashable, Entry] | None,
    prev_pv: tuple[Hashable, ...],
    record: bool,
    max_nodes: int,
) -> Iteration:
    ex = Explorer(game, root, max_nodes, depth)
    states, plies, moves_to = ex.states, ex.plies, ex.moves_to
    on_pv: dict[int, bool] = {0: True}  # on the previous iteration's principal variation
    best_child: dict[int, int] = {}
    rec = Recorder(ex.path_table(), record=record)
    emit = rec.emit

    def search(node: int, a: float, b: float) -> Call:
        s, ply = states[node], plies[node]
        mx = ply % 2 == 0
        emit(ENTER, node, mx, a, b)
        v = ex.leaf(node)
        if v is not None:
            emit(LEAF, node, mx, a, b, v)
            return v
        moves = ex.moves(node)
        entry = tt.get(s) if tt is not None else None
        first: Hashable | None = None
        pv_move = prev_pv[ply] if on_pv[node] and ply < len(prev_pv) else None
        if entry is not None and entry.move in moves:
            first = entry.move
        elif pv_move is not None and pv_move in moves:
            first = pv_move
        if first is not None:
            moves.remove(first)
            moves.insert(0, first)
        children = ex.expand(node, moves)
        for c in children:
            on_pv[c] = pv_move is not None and pv_move == moves_to[c]
        remaining = depth - ply
        if entry is not None:
            if entry.depth == remaining:
                v = from_node(entry.value, ply)
                if (
                    entry.flag == EXACT
                    or (entry.flag == LOWER and v >= b)
                    or (entry.flag == UPPER and v <= a)
                ):
                    rec.counts["table_hits"] += 1
                    emit(TABLE, node, mx, a, b, v, best=v, skipped=children, tag=entry.flag)
                    emit(EXIT, node, mx, a, b, v, best=v)
                    return v
            if first == entry.move:
                rec.counts["table_moves"] += 1
                emit(TABLE, node, mx, a, b, child=children[0], tag=entry.flag)
        a0, b0 = a, b
        best: float = -INF if mx else INF
        top = children[0]
        last = len(children) - 1
        for i, c in enumerate(children):
            v = yield search(c, a, b)
            if mx:
                if v > best:
                    best, top = v, c
                if best > a:
                    a = best
            else:
                if v < best:
                    best, top = v, c
                if best < b:
                    b = best
            emit(UPDATE, node, mx, a, b, v, c, best)
            if a >= b:
                if i < last:
                    emit(CUT, node, mx, a, b, best=best, skipped=children[i + 1 :])
                break
        best_child[node] = top
        if tt is not None:
            tt[s] = Entry(remaining, flag_of(best, a0, b0), to_node(best, ply), moves_to[top])
        emit(EXIT, node, mx, a, b, best, best=best)
        return best

    value = drive(search(0, -INF, INF))
    line: list[Hashable] = []
    n = 0
    while n in best_child:
        n = best_child[n]
        line.append(moves_to[n])
    algorithm = "deepening" if tt is not None else "deepening-no-table"
    counts = {"table_hits": rec.counts["table_hits"], "table_moves": rec.counts["table_moves"]}
    run = rec.run(ex.tree(), value, algorithm, states=states, counts=counts)
    return Iteration(depth, run, line[0] if line else None, tuple(line))
