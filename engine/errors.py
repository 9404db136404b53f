"""The engine's errors: bad input (the parsers) and searches that cannot run as asked.

Every parser raises :class:`InputError` (a ``ValueError``) whose message starts with
``line N:`` when a line is to blame, so the CLI can print ``error: <message>`` and a page
can show the same words in an error box. Every search raises :class:`SearchError` (also a
``ValueError``), :class:`SearchTooLarge` past its node limit. They live here, below every
module that raises them, so no module imports another inside a function to reach them.
"""

from __future__ import annotations


class InputError(ValueError):
    """Bad input. ``line`` is the 1-based line number, or None when no line is to blame."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line is not None else message)


class SearchError(ValueError):
    """A search cannot run as asked (unknown option, inconsistent game, too large)."""


class SearchTooLarge(SearchError):
    """The explored tree would exceed ``max_nodes``."""
