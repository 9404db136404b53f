"""Play against perfect play: a pure session over pawn chess or the chase.

A :class:`PlaySession` is immutable: the positions so far (``history[0]`` is where the game
started), the names of the moves between them, and which side the person plays. The engine
answers with a best move from the exact solver: the winner's fastest win, the loser's slowest
loss (the first move of the solver's ranked list). Undo takes back the person's last move and
the engine's answer to it; restart goes back to the first position.

The game is given as a :class:`Rules` bundle of plain functions, so the session logic is one
piece of code for both games (see :func:`pawn_rules` and :func:`chase_rules`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Any

from engine.games import chase, pawn
from engine.games.pawn_solver import solve as pawn_solve

MAX_PLIES = 400  # a safety stop for a game that could go on forever (a drawn chase)


@dataclass(frozen=True)
class Rules:
    """What a session needs from a game. Sides are ``'white'``/``'black'``."""

    legal_moves: Callable[[Any], list[Hashable]]
    play: Callable[[Any, Hashable], Any]
    move_name: Callable[[Any, Hashable], str]
    winner: Callable[[Any], str | None]  # 'white'/'black' once the game is decided
    to_move: Callable[[Any], str]
    best_move: Callable[[Any], Hashable]  # a move of perfect play (the game is not over)


def pawn_rules(solve: Callable[[pawn.PawnPosition], Any] = pawn_solve) -> Rules:
    """Pawn chess; ``solve`` (e.g. a cached wrapper of engine.games.pawn_solver.solve) ranks moves."""
    return Rules(
        legal_moves=pawn.legal_moves,
        play=pawn.play,
        move_name=pawn.move_name,
        winner=pawn.winner_now,
        to_move=lambda p: "white" if p.white_to_move else "black",
        best_move=lambda p: solve(p).moves[0][0],
    )


def _chase_winner(pos: chase.ChasePosition) -> str | None:
    if not pos.captured:
        return None
    return "black" if pos.white_to_move else "white"


def chase_rules(
    solve: Callable[[chase.ChasePosition], Any] = chase.solve_position,
) -> Rules:
    """The chase; ``solve`` ranks moves (defaults to engine.games.chase.solve_position)."""
    return Rules(
        legal_moves=chase.legal_moves,
        play=chase.play,
        move_name=chase.move_name,
        winner=_chase_winner,
        to_move=lambda p: "white" if p.white_to_move else "black",
        best_move=lambda p: solve(p).moves[0][0],
    )


@dataclass(frozen=True)
class PlaySession:
    """A game in progress. ``names[i]`` is the move from ``history[i]`` to ``history[i + 1]``."""

    history: tuple[Any, ...]
    names: tuple[str, ...]
    human: str  # 'white' or 'black': the side the person plays

    @property
    def position(self) -> Any:
        return self.history[-1]

    @property
    def plies(self) -> int:
        return len(self.history) - 1


def human_to_move(session: PlaySession, rules: Rules) -> bool:
    """True when the game goes on and it is the person's turn."""
    pos = session.position
    return rules.winner(pos) is None and rules.to_move(pos) == session.human


def _engine_replies(session: PlaySession, rules: Rules) -> PlaySession:
    hist, names = list(session.history), list(session.names)
    while (
        rules.winner(hist[-1]) is None
        and rules.to_move(hist[-1]) != session.human
        and len(hist) <= MAX_PLIES
    ):
        mv = rules.best_move(hist[-1])
        names.append(rules.move_name(hist[-1], mv))
        hist.append(rules.play(hist[-1], mv))
    return replace(session, history=tuple(hist), names=tuple(names))


def new_session(start: Any, human: str, rules: Rules) -> PlaySession:
    """A game from ``start`` with the person playing ``human``; the engine moves first when
    it is its turn."""
    if human not in ("white", "black"):
        raise ValueError(f"human must be 'white' or 'black', not {human!r}")
    return _engine_replies(PlaySession((start,), (), human), rules)


def human_move(session: PlaySession, move: Hashable, rules: Rules) -> PlaySession:
    """The person plays ``move`` and the engine answers. An illegal move, or a move when it
    is not the person's turn, leaves the session unchanged."""
    pos = session.position
    if not human_to_move(session, rules) or move not in rules.legal_moves(pos):
        return session
    played = PlaySession(
        session.history + (rules.play(pos, move),),
        session.names + (rules.move_name(pos, move),),
        session.human,
    )
    return _engine_replies(played, rules)


def undo(session: PlaySession, rules: Rules) -> PlaySession:
    """Take back the person's last move (and the engine's answers after it). Unchanged when
    the person has not moved yet."""
    for i in range(len(session.history) - 1, 0, -1):
        if rules.to_move(session.history[i - 1]) == session.human:
            return replace(session, history=session.history[:i], names=session.names[: i - 1])
    return session


def restart(session: PlaySession, rules: Rules, human: str | None = None) -> PlaySession:
    """A new game from the same start (optionally with the person on the other side)."""
    return new_session(session.history[0], human or session.human, rules)


def pawn_target(pos: pawn.PawnPosition, move: pawn.Move) -> tuple[int, int]:
    return move.to_sq


def chase_target(pos: chase.ChasePosition, move: chase.Move) -> tuple[int, int]:
    r, c = pos.white if pos.white_to_move else pos.black
    return (r + move[0], c + move[1])


def pawn_from(pos: pawn.PawnPosition, move: pawn.Move) -> tuple[int, int]:
    return move.from_sq


def click_move(
    session: PlaySession,
    selected: tuple[int, int] | None,
    square: tuple[int, int],
    rules: Rules,
    target: Callable[[Any, Any], Any],
    source: Callable[[Any, Any], Any] | None = None,
) -> tuple[PlaySession, tuple[int, int] | None]:
    """A click on ``square`` while playing: returns the new session and the selected square.

    Clicking one of your pieces that can move selects it; clicking a destination plays the
    move from the selected piece, or the only legal move that lands there. Anything else
    clears the selection and changes nothing.
    """
    if not human_to_move(session, rules):
        return session, None
    pos = session.position
    legal = rules.legal_moves(pos)
    landing = [m for m in legal if target(pos, m) == square]
    if source is not None:
        if selected is not None:
            from_sel = [m for m in landing if source(pos, m) == selected]
            if len(from_sel) == 1:
                return human_move(session, from_sel[0], rules), None
        if any(source(pos, m) == square for m in legal):
            return session, square
    if len(landing) == 1:
        return human_move(session, landing[0], rules), None
    return session, None
