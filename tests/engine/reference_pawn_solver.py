"""Exact pawn chess: memoised minimax with distance to mate (the old solver, for reference).

The game is acyclic (pawns only move forward), so a plain memo over positions gives exact
values. Internally a position is two bitboards (square ``r * cols + c`` is bit ``r * cols +
c``) and the side to move; a score is from the side to move's view: ``WIN - n`` = it wins in
``n`` plies, ``n - WIN`` = it loses in ``n`` plies. The memo is local to each call.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import InputError
from engine.game import WIN
from engine.games.pawn import (
    BLACK,
    WHITE,
    Move,
    PawnPosition,
    legal_moves,
    move_name,
    play,
    problems,
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


def _tables(rows: int, cols: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per square: white forward target, white capture targets, black forward, black captures
    (-1 = off the board). Built per solve: a few hundred numbers, no cache."""
    wf, wc, bf, bc = [], [], [], []
    for r in range(rows):
        for c in range(cols):
            for fwd, caps, nr in ((wf, wc, r - 1), (bf, bc, r + 1)):
                if 0 <= nr < rows:
                    fwd.append(nr * cols + c)
                    caps.append(tuple(nr * cols + nc for nc in (c - 1, c + 1) if 0 <= nc < cols))
                else:
                    fwd.append(-1)
                    caps.append(())
    return tuple(wf), tuple(wc), tuple(bf), tuple(bc)  # type: ignore[return-value]


class _Solver:
    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.wf, self.wc, self.bf, self.bc = _tables(rows, cols)
        row = (1 << cols) - 1
        n = rows * cols
        left = sum(1 << (r * cols) for r in range(rows))  # column a
        self.not_a = ((1 << n) - 1) ^ left
        self.not_h = ((1 << n) - 1) ^ (left << (cols - 1))
        self.w_pre = row << cols  # row 1: one step from white's goal
        self.b_pre = row << ((rows - 2) * cols)  # one step from black's goal
        self.shift = n + 1
        self.memo: dict[int, int] = {}  # key: w, b and the side to move packed in one int

    def value(self, w: int, b: int, white: bool) -> int:
        """Score for the side to move; no pawn stands on its goal rank."""
        key = (w << self.shift | b) << 1 | white
        memo = self.memo
        got = memo.get(key)
        if got is not None:
            return got
        C = self.cols
        empty = ~(w | b)
        if white:
            p = w & self.w_pre
            if p and (
                p >> C & empty or (p & self.not_a) >> (C + 1) & b or (p & self.not_h) >> (C - 1) & b
            ):
                memo[key] = WIN - 1
                return WIN - 1
            mine, theirs, fwd, caps = w, b, self.wf, self.wc
        else:
            p = b & self.b_pre
            if p and (
                p << C & empty or (p & self.not_h) << (C + 1) & w or (p & self.not_a) << (C - 1) & w
            ):
                memo[key] = WIN - 1
                return WIN - 1
            mine, theirs, fwd, caps = b, w, self.bf, self.bc
        best = -WIN  # no legal move: lost now
        value = self.value
        m = mine
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            f = fwd[i]
            if empty >> f & 1:
                nm = mine ^ low | 1 << f
                c = value(nm, theirs, False) if white else value(theirs, nm, True)
                s = -c + 1 if c > 0 else -c - 1
                if s > best:
                    best = s
            for t in caps[i]:
                if theirs >> t & 1:
                    tb = 1 << t
                    nm = mine ^ low | tb
                    nt = theirs ^ tb
                    c = value(nm, nt, False) if white else value(nt, nm, True)
                    s = -c + 1 if c > 0 else -c - 1
                    if s > best:
                        best = s
            if best == WIN - 1:
                break
        memo[key] = best
        return best

    def after(self, pos: PawnPosition, move: Move) -> int:
        """Score of ``move`` for the side to move in ``pos``."""
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
    size_problems = [p for p in problems(pos) if p.startswith("the board is")]
    if size_problems:
        raise InputError(size_problems[0])
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
    return PawnSolution(winner, plies, tuple(moves), tuple(pv), len(solver.memo))
