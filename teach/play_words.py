"""What the board labs say to the person: the verdict on a position and each move's outcome
with perfect play, and in a game against the engine why a click is not a move, why the game
ended, and how the game went against the engine's prediction. Pure: positions in, sentences
out (the board labs in ui.boards show them).
"""

from __future__ import annotations

from engine.games import chase, pawn
from engine.play import MAX_PLIES
from teach.i18n import N_, _, ngettext

GAME_OVER = N_("The game is over: press Undo to take your move back or Restart to play again.")


def _white(side: str) -> bool:
    return side.lower() == "white"


def side_name(side: str) -> str:
    """``White`` / ``Black`` in the run's language (``side``: either, any case)."""
    return _("White") if _white(side) else _("Black")


def predicted_words(winner: str | None, plies: int) -> str:
    """``White wins in 7 plies`` / ``a draw``: a prediction with perfect play."""
    if winner is None:
        return _("a draw")
    if _white(winner):
        return ngettext("White wins in {n} ply", "White wins in {n} plies", plies)
    return ngettext("Black wins in {n} ply", "Black wins in {n} plies", plies)


def verdict_words(winner: str | None, plies: int) -> str:
    """A position's verdict with perfect play: ``White wins in 7 plies`` (``ply`` for 1),
    ``Black has already won``, ``Draw: ...``."""
    if winner is None:
        return _("Draw: neither side can force a capture")
    if plies == 0:
        return _("White has already won") if _white(winner) else _("Black has already won")
    return predicted_words(winner, plies)


def outcome_words(mover: str, winner: str | None, plies: int) -> str:
    """A move's outcome for the side that plays it: ``wins in 5``, ``loses in 4``, ``draw``."""
    if winner is None:
        return _("draw")
    if winner.lower() == mover.lower():
        return _("wins in {n}", n=plies)
    return _("loses in {n}", n=plies)


# ---- pawn chess --------------------------------------------------------------------------
def _pawn_name(pos: pawn.PawnPosition, rc: tuple[int, int]) -> str:
    return pawn.square_name(pos, *rc)


def pawn_targets(pos: pawn.PawnPosition, square: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares the pawn on ``square`` can move to (legal moves only, in the engine's
    order); [] for an empty square, the other side's pawn or a pawn that cannot move."""
    return [m.to_sq for m in pawn.legal_moves(pos) if m.from_sq == square]


def _no_pawn_to(white: bool, name: str) -> str:
    if white:
        return _(
            "No white pawn can move to {name}. Pick a pawn first: a white pawn steps one "
            "square up onto an empty square, or captures one square diagonally up.",
            name=name,
        )
    return _(
        "No black pawn can move to {name}. Pick a pawn first: a black pawn steps one "
        "square down onto an empty square, or captures one square diagonally down.",
        name=name,
    )


def _not_a_pawn_move(white: bool, sel: str, name: str) -> str:
    if white:
        return _(
            "{sel} to {name} is not a pawn move: a white pawn steps one square up onto an "
            "empty square, or captures one square diagonally up.",
            sel=sel,
            name=name,
        )
    return _(
        "{sel} to {name} is not a pawn move: a black pawn steps one square down onto an "
        "empty square, or captures one square diagonally down.",
        sel=sel,
        name=name,
    )


def pawn_why_not(
    pos: pawn.PawnPosition, selected: tuple[int, int] | None, square: tuple[int, int]
) -> str:
    """Why a click on ``square`` (with the pawn on ``selected`` picked up, or none) is not a
    move for the side to move in ``pos``."""
    white = pos.white_to_move
    me, them = (pawn.WHITE, pawn.BLACK) if white else (pawn.BLACK, pawn.WHITE)
    at = pos.at(*square)
    name = _pawn_name(pos, square)
    if not pawn.legal_moves(pos):
        return _(GAME_OVER)
    if at == them and selected is None:
        if white:
            return _(
                "{name} holds a black pawn: you play White. Pick one of your pawns.", name=name
            )
        return _("{name} holds a white pawn: you play Black. Pick one of your pawns.", name=name)
    if at == me and not pawn_targets(pos, square):
        dr = -1 if white else 1
        ahead = _pawn_name(pos, (square[0] + dr, square[1]))
        return _(
            "The pawn on {name} cannot move: the square ahead ({ahead}) is taken and there "
            "is nothing to capture diagonally.",
            name=name,
            ahead=ahead,
        )
    if selected is None:
        sources = [m.from_sq for m in pawn.legal_moves(pos) if m.to_sq == square]
        if len(sources) > 1:  # two captures onto one square: from its left and its right
            a, b = (_pawn_name(pos, s) for s in sources[:2])
            return _(
                "Pawns on {a} and {b} can both move to {name}: pick the pawn first.",
                a=a,
                b=b,
                name=name,
            )
        return _no_pawn_to(white, name)
    sel = _pawn_name(pos, selected)
    dr = -1 if white else 1
    rows, cols = square[0] - selected[0], abs(square[1] - selected[1])
    if rows == dr and cols == 0:
        return _(
            "{sel} to {name} is not a move: {name} is taken, and a pawn captures only diagonally.",
            sel=sel,
            name=name,
        )
    if rows == dr and cols == 1:
        if at == me:
            return _(
                "{sel} to {name} is not a move: a pawn moves diagonally only to capture, "
                "and {name} is your own pawn.",
                sel=sel,
                name=name,
            )
        return _(
            "{sel} to {name} is not a move: a pawn moves diagonally only to capture, and "
            "{name} is empty.",
            sel=sel,
            name=name,
        )
    return _not_a_pawn_move(white, sel, name)


def pawn_problem_words(pos: pawn.PawnPosition) -> list[str]:
    """:func:`engine.games.pawn.problems` in the run's language: what makes ``pos``
    unsolvable, one clause each, in the engine's order ([] = fine)."""
    out: list[str] = []
    lo, hi = pawn.MIN_SIZE, pawn.MAX_SIZE
    if not (lo <= pos.rows <= hi and lo <= pos.cols <= hi):
        out.append(
            _(
                "the board is {rows}x{cols}; rows and columns must be {lo} to {hi}",
                rows=pos.rows,
                cols=pos.cols,
                lo=lo,
                hi=hi,
            )
        )
    top = [pawn.square_name(pos, 0, c) for c in range(pos.cols) if pos.at(0, c) == pawn.WHITE]
    if top:
        out.append(
            _(
                "the game is already over: a white pawn is on the top rank ({squares})",
                squares=", ".join(top),
            )
        )
    last = pos.rows - 1
    bottom = [
        pawn.square_name(pos, last, c) for c in range(pos.cols) if pos.at(last, c) == pawn.BLACK
    ]
    if bottom:
        out.append(
            _(
                "the game is already over: a black pawn is on the bottom rank ({squares})",
                squares=", ".join(bottom),
            )
        )
    if pawn.WHITE not in pos.cells:
        out.append(_("white has no pawns"))
    if pawn.BLACK not in pos.cells:
        out.append(_("black has no pawns"))
    return out


def pawn_end_reason(pos: pawn.PawnPosition) -> str:
    """Why the game is over in ``pos`` (a finished game): a pawn reached the far rank, or the
    side to move has no legal move."""
    for c in range(pos.cols):
        if pos.at(0, c) == pawn.WHITE:
            sq = pawn.square_name(pos, 0, c)
            return _("the white pawn reached {square}, the far rank", square=sq)
    for c in range(pos.cols):
        if pos.at(pos.rows - 1, c) == pawn.BLACK:
            sq = pawn.square_name(pos, pos.rows - 1, c)
            return _("the black pawn reached {square}, the far rank", square=sq)
    return _("White has no legal move") if pos.white_to_move else _("Black has no legal move")


# ---- the chase ---------------------------------------------------------------------------
def chase_square(rc: tuple[int, int]) -> str:
    """``row 2, col 3`` (1-based, as in the judge's input)."""
    return _("row {row}, col {col}", row=rc[0] + 1, col=rc[1] + 1)


def chase_targets(pos: chase.ChasePosition) -> list[tuple[int, int]]:
    """The squares the side to move can move to (a capture is the other piece's square)."""
    return [chase.move_target(pos, m) for m in chase.legal_moves(pos)]


def chase_why_not(pos: chase.ChasePosition, square: tuple[int, int]) -> str:
    """Why a click on ``square`` is not a move for the side to move in ``pos``."""
    if pos.captured:
        return _(GAME_OVER)
    white = pos.white_to_move
    me = pos.white if white else pos.black
    if square == me:
        if white:
            return _("That is your piece (White): choose the square it moves to.")
        return _("That is your piece (Black): choose the square it moves to.")
    dr, dc = square[0] - me[0], square[1] - me[1]
    where = chase_square(square)
    if dr and dc:
        if white:
            return _(
                "{square} is not in a straight line (no diagonal moves): White steps one "
                "square up, down, left or right.",
                square=where,
            )
        return _(
            "{square} is not in a straight line (no diagonal moves): Black moves one or two "
            "squares up, down, left or right.",
            square=where,
        )
    n = abs(dr) + abs(dc)
    if white:
        return ngettext(
            "{square} is {n} square away: White steps one square up, down, left or right.",
            "{square} is {n} squares away: White steps one square up, down, left or right.",
            n,
            square=where,
        )
    return ngettext(
        "{square} is {n} square away: Black moves one or two squares up, down, left or right.",
        "{square} is {n} squares away: Black moves one or two squares up, down, left or right.",
        n,
        square=where,
    )


def chase_end_reason(pos: chase.ChasePosition, plies: int) -> str:
    """Why the game is over: a capture, or the safety stop of a drawn chase."""
    if pos.captured:
        where = chase_square(pos.white)
        if pos.white_to_move:
            return _("Black captured the white piece on {square}", square=where)
        return _("White captured the black piece on {square}", square=where)
    return ngettext(
        "stopped after {n} ply: neither side can force a capture",
        "stopped after {n} plies: neither side can force a capture",
        plies,
    )


def chase_over(pos: chase.ChasePosition, plies: int) -> bool:
    return pos.captured or plies >= MAX_PLIES


# ---- both games --------------------------------------------------------------------------
def _won_head(winner: str, plies: int, reason: str, mine: bool) -> str:
    if _white(winner) and mine:
        return ngettext(
            "**White won in {n} ply**: {reason}; you won!",
            "**White won in {n} plies**: {reason}; you won!",
            plies,
            reason=reason,
        )
    if _white(winner):
        return ngettext(
            "**White won in {n} ply**: {reason}; the engine won.",
            "**White won in {n} plies**: {reason}; the engine won.",
            plies,
            reason=reason,
        )
    if mine:
        return ngettext(
            "**Black won in {n} ply**: {reason}; you won!",
            "**Black won in {n} plies**: {reason}; you won!",
            plies,
            reason=reason,
        )
    return ngettext(
        "**Black won in {n} ply**: {reason}; the engine won.",
        "**Black won in {n} plies**: {reason}; the engine won.",
        plies,
        reason=reason,
    )


def game_summary(
    winner: str | None,
    plies: int,
    human: str,
    reason: str,
    predicted: tuple[str | None, int],
) -> str:
    """The end of a game in words: who won and why, in how many plies, against the engine's
    prediction from the start (perfect play on both sides)."""
    if winner is None:
        head = ngettext(
            "**Draw** after {n} ply: {reason}.",
            "**Draw** after {n} plies: {reason}.",
            plies,
            reason=reason,
        )
    else:
        head = _won_head(winner, plies, reason, winner == human)
    pw, pp = predicted
    guess = predicted_words(pw, pp)
    if pw is not None:
        pw = pw.lower()
    if pw != winner:
        if pw == human:
            tail = _(
                "The engine predicted {guess} from the start: a slip of yours let it win.",
                guess=guess,
            )
        else:
            tail = _("The engine predicted {guess} from the start.", guess=guess)
    elif pp == plies:
        tail = _("Just as the engine predicted from the start: {guess}.", guess=guess)
    elif winner == human:
        tail = ngettext(
            "The engine predicted {guess} from the start: perfect play wins {n} ply sooner.",
            "The engine predicted {guess} from the start: perfect play wins {n} plies sooner.",
            plies - pp,
            guess=guess,
        )
    elif plies < pp:
        tail = ngettext(
            "The engine predicted {guess} from the start: the slowest defence lasts {n} ply "
            "longer.",
            "The engine predicted {guess} from the start: the slowest defence lasts {n} plies "
            "longer.",
            pp - plies,
            guess=guess,
        )
    else:
        tail = _("The engine predicted {guess} from the start.", guess=guess)
    return _("{head} {tail}", head=head, tail=tail)
