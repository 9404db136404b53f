"""The labs' small tables (the race, every move's outcome, the best line's plies, the
variants), drawn as markdown tables.

Why not ``st.dataframe``: its grid is about 1.2 MB of Streamlit's own JS (the data grid, the
Arrow readers, moment, numbro), fetched and parsed on a first visit only for it; it was most
of the alpha-beta lab's first visit over a bare page (bench/bench_wire.py). These tables
have a few dozen rows at most and need no sorting: a markdown table is drawn by the markdown
code every page already loads, and it is a real ``<table>`` that a screen reader walks.

:func:`table_markdown` is pure (a test reads the text back); :func:`show_table` draws it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

# Punctuation that markdown (or Streamlit's: $ for maths, : for icon codes) may read as
# syntax; a backslash before ASCII punctuation always stands for the character itself.
_SYNTAX = re.compile(r"([\\`*_{}\[\]<>()#+!|$:~])")


def cell_text(value: Any) -> str:
    """One cell: the value as text on one line, its syntax characters escaped."""
    text = "" if value is None else str(value)
    return _SYNTAX.sub(r"\\\1", " ".join(text.split()))


def _numeric(rows: Sequence[Mapping[str, Any]], column: str) -> bool:
    values = [r.get(column) for r in rows if r.get(column) is not None]
    return bool(values) and all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in values
    )


def table_markdown(rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """A markdown table of ``rows`` (dicts) with ``columns`` (default: the first row's
    keys), numbers right-aligned; a missing value is an empty cell."""
    cols = list(columns) if columns is not None else list(rows[0]) if rows else []
    head = "| " + " | ".join(cell_text(c) for c in cols) + " |"
    rule = "|" + "|".join("--:" if _numeric(rows, c) else ":--" for c in cols) + "|"
    body = ["| " + " | ".join(cell_text(r.get(c)) for c in cols) + " |" for r in rows]
    return "\n".join([head, rule, *body])


def show_table(
    rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None, *, box: Any = None
) -> None:
    """Draw ``rows`` as a table in ``box`` (default: the page), whole (a box that scrolls
    would be out of a keyboard's reach: axe's scrollable-region-focusable)."""
    (box if box is not None else st).markdown(table_markdown(rows, columns))
