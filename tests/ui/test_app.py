"""AppTest on the frame (app.py) and the home page, and the page registry's invariants."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.common import registry
from ui.common.registry import HOME, LABS, PAGES, ROOT, PageSpec

HOME_FILE = str(ROOT / "app_pages" / "home.py")
APP_FILE = str(ROOT / "app.py")
PROBLEM_KEYS = {"alphabeta", "pawn", "chase", "tree"}


def test_home_runs_on_its_own():
    at = AppTest.from_file(HOME_FILE).run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Game Tree Lab"]
    headings = " ".join(m.value for m in at.markdown)
    for name in ("Alpha-beta on a complete tree", "game tree", "Pawn chess", "The chase"):
        assert name in headings
    assert "On a projector" in [h.value for h in at.subheader]


def test_app_frame_runs_the_home_page_with_a_link_to_every_page():
    """Every registered page but the home page itself, Practice & exams (issue 11: it was
    missing) and Class included."""
    at = AppTest.from_file(APP_FILE, default_timeout=60).run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Game Tree Lab"]
    links = [(p.proto.label, p.proto.page) for p in at.get("page_link")]
    others = [spec for spec in PAGES if spec is not HOME]
    assert [page for _, page in links] == [spec.url_path for spec in others]
    assert [label for label, _ in links] == [spec.link_label for spec in others]  # "the chase"
    assert registry.other_pages() == [registry.PRACTICE, registry.CLASSROOM]
    assert not at.caption  # no "open it from the full app" notes inside the frame


def test_every_problem_has_a_lab():
    assert {spec.problem for spec in LABS} == PROBLEM_KEYS
    for problem in PROBLEM_KEYS:
        assert registry.labs_for(problem), problem


def test_registry_lists_each_page_once_with_home_first():
    assert PAGES[0] is HOME and HOME.url_path == "" and HOME.path == "app_pages/home.py"
    assert len({spec.url_path for spec in PAGES}) == len(PAGES)
    assert len({spec.path for spec in PAGES}) == len(PAGES)
    for spec in LABS:
        assert spec.url_path and "/" not in spec.url_path
        assert spec.problem in PROBLEM_KEYS
        assert spec.smoke is not None, f"{spec.path}: say how the browser test drives it"


def test_page_files_and_urls_agree_and_there_is_no_pages_folder():
    """A fresh server's first visitor to /tree saw "Page not found" (the file was
    pages/tree_editor.py): with a pages/ folder Streamlit runs a fresh server's first page
    the old file-per-page way, without app.py (streamlit issue 9992)."""
    for spec in PAGES:
        assert spec.url_path == ("" if spec is HOME else Path(spec.path).stem), spec.path
        assert Path(spec.path).parent.name != "pages", spec.path
    assert not (Path(APP_FILE).parent / "pages").exists()


@pytest.mark.parametrize("spec", PAGES, ids=lambda s: s.url_path or "home")
def test_every_registered_page_file_exists(spec):
    assert Path(spec.file).is_file(), f"{spec.path} is in ui.common.registry but not on disk"


def test_labs_for_returns_the_labs_of_that_problem(monkeypatch):
    pawn_a = PageSpec("app_pages/home.py", "Pawn chess", ":material/chess_pawn:", "pawn")
    pawn_b = PageSpec("app_pages/pawn.py", "Pawn 2", ":material/chess:", "pawn")
    other = PageSpec("app.py", "Chase", ":material/sprint:", "chase")
    monkeypatch.setattr(registry, "LABS", [pawn_b, pawn_a, other])
    assert registry.labs_for("pawn") == [pawn_b, pawn_a]
    assert registry.labs_for("chase") == [other]
    assert registry.labs_for("tree") == []


def test_home_link_labels_have_one_article():
    # "Open the The chase lab": a title with its own article gets no second one
    labels = {spec.title: spec.link_label for spec in LABS}
    assert labels["The chase"] == "Open the chase lab"
    assert labels["Pawn chess"] == "Open the Pawn chess lab"
    assert not any("the the" in label.lower() for label in labels.values())
    assert registry.PRACTICE.link_label == "Open Practice & exams"  # not a lab


def test_the_frame_imports_pandas_and_pyarrow_before_any_page_runs():
    """Streamlit's serialiser and plotly import pandas and pyarrow lazily, from opposite ends;
    two sessions' first runs doing it at once handed one a half-made pandas (after a restart,
    the class's teacher page failed so: "partially initialized module 'pandas' has no attribute
    'Series'"). The frame's own imports, run before ``page.run()``, load both whole. A fresh
    interpreter runs app.py's statements up to its first call (this one has pandas already)."""
    tree = ast.parse(Path(APP_FILE).read_text())
    head = []
    for node in tree.body:
        if not isinstance(node, ast.Import | ast.ImportFrom | ast.Expr) or (
            isinstance(node, ast.Expr) and not isinstance(node.value, ast.Constant)
        ):
            break
        head.append(node)
    code = ast.unparse(ast.Module(body=head, type_ignores=[]))
    check = "import sys\nassert {'pandas', 'pyarrow'} <= set(sys.modules), sorted(sys.modules)\n"
    subprocess.run(
        [sys.executable, "-c", code + "\n" + check], check=True, timeout=120, cwd=str(ROOT)
    )
