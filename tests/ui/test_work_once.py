"""Work a rerun does once: counted calls (monkeypatched) in AppTest runs of the pages."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.canvas_data import canvases
from tests.ui.tables import tables
from ui.boards import board_search
from ui.common.keys import CHASE
from ui.practice import exercise_panel, variants_panel

PAGES = Path(__file__).resolve().parents[2] / "app_pages"


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


def test_the_exercise_draws_its_fields_without_searching_the_tree(monkeypatch):
    calls = _counting(monkeypatch, exercise_panel, "search_tree")
    at = _practice("Whole-tree exercise", "4, 1, 7, 2").run()
    assert not at.exception and canvases(at)[0]["x"]["answer"]["fields"]  # fields to fill in
    assert calls == []  # the search runs only to draw the solution


def test_the_variants_tab_searches_each_variant_once(monkeypatch):
    calls = _counting(monkeypatch, variants_panel, "compare_variants")
    variants_panel.compared.clear()
    at = _practice("Variants side by side", "9, 1, 6, 2").run()
    assert not at.exception and tables(at)
    assert len(calls) == 1  # the table and the canvases share one comparison
    at.run()
    assert len(calls) == 1  # and a rerun takes it from the cache


def test_the_search_tab_lays_out_its_tree_once(monkeypatch):
    calls = _counting(monkeypatch, board_search, "tree_payload")
    board_search._payload.clear()
    at = AppTest.from_file(str(PAGES / "chase.py"), default_timeout=60)
    at.query_params["c"] = "3-1.1-3.3-w"
    at.session_state[CHASE.tabs] = "The search tree"
    at.run()
    assert not at.exception and len(calls) == 1
    at.session_state[CHASE.search.canvas.step] = 5  # the canvas reported a step
    at.run()
    assert not at.exception and len(calls) == 1  # the browser steps it: no new layout
