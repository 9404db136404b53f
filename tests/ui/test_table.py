"""ui.common.table: any cell text survives the markdown table and reads back the same."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from tests.ui.tables import parse_table
from ui.common.table import cards_css, table_markdown

TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12
)


@given(st.lists(st.tuples(TEXT, st.integers(-99, 99)), min_size=1, max_size=6))
def test_cells_read_back_as_written(rows):
    data = [{"move": a, "value": n} for a, n in rows]
    table = parse_table(table_markdown(data))
    assert list(table.columns) == ["move", "value"]
    assert list(table["move"]) == [" ".join(a.split()) for a, _ in rows]
    assert list(table["value"]) == [str(n) for _, n in rows]


def test_numbers_right_and_text_left_and_gaps_empty():
    text = table_markdown(
        [{"a": "x|y", "n": 3, "m": None}, {"a": "$1 *b*", "n": 4.5, "m": 2}], ["a", "n", "m"]
    )
    head, rule, first, second = text.splitlines()
    assert rule == "|:--|--:|--:|"
    assert first == r"| x\|y | 3 |  |"
    assert second == r"| \$1 \*b\* | 4.5 | 2 |"


_CONTENT = re.compile(r'td:nth-child\((\d+)\):before \{ content: "((?:[^"\\]|\\.)*)";')
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6}) ?|\\(.)")


def _css_unescape(text: str) -> str:
    """CSS's string escapes (a hex code point and one optional space, or a backslash before
    any other character), read as the CSS syntax spec says."""
    return _CSS_ESCAPE.sub(lambda m: chr(int(m[1], 16)) if m[1] else m[2], text)


@given(st.lists(TEXT, min_size=1, max_size=8))
def test_the_cards_labels_are_the_column_names_and_the_style_stays_one_element(columns):
    style = cards_css("practice.variants.table", columns)
    labels = {int(i): _css_unescape(v) for i, v in _CONTENT.findall(style)}
    assert labels == {i: c for i, c in enumerate(columns, start=1)}
    assert ".st-key-practice-variants-table td:nth-child(1)" in style
    # one <style> element: no column name's "<" or ">" ends it early
    assert style.startswith("<style>") and style.endswith("</style>")
    assert style.count("<") == 2 and style.count(">") == 2
