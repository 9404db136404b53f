"""The labs' small tables (the race, every move's outcome, the best line's plies, the
variants), drawn as markdown tables.

Why not ``st.dataframe``: its grid is about 1.2 MB of Streamlit's own JS (the data grid, the
Arrow readers, moment, numbro), fetched and parsed on a first visit only for it; it was most
of the alpha-beta lab's first visit over a bare page (bench/bench_wire.py). These tables
have a few dozen rows at most and need no sorting: a markdown table is drawn by the markdown
code every page already loads, and it is a real ``<table>`` that a screen reader walks.

:func:`table_markdown` is pure (a test reads the text back); :func:`show_table` draws it.

**Narrow.** A wide table (the race's eight columns, the variants' seven, the class results)
fits a phone only if its cells break inside words ("ro ot va lu e"). Given ``cards`` (a key),
:func:`show_table` draws it in a container of that key, and where that container is under
:data:`CARDS_PX` wide, or than its words need whole (:func:`words_px`), each row is a card of label/value lines (:func:`cards_css`): the same
``<table>`` (its header row hidden from sight, not from a screen reader, which still reads
each cell with its column's name), the labels drawn by CSS with an empty alternative text so
that a screen reader does not read them twice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from ui.common.keys import css

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


CARDS_PX = 640  # below this width (the table's container's), a table of cards ...
# ... or below the width its words need whole (a Russian table needs more than an English one)
CHAR_PX, CJK_PX, CELL_PX = 10, 17, 26  # a letter's width about, a CJK character's, a cell's padding
# the browser shares a table's width out by its cells' whole texts, not their longest words: a
# table squeezed to its words' sum breaks some (a Russian race at 853 px): a tenth more room
ROOM = 1.1
_WORD = re.compile(r"[\u2e80-\u9fff\uff00-\uffef]|[^\s\u2e80-\u9fff\uff00-\uffef-]+-?")


def words_px(rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> int:
    """About the width a table needs to keep each of its words whole: per column its longest
    word (header or cell; a line may break after a hyphen, and between CJK characters), plus
    the cell's padding."""

    def width(text: str) -> int:
        words = _WORD.findall(text)
        return max(
            (CJK_PX if len(w) == 1 and ord(w) >= 0x2E80 else CHAR_PX * len(w) for w in words),
            default=0,
        )

    need = sum(
        CELL_PX + max([width(c), *(width(cell_text(r.get(c))) for r in rows)]) for c in columns
    )
    return int(ROOM * need)


def _css_string(text: str) -> str:
    """``text`` as a CSS string: quotes, backslashes, line breaks and ``<`` escaped."""
    out = "".join(f"\\{ord(ch):x} " if ch in '"\\<>\n\r' else ch for ch in text)
    return f'"{out}"'


def cards_css(key: str, columns: Sequence[str], px: int = CARDS_PX) -> str:
    """The narrow layout (see the module's note) of the table in the container keyed ``key``,
    below ``px`` wide."""
    at = css(key)
    labels = "\n".join(
        f"{at} td:nth-child({i}):before {{ content: {_css_string(c)}; "
        f'content: {_css_string(c)} / ""; }}'
        for i, c in enumerate(columns, start=1)
    )
    return f"""<style>
{at} {{ container-type: inline-size; }}
/* a column's name breaks between words only ("значение корня"), never inside one */
{at} th, {at} th * {{ overflow-wrap: normal !important; word-break: normal !important; }}
@container (max-width: {px}px) {{
  {at} table, {at} tbody, {at} tr {{ display: block; width: auto; }}
  {at} thead {{ position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;
    overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }}
  {at} tr {{ border: 1px solid #d9dee3; border-radius: 6px; margin: 0 0 .5rem; padding: .3rem .6rem; }}
  /* left: over the markdown's own alignment of a number column (an inline style) */
  {at} td {{ display: grid; grid-template-columns: minmax(6.5rem, 40%) 1fr; column-gap: .6rem;
    border: 0; padding: .15rem 0; text-align: left !important; overflow-wrap: break-word; }}
  {at} td:before {{ font-weight: 600; color: #3e4c59; overflow-wrap: break-word; }}
{labels}
}}
</style>"""


def show_table(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str] | None = None,
    *,
    box: Any = None,
    cards: str | None = None,
    narrow: int = CARDS_PX,
    note: str = "",
) -> None:
    """Draw ``rows`` as a table in ``box`` (default: the page), whole (a box that scrolls
    would be out of a keyboard's reach: axe's scrollable-region-focusable). ``cards``: a key
    for the table's container, whose narrow layout is a card per row (see the module), below
    ``narrow`` px or the width the table's words need whole, whichever is more (0: only when
    its words do not fit, for a small table beside a board). ``note``: words under the
    table in a caption's look, in the same markdown element (each element a run sends is a
    render in the browser: issue 21)."""
    place = box if box is not None else st
    text = table_markdown(rows, columns)
    if note:
        text += f"\n\n:gray[:small[{note}]]"
    if cards is None:
        place.markdown(text)
        return
    cols = list(columns) if columns is not None else list(rows[0]) if rows else []
    holder = place.container(key=cards)
    holder.html(cards_css(cards, cols, max(narrow, words_px(rows, cols))))
    holder.markdown(text)
