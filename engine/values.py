"""The one formatter for values and bounds, for people: sentences, figures, feedback, sheets.

Notation (the same on every page, figure and sheet):

- infinities are ``+∞`` and ``−∞`` (U+2212 MINUS SIGN before the infinity sign);
- whole numbers are plain ASCII: ``3``, ``0``, ``-2`` (floats that are whole lose ``.0``);
- other floats as Python prints them (``2.5``);
- ``None`` (not known yet) is ``missing``: ``"?"`` unless the caller asks for another mark.

Parsers that read what people type (teach.quiz.parse_number) accept ``inf``, ``∞``, ``+∞``,
``-inf``, ``−∞`` and the like; this module only writes. The judge formats of the four
problems are output formats, not this notation (URAL 1282 writes ``+1``: engine.tree).
"""

from __future__ import annotations

import math

PLUS_INF = "+∞"
MINUS_INF = "−∞"


def fmt_value(v: float | int | None, missing: str = "?") -> str:
    """``3`` -> "3", ``-2`` -> "-2", ``3.0`` -> "3", ``inf`` -> "+∞", ``-inf`` -> "−∞",
    ``None`` -> ``missing``."""
    if v is None:
        return missing
    if isinstance(v, float):
        if math.isinf(v):
            return PLUS_INF if v > 0 else MINUS_INF
        if v.is_integer():
            return str(int(v))
    return str(v)
