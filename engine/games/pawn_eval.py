"""An evaluation of pawn chess positions, for a search that stops at a depth limit.

A depth-limited search meets undecided positions at its frontier; :class:`EvaluatedPawnGame`
scores them with :func:`evaluate` (the Game protocol's optional ``estimate``, see
:mod:`engine.game`), where plain :class:`~engine.games.pawn.PawnGame` scores them 0. The
evaluation, for one side, is the difference between that side's and the other side's

- **material**: 3 points a pawn;
- **advance**: 1 point for every row a pawn stands ahead of its own back rank (a white pawn on
  the second rank from the bottom has advance 1; a pawn one step from the far rank, rows - 2);
- **mobility**: 1 point for every move the side's pawns have (steps and captures), counted as
  if it were that side's turn.

It is symmetric (the other side's evaluation is its negation) and clamped to
``-(EVAL_BOUND - 1) .. EVAL_BOUND - 1`` (:data:`engine.game.EVAL_BOUND`), so it is always
smaller than a win's score: a search prefers any forced win to any evaluation, and a value
the search returns is exact whenever it is a win (the game is decided within the horizon).
The evaluation is a guess, not a proof: ahead in material, advance and mobility is often but
not always winning.
"""

from __future__ import annotations

from engine.game import EVAL_BOUND
from engine.games.pawn import BLACK, WHITE, PawnGame, PawnPosition, legal_moves, with_side

MATERIAL = 3  # points a pawn


def features(pos: PawnPosition) -> dict[str, tuple[int, int]]:
    """Each term for (white, black): ``material`` (pawns), ``advance`` (rows ahead of the
    own back rank, summed over the pawns), ``mobility`` (moves, as if the side were to
    move)."""
    rows, cols = pos.rows, pos.cols
    pawns = {WHITE: 0, BLACK: 0}
    advance = {WHITE: 0, BLACK: 0}
    for i, ch in enumerate(pos.cells):
        if ch in pawns:
            r = i // cols
            pawns[ch] += 1
            advance[ch] += rows - 1 - r if ch == WHITE else r
    mob_w = len(legal_moves(with_side(pos, True)))
    mob_b = len(legal_moves(with_side(pos, False)))
    return {
        "material": (pawns[WHITE], pawns[BLACK]),
        "advance": (advance[WHITE], advance[BLACK]),
        "mobility": (mob_w, mob_b),
    }


def evaluate(pos: PawnPosition, side: str) -> int:
    """``side``'s evaluation of ``pos`` (``'white'`` or ``'black'``): 3 x material + advance
    + mobility, each as the side's minus the other's, clamped inside ``±EVAL_BOUND``."""
    f = features(pos)
    (mw, mb), (aw, ab), (vw, vb) = f["material"], f["advance"], f["mobility"]
    white = MATERIAL * (mw - mb) + (aw - ab) + (vw - vb)
    white = max(-(EVAL_BOUND - 1), min(EVAL_BOUND - 1, white))
    return white if side == "white" else -white


class EvaluatedPawnGame(PawnGame):
    """Pawn chess whose depth-limited searches score an undecided frontier position with
    :func:`evaluate` (the pawn lab's search tab; the whole-game search never reaches one)."""

    def estimate(self, state: PawnPosition, side: str) -> int:
        return evaluate(state, side)
