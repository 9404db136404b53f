"""Pawn chess (UVA 10838) on an R x C board: positions, rules, text forms, Game protocol.

Row 0 is the top rank (black's home rank, the first input line); white pawns ``P`` move up
(toward row 0), black pawns ``p`` move down. A pawn steps one square forward onto an empty
square or captures one square diagonally forward; never two steps. White wins when a white
pawn reaches row 0, black when a black pawn reaches the last row, and a side to move with no
legal move has lost. The exact solver lives in :mod:`engine.games.pawn_solver`.

Compact code (for URLs): ``RxC`` + ``w``/``b`` (side to move) + ``:`` + the rows from the top,
separated by ``/``, e.g. ``4x4w:pppp/..../..../PPPP``. :func:`from_code` also accepts the rows
without separators (``4x4w:pppp........PPPP``) or without the prefix (``pppp/..../..../PPPP``,
white to move; ``b:...`` for black to move).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import InputError

MIN_SIZE, MAX_SIZE = 3, 8
PIECES = ".Pp"
WHITE, BLACK, EMPTY = "P", "p", "."


@dataclass(frozen=True)
class PawnPosition:
    """A board (``cells``: row 0 first, ``rows * cols`` chars of ``P``, ``p``, ``.``) and the
    side to move. Structural mistakes raise :class:`InputError`; rule problems (a finished
    game, a side with no pawns, a size outside 3..8) are reported by :func:`problems`."""

    rows: int = 4
    cols: int = 4
    cells: str = "pppp" + "." * 8 + "PPPP"
    white_to_move: bool = True

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise InputError(
                "a board needs at least one row and column, got {rows}x{cols}",
                rows=self.rows,
                cols=self.cols,
            )
        if len(self.cells) != self.rows * self.cols:
            raise InputError(
                "a {rows}x{cols} board needs {need} cells, got {got}",
                rows=self.rows,
                cols=self.cols,
                need=self.rows * self.cols,
                got=len(self.cells),
            )
        bad = set(self.cells) - set(PIECES)
        if bad:
            raise InputError(
                "unknown character {char} on the board (use . P p)", char=repr(sorted(bad)[0])
            )

    def at(self, r: int, c: int) -> str:
        return self.cells[r * self.cols + c]

    def row(self, r: int) -> str:
        return self.cells[r * self.cols : (r + 1) * self.cols]


@dataclass(frozen=True, order=True)
class Move:
    """A pawn move from ``from_sq`` to ``to_sq`` (both ``(row, col)``)."""

    from_sq: tuple[int, int]
    to_sq: tuple[int, int]
    capture: bool = False


# ---- building positions ------------------------------------------------------------
def start(rows: int = 4, cols: int = 4) -> PawnPosition:
    """Black pawns on row 0, white pawns on the last row, white to move."""
    return PawnPosition(rows, cols, BLACK * cols + EMPTY * cols * (rows - 2) + WHITE * cols)


def _check_square(pos: PawnPosition, r: int, c: int) -> None:
    """InputError unless (r, c) is a square of ``pos``'s board."""
    if not (0 <= r < pos.rows and 0 <= c < pos.cols):
        raise InputError(
            "square ({r}, {c}) is off the {rows}x{cols} board",
            r=r,
            c=c,
            rows=pos.rows,
            cols=pos.cols,
        )


def with_cell(pos: PawnPosition, r: int, c: int, ch: str) -> PawnPosition:
    """``pos`` with square (r, c) set to ``ch`` (one of ``. P p``)."""
    _check_square(pos, r, c)
    if len(ch) != 1 or ch not in PIECES:
        raise InputError("unknown piece {piece} (use . P p)", piece=repr(ch))
    i = r * pos.cols + c
    return PawnPosition(
        pos.rows, pos.cols, pos.cells[:i] + ch + pos.cells[i + 1 :], pos.white_to_move
    )


def toggled(pos: PawnPosition, r: int, c: int) -> PawnPosition:
    """The board editor's click: square (r, c) cycles ``.`` -> ``P`` -> ``p`` -> ``.``."""
    nxt = {EMPTY: WHITE, WHITE: BLACK, BLACK: EMPTY}
    _check_square(pos, r, c)
    return with_cell(pos, r, c, nxt[pos.at(r, c)])


def with_side(pos: PawnPosition, white_to_move: bool) -> PawnPosition:
    return PawnPosition(pos.rows, pos.cols, pos.cells, white_to_move)


# ---- text forms ----------------------------------------------------------------------
def parse_board(text: str, white_to_move: bool = True) -> PawnPosition:
    """Lines of equal length (3..8) of ``. P p``, top rank first; blank lines around are
    ignored, trailing whitespace is tolerated. Errors name the 1-based line."""
    lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), start=1)]
    while lines and not lines[0][1]:
        lines.pop(0)
    while lines and not lines[-1][1]:
        lines.pop()
    if not lines:
        raise InputError("no board given: expected lines of . P p")
    width = len(lines[0][1])
    for n, ln in lines:
        if not ln:
            raise InputError("blank line inside the board", n)
        for ch in ln:
            if ch not in PIECES:
                raise InputError("unknown character {char} (use . P p)", n, char=repr(ch))
        if len(ln) != width:
            raise InputError(
                "expected {width} characters like the first line, got {got}",
                n,
                width=width,
                got=len(ln),
            )
        if not MIN_SIZE <= width <= MAX_SIZE:
            raise InputError(
                "a row needs {low} to {high} squares, got {got}",
                n,
                low=MIN_SIZE,
                high=MAX_SIZE,
                got=width,
            )
    if not MIN_SIZE <= len(lines) <= MAX_SIZE:
        raise InputError(
            "a board needs {low} to {high} rows, got {got}",
            lines[-1][0],
            low=MIN_SIZE,
            high=MAX_SIZE,
            got=len(lines),
        )
    return PawnPosition(len(lines), width, "".join(ln for _, ln in lines), white_to_move)


def format_board(pos: PawnPosition) -> str:
    """The rows, top rank first, one per line (what :func:`parse_board` reads)."""
    return "\n".join(pos.row(r) for r in range(pos.rows))


_CODE = re.compile(r"^(?:([0-9])x([0-9]))?([wb])?:?([.Pp/]+)$")


def to_code(pos: PawnPosition) -> str:
    """One-line form, e.g. ``4x4w:pppp/..../..../PPPP``."""
    side = "w" if pos.white_to_move else "b"
    return f"{pos.rows}x{pos.cols}{side}:" + "/".join(pos.row(r) for r in range(pos.rows))


def from_code(code: str) -> PawnPosition:
    """Read :func:`to_code`'s form (see the module docstring for the accepted variants)."""
    text = code.strip()
    m = _CODE.match(text)
    if not m:
        raise InputError(
            "malformed position code {code}: expected e.g. 4x4w:pppp/..../..../PPPP",
            code=repr(code),
        )
    r_s, c_s, side, body = m.groups()
    if r_s is None and "/" not in body:
        raise InputError(
            "position code {code} needs a size like 4x4 or rows separated by /", code=repr(code)
        )
    parts = body.split("/") if "/" in body else None
    if r_s is not None:
        rows, cols = int(r_s), int(c_s)
    else:
        assert parts is not None
        rows, cols = len(parts), len(parts[0])
    if parts is not None and (len(parts) != rows or any(len(p) != cols for p in parts)):
        raise InputError(
            "position code {code}: rows do not form a {rows}x{cols} board",
            code=repr(code),
            rows=rows,
            cols=cols,
        )
    cells = body.replace("/", "")
    if len(cells) != rows * cols:
        raise InputError(
            "position code {code}: a {rows}x{cols} board needs {need} cells, got {got}",
            code=repr(code),
            rows=rows,
            cols=cols,
            need=rows * cols,
            got=len(cells),
        )
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        raise InputError(
            "position code {code}: size {rows}x{cols} is not within 3x3..8x8",
            code=repr(code),
            rows=rows,
            cols=cols,
        )
    return PawnPosition(rows, cols, cells, side != "b")


# ---- rules ---------------------------------------------------------------------------
def square_name(pos: PawnPosition, r: int, c: int) -> str:
    """Algebraic name: files a.. from the left, rank 1 at the bottom."""
    return f"{chr(ord('a') + c)}{pos.rows - r}"


def problems(pos: PawnPosition) -> list[str]:
    """What makes ``pos`` unsolvable, in words ([] = fine). A side to move without a legal
    move is fine: it has lost (0 plies)."""
    out: list[str] = []
    if not (MIN_SIZE <= pos.rows <= MAX_SIZE and MIN_SIZE <= pos.cols <= MAX_SIZE):
        out.append(
            f"the board is {pos.rows}x{pos.cols}; rows and columns must be {MIN_SIZE} to {MAX_SIZE}"
        )
    top = [square_name(pos, 0, c) for c in range(pos.cols) if pos.at(0, c) == WHITE]
    if top:
        out.append(f"the game is already over: a white pawn is on the top rank ({', '.join(top)})")
    last = pos.rows - 1
    bottom = [square_name(pos, last, c) for c in range(pos.cols) if pos.at(last, c) == BLACK]
    if bottom:
        out.append(
            f"the game is already over: a black pawn is on the bottom rank ({', '.join(bottom)})"
        )
    if WHITE not in pos.cells:
        out.append("white has no pawns")
    if BLACK not in pos.cells:
        out.append("black has no pawns")
    return out


def _goal_reached(pos: PawnPosition) -> tuple[bool, bool]:
    return WHITE in pos.row(0), BLACK in pos.row(pos.rows - 1)


def _pawn_moves(pos: PawnPosition) -> list[Move]:
    """Every pawn move of the side to move, game over or not (see :func:`legal_moves`)."""
    me, them = (WHITE, BLACK) if pos.white_to_move else (BLACK, WHITE)
    dr = -1 if pos.white_to_move else 1
    cells, rows, cols = pos.cells, pos.rows, pos.cols
    out: list[Move] = []
    for r in range(max(0, -dr), min(rows, rows - dr)):  # rows with a row ahead
        row, ahead = cells[r * cols : (r + 1) * cols], cells[(r + dr) * cols : (r + dr + 1) * cols]
        if me not in row:
            continue
        nr = r + dr
        for c in range(cols):
            if row[c] != me:
                continue
            if ahead[c] == EMPTY:
                out.append(Move((r, c), (nr, c), False))
            if c > 0 and ahead[c - 1] == them:
                out.append(Move((r, c), (nr, c - 1), True))
            if c + 1 < cols and ahead[c + 1] == them:
                out.append(Move((r, c), (nr, c + 1), True))
    return out


def winner_now(pos: PawnPosition) -> str | None:
    """``'white'``/``'black'`` when the game is decided in ``pos``, else None. A pawn on its
    goal rank wins (if both sides have one, the side that just moved); otherwise a side to
    move with no legal move loses."""
    white_goal, black_goal = _goal_reached(pos)
    if white_goal and black_goal:
        return "black" if pos.white_to_move else "white"
    if white_goal:
        return "white"
    if black_goal:
        return "black"
    if not _pawn_moves(pos):
        return "black" if pos.white_to_move else "white"
    return None


def legal_moves(pos: PawnPosition) -> list[Move]:
    """Moves in a fixed order: pawns in reading order (row 0 first, left to right); for
    each pawn the step forward, then the capture to the left, then to the right. Empty when
    the game is over."""
    if any(_goal_reached(pos)):
        return []
    return _pawn_moves(pos)


def play(pos: PawnPosition, move: Move) -> PawnPosition:
    """The position after ``move`` (not checked for legality), other side to move."""
    (r0, c0), (r1, c1) = move.from_sq, move.to_sq
    cells = list(pos.cells)
    i, j = r0 * pos.cols + c0, r1 * pos.cols + c1
    cells[j], cells[i] = cells[i], EMPTY
    return PawnPosition(pos.rows, pos.cols, "".join(cells), not pos.white_to_move)


def move_name(pos: PawnPosition, move: Move) -> str:
    """``b2-b3`` for a step, ``b2xc3`` for a capture."""
    sep = "x" if move.capture else "-"
    return square_name(pos, *move.from_sq) + sep + square_name(pos, *move.to_sq)


def move_target(pos: PawnPosition, move: Move) -> tuple[int, int]:
    """The square the pawn lands on (what a click on the board names)."""
    return move.to_sq


def move_source(pos: PawnPosition, move: Move) -> tuple[int, int]:
    """The square the pawn leaves."""
    return move.from_sq


# ---- Game protocol -------------------------------------------------------------------
class PawnGame:
    """:class:`engine.game.Game` for pawn chess. Sides are ``'white'`` and ``'black'``; the
    game knows nothing at a search's depth limit (the frontier scores 0)."""

    def to_move(self, state: PawnPosition) -> str:
        return "white" if state.white_to_move else "black"

    def moves(self, state: PawnPosition) -> list[Move]:
        return legal_moves(state)

    def play(self, state: PawnPosition, move: Move) -> PawnPosition:
        return play(state, move)

    def winner(self, state: PawnPosition) -> str | None:
        return winner_now(state)

    def move_name(self, state: PawnPosition, move: Move) -> str:
        return move_name(state, move)

    def frontier(self, state: PawnPosition) -> tuple[str | None, int]:
        return None, 0
