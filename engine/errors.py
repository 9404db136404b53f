"""The engine's errors: bad input (the parsers) and searches that cannot run as asked.

Every parser raises :class:`InputError` (a ``ValueError``) whose message starts with
``line N:`` when a line is to blame, so the CLI can print ``error: <message>`` and a page
can show the same words in an error box. Every search raises :class:`SearchError` (also a
``ValueError``), :class:`SearchTooLarge` past its node limit. They live here, below every
module that raises them, so no module imports another inside a function to reach them.

Both carry their message as a ``template`` with named ``{placeholders}`` and the ``params``
that fill it: ``str()`` is the English text (the judge CLI prints it), and a page words the
same template in its language (teach/engine_words.py). The templates are extracted for
translation (babel.cfg's InputError and SearchError keywords), so a raise site passes its
template as a literal string.
"""

from __future__ import annotations


def _fill(template: str, params: dict[str, object]) -> str:
    return template.format(**params) if params else template


class InputError(ValueError):
    """Bad input. ``line`` is the 1-based line number, or None when no line is to blame;
    ``template`` and ``params`` are the message before it is filled in."""

    def __init__(self, template: str, line: int | None = None, /, **params: object):
        self.line = line
        self.template = template
        self.params = params
        self.reason = _fill(template, params)
        super().__init__(f"line {line}: {self.reason}" if line is not None else self.reason)


class SearchError(ValueError):
    """A search cannot run as asked (unknown option, inconsistent game, too large)."""

    def __init__(self, template: str, /, **params: object):
        self.template = template
        self.params = params
        super().__init__(_fill(template, params))


class SearchTooLarge(SearchError):
    """The explored tree would exceed ``max_nodes``."""
