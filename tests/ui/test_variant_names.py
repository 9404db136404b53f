"""The one variant label map: every page names the alpha-beta variants with it."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.search import VARIANTS
from teach.variants import ALL, LABELS
from tests.ui.tables import tables
from ui.common.keys import AlphaBeta, Editor, Variants

ROOT = Path(__file__).resolve().parents[2]


def _options(at: AppTest, key: str) -> list[str]:
    return list(at.selectbox(key=key).options)


def test_every_page_names_the_variants_with_one_map():
    for page, key in (("alphabeta.py", AlphaBeta.variant_menu), ("tree.py", Editor.variant_menu)):
        at = AppTest.from_file(str(ROOT / "app_pages" / page), default_timeout=60).run()
        assert not at.exception
        menu = at.menu_button(key=key)
        assert list(menu.options) == [LABELS[v] for v in VARIANTS]
        assert menu.label == f"Variant: {LABELS['statement']}"  # the one in use
    at = AppTest.from_file(str(ROOT / "app_pages" / "practice.py"), default_timeout=60)
    at.query_params["tab"] = "Variants side by side"
    at.run()
    assert not at.exception
    for side in Variants.SIDES:
        assert _options(at, Variants.pick(side)) == [LABELS[v] for v in ALL]
    table = tables(at)[0]
    assert list(table["variant"]) == [LABELS[v] for v in ALL]
