"""A lab's row of figures (a label over its number: "Leaves evaluated / 7") as one HTML
element, a definition list, where ``st.metric`` made an element each.

Why not ``st.metric``: on a first visit a metric is one more kind of element whose code the
browser fetches and runs before it draws the page (Streamlit draws a page's elements
together, once every kind's code is in), and each metric is a styled block with its label
parsed as markdown. At 4x CPU throttling (a phone) the alpha-beta lab opened 0.33 s sooner
with its four metrics as this one element (median of 9, side by side; issue 21). Its style
(a row that wraps two by two on a phone, a value that shrinks with its box) is in
ui.common.projector's page style, with the pages' other CSS.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import streamlit as st

FIGURES = "gtl-figures"  # the list's class (its style: ui.common.projector)

# One figure: its label and its value as shown, and optionally a sentence that explains it
# (the figure's title: a tooltip with a mouse, and read by a screen reader)
Figure = tuple[str, str] | tuple[str, str, str]


def figures_html(items: Sequence[Figure]) -> str:
    """The row as HTML: every label and value escaped (a label is plain text, not markdown)."""
    parts = []
    for label, value, *more in items:
        title = f' title="{escape(more[0])}"' if more and more[0] else ""
        parts.append(f"<div{title}><dt>{escape(label)}</dt><dd>{escape(value)}</dd></div>")
    return f'<dl class="{FIGURES}">{"".join(parts)}</dl>'


def figures(items: Sequence[Figure], where=st) -> None:  # noqa: ANN001
    """The row of ``items`` in ``where`` (a container or ``st``); nothing if there are none."""
    if items:
        where.html(figures_html(items))
