"""Errors raised by the engine's parsers.

Every parser raises :class:`InputError` (a ``ValueError``) whose message starts with
``line N:`` when a line is to blame, so the CLI can print ``error: <message>`` and a page
can show the same words in an error box.
"""

from __future__ import annotations


class InputError(ValueError):
    """Bad input. ``line`` is the 1-based line number, or None when no line is to blame."""

    def __init__(self, message: str, line: int | None = None):
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}" if line is not None else message)
