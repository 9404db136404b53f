"""The tree canvas's edit plugin (game_tree_lab/tree_canvas/plugins/edit.js) and the server agree: every
edit it sends is one teach.tree_edit knows, and every one the server knows has a key."""

from __future__ import annotations

import re
from pathlib import Path

from teach.tree_edit import OPS

ASSETS = Path(__file__).resolve().parents[2] / "game_tree_lab" / "tree_canvas"  # the sources

JS = (ASSETS / "plugins" / "edit.js").read_text(encoding="utf-8")


def _ed_keys() -> dict[str, str]:
    body = re.search(r"const ED_KEYS = \{(.*?)\};", JS, re.S).group(1)
    return dict(re.findall(r'(\w+): "(\w+)"', body))


def test_every_key_sends_an_edit_the_server_knows_and_back():
    sent = set(_ed_keys().values())
    assert sent == set(OPS)


def test_the_plugin_is_mounted_with_its_sheet():
    entry = (ASSETS / "index.js").read_text(encoding="utf-8")
    assert 'import edit from "./plugins/edit.js";' in entry
    assert re.search(r"mount\(\[[^\]]*\bedit\b", entry)
    assert '@import url("plugins/edit.css");' in (ASSETS / "index.css").read_text(encoding="utf-8")
    assert ".gtl-canvas.editing" in (ASSETS / "plugins" / "edit.css").read_text(encoding="utf-8")


def test_every_edit_key_is_in_the_legend_and_on_a_button():
    keys = _ed_keys()
    buttons = set(re.findall(r'data-k="(\w+)"', JS))
    assert {keys[k] for k in buttons} == set(OPS)  # a button for every edit (touch)
    legend = re.search(r"const ED_LEGEND = \[(.*?)\];", JS, re.S).group(1)
    for shown in ("Enter", '"c"', '"s"', "Del", "u / Ctrl+Z", "r / Ctrl+Y", '"e"'):
        assert shown in legend
