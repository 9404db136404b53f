"""Test support: the chase (CQOI 2013) solved by value iteration, the reference the engine's
retrograde analysis (``engine.games.chase_solver.retrograde``) is checked against.

A different method from the engine's on purpose. The engine works backwards from the
captures, level by level, counting each state's unresolved moves. This works forwards: every
state's value is recomputed from its successors' values, all states at once, until nothing
changes (the Bellman fixpoint). States are a 5-d array ``[side, white row, white col, black
row, black col]``; a move is a shift of that array along one piece's axis. A value is from the
side to move's view: ``WIN - k`` = it wins in k plies, ``k - WIN`` = it loses in k plies, 0 =
not (yet) known, which is a draw once the iteration has settled. A "state" with both pieces on
one square is the captured piece's side to move, lost now (``-WIN``), so a capture is simply a
move into a lost state.
"""

from __future__ import annotations

import numpy as np

WIN = 1000
WHITE_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
BLACK_STEPS = WHITE_STEPS + tuple((2 * dr, 2 * dc) for dr, dc in WHITE_STEPS)


def seen_from_parent(child: np.ndarray) -> np.ndarray:
    """A successor's value seen by the side that moved into it, one ply further away."""
    mine = -child  # a win for the mover there is a loss here, and the other way round
    return mine - np.sign(mine)  # one ply further: a win is one ply slower, and a loss too


def take_best(best: np.ndarray, seen: np.ndarray, axis: int, d: int) -> None:
    """``best[..., i, ...] = max(best[..., i, ...], seen[..., i + d, ...])`` along ``axis``
    wherever ``i + d`` is on the board: the move that shifts one piece by ``d`` on that axis."""
    n = best.shape[axis]
    here = [slice(None)] * best.ndim
    there = [slice(None)] * best.ndim
    here[axis] = slice(max(-d, 0), n - max(d, 0))
    there[axis] = slice(max(d, 0), n - max(-d, 0))
    np.maximum(best[tuple(here)], seen[tuple(there)], out=best[tuple(here)])


def values(n: int) -> np.ndarray:
    """The settled values, shape (2, n, n, n, n); side 0 = white to move."""
    rows, cols = np.divmod(np.arange(n * n), n)
    same = (rows, cols, rows, cols)  # both pieces on one square
    v = np.zeros((2, n, n, n, n), dtype=np.int16)
    v[0][same] = v[1][same] = -WIN
    # white (side 0) moves its piece, axes 0 and 1, into a black-to-move state, and back
    moves = ((0, WHITE_STEPS, (0, 1)), (1, BLACK_STEPS, (2, 3)))
    while True:
        new = np.full_like(v, -2 * WIN)  # below every value: a side always has a move
        for side, steps, (row_axis, col_axis) in moves:
            seen = seen_from_parent(v[1 - side])
            for dr, dc in steps:
                take_best(new[side], seen, row_axis if dr else col_axis, dr or dc)
        new[0][same] = new[1][same] = -WIN
        if np.array_equal(new, v):
            return v
        v = new


def retrograde(n: int) -> tuple[np.ndarray, np.ndarray]:
    """The engine's layout: flat ``(outcome, plies)`` indexed ``[side, white sq, black sq]``
    (square = row * n + col): outcome +1/-1/0 for the side to move, plies -1 without a result;
    both pieces on one square is no position (0, -1)."""
    v = values(n).reshape(2, n * n, n * n).astype(np.int32)
    diag = np.arange(n * n)
    v[:, diag, diag] = 0
    outcome = np.sign(v).astype(np.int8)
    plies = np.where(v == 0, -1, WIN - np.abs(v)).astype(np.int16)
    return outcome.reshape(-1), plies.reshape(-1)
