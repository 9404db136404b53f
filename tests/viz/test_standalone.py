"""The search to take away (viz.standalone): one file with the canvas's bundle (the module
and style sheet the app serves), its payload intact, nothing fetched from anywhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.search import search_tree
from engine.tree_text import parse_brackets
from ui.practice.practice_common import run_payload
from viz.standalone import standalone_html

SERVED = Path(__file__).resolve().parents[2] / "game_tree_lab" / "dist" / "tree_canvas"


def _script(page: str, ident: str) -> str:
    return re.search(rf'<script type="application/json" id="{ident}">(.*?)</script>', page, re.S)[1]


def test_the_page_carries_the_bundle_the_app_serves_which_imports_nothing():
    page = standalone_html({"n": 0}, title="t")
    code = json.loads(_script(page, "gtl-canvas"))
    assert code == (SERVED / "index.js").read_text(encoding="utf-8")
    assert not re.search(r"""\b(from|import)\s*\(?\s*["'`]""", code)  # no module to fetch
    css = (SERVED / "index.css").read_text(encoding="utf-8")
    assert css in page and "@import" not in css


def test_the_page_carries_the_payload_and_fetches_nothing():
    run = search_tree(parse_brackets("((3 12 8) (2 4 6) (14 5 2))"))
    payload = run_payload(run)
    payload["t"] = ["</script><b>not markup</b>"] + payload.get("t", [])[1:]  # hostile text
    page = standalone_html(payload, extra={"mode": "tree"}, title="A <search>", about="x & y")
    assert "<title>A &lt;search&gt;</title>" in page and "x &amp; y" in page
    data = json.loads(_script(page, "gtl-data"))
    assert data["p"] == payload and data["x"] == {"mode": "tree"} and data["param"] is None
    assert not re.search(r"""(src|href)=["']?https?:""", page)
    assert "url(http" not in page and "@import" not in page
