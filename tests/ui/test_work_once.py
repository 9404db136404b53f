"""Work a rerun does once: counted calls (monkeypatched) in AppTest runs of the pages."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from ui.boards import board_search
from ui.common.keys import CHASE
from ui.practice import exercise_panel, variants_panel

PAGES = Path(__file__).resolve().parents[2] / "pages"


def _counting(monkeypatch, module, name: str) -> list[int]:
    calls: list[int] = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def _practice(tab: str, leaves: str) -> AppTest:
    at = AppTest.from_file(str(PAGES / "practice.py"), default_timeout=60)
    at.query_params["tab"] = tab
    at.query_params["t"] = leaves
    at.query_params["b"] = "2"
    return at


def test_the_exercise_keys_its_boxes_without_searching_the_tree(monkeypatch):
    calls = _counting(monkeypatch, exercise_panel, "search_tree")
    at = _practice("Whole-tree exercise", "4, 1, 7, 2").run()
    assert not at.exception and at.number_input  # the answer boxes are drawn
    assert calls == []  # the search runs only to draw the solution


def test_the_variants_tab_searches_each_variant_once(monkeypatch):
    calls = _counting(monkeypatch, variants_panel, "compare_variants")
    variants_panel.compared.clear()
    at = _practice("Variants side by side", "9, 1, 6, 2").run()
    assert not at.exception and at.dataframe
    assert len(calls) == 1  # the table and the stepper share one comparison
    at.run()
    assert len(calls) == 1  # and a rerun takes it from the cache


def test_the_search_tab_builds_one_figure_per_run(monkeypatch):
    calls = _counting(monkeypatch, board_search, "tree_figure")
    at = AppTest.from_file(str(PAGES / "chase.py"), default_timeout=60)
    at.query_params["c"] = "3-1.1-3.3-w"
    at.session_state[CHASE.tabs] = "The search tree"
    at.run()
    assert len(calls) == 1
    at.toggle(key=CHASE.search.autoplay).set_value(True).run()  # a small tree: frames added
    assert not at.exception and len(calls) == 2  # one more run, one more figure
    assert any('"frames"' in c.proto.spec for c in at.get("plotly_chart"))
