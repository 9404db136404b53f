"""What a board tap's rerun sends (issue 21: a tap on a phone re-renders what the run sends):
the plain-text box under the pawn board names its files (an asset_dir, fetched once) instead
of carrying its JS and CSS in every run."""

from __future__ import annotations

import tomllib
from pathlib import Path

from streamlit.testing.v1 import AppTest

from ui.common.plain_text import NAME

ROOT = Path(__file__).resolve().parents[2]


def test_the_plain_text_box_is_declared_with_its_asset_dir_in_pyproject():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package, component = NAME.split(".")
    assert meta["project"]["name"] == package
    (entry,) = [
        c for c in meta["tool"]["streamlit"]["component"]["components"] if c["name"] == component
    ]
    folder = ROOT / package.replace("-", "_") / entry["asset_dir"]
    assert (folder / "index.js").is_file() and (folder / "index.css").is_file()


def test_a_pawn_run_names_the_plain_text_files_instead_of_carrying_them():
    at = AppTest.from_file(str(ROOT / "app_pages" / "pawn.py"), default_timeout=60).run()
    assert not at.exception
    boxes = [c.proto for c in at.get("bidi_component") if c.proto.component_name == NAME]
    assert len(boxes) == 1
    (box,) = boxes
    assert box.js_source_path == "index.js" and box.css_source_path == "index.css"
    assert not box.js_content and not box.css_content
