"""The one clickable-chart helper (ui.common.clicks) and the one variant label map."""

from __future__ import annotations

import ast
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.search import VARIANTS
from teach.variants import ALL, LABELS
from tests.ui.tables import tables
from ui.common.clicks import first_hit, selected_points
from ui.common.keys import AlphaBeta, Editor, Variants

ROOT = Path(__file__).resolve().parents[2]


def test_selected_points_of_any_selection_state():
    assert selected_points(None) == []
    assert selected_points({}) == []
    assert selected_points({"selection": {}}) == []
    pts = [{"customdata": 3}, {"customdata": 4}]
    assert selected_points({"selection": {"points": pts}}) == pts


def test_first_hit_skips_points_that_are_no_target():
    pts = [{"customdata": None}, {"customdata": 7}, {"customdata": 9}]
    assert first_hit(pts, lambda p: p["customdata"]) == 7
    assert first_hit([{"customdata": None}], lambda p: p["customdata"]) is None
    assert first_hit([], lambda p: p) is None


def test_only_the_helper_listens_to_chart_clicks():
    """Every chart that hears clicks goes through ui.common.clicks (one counter)."""
    listeners = []
    for path in [*ROOT.glob("ui/**/*.py"), *ROOT.glob("app_pages/*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "plotly_chart"
                and any(kw.arg == "on_select" for kw in node.keywords)
            ):
                listeners.append(str(path.relative_to(ROOT)))
    assert listeners == ["ui/common/clicks.py"]


def _options(at: AppTest, key: str) -> list[str]:
    return list(at.selectbox(key=key).options)


def test_every_page_names_the_variants_with_one_map():
    for page, key in (("alphabeta.py", AlphaBeta.variant), ("tree.py", Editor.variant)):
        at = AppTest.from_file(str(ROOT / "app_pages" / page), default_timeout=60).run()
        assert not at.exception
        assert _options(at, key) == [LABELS[v] for v in VARIANTS]
    at = AppTest.from_file(str(ROOT / "app_pages" / "practice.py"), default_timeout=60)
    at.query_params["tab"] = "Variants side by side"
    at.run()
    assert not at.exception
    for side in Variants.SIDES:
        assert _options(at, Variants.pick(side)) == [LABELS[v] for v in ALL]
    table = tables(at)[0]
    assert list(table["variant"]) == [LABELS[v] for v in ALL]
