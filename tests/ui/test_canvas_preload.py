"""The tree canvas's files on a first visit (issue 20): index.js names every module of the
canvas, so the browser asks for them all once it has index.js; a page that will draw a canvas
has its window probe fetch the entry files during its first run, and a page that will not
fetches none (the browser's side: tests/browser/test_first_visit.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.common.keys import CHASE, PAWN

ROOT = Path(__file__).resolve().parents[2]
CANVAS_JS = ROOT / "game_tree_lab" / "tree_canvas"
PAGES = ROOT / "app_pages"
BASE = "/_stcore/bidi-components/game-tree-lab.tree_canvas/"


def test_index_js_imports_every_module_of_the_canvas():
    text = (CANVAS_JS / "index.js").read_text(encoding="utf-8")
    imported = set(re.findall(r'^import (?:[^"]* from )?"\./([\w/]+\.js)";$', text, flags=re.M))
    modules = {p.relative_to(CANVAS_JS).as_posix() for p in CANVAS_JS.rglob("*.js")}
    assert imported == modules - {"index.js"}


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
        assert (CANVAS_JS / url.removeprefix(BASE)).is_file()
