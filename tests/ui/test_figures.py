"""A lab's row of figures: what a person reads back is what the lab passed, whatever it holds
(read with the standard library's HTML parser, not the writer's code)."""

from __future__ import annotations

from types import SimpleNamespace

from tests.ui.tables import figure_rows
from ui.common.figures import FIGURES, figures_html


def _read(body: str) -> list[dict[str, str]]:
    at = SimpleNamespace(get=lambda kind: [SimpleNamespace(proto=SimpleNamespace(body=body))])
    return figure_rows(at)


def test_labels_values_and_help_read_back_as_given() -> None:
    items = [
        ("alpha_beta(leaves, branching)", "[3, 2, 2]"),
        ("<b>Leaves</b> & co", "−∞ < 7"),
        ("Pruned", "1,024", 'Moves a cut skipped: "grey" stubs.'),
    ]
    got = _read(figures_html(items))
    assert got == [
        {"label": items[0][0], "value": items[0][1], "help": ""},
        {"label": items[1][0], "value": items[1][1], "help": ""},
        {"label": items[2][0], "value": items[2][1], "help": items[2][2]},
    ]


def test_markup_in_a_label_stays_text() -> None:
    body = figures_html([("<script>alert(1)</script>", "<img src=x>")])
    assert "<script>" not in body and "<img" not in body
    assert body.startswith(f'<dl class="{FIGURES}">')
