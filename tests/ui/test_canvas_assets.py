"""The tree canvas's browser code is a component with an ``asset_dir`` (components v2): static
files the browser fetches once, not text inside every run's message. Its sources are modules
forming one graph from index.js with the plugins on the documented context only; the
asset_dir holds their bundle (scripts/build_js.mjs; tests/js/bundle.test.js keeps it fresh)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from streamlit.testing.v1 import AppTest

from ui.common.canvas import NAME

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "game_tree_lab" / "tree_canvas"  # the sources
SERVED = ROOT / "game_tree_lab" / "dist" / "tree_canvas"  # their bundle, the asset_dir
PAGE = str(ROOT / "app_pages" / "alphabeta.py")
IMPORT = re.compile(r'^import\s[^"]*"([^"]+)";', re.M)
CSS_IMPORT = re.compile(r'@import url\("([^"]+)"\);')


def _graph(entry: Path, pattern: re.Pattern) -> set[Path]:
    """Every file reached from ``entry`` by the relative imports ``pattern`` finds."""
    seen, todo = set(), [entry]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        assert f.is_file(), f"{f} is imported but missing"
        seen.add(f)
        for spec in pattern.findall(f.read_text(encoding="utf-8")):
            relative = not re.match(r"[a-z]+:|/", spec)
            assert relative, f"{f.name} imports {spec!r}: only files of asset_dir"
            todo.append((f.parent / spec).resolve())
    return seen


def _page_canvases() -> list:
    at = AppTest.from_file(PAGE, default_timeout=60).run()
    assert not at.exception
    return [c.proto for c in at.get("bidi_component") if c.proto.component_name == NAME]


def test_the_component_is_declared_with_its_asset_dir_in_pyproject():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package, component = NAME.split(".")
    assert meta["project"]["name"] == package
    (entry,) = [
        c for c in meta["tool"]["streamlit"]["component"]["components"] if c["name"] == component
    ]
    # Streamlit resolves asset_dir inside the import package named like the distribution.
    assert ROOT / package.replace("-", "_") / entry["asset_dir"] == SERVED
    assert sorted(p.name for p in SERVED.iterdir()) == ["index.css", "index.js"]


def test_a_canvas_run_names_the_files_instead_of_carrying_them():
    (proto,) = _page_canvases()
    assert proto.js_source_path == "index.js" and proto.css_source_path == "index.css"
    assert not proto.js_content and not proto.css_content
    assert len(proto.SerializeToString()) < 30_000  # the statement sample's data only


def test_every_module_and_sheet_is_reached_from_the_entry():
    js = _graph(ASSETS / "index.js", IMPORT)
    css = _graph(ASSETS / "index.css", CSS_IMPORT)
    assert js == {f.resolve() for f in ASSETS.rglob("*.js")}
    assert css == {f.resolve() for f in ASSETS.rglob("*.css")}


def test_every_plugin_is_mounted_and_sees_only_the_context():
    entry = (ASSETS / "index.js").read_text(encoding="utf-8")
    (mounted,) = re.findall(r"mount\(\[([^\]]*)\]\)", entry)
    names = {p.stem for p in (ASSETS / "plugins").glob("*.js")}
    assert {n.strip() for n in mounted.split(",")} == names
    for name in names:
        src = (ASSETS / "plugins" / f"{name}.js").read_text(encoding="utf-8")
        # never the core; the pure parts a plugin may use: util (esc, words), poll (a class
        # student's HTTP follow), geometry (where an answer field hides the fewest edges)
        pure = {"../lib/util.js", "../lib/poll.js", "../lib/geometry.js"}
        assert set(IMPORT.findall(src)) <= pure, name
        assert f"export default function {name}(ctx)" in src
        for internal in ("__gtlCanvas", "history.", "setTriggerValue", "setStateValue"):
            assert internal not in src, (name, internal)


def test_one_module_writes_the_address_and_nothing_patches_the_browsers_globals():
    scripts = list(ASSETS.rglob("*.js"))
    assert ASSETS / "lib" / "address.js" in scripts
    for f in scripts:
        src = f.read_text(encoding="utf-8")
        assert "pushState" not in src, f.name  # the canvas never adds a history entry
        if f != ASSETS / "lib" / "address.js":
            assert "replaceState" not in src, f.name  # the one address writer
        assert not re.search(r"\bwindow\.\w+\s*=[^=]|\bhistory\.\w+\s*=[^=]", src), f.name
