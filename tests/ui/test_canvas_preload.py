"""The tree canvas's files on a first visit (issue 20): a page that will draw a canvas has its
window probe fetch the canvas's module (the bundle of its modules, scripts/build_js.mjs)
during its first run, and a page that will not fetches none (the browser's side:
tests/browser/test_first_visit.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.common.keys import CHASE, PAWN

ROOT = Path(__file__).resolve().parents[2]
SERVED = ROOT / "game_tree_lab" / "dist" / "tree_canvas"
PAGES = ROOT / "app_pages"
BASE = "/_stcore/bidi-components/game-tree-lab.tree_canvas/"


def _probe(page: str, **params: str) -> dict:
    at = AppTest.from_file(str(PAGES / page), default_timeout=180)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    (probe,) = [c for c in at.get("bidi_component") if c.proto.component_name == "gtl_window_probe"]
    return json.loads(probe.proto.json)


@pytest.mark.parametrize(
    "page, params, canvas",
    [
        ("alphabeta.py", {}, True),
        ("tree.py", {}, True),
        ("practice.py", {}, True),
        ("practice.py", {"tab": "Exam sheets"}, False),
        ("chase.py", {}, False),
        ("chase.py", {CHASE.tabs: "The search tree", "depth": "3"}, True),
        ("pawn.py", {PAWN.tabs: "The search tree", "p": "3x3w:ppp/.../PPP"}, True),
        ("home.py", {}, False),
    ],
)
def test_a_page_that_draws_a_canvas_has_its_files_fetched_during_its_run(page, params, canvas):
    preload = _probe(page, **params).get("preload", [])
    assert preload == ([BASE + "index.js"] if canvas else [])
    for url in preload:  # the files are there
        assert (SERVED / url.removeprefix(BASE)).is_file()
