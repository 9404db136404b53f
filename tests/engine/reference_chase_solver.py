"""The chase (CQOI 2013): exact solution of a whole n x n board by vectorised retrograde analysis.

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
            raise InputError(f"a {n} x {n} table cannot answer a {pos.n} x {pos.n} board")
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
            raise InputError(f"square {square} is off the {n} x {n} board")
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


def _dedupe(idx: np.ndarray, stamp: np.ndarray) -> np.ndarray:
    """Distinct values of ``idx`` in O(len) using a scratch array indexed by state."""
    if idx.size == 0:
        return idx
    pos = np.arange(idx.size, dtype=np.int32)
    stamp[idx] = pos
    return idx[stamp[idx] == pos]


def _runs(idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(distinct values, multiplicities)`` of ``idx`` (a sort and a run-length pass).

    Faster than ``np.subtract.at`` on millions of repeated indices.
    """
    if idx.size == 0:
        return idx, np.empty(0, dtype=np.int8)
    q = np.sort(idx)
    starts = np.flatnonzero(np.concatenate(([True], q[1:] != q[:-1])))
    times = np.diff(np.append(starts, q.size)).astype(np.int8)  # at most 8 moves per state
    return q[starts], times


def retrograde(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Solve every state; returns flat ``(outcome int8, plies int16)`` of length 2 * (n*n)**2."""
    N = n * n
    NN = N * N
    wn, bn = neighbour_tables(n)
    # capture[0][w, b]: white on w can step onto b; capture[1][w, b]: black on b reaches w.
    capture = np.zeros((2, N, N), dtype=bool)
    rows = np.repeat(np.arange(N, dtype=np.int32), 4)
    ok = wn.reshape(-1) >= 0
    capture[0, rows[ok], wn.reshape(-1)[ok]] = True
    rows = np.repeat(np.arange(N, dtype=np.int32), 8)
    ok = bn.reshape(-1) >= 0
    capture[1, bn.reshape(-1)[ok], rows[ok]] = True
    # Non-capturing moves = all moves on the board minus the capture (at most one per state).
    count = np.empty((2, N, N), dtype=np.int8)
    count[0] = (wn >= 0).sum(axis=1).astype(np.int8)[:, None] - capture[0]
    count[1] = (bn >= 0).sum(axis=1).astype(np.int8)[None, :] - capture[1]
    count = count.reshape(-1)
    outcome = np.zeros(2 * NN, dtype=np.int8)
    plies = np.full(2 * NN, -1, dtype=np.int16)
    stamp = np.empty(2 * NN, dtype=np.int32)

    wins = np.flatnonzero(capture.reshape(-1)).astype(np.int32)
    outcome[wins] = 1
    plies[wins] = 1
    level = 1
    while wins.size:
        # Predecessors of the new wins lose one more non-capturing successor each.
        preds, times = _runs(_predecessors(wins, N, NN, wn, bn))
        count[preds] -= times
        losses = preds[(count[preds] == 0) & (outcome[preds] == 0)]
        outcome[losses] = -1
        plies[losses] = level + 1
        # Unresolved predecessors of the new losses win one ply later.
        preds = _predecessors(losses, N, NN, wn, bn)
        wins = _dedupe(preds[outcome[preds] == 0], stamp)
        outcome[wins] = 1
        plies[wins] = level + 2
        level += 2
    return outcome, plies


def _predecessors(
    states: np.ndarray, N: int, NN: int, wn: np.ndarray, bn: np.ndarray
) -> np.ndarray:
    """All (state, move) predecessors of ``states`` (with repeats), as flat state indices.

    A black-to-move state (1, w, b) is reached by a white step w0 -> w with w0 != b; a
    white-to-move state (0, w, b) by a black move b0 -> b with b0 != w (moves are reversible).
    """
    side, rem = np.divmod(states, NN)
    w, b = np.divmod(rem, N)
    out = []
    s1 = side == 1
    if s1.any():
        ww, bb = w[s1], b[s1]
        src = wn[ww]  # (k, 4)
        ok = (src >= 0) & (src != bb[:, None])
        out.append((src * N + bb[:, None])[ok])
    s0 = ~s1
    if s0.any():
        ww, bb = w[s0], b[s0]
        src = bn[bb]  # (k, 8)
        ok = (src >= 0) & (src != ww[:, None])
        out.append((NN + ww[:, None] * N + src)[ok])
    if not out:
        return np.empty(0, dtype=np.int32)
    return np.concatenate(out).astype(np.int32, copy=False)


def _check_n(n: object) -> int:
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        raise InputError(f"board size must be an integer, got {n!r}")
    if not MIN_N <= int(n) <= MAX_N:
        raise InputError(f"board size n must be between {MIN_N} and {MAX_N}, got {n}")
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
