"""Play against perfect play: a pure session over any :class:`engine.game.Game`.

A :class:`PlaySession` is immutable: the positions so far (``history[0]`` is where the game
started), the names of the moves between them, and which side the person plays. The engine
answers with ``reply(position)``, a move of perfect play that the caller gives (for pawn
chess and the chase, the first move of the exact solver's ranked list: the winner's fastest
win, the loser's slowest loss). Undo takes back the person's last move and the engine's
answer to it; restart goes back to the first position. The game's own pieces (which square
a move lands on) come from its module, e.g. ``engine.games.pawn.move_target``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import InputError
from engine.game import Game

MAX_PLIES = 400  # a safety stop for a game that could go on forever (a drawn chase)

Reply = Callable[[Any], Hashable]  # the engine's move in a position that is not decided


@dataclass(frozen=True)
class PlaySession:
    """A game in progress. ``names[i]`` is the move from ``history[i]`` to ``history[i + 1]``."""

    history: tuple[Any, ...]
    names: tuple[str, ...]
    human: str  # the side the person plays, one of the game's sides ('white' or 'black')

    @property
    def position(self) -> Any:
        return self.history[-1]

    @property
    def plies(self) -> int:
        return len(self.history) - 1


def human_to_move(session: PlaySession, game: Game) -> bool:
    """True when the game goes on and it is the person's turn."""
    pos = session.position
    return game.winner(pos) is None and game.to_move(pos) == session.human


def _engine_replies(session: PlaySession, game: Game, reply: Reply) -> PlaySession:
    hist, names = list(session.history), list(session.names)
    while (
        game.winner(hist[-1]) is None
        and game.to_move(hist[-1]) != session.human
        and len(hist) <= MAX_PLIES
    ):
        mv = reply(hist[-1])
        names.append(game.move_name(hist[-1], mv))
        hist.append(game.play(hist[-1], mv))
    return replace(session, history=tuple(hist), names=tuple(names))


def new_session(start: Any, human: str, game: Game, reply: Reply) -> PlaySession:
    """A game from ``start`` with the person playing ``human``; the engine moves first when
    it is its turn."""
    if human not in ("white", "black"):
        raise InputError("human must be 'white' or 'black', not {human}", human=repr(human))
    return _engine_replies(PlaySession((start,), (), human), game, reply)


def resume(
    start: Any, human: str, moves: Sequence[Hashable], game: Game, reply: Reply
) -> PlaySession:
    """A game from ``start`` with ``moves`` already played, both sides' (a shared link's game),
    then the engine's replies when it is its turn. InputError naming move N when a move is
    not legal in turn."""
    if human not in ("white", "black"):
        raise InputError("human must be 'white' or 'black', not {human}", human=repr(human))
    hist, names = [start], []
    for i, mv in enumerate(moves, 1):
        pos = hist[-1]
        if game.winner(pos) is not None or mv not in game.moves(pos):
            raise InputError("move {move} is not a legal move in its position", move=i)
        names.append(game.move_name(pos, mv))
        hist.append(game.play(pos, mv))
    return _engine_replies(PlaySession(tuple(hist), tuple(names), human), game, reply)


def human_move(session: PlaySession, move: Hashable, game: Game, reply: Reply) -> PlaySession:
    """The person plays ``move`` and the engine answers. An illegal move, or a move when it
    is not the person's turn, leaves the session unchanged."""
    pos = session.position
    if not human_to_move(session, game) or move not in game.moves(pos):
        return session
    played = PlaySession(
        session.history + (game.play(pos, move),),
        session.names + (game.move_name(pos, move),),
        session.human,
    )
    return _engine_replies(played, game, reply)


def undo(session: PlaySession, game: Game) -> PlaySession:
    """Take back the person's last move (and the engine's answers after it). Unchanged when
    the person has not moved yet."""
    for i in range(len(session.history) - 1, 0, -1):
        if game.to_move(session.history[i - 1]) == session.human:
            return replace(session, history=session.history[:i], names=session.names[: i - 1])
    return session


def restart(
    session: PlaySession, game: Game, reply: Reply, human: str | None = None
) -> PlaySession:
    """A new game from the same start (optionally with the person on the other side)."""
    return new_session(session.history[0], human or session.human, game, reply)


def square_moves(
    pos: Any,
    game: Game,
    target: Callable[[Any, Any], Any],
    source: Callable[[Any, Any], Any],
) -> dict[Any, list[Any]]:
    """The legal moves of ``pos`` by the square they leave: square -> the squares they land
    on, in the game's move order (``target(position, move)`` / ``source(position, move)``
    are the squares a move lands on and leaves). What a board lets the person pick and play."""
    out: dict[Any, list[Any]] = {}
    for m in game.moves(pos):
        out.setdefault(source(pos, m), []).append(target(pos, m))
    return out


def square_move(
    pos: Any,
    game: Game,
    frm: Any,
    to: Any,
    target: Callable[[Any, Any], Any],
    source: Callable[[Any, Any], Any],
) -> Hashable | None:
    """The legal move of ``pos`` that leaves square ``frm`` and lands on ``to``; None when
    there is none (or, in a game whose squares do not name one move, more than one)."""
    found = [m for m in game.moves(pos) if source(pos, m) == frm and target(pos, m) == to]
    return found[0] if len(found) == 1 else None
