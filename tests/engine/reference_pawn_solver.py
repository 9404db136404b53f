"""Test support: pawn chess (UVA 10838) solved from the statement's rules, the reference the
fast solver (``engine.games.pawn_solver``) is checked against.

Written apart from the engine on purpose: a board is a string of its squares in reading order
(``P``, ``p``, ``.``) with the side to move, moves come from the rules as PROBLEMS.md states
them (index arithmetic on that string), and a position's result is a plain memoised recursion
over ``(winner, plies)`` pairs: the winner wins as fast as it can, the loser loses as slowly
as it can. Only the result's ``Move`` type and the judge's words are shared with the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.pawn import Move, PawnPosition

Result = tuple[str, int]  # (winner, plies until the game is decided)


@dataclass(frozen=True)
class Solution:
    winner: str
    plies: int
    moves: tuple[tuple[Move, str, str, int], ...]  # (move, name, winner, plies), best first
    pv: tuple[Move, ...]


def _first_best(mover: str, results: list[Result]) -> int:
    """Index of the first best result for ``mover``: its fastest win, else its slowest loss."""
    wins = [n for w, n in results if w == mover]
    if wins:
        return results.index((mover, min(wins)))
    slowest = max(n for _, n in results)
    return next(i for i, (_, n) in enumerate(results) if n == slowest)


class Solver:
    """Every position of one board size; ``memo`` maps (cells, white to move) to its result."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols, self.size = rows, cols, rows * cols
        self.memo: dict[tuple[str, bool], Result] = {}

    def moves(self, cells: str, white: bool) -> list[tuple[int, int, bool]]:
        """(from, to, capture) as square indices: pawns in reading order, per pawn the step
        forward onto an empty square, then the capture to the left, then to the right."""
        me, them, ahead = ("P", "p", -self.cols) if white else ("p", "P", self.cols)
        out = []
        i = cells.find(me)
        while i >= 0:
            j = i + ahead
            if 0 <= j < self.size:
                col = i % self.cols
                if cells[j] == ".":
                    out.append((i, j, False))
                if col > 0 and cells[j - 1] == them:
                    out.append((i, j - 1, True))
                if col < self.cols - 1 and cells[j + 1] == them:
                    out.append((i, j + 1, True))
            i = cells.find(me, i + 1)
        return out

    def after(self, cells: str, i: int, j: int) -> str:
        board = list(cells)
        board[j], board[i] = board[i], "."
        return "".join(board)

    def reached_goal(self, cells: str) -> tuple[bool, bool]:
        """Whether a white pawn stands on the top row, a black pawn on the bottom row."""
        return "P" in cells[: self.cols], "p" in cells[self.size - self.cols :]

    def result(self, cells: str, white: bool) -> Result:
        key = (cells, white)
        got = self.memo.get(key)
        if got is not None:
            return got
        mover, other = ("white", "black") if white else ("black", "white")
        white_home, black_home = self.reached_goal(cells)
        if white_home and black_home:  # only in a made-up position: the side that just moved
            res = (other, 0)
        elif white_home or black_home:
            res = ("white" if white_home else "black", 0)
        else:
            moves = self.moves(cells, white)
            goal = range(self.cols) if white else range(self.size - self.cols, self.size)
            if not moves:
                res = (other, 0)
            elif any(j in goal for _, j, _ in moves):
                res = (mover, 1)  # nothing is faster than reaching the goal rank now
            else:
                results = [self.result(self.after(cells, i, j), not white) for i, j, _ in moves]
                res = results[_first_best(mover, results)]
                res = (res[0], res[1] + 1)
        self.memo[key] = res
        return res

    def move_result(self, cells: str, white: bool, i: int, j: int) -> Result:
        winner, plies = self.result(self.after(cells, i, j), not white)
        return winner, plies + 1

    def square(self, i: int) -> tuple[int, int]:
        return divmod(i, self.cols)

    def name(self, i: int, j: int, capture: bool) -> str:
        def algebraic(k: int) -> str:
            r, c = self.square(k)
            return "abcdefgh"[c] + str(self.rows - r)

        return algebraic(i) + ("x" if capture else "-") + algebraic(j)

    def solve(self, pos: PawnPosition) -> Solution:
        """Winner, plies, every legal move with its own result (fast wins first, then slow
        losses; ties in move order), and both sides' best moves until the game is decided."""
        cells, white = pos.cells, pos.white_to_move
        winner, plies = self.result(cells, white)
        mover = "white" if white else "black"
        rated = []
        if plies > 0:
            for i, j, cap in self.moves(cells, white):
                w, n = self.move_result(cells, white, i, j)
                rated.append(
                    (Move(self.square(i), self.square(j), cap), self.name(i, j, cap), w, n)
                )
        rated.sort(key=lambda t: (0, t[3]) if t[2] == mover else (1, -t[3]))
        pv = []
        while self.result(cells, white)[1] > 0:
            moves = self.moves(cells, white)
            results = [self.move_result(cells, white, i, j) for i, j, _ in moves]
            i, j, cap = moves[_first_best("white" if white else "black", results)]
            pv.append(Move(self.square(i), self.square(j), cap))
            cells, white = self.after(cells, i, j), not white
        return Solution(winner, plies, tuple(rated), tuple(pv))


def solve(pos: PawnPosition) -> Solution:
    return Solver(pos.rows, pos.cols).solve(pos)
