"""What the board labs say to the person: the verdict on a position and each move's outcome
with perfect play, and in a game against the engine why a click is not a move, why the game
ended, and how the game went against the engine's prediction. Pure: positions in, sentences
out (the board labs in ui.boards show them).
"""

from __future__ import annotations

from engine.games import chase, pawn
from engine.play import MAX_PLIES
from engine.values import plural

GAME_OVER = "The game is over: press Undo to take your move back or Restart to play again."


def predicted_words(winner: str | None, plies: int) -> str:
    """``White wins in 7 plies`` / ``a draw``: a prediction with perfect play."""
    if winner is None:
        return "a draw"
    return f"{winner.title()} wins in {plural(plies, 'ply', 'plies')}"


def verdict_words(winner: str | None, plies: int) -> str:
    """A position's verdict with perfect play: ``White wins in 7 plies`` (``ply`` for 1),
    ``Black has already won``, ``Draw: ...``."""
    if winner is None:
        return "Draw: neither side can force a capture"
    if plies == 0:
        return f"{winner.title()} has already won"
    return predicted_words(winner, plies)


def outcome_words(mover: str, winner: str | None, plies: int) -> str:
    """A move's outcome for the side that plays it: ``wins in 5``, ``loses in 4``, ``draw``."""
    if winner is None:
        return "draw"
    return f"{'wins' if winner.lower() == mover.lower() else 'loses'} in {plies}"


# ---- pawn chess --------------------------------------------------------------------------
def _pawn_name(pos: pawn.PawnPosition, rc: tuple[int, int]) -> str:
    return pawn.square_name(pos, *rc)


def pawn_targets(pos: pawn.PawnPosition, square: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares the pawn on ``square`` can move to (legal moves only, in the engine's
    order); [] for an empty square, the other side's pawn or a pawn that cannot move."""
    return [m.to_sq for m in pawn.legal_moves(pos) if m.from_sq == square]


def pawn_why_not(
    pos: pawn.PawnPosition, selected: tuple[int, int] | None, square: tuple[int, int]
) -> str:
    """Why a click on ``square`` (with the pawn on ``selected`` picked up, or none) is not a
    move for the side to move in ``pos``."""
    me, them = (pawn.WHITE, pawn.BLACK) if pos.white_to_move else (pawn.BLACK, pawn.WHITE)
    side, other = ("White", "Black") if pos.white_to_move else ("Black", "White")
    forward = "up" if pos.white_to_move else "down"
    at = pos.at(*square)
    name = _pawn_name(pos, square)
    rule = (
        f"a {side.lower()} pawn steps one square {forward} onto an empty square, or captures "
        f"one square diagonally {forward}"
    )
    if not pawn.legal_moves(pos):
        return GAME_OVER
    if at == them:
        if selected is None:
            return f"{name} holds a {other.lower()} pawn: you play {side}. Pick one of your pawns."
    if at == me and not pawn_targets(pos, square):
        dr = -1 if pos.white_to_move else 1
        ahead = (square[0] + dr, square[1])
        return (
            f"The pawn on {name} cannot move: the square ahead "
            f"({_pawn_name(pos, ahead)}) is taken and there is nothing to capture diagonally."
        )
    if selected is None:
        sources = [m.from_sq for m in pawn.legal_moves(pos) if m.to_sq == square]
        if len(sources) > 1:
            names = " and ".join(_pawn_name(pos, s) for s in sources)
            return f"Pawns on {names} can both move to {name}: pick the pawn first."
        return f"No {side.lower()} pawn can move to {name}. Pick a pawn first: {rule}."
    sel = _pawn_name(pos, selected)
    dr = -1 if pos.white_to_move else 1
    rows, cols = square[0] - selected[0], abs(square[1] - selected[1])
    if rows == dr and cols == 0:
        return (
            f"{sel} to {name} is not a move: {name} is taken, and a pawn captures only diagonally."
        )
    if rows == dr and cols == 1:
        what = "your own pawn" if at == me else "empty"
        return f"{sel} to {name} is not a move: a pawn moves diagonally only to capture, and {name} is {what}."
    return f"{sel} to {name} is not a pawn move: {rule}."


def pawn_end_reason(pos: pawn.PawnPosition) -> str:
    """Why the game is over in ``pos`` (a finished game): a pawn reached the far rank, or the
    side to move has no legal move."""
    for r, piece, side in ((0, pawn.WHITE, "white"), (pos.rows - 1, pawn.BLACK, "black")):
        for c in range(pos.cols):
            if pos.at(r, c) == piece:
                return f"the {side} pawn reached {pawn.square_name(pos, r, c)}, the far rank"
    stuck = "White" if pos.white_to_move else "Black"
    return f"{stuck} has no legal move"


# ---- the chase ---------------------------------------------------------------------------
def chase_square(rc: tuple[int, int]) -> str:
    return f"row {rc[0] + 1}, col {rc[1] + 1}"


def chase_targets(pos: chase.ChasePosition) -> list[tuple[int, int]]:
    """The squares the side to move can move to (a capture is the other piece's square)."""
    return [chase.move_target(pos, m) for m in chase.legal_moves(pos)]


def chase_why_not(pos: chase.ChasePosition, square: tuple[int, int]) -> str:
    """Why a click on ``square`` is not a move for the side to move in ``pos``."""
    if pos.captured:
        return GAME_OVER
    me = pos.white if pos.white_to_move else pos.black
    side = "White" if pos.white_to_move else "Black"
    rule = (
        "White steps one square up, down, left or right"
        if pos.white_to_move
        else "Black moves one or two squares up, down, left or right"
    )
    if square == me:
        return f"That is your piece ({side}): choose the square it moves to."
    dr, dc = square[0] - me[0], square[1] - me[1]
    if dr and dc:
        why = "is not in a straight line (no diagonal moves)"
    else:
        why = f"is {plural(abs(dr) + abs(dc), 'square')} away"
    return f"{chase_square(square)} {why}: {rule}."


def chase_end_reason(pos: chase.ChasePosition, plies: int) -> str:
    """Why the game is over: a capture, or the safety stop of a drawn chase."""
    if pos.captured:
        won = "Black" if pos.white_to_move else "White"
        lost = "white" if won == "Black" else "black"
        return f"{won} captured the {lost} piece on {chase_square(pos.white)}"
    return f"stopped after {plural(plies, 'ply', 'plies')}: neither side can force a capture"


def chase_over(pos: chase.ChasePosition, plies: int) -> bool:
    return pos.captured or plies >= MAX_PLIES


# ---- both games --------------------------------------------------------------------------
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
        head = f"**Draw** after {plural(plies, 'ply', 'plies')}: {reason}."
    else:
        who = "you won!" if winner == human else "the engine won."
        head = f"**{winner.title()} won in {plural(plies, 'ply', 'plies')}**: {reason}; {who}"
    pw, pp = predicted
    guess = predicted_words(pw, pp)
    if pw is not None:
        pw = pw.lower()
    if pw != winner:
        if pw == human:
            tail = f"The engine predicted {guess} from the start: a slip of yours let it win."
        else:
            tail = f"The engine predicted {guess} from the start."
    elif pp == plies:
        tail = f"Just as the engine predicted from the start: {guess}."
    elif winner == human:
        tail = (
            f"The engine predicted {guess} from the start: perfect play wins "
            f"{plural(plies - pp, 'ply', 'plies')} sooner."
        )
    elif plies < pp:
        tail = (
            f"The engine predicted {guess} from the start: the slowest defence lasts "
            f"{plural(pp - plies, 'ply', 'plies')} longer."
        )
    else:
        tail = f"The engine predicted {guess} from the start."
    return f"{head} {tail}"
