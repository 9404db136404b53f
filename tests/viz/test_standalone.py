"""The search to take away (viz.standalone): one file with every canvas module and style
sheet the app serves, its payload intact, nothing fetched from anywhere."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.search import search_tree
from engine.tree_text import parse_brackets
from ui.practice.practice_common import run_payload
from viz.standalone import modules, standalone_html, styles

ASSETS = Path(__file__).resolve().parents[2] / "game_tree_lab" / "tree_canvas"


def _script(page: str, ident: str) -> str:
    return re.search(rf'<script type="application/json" id="{ident}">(.*?)</script>', page, re.S)[1]


def test_every_module_and_sheet_is_inlined_once_and_points_at_the_others():
    mods = modules()
    assert set(mods) == {str(p.relative_to(ASSETS)) for p in ASSETS.rglob("*.js")}
    order = list(mods)
    for i, (path, text) in enumerate(mods.items()):
        assert not re.search(r'from\s+"\.{1,2}/', text), path  # every import rewritten
        for dep in re.findall(r'"__gtl_module__:([^"]+)"', text):
            assert order.index(dep) < i  # made into a module before its importer
    css = styles()
    assert "@import" not in css
    for sheet in ASSETS.rglob("*.css"):
        if sheet.name != "index.css":
            assert sheet.read_text(encoding="utf-8").strip() in css


def test_the_page_carries_the_payload_and_fetches_nothing():
    run = search_tree(parse_brackets("((3 12 8) (2 4 6) (14 5 2))"))
    payload = run_payload(run)
    payload["t"] = ["</script><b>not markup</b>"] + payload.get("t", [])[1:]  # hostile text
    page = standalone_html(payload, extra={"mode": "tree"}, title="A <search>", about="x & y")
    assert "<title>A &lt;search&gt;</title>" in page and "x &amp; y" in page
    data = json.loads(_script(page, "gtl-data"))
    assert data["p"] == payload and data["x"] == {"mode": "tree"} and data["param"] is None
    assert json.loads(_script(page, "gtl-modules")) == modules()
    assert not re.search(r"""(src|href)=["']?https?:""", page)
    assert "url(http" not in page and "@import" not in page
