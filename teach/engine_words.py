"""The engine's words in the run's language: its refusals and the chase's move names.

The engine stays in English (the judge CLI prints its errors and move names as they are);
its errors carry their message as a template and the values that fill it (engine/errors.py),
and babel extracts the templates, so a page words a refusal here with the same catalogue as
every other sentence. A chase move is worded from its parts (side, direction, distance,
capture), never from the English name.
"""

from __future__ import annotations

from engine.errors import InputError, SearchError
from engine.games.chase import ChaseGame, ChasePosition, Move, MoveParts, move_parts
from teach.i18n import N_, OPEN, PSEUDO, _, current


def reason(err: Exception) -> str:
    """``err``'s message in the run's language (``str(err)`` in English): the engine's
    template filled with its values, a refusal nested in it worded too, and ``line N:`` in
    front when a line is to blame. Any other error is its own text."""
    if not isinstance(err, InputError | SearchError):
        return str(err)
    words = _words(err)
    line = getattr(err, "line", None)
    return words if line is None else _("line {line}: {reason}", line=line, reason=words)


def _words(err: InputError | SearchError) -> str:
    template = err.template
    if current() == PSEUDO and template.startswith(OPEN):
        return template  # already worded where it was raised (teach raises in the run's language)
    params = {
        name: reason(value) if isinstance(value, InputError | SearchError) else value
        for name, value in err.params.items()
    }
    return _(template, **params)


# Every chase move's name, by side, direction and distance (the engine's ``W up``, ``B left 2``).
_MOVES = {
    (True, "up", 1): N_("W up"),
    (True, "down", 1): N_("W down"),
    (True, "left", 1): N_("W left"),
    (True, "right", 1): N_("W right"),
    (True, "up", 2): N_("W up 2"),
    (True, "down", 2): N_("W down 2"),
    (True, "left", 2): N_("W left 2"),
    (True, "right", 2): N_("W right 2"),
    (False, "up", 1): N_("B up"),
    (False, "down", 1): N_("B down"),
    (False, "left", 1): N_("B left"),
    (False, "right", 1): N_("B right"),
    (False, "up", 2): N_("B up 2"),
    (False, "down", 2): N_("B down 2"),
    (False, "left", 2): N_("B left 2"),
    (False, "right", 2): N_("B right 2"),
}


def chase_move_words(parts: MoveParts) -> str:
    """A chase move in the run's language, e.g. ``W up``, ``B left 2``, ``B down 2 x``."""
    name = _(_MOVES[(parts.white, parts.direction, parts.step)])
    return _("{move} x", move=name) if parts.capture else name


def chase_move(pos: ChasePosition, move: Move) -> str:
    """``move`` played in ``pos``, in the run's language (:func:`chase_move_words`)."""
    return chase_move_words(move_parts(pos, move))


class WordedChaseGame(ChaseGame):
    """The chase's rules with each move named in the run's language when it is played (a
    game a person plays against the engine; a search's tree keeps the engine's names)."""

    def move_name(self, state: ChasePosition, move: Move) -> str:
        return chase_move(state, move)
