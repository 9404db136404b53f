"""The chase (CQOI 2013): positions, their share code, moves and the Game.

White (player A) steps one square up, down, left or right; black (player B) moves one or two
squares in a straight line (a 2-step jumps: only the landing square matters). A piece must move
and stay on the board; moving onto the other piece captures it and wins. Squares are (row,
column), 0-based. The exact answers (retrograde analysis) are in :mod:`engine.games.chase_solver`,
which imports these rules; the judge format is in :mod:`engine.judge`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from engine.errors import InputError

MIN_N = 2
MAX_N = 40

# Direction order used everywhere: up, down, left, right.
DIRS: tuple[tuple[int, int], ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))

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
            raise InputError(
                "board size n must be between {low} and {high}, got {n}",
                low=MIN_N,
                high=MAX_N,
                n=self.n,
            )
        if not (0 <= self.white[0] < self.n and 0 <= self.white[1] < self.n):
            raise InputError(
                "white square {square} is off the {n} x {n} board", square=self.white, n=self.n
            )
        if not (0 <= self.black[0] < self.n and 0 <= self.black[1] < self.n):
            raise InputError(
                "black square {square} is off the {n} x {n} board", square=self.black, n=self.n
            )
        if (self.white == self.black) != self.captured:
            raise InputError("pieces share a square exactly when a capture has happened")

    @property
    def mover(self) -> str:
        return "WHITE" if self.white_to_move else "BLACK"


_CODE = re.compile(r"^([0-9]{1,2})-([0-9]{1,2})\.([0-9]{1,2})-([0-9]{1,2})\.([0-9]{1,2})-([wb])$")


def to_code(pos: ChasePosition) -> str:
    """Compact one-line form (a share link's), 1-based like the judge: ``20-1.1-20.20-w``
    (n, white's row.column, black's row.column, the side to move)."""
    side = "w" if pos.white_to_move else "b"
    (r1, c1), (r2, c2) = pos.white, pos.black
    return f"{pos.n}-{r1 + 1}.{c1 + 1}-{r2 + 1}.{c2 + 1}-{side}"


def from_code(code: str) -> ChasePosition:
    """Read :func:`to_code`'s form; raises InputError naming what is wrong."""
    m = _CODE.match(code.strip())
    if not m:
        raise InputError(
            "malformed chase code {code}: expected e.g. 20-1.1-20.20-w", code=repr(code)
        )
    n, r1, c1, r2, c2 = (int(g) for g in m.groups()[:5])
    if not MIN_N <= n <= MAX_N:
        raise InputError("board size {n} is not within {low}..{high}", n=n, low=MIN_N, high=MAX_N)
    if not (1 <= r1 <= n and 1 <= c1 <= n):
        raise InputError("white square ({r}, {c}) is off the {n} x {n} board", r=r1, c=c1, n=n)
    if not (1 <= r2 <= n and 1 <= c2 <= n):
        raise InputError("black square ({r}, {c}) is off the {n} x {n} board", r=r2, c=c2, n=n)
    if (r1, c1) == (r2, c2):
        raise InputError("both pieces on one square")
    return ChasePosition(n, (r1 - 1, c1 - 1), (r2 - 1, c2 - 1), m.group(6) == "w")


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
        raise InputError("illegal move {move} in {pos}", move=move, pos=pos)
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


@dataclass(frozen=True)
class MoveParts:
    """A move as data, for words in any language: the side that moves, its direction
    (``up``, ``down``, ``left``, ``right``), its distance (1 or 2) and whether it captures."""

    white: bool
    direction: str
    step: int
    capture: bool


def move_parts(pos: ChasePosition, move: Move) -> MoveParts:
    """The parts of ``move`` in ``pos`` (:func:`move_name` writes them in English)."""
    dr, dc = move
    step = abs(dr) + abs(dc)
    return MoveParts(
        pos.white_to_move, _DIR_NAMES[(dr // step, dc // step)], step, is_capture(pos, move)
    )


def move_name(pos: ChasePosition, move: Move) -> str:
    """E.g. ``W up``, ``B left 2``; a capture ends in `` x`` (``B down 2 x``)."""
    parts = move_parts(pos, move)
    name = f"{'W' if parts.white else 'B'} {parts.direction}"
    if parts.step == 2:
        name += " 2"
    return name + (" x" if parts.capture else "")


def move_target(pos: ChasePosition, move: Move) -> Square:
    """The square the moving piece lands on."""
    r, c = pos.white if pos.white_to_move else pos.black
    return (r + move[0], c + move[1])


def move_source(pos: ChasePosition, move: Move) -> Square:
    """The square the moving piece leaves (the side to move's piece)."""
    return pos.white if pos.white_to_move else pos.black


def winner(pos: ChasePosition) -> str | None:
    """``'white'``/``'black'`` right after a capture (the side that just moved), else None."""
    if not pos.captured:
        return None
    return "black" if pos.white_to_move else "white"


class Lookup(Protocol):
    """What :class:`ChaseGame` reads from a solved table (``ChaseTable`` of the solver)."""

    def lookup(self, pos: ChasePosition) -> tuple[str | None, int]: ...


class ChaseGame:
    """:class:`engine.game.Game` for the chase. Sides are ``'white'`` and ``'black'``.

    ``table`` (a solved ``engine.games.chase_solver.ChaseTable`` of the board, or None) tells
    a depth-limited search the exact result of the positions at its frontier; without it the
    frontier is unknown (scored 0). Play against the engine needs no table.
    """

    def __init__(self, table: Lookup | None = None):
        self.table = table

    def to_move(self, state: ChasePosition) -> str:
        return "white" if state.white_to_move else "black"

    def moves(self, state: ChasePosition) -> list[Move]:
        return legal_moves(state)

    def play(self, state: ChasePosition, move: Move) -> ChasePosition:
        return play(state, move)

    def winner(self, state: ChasePosition) -> str | None:
        return winner(state)

    def move_name(self, state: ChasePosition, move: Move) -> str:
        return move_name(state, move)

    def frontier(self, state: ChasePosition) -> tuple[str | None, int]:
        if self.table is None:
            return None, 0
        who, plies = self.table.lookup(state)
        return (None, 0) if who is None else (who.lower(), plies)
