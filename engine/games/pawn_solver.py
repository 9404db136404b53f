"""Exact pawn chess: minimax with distance to mate over whole plies (the judge format:
engine.judge).

The game is acyclic and layered (every move advances one pawn one rank), so the solver
expands the positions ply by ply and scores them back level by level with numpy (see
:class:`_Solver`). A position is two bitboards (square ``r * cols + c`` is bit ``r * cols +
c``) and the side to move; a score is from the side to move's view: ``WIN - n`` = it wins in
``n`` plies, ``n - WIN`` = it loses in ``n`` plies. The levels are local to each call."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.errors import InputError
from engine.game import WIN
from engine.games.pawn import (
    BLACK,
    MAX_SIZE,
    MIN_SIZE,
    WHITE,
    Move,
    PawnPosition,
    legal_moves,
    move_name,
    play,
    winner_now,
)


@dataclass(frozen=True)
class PawnSolution:
    """``moves``: (move, name, winner, plies including this move) for every legal move, best
    first for the side to move; ``pv``: both sides' best moves until the game is decided;
    ``positions``: how many positions the solver memoised."""

    winner: str
    plies: int
    moves: tuple[tuple[Move, str, str, int], ...]
    pv: tuple[Move, ...]
    positions: int


class _Solver:
    """Level-by-level exact solver: numpy over whole plies, no Python loop over positions.

    Every move advances one pawn by one rank, so the positions ``k`` plies after the root
    form level ``k`` and every move goes from one level to the next (a layered DAG).
    Forward, a whole level (two uint64 bitboards per position, deduplicated and sorted by
    key) is expanded at once with bit tricks into the next; a position where the mover can
    step onto its goal rank scores ``WIN - 1`` and is not expanded (the root always is).
    Backward, each level's scores come from the next level's, one vectorised max per move
    group (a group holds at most one move per parent). A position is looked up by binary
    search in the levels of its side to move; one outside them (past an immediate win) gets
    levels of its own the first time it is asked for.
    """

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        n = rows * cols
        full = (1 << n) - 1
        row = (1 << cols) - 1
        left = sum(1 << (r * cols) for r in range(rows))  # column a
        u = np.uint64
        self.full = u(full)
        self.not_a = u(full ^ left)
        self.not_h = u(full ^ (left << (cols - 1)))
        self.w_pre = u(row << cols)  # row 1: one step from white's goal
        self.b_pre = u(row << ((rows - 2) * cols))  # one step from black's goal
        self.sh = (u(cols), u(cols + 1), u(cols - 1))
        self.n = n
        self.packed = 2 * n <= 64  # both bitboards fit in one uint64 key
        # solved levels: (side to move, sorted keys, scores)
        self.levels: list[tuple[bool, np.ndarray, np.ndarray]] = []
        self.positions = 0

    def _key(self, w: np.ndarray, b: np.ndarray) -> np.ndarray:
        if self.packed:
            return w << np.uint64(self.n) | b
        return np.ascontiguousarray(np.stack([w, b], axis=1)).view("V16").ravel()

    def _split(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self.packed:
            return keys >> np.uint64(self.n), keys & self.full
        wb = keys.view(np.uint64).reshape(-1, 2)
        return wb[:, 0].copy(), wb[:, 1].copy()

    def _expand(self, w: np.ndarray, b: np.ndarray, white: bool, root: bool):
        """One level's immediate wins (mask) and moves: per move group the parents' indices
        and the children's bitboards (at most one move per parent in a group)."""
        C, C1, Cm = self.sh
        full, not_a, not_h = self.full, self.not_a, self.not_h
        empty = ~(w | b) & full
        if white:
            p = w & self.w_pre
            win = (p >> C) & empty | ((p & not_a) >> C1) & b | ((p & not_h) >> Cm) & b
            mine, theirs = w, b
            groups = (
                ((w >> C) & empty, C, False),
                (((w & not_a) >> C1) & b, C1, True),
                (((w & not_h) >> Cm) & b, Cm, True),
            )
        else:
            p = b & self.b_pre
            win = ((p << C) & empty | ((p & not_h) << C1) & w | ((p & not_a) << Cm) & w) & full
            mine, theirs = b, w
            groups = (
                ((b << C) & empty & full, C, False),
                (((b & not_h) << C1) & w, C1, True),
                (((b & not_a) << Cm) & w, Cm, True),
            )
        win = win != 0
        live = np.arange(w.size, dtype=np.int32) if root else np.flatnonzero(~win).astype(np.int32)
        parents, kids_m, kids_t = [], [], []
        one = np.uint64(1)
        for targets, sh, capture in groups:
            t = targets[live]
            idx = live[t != 0]
            t = targets[idx]
            while idx.size:
                low = t & (~t + one)  # lowest target square of each parent
                src = low << sh if white else low >> sh
                parents.append(idx)
                kids_m.append(mine[idx] ^ src ^ low)
                kids_t.append(theirs[idx] ^ low if capture else theirs[idx])
                t = t ^ low
                more = t != 0
                idx, t = idx[more], t[more]
        return win, parents, kids_m, kids_t

    def _solve_from(self, w0: int, b0: int, white0: bool) -> None:
        keys = self._key(np.array([w0], dtype=np.uint64), np.array([b0], dtype=np.uint64))
        white = white0
        forward = []  # per level: (side, keys, immediate wins, parent groups, child index)
        while keys.size:
            w, b = self._split(keys)
            win, parents, kids_m, kids_t = self._expand(w, b, white, root=not forward)
            if parents:
                m, t = np.concatenate(kids_m), np.concatenate(kids_t)
                nxt, inv = np.unique(
                    self._key(m, t) if white else self._key(t, m), return_inverse=True
                )
                inv = inv.astype(np.int32)  # kept until the backward pass: half the memory
            else:
                nxt, inv = keys[:0], None
            forward.append((white, keys, win, parents, inv))
            keys, white = nxt, not white
        below = None
        for white, keys, win, parents, inv in reversed(forward):
            score = np.full(keys.size, -WIN, dtype=np.int32)  # no legal move: lost now
            if parents:
                c = below[inv]
                s = np.where(c > 0, 1 - c, -1 - c)
                at = 0
                for p in parents:
                    k = at + p.size
                    score[p] = np.maximum(score[p], s[at:k])
                    at = k
            score[win] = WIN - 1
            self.levels.append((white, keys, score))
            self.positions += keys.size
            below = score

    def value(self, w: int, b: int, white: bool) -> int:
        """Score for the side to move; no pawn stands on its goal rank."""
        key = self._key(np.array([w], dtype=np.uint64), np.array([b], dtype=np.uint64))
        for _ in range(2):
            for side, keys, score in self.levels:
                if side == white:
                    i = int(np.searchsorted(keys, key[0]))
                    if i < keys.size and keys[i] == key[0]:
                        return int(score[i])
            self._solve_from(w, b, white)
        raise AssertionError("position not found after solving it")

    def after(self, pos: PawnPosition, move: Move) -> int:
        """Score of ``move`` for the side to move in ``pos``."""
        if not self.levels:
            self._solve_from(*_bits(pos), pos.white_to_move)
        (r1, c1) = move.to_sq
        goal_row = 0 if pos.white_to_move else pos.rows - 1
        if r1 == goal_row:
            return WIN - 1
        w, b = _bits(play(pos, move))
        c = self.value(w, b, not pos.white_to_move)
        return -c + 1 if c > 0 else -c - 1


def _bits(pos: PawnPosition) -> tuple[int, int]:
    w = b = 0
    for i, ch in enumerate(pos.cells):
        if ch == WHITE:
            w |= 1 << i
        elif ch == BLACK:
            b |= 1 << i
    return w, b


def _outcome(white_to_move: bool, score: int) -> tuple[str, int]:
    mover, other = ("white", "black") if white_to_move else ("black", "white")
    return (mover, WIN - score) if score > 0 else (other, score + WIN)


def solve(pos: PawnPosition) -> PawnSolution:
    """Exact result of ``pos`` with the winner winning fastest and the loser losing slowest.
    A decided position gives 0 plies and no moves. Raises :class:`InputError` when the
    position breaks the rules in a way that leaves no winner (see :func:`problems`)."""
    done = winner_now(pos)
    if done is not None:
        return PawnSolution(done, 0, (), (), 0)
    if not (MIN_SIZE <= pos.rows <= MAX_SIZE and MIN_SIZE <= pos.cols <= MAX_SIZE):
        raise InputError(
            "the board is {rows}x{cols}; rows and columns must be {low} to {high}",
            rows=pos.rows,
            cols=pos.cols,
            low=MIN_SIZE,
            high=MAX_SIZE,
        )
    solver = _Solver(pos.rows, pos.cols)
    # recursion depth <= pawn steps left <= rows * cols * (rows - 1) <= 448 on 8x8
    rated = [(solver.after(pos, mv), mv) for mv in legal_moves(pos)]
    rated.sort(key=lambda sm: -sm[0])  # stable: ties keep legal_moves order
    moves = []
    for score, mv in rated:
        who, n = _outcome(pos.white_to_move, score)
        moves.append((mv, move_name(pos, mv), who, n))
    winner, plies = _outcome(pos.white_to_move, rated[0][0])
    pv: list[Move] = []
    cur = pos
    while winner_now(cur) is None:
        best = max(legal_moves(cur), key=lambda mv, p=cur: solver.after(p, mv))  # first max
        pv.append(best)
        cur = play(cur, best)
    return PawnSolution(winner, plies, tuple(moves), tuple(pv), solver.positions)
