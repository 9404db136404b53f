"""OpenSpiel's games through the one game protocol (:class:`engine.game.Game`).

`OpenSpiel <https://github.com/google-deepmind/open_spiel>`_ (DeepMind, Apache 2.0; the PyPI
package ``open-spiel``, imported as ``pyspiel``) has dozens of two-player games behind one
State API. Its states are mutable; the searches need immutable, hashable states, so a
:class:`Position` wraps an OpenSpiel state that is never changed after it is made (playing a
move clones it) and compares by a key:

- for the games in :data:`BOARD_GAMES`, whose board as OpenSpiel prints it and the player to
  move are the whole state, that pair (two move orders that reach one board are one
  position: a table or a memo sees the transposition);
- for any other game, the actions played from the start (always exact, never merged).

Sides are ``"0"`` and ``"1"``, OpenSpiel's player ids as text. A game over with equal returns
is a draw (:data:`engine.game.DRAW`). A position is named by OpenSpiel's game string and the
action ids played from the start, as the Games lab's link and ``python -m engine game`` do.

Only two-player, zero-sum, sequential, perfect-information games without chance nodes are
taken (:func:`load`); OpenSpiel is optional: :func:`unavailable` says why it cannot be used
on this machine (no wheel for the platform), and the rest of the engine works without it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from engine.errors import InputError
from engine.game import DRAW

# the games whose printed board and player to move are the whole state (no hidden
# counters, scores or move limits): checked against move-order keys in the tests
BOARD_GAMES = frozenset(
    {"tic_tac_toe", "mnk", "connect_four", "hex", "breakthrough", "clobber", "nim"}
)
SIDES = ("0", "1")


def unavailable() -> str | None:
    """None when OpenSpiel can be imported, else why not (in English, for a page's note)."""
    try:
        _pyspiel()
    except InputError as e:
        return str(e)
    return None


def _pyspiel() -> Any:
    try:
        # deferred: OpenSpiel is optional (no wheel for macOS on Intel), loaded on first use
        import pyspiel
    except ImportError as e:
        raise InputError(
            "the games need OpenSpiel (pip install open-spiel), which cannot be imported "
            "here: {why}",
            why=str(e),
        ) from None
    return pyspiel


@contextmanager
def _native_stderr_muted() -> Iterator[None]:
    """OpenSpiel's C++ prints "OpenSpiel exception: ..." on file descriptor 2 before it
    raises; the error is reported in words instead, so that print is sent nowhere (for the
    short time of one load: a game string is loaded once per game)."""
    try:
        saved = os.dup(2)
    except OSError:  # no descriptor 2 to mute
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _check_names(pyspiel: Any, spec: str) -> None:
    """InputError for a game string whose game or parameter OpenSpiel does not know (said
    here, in words: OpenSpiel's own error lists every game it has)."""
    name, _, rest = spec.partition("(")
    kinds = {t.short_name: t for t in pyspiel.registered_games()}
    if name not in kinds:
        raise InputError(
            "unknown game {name}; OpenSpiel has e.g. {some}",
            name=name,
            some="tic_tac_toe, connect_four, nim, hex, breakthrough, clobber, mnk",
        )
    known = kinds[name].parameter_specification
    for part in rest.rstrip(")").split(",") if rest else []:
        param = part.partition("=")[0].strip()
        if param and param not in known:
            raise InputError(
                "the game {name} has no parameter {param}; its parameters are {known}",
                name=name,
                param=param,
                known=", ".join(sorted(known)) or "none",
            )


class Position:
    """A position of an OpenSpiel game: immutable and hashable (see the module's note).

    ``actions`` are the action ids played from the start; ``side`` the side to move (for a
    finished game, the side that would have moved next in an alternating game)."""

    __slots__ = ("actions", "side", "key", "_state", "_hash")

    def __init__(self, actions: tuple[int, ...], side: str, key: Hashable, state: Any):
        setattr_ = object.__setattr__
        setattr_(self, "actions", actions)
        setattr_(self, "side", side)
        setattr_(self, "key", key)
        setattr_(self, "_state", state)
        setattr_(self, "_hash", hash(key))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Position is immutable")

    def __eq__(self, other: object) -> bool:
        return other is self or (
            isinstance(other, Position) and other._hash == self._hash and other.key == self.key
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Position({list(self.actions)})"

    @property
    def state(self) -> Any:
        """The OpenSpiel state: read it, never change it (clone it to play on)."""
        return self._state


class OpenSpielGame:
    """One OpenSpiel game (its game string fixes the parameters) as an engine game."""

    def __init__(self, spec: str):
        pyspiel = _pyspiel()
        if not isinstance(spec, str) or not spec.strip():
            raise InputError("game must be an OpenSpiel game string such as tic_tac_toe")
        spec = spec.strip()
        _check_names(pyspiel, spec)
        try:
            with _native_stderr_muted():
                game = pyspiel.load_game(spec)
                str(game.new_initial_state())  # a size it takes but cannot lay out fails here
        except (pyspiel.SpielError, ValueError, RuntimeError, MemoryError) as e:  # a value
            # out of range, a string it cannot parse (OpenSpiel's own words, its first line)
            why = (str(e).strip().splitlines() or ["not a game string it can read"])[0]
            raise InputError("cannot load the game {spec}: {why}", spec=spec, why=why) from None
        kind = game.get_type()
        Kind = pyspiel.GameType
        if game.num_players() != 2:
            raise InputError("the game {spec} is not a two-player game", spec=spec)
        if kind.utility != Kind.Utility.ZERO_SUM:
            raise InputError("the game {spec} is not zero-sum", spec=spec)
        if kind.dynamics != Kind.Dynamics.SEQUENTIAL:
            raise InputError("the game {spec} is not played in turns", spec=spec)
        if kind.information != Kind.Information.PERFECT_INFORMATION:
            raise InputError("the game {spec} hides information from a player", spec=spec)
        if kind.chance_mode != Kind.ChanceMode.DETERMINISTIC:
            raise InputError(
                "the game {spec} has chance (dice or cards): it is not solved exactly here yet",
                spec=spec,
            )
        self._game = game
        self.spec = str(game)
        self.short_name = kind.short_name
        self._by_board = kind.short_name in BOARD_GAMES

    def _position(self, actions: tuple[int, ...], state: Any, last: str | None) -> Position:
        if state.is_terminal():
            side = SIDES[1 - SIDES.index(last)] if last is not None else SIDES[0]
        else:
            side = SIDES[state.current_player()]
        key = (side, str(state)) if self._by_board else actions
        return Position(actions, side, key, state)

    def start(self) -> Position:
        return self._position((), self._game.new_initial_state(), None)

    def position(self, actions: Sequence[object]) -> Position:
        """The position after ``actions`` from the start (InputError naming the first move
        that is not a legal action id there)."""
        if isinstance(actions, str | bytes) or not isinstance(actions, Sequence):
            raise InputError("moves must be a list of action ids, such as [4, 0]")
        pos = self.start()
        for i, a in enumerate(actions, start=1):
            if type(a) is not int:
                raise InputError(
                    "move {i} is not an action id (a whole number): {move}",
                    i=i,
                    move=json.dumps(a),
                )
            if pos.state.is_terminal():
                raise InputError("move {i} ({move}) comes after the game is over", i=i, move=a)
            if a not in pos.state.legal_actions():
                raise InputError(
                    "move {i} ({move}) is not legal there; the legal actions are {legal}",
                    i=i,
                    move=a,
                    legal=", ".join(map(str, pos.state.legal_actions())),
                )
            pos = self.play(pos, a)
        return pos

    # ---- the game protocol (engine.game.Game) ----------------------------------------------
    def to_move(self, pos: Position) -> str:
        return pos.side

    def moves(self, pos: Position) -> list[int]:
        state = pos.state
        return [] if state.is_terminal() else list(state.legal_actions())

    def play(self, pos: Position, move: Hashable) -> Position:
        state = pos.state.child(move)
        return self._position((*pos.actions, move), state, pos.side)

    def winner(self, pos: Position) -> str | None:
        state = pos.state
        if not state.is_terminal():
            return None
        first, second = state.returns()
        if first == second:
            return DRAW
        return SIDES[0] if first > second else SIDES[1]

    def move_name(self, pos: Position, move: Hashable) -> str:
        return pos.state.action_to_string(pos.state.current_player(), move)

    def frontier(self, pos: Position) -> tuple[str | None, int]:
        return None, 0  # OpenSpiel's games carry no evaluation
