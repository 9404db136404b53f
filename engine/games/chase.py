"""The chase (CQOI 2013): positions, moves, exact answers, the judge format and the Game.

White (player A) steps one square up, down, left or right; black (player B) moves one or two
squares in a straight line (a 2-step jumps: only the landing square matters). A piece must move
and stay on the board; moving onto the other piece captures it and wins. Answers come from the
exact retrograde table of :mod:`engine.games.chase_solver` (fast wins, slow losses, plies counted from
the given position). Squares are (row, column), 0-based internally, 1-based in the judge input.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import InputError
from engine.game import WIN
from engine.games.chase_solver import DIRS, MAX_N, MIN_N, ChaseTable, solve_table

Square = tuple[int, int]
Move = tuple[int, int]  # (dr, dc) of the moving piece; |dr| + |dc| is 1 or 2

WHITE_MOVES: tuple[Move, ...] = DIRS
BLACK_MOVES: tuple[Move, ...] = DIRS + tuple((2 * dr, 2 * dc) for dr, dc in DIRS)
_DIR_NAMES = {(-1, 0): "up", (1, 0): "down", (0, -1): "left", (0, 1): "right"}


@dataclass(frozen=True)
class ChasePosition:
    """A chase position. ``captured`` is True right after a capture (then both pieces share a
    square, the game is over, and the side that just moved -- not ``white_to_move`` -- won)."""

    n: int
    white: Square
    black: Square
    white_to_move: bool = True
    captured: bool = False

    def __post_init__(self) -> None:
        if not MIN_N <= self.n <= MAX_N:
            raise ValueError(f"board size n must be between {MIN_N} and {MAX_N}, got {self.n}")
        for name, (r, c) in (("white", self.white), ("black", self.black)):
            if not (0 <= r < self.n and 0 <= c < self.n):
                raise ValueError(f"{name} square {(r, c)} is off the {self.n} x {self.n} board")
        if (self.white == self.black) != self.captured:
            raise ValueError("pieces share a square exactly when a capture has happened")

    @property
    def mover(self) -> str:
        return "WHITE" if self.white_to_move else "BLACK"


@dataclass(frozen=True)
class ChaseSolution:
    """The exact answer for a position. ``moves``: (move, name, winner, plies including this
    move), best first for the side to move; ``pv``: optimal moves until the capture."""

    winner: str | None
    plies: int
    moves: list[tuple[Move, str, str | None, int]] = field(default_factory=list)
    pv: list[Move] = field(default_factory=list)


def legal_moves(pos: ChasePosition) -> list[Move]:
    """Moves of the side to move, in the fixed order up, down, left, right (then black's
    2-steps in the same order); [] once a capture has happened."""
    if pos.captured:
        return []
    r, c = pos.white if pos.white_to_move else pos.black
    options = WHITE_MOVES if pos.white_to_move else BLACK_MOVES
    return [(dr, dc) for dr, dc in options if 0 <= r + dr < pos.n and 0 <= c + dc < pos.n]


def play(pos: ChasePosition, move: Move) -> ChasePosition:
    """The position after ``move`` (which must be legal)."""
    if move not in legal_moves(pos):
        raise ValueError(f"illegal move {move} in {pos}")
    dr, dc = move
    if pos.white_to_move:
        w = (pos.white[0] + dr, pos.white[1] + dc)
        return ChasePosition(pos.n, w, pos.black, False, w == pos.black)
    b = (pos.black[0] + dr, pos.black[1] + dc)
    return ChasePosition(pos.n, pos.white, b, True, b == pos.white)


def is_capture(pos: ChasePosition, move: Move) -> bool:
    r, c = pos.white if pos.white_to_move else pos.black
    target = (r + move[0], c + move[1])
    return target == (pos.black if pos.white_to_move else pos.white)


def move_name(pos: ChasePosition, move: Move) -> str:
    """E.g. ``W up``, ``B left 2``; a capture ends in `` x`` (``B down 2 x``)."""
    dr, dc = move
    step = abs(dr) + abs(dc)
    name = f"{'W' if pos.white_to_move else 'B'} {_DIR_NAMES[(dr // step, dc // step)]}"
    if step == 2:
        name += " 2"
    return name + (" x" if is_capture(pos, move) else "")


def table_for(pos: ChasePosition) -> ChaseTable:
    return solve_table(pos.n)


def _rank(mover: str, winner: str | None, plies: int) -> tuple[int, int]:
    """Sort key, smaller = better for ``mover``: fast wins, then draws, then slow losses."""
    if winner == mover:
        return (0, plies)
    if winner is None:
        return (1, 0)
    return (2, -plies)


def solve_position(pos: ChasePosition) -> ChaseSolution:
    """Winner ('WHITE', 'BLACK' or None for a draw), plies to the capture, ranked moves, pv."""
    if pos.captured:
        return ChaseSolution("BLACK" if pos.white_to_move else "WHITE", 0, [], [])
    table = table_for(pos)
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
            best = _best_move(cur, table)
            pv.append(best)
            cur = play(cur, best)
    return ChaseSolution(winner, plies, moves, pv)


def _best_move(pos: ChasePosition, table: ChaseTable) -> Move:
    """The first legal move that realises the table value of a resolved position."""
    best, key = None, None
    for m in legal_moves(pos):
        if is_capture(pos, m):
            return m
        w, p = table.lookup(play(pos, m))
        k = _rank(pos.mover, w, p)
        if key is None or k < key:
            best, key = m, k
    assert best is not None
    return best


def judge_answer(sol: ChaseSolution) -> str:
    """``BLACK 56`` / ``WHITE 1`` / ``DRAW``."""
    return "DRAW" if sol.winner is None else f"{sol.winner} {sol.plies}"


def _parse_int(tok: str, what: str, line_no: int) -> int:
    try:
        return int(tok)
    except ValueError:
        raise InputError(f"{what} must be an integer, got {tok!r}", line_no) from None


def parse_case(line: str, line_no: int) -> ChasePosition:
    """``n r1 c1 r2 c2`` (white at r1 c1, black at r2 c2, 1-based) -> white-to-move position."""
    fields = line.split()
    if len(fields) != 5:
        raise InputError(f"expected 5 numbers `n r1 c1 r2 c2`, got {len(fields)}", line_no)
    names = ("n", "r1", "c1", "r2", "c2")
    n, r1, c1, r2, c2 = (_parse_int(t, w, line_no) for t, w in zip(fields, names, strict=True))
    if not MIN_N <= n <= MAX_N:
        raise InputError(f"board size n must be between {MIN_N} and {MAX_N}, got {n}", line_no)
    for piece, r, c in (("white", r1, c1), ("black", r2, c2)):
        if not (1 <= r <= n and 1 <= c <= n):
            raise InputError(f"{piece} square ({r}, {c}) is off the {n} x {n} board", line_no)
    if (r1, c1) == (r2, c2):
        raise InputError(f"both pieces on one square ({r1}, {c1})", line_no)
    return ChasePosition(n, (r1 - 1, c1 - 1), (r2 - 1, c2 - 1))


def cli_chase(text: str) -> str:
    """One answer line per non-blank input line."""
    out = [
        judge_answer(solve_position(parse_case(line, i)))
        for i, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]
    if not out:
        raise InputError("no cases: expected lines `n r1 c1 r2 c2`", 1)
    return "\n".join(out)


class ChaseGame:
    """:class:`engine.game.Game` for depth-limited searches on the chase.

    MAX is the side to move at the root (``max_is_white``). A captured position is final;
    at the depth limit the exact table scores the position (WIN - total plies for a MAX win).
    """

    def __init__(self, max_is_white: bool = True):
        self.max_is_white = max_is_white

    @classmethod
    def for_root(cls, root: ChasePosition) -> ChaseGame:
        return cls(root.white_to_move)

    def is_max(self, state: ChasePosition) -> bool:
        return state.white_to_move == self.max_is_white

    def moves(self, state: ChasePosition) -> list[Move]:
        return legal_moves(state)

    def play(self, state: ChasePosition, move: Move) -> ChasePosition:
        return play(state, move)

    def _score(self, winner: str | None, total: int) -> int:
        if winner is None:
            return 0
        max_wins = (winner == "WHITE") == self.max_is_white
        return WIN - total if max_wins else -(WIN - total)

    def terminal_value(self, state: ChasePosition, ply: int) -> int | None:
        if not state.captured:
            return None
        return self._score("BLACK" if state.white_to_move else "WHITE", ply)

    def frontier_value(self, state: ChasePosition, ply: int) -> int:
        if state.captured:
            return self._score("BLACK" if state.white_to_move else "WHITE", ply)
        winner, plies = table_for(state).lookup(state)
        return self._score(winner, ply + plies)

    def move_label(self, state: ChasePosition, move: Move) -> str:
        return move_name(state, move)
