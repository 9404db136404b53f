"""ui.common.table: any cell text survives the markdown table and reads back the same."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.ui.tables import parse_table
from ui.common.table import table_markdown

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
