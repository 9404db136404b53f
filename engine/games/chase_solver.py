"""The chase (CQOI 2013): exact answers, from a whole n x n board solved by vectorised
retrograde analysis.

Nothing here is cached: :func:`solve_table` computes the table each time it is called, and
:func:`solve_position` reads the table it is given. The caller keeps the tables it wants to
reuse (the chase page in one ``st.cache_resource``, the judge CLI in a dict per run).

State space: ``side`` (0 = white to move, 1 = black to move) x white square x black square,
squares as flat indices ``s = r * n + c`` (0-based). :class:`ChaseTable` holds two arrays of
shape ``(2, n*n, n*n)`` indexed ``[side, white_sq, black_sq]``:

- ``outcome`` (int8): +1 the side to move wins, -1 it loses, 0 draw (or invalid square pair),
- ``plies`` (int16): plies until the capture under perfect play (fast wins, slow losses);
  -1 where there is no result (a draw, or both pieces on one square).

Algorithm (level by level, no Python loop over states): positions where the mover can capture
are wins at ply 1. Each level's new wins decrement their predecessors' counts of non-capturing
successors; a count reaching 0 is a loss one ply later (the last successor to become a win is
the slowest). Each level's new losses make their unresolved predecessors wins one ply later.
Moves are reversible (white's steps, black's straight 1- and 2-steps), so predecessors are the
same neighbour tables run backwards. Total work O(states x moves).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from engine.errors import InputError
from engine.games.chase import (
    DIRS,
    MAX_N,
    MIN_N,
    ChasePosition,
    Move,
    is_capture,
    legal_moves,
    move_name,
    play,
)


def neighbour_tables(n: int) -> tuple[np.ndarray, np.ndarray]:
    """``(white (N, 4), black (N, 8))`` target squares per square, -1 off the board.

    White: one step up, down, left, right. Black: the same, then the 2-steps in the same order.
    """
    r, c = np.divmod(np.arange(n * n, dtype=np.int32), n)
    cols = []
    for step in (1, 2):
        for dr, dc in DIRS:
            rr, cc = r + dr * step, c + dc * step
            ok = (rr >= 0) & (rr < n) & (cc >= 0) & (cc < n)
            cols.append(np.where(ok, rr * n + cc, -1).astype(np.int32))
    black = np.stack(cols, axis=1)
    return black[:, :4].copy(), black


@dataclass(frozen=True, eq=False)
class ChaseTable:
    """Every position of the n x n chase, solved. Arrays are read-only, shape (2, n*n, n*n)."""

    n: int
    outcome: np.ndarray
    plies: np.ndarray

    def index(self, pos: ChasePosition) -> tuple[int, int, int]:
        """``(side, white_sq, black_sq)`` of a position with ``white``/``black`` (r, c) squares."""
        n = self.n
        if pos.n != n:
            raise InputError(
                "a {n} x {n} table cannot answer a {board} x {board} board", n=n, board=pos.n
            )
        side = 0 if pos.white_to_move else 1
        return side, pos.white[0] * n + pos.white[1], pos.black[0] * n + pos.black[1]

    def lookup(self, pos: ChasePosition) -> tuple[str | None, int]:
        """``(winner, plies)``: winner 'WHITE', 'BLACK' or None (draw; plies -1)."""
        side, w, b = self.index(pos)
        if w == b:
            raise InputError("both pieces on one square")
        o = int(self.outcome[side, w, b])
        p = int(self.plies[side, w, b])
        if o == 0:
            return None, -1
        white_wins = (o > 0) == (side == 0)
        return ("WHITE" if white_wins else "BLACK"), p

    def signed(self, side: int) -> np.ndarray:
        """(N, N) int32 [white_sq, black_sq]: +plies black wins, -plies white wins, 0 draw/invalid."""
        o = self.outcome[side].astype(np.int32)
        black_sign = -o if side == 0 else o
        return np.where(o != 0, black_sign * self.plies[side], 0).astype(np.int32)

    def heatmap(
        self, fixed: str, square: tuple[int, int], side: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """Outcome on every square for the moving piece when the ``fixed`` piece stays put.

        ``fixed`` is 'white' or 'black'; ``square`` its (r, c); ``side`` 0 = white to move,
        1 = black to move. Returns ``(values, occupied)``: ``values`` an (n, n) int32 array,
        +plies where black wins, -plies where white wins, 0 for a draw and for the occupied
        square; ``occupied`` an (n, n) bool mask that is True only on ``square``.
        """
        n = self.n
        r, c = square
        if not (0 <= r < n and 0 <= c < n):
            raise InputError("square {square} is off the {n} x {n} board", square=square, n=n)
        if side not in (0, 1):
            raise InputError("side must be 0 (white to move) or 1 (black to move)")
        s = r * n + c
        table = self.signed(side)
        if fixed == "white":
            row = table[s, :]
        elif fixed == "black":
            row = table[:, s]
        else:
            raise InputError("fixed must be 'white' or 'black'")
        occupied = np.zeros(n * n, dtype=bool)
        occupied[s] = True
        values = np.where(occupied, 0, row).astype(np.int32)
        return values.reshape(n, n), occupied.reshape(n, n)


def retrograde(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Solve every state; returns flat ``(outcome int8, plies int16)`` of length 2 * (n*n)**2.

    Each side's states are kept in their own arrays (index ``w * N + b``, plus one spare
    "sink" slot at the end). Predecessors are generated one move direction at a time: within
    one direction no state has two predecessors, so counts are decremented with plain
    indexing (no sort, no ``ufunc.at``), a count reaching 0 is seen exactly once, and a new
    win is claimed by the first direction that finds it. A move that does not exist points
    at the sink, which counts as already won, so no array is filtered before it is used.
    """
    N = n * n
    NN = N * N
    wn, bn = neighbour_tables(n)
    # capture[0][w, b]: white on w can step onto b; capture[1][w, b]: black on b reaches w.
    capture = np.zeros((2, NN + 1), dtype=bool)
    w_of = np.repeat(np.arange(N, dtype=np.int32), 4)
    ok = wn.reshape(-1) >= 0
    capture[0, (w_of * N + wn.reshape(-1))[ok]] = True
    b_of = np.repeat(np.arange(N, dtype=np.int32), 8)
    ok = bn.reshape(-1) >= 0
    capture[1, (bn.reshape(-1) * N + b_of)[ok]] = True
    capture[:, NN] = False
    # Non-capturing moves = all moves on the board minus the capture (at most one per state).
    count = np.zeros((2, NN + 1), dtype=np.int8)
    count[0, :NN] = np.repeat((wn >= 0).sum(axis=1).astype(np.int8), N)
    count[1, :NN] = np.tile((bn >= 0).sum(axis=1).astype(np.int8), N)
    count -= capture
    outcome = np.zeros((2, NN + 1), dtype=np.int8)
    plies = np.full((2, NN + 1), -1, dtype=np.int16)
    outcome[:, NN] = 1  # the sink: never a new loss or win
    inv_n = 1.0 / N
    wcols = [np.ascontiguousarray(wn[:, d]) for d in range(4)]
    bcols = [np.ascontiguousarray(bn[:, d]) for d in range(8)]

    def predecessors(side: int, states: np.ndarray) -> Iterator[np.ndarray]:
        """Per move direction, the predecessors (other side to move) of ``side``'s states.

        A black-to-move state (1, w, b) is reached by a white step w0 -> w with w0 != b; a
        white-to-move state (0, w, b) by a black move b0 -> b with b0 != w (moves are
        reversible, so the neighbour tables run backwards).
        """
        w = ((states + 0.5) * inv_n).astype(np.int32)  # exact: never near an integer
        b = states - w * N
        if side == 1:
            for col in wcols:
                src = np.take(col, w)
                yield np.where((src >= 0) & (src != b), states + (src - w) * N, NN)
        else:
            for col in bcols:
                src = np.take(col, b)
                yield np.where((src >= 0) & (src != w), states + (src - b), NN)

    wins = [np.flatnonzero(capture[s]).astype(np.int32) for s in (0, 1)]
    for s in (0, 1):
        outcome[s, wins[s]] = 1
        plies[s, wins[s]] = 1
    level = 1
    while wins[0].size or wins[1].size:
        # Predecessors of the new wins lose one more non-capturing successor each.
        losses = []
        for s in (0, 1):
            cnt, found = count[s], []
            for p in predecessors(1 - s, wins[1 - s]):
                left = np.take(cnt, p) - 1
                cnt[p] = left
                found.append(p[np.flatnonzero(left == 0)])
            lost = np.concatenate(found)
            lost = lost[np.take(outcome[s], lost) == 0]
            outcome[s, lost] = -1
            plies[s, lost] = level + 1
            losses.append(lost)
        # Unresolved predecessors of the new losses win one ply later.
        wins = []
        for s in (0, 1):
            out, found = outcome[s], []
            for p in predecessors(1 - s, losses[1 - s]):
                p = p[np.flatnonzero(np.take(out, p) == 0)]
                out[p] = 1
                found.append(p)
            won = np.concatenate(found)
            plies[s, won] = level + 2
            wins.append(won)
        level += 2
    return outcome[:, :NN].reshape(-1), plies[:, :NN].reshape(-1)


def _check_n(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        raise InputError("board size must be an integer, got {n}", n=repr(n))
    if not MIN_N <= int(n) <= MAX_N:
        raise InputError(
            "board size n must be between {low} and {high}, got {n}", low=MIN_N, high=MAX_N, n=n
        )
    return int(n)


def solve_table(n: int) -> ChaseTable:
    """The solved n x n board (2 <= n <= 40), read-only. Computed on every call: keep it."""
    n = _check_n(n)
    outcome, plies = retrograde(n)
    N = n * n
    outcome = outcome.reshape(2, N, N)
    plies = plies.reshape(2, N, N)
    outcome.flags.writeable = False
    plies.flags.writeable = False
    return ChaseTable(n, outcome, plies)


# ---- one position's answer -------------------------------------------------------------------
@dataclass(frozen=True)
class ChaseSolution:
    """The exact answer for a position. ``moves``: (move, name, winner, plies including this
    move), best first for the side to move; ``pv``: optimal moves until the capture."""

    winner: str | None
    plies: int
    moves: list[tuple[Move, str, str | None, int]] = field(default_factory=list)
    pv: list[Move] = field(default_factory=list)


def _rank(mover: str, winner: str | None, plies: int) -> tuple[int, int]:
    """Sort key, smaller = better for ``mover``: fast wins, then draws, then slow losses."""
    if winner == mover:
        return (0, plies)
    if winner is None:
        return (1, 0)
    return (2, -plies)


def solve_position(pos: ChasePosition, table: ChaseTable) -> ChaseSolution:
    """Winner ('WHITE', 'BLACK' or None for a draw), plies to the capture, ranked moves, pv;
    ``table`` is the solved board of ``pos`` (:func:`solve_table`)."""
    if pos.captured:
        return ChaseSolution("BLACK" if pos.white_to_move else "WHITE", 0, [], [])
    winner, plies = table.lookup(pos)
    moves = []
    for m in legal_moves(pos):
        if is_capture(pos, m):
            moves.append((m, move_name(pos, m), pos.mover, 1))
        else:
            w, p = table.lookup(play(pos, m))
            moves.append((m, move_name(pos, m), w, p + 1 if w is not None else -1))
    moves.sort(key=lambda t: _rank(pos.mover, t[2], t[3]))  # stable: legal order on ties
    pv: list[Move] = []
    if winner is not None:
        cur = pos
        while not cur.captured:
            best = best_move(cur, table)
            pv.append(best)
            cur = play(cur, best)
    return ChaseSolution(winner, plies, moves, pv)


def best_move(pos: ChasePosition, table: ChaseTable) -> Move:
    """A move of perfect play (the first legal move that realises the table value): the
    winner's fastest win, the loser's slowest loss. ``pos`` must not be captured."""
    best, key = None, None
    for m in legal_moves(pos):
        if is_capture(pos, m):
            return m
        w, p = table.lookup(play(pos, m))
        k = _rank(pos.mover, w, p)
        if key is None or k < key:
            best, key = m, k
    if best is None:
        raise InputError("the game is over: there is no move to play")
    return best
