"""AppTest on the frame (app.py) and the home page, and the page registry's invariants."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.common import registry
from ui.common.registry import HOME, LABS, PAGES, ROOT, PageSpec

HOME_FILE = str(ROOT / "pages" / "home.py")
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


def test_app_frame_runs_the_home_page_with_a_link_to_every_lab():
    at = AppTest.from_file(APP_FILE).run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Game Tree Lab"]
    links = [(p.proto.label, p.proto.page) for p in at.get("page_link")]
    assert [page for _, page in links] == [spec.url_path for spec in LABS]
    assert all(spec.title in label for (label, _), spec in zip(links, LABS, strict=True))
    assert not at.caption  # no "open it from the full app" notes inside the frame


def test_every_problem_has_a_lab():
    assert {spec.problem for spec in LABS} == PROBLEM_KEYS
    for problem in PROBLEM_KEYS:
        assert registry.labs_for(problem), problem


def test_registry_lists_each_page_once_with_home_first():
    assert PAGES[0] is HOME and HOME.url_path == "" and HOME.path == "pages/home.py"
    assert len({spec.url_path for spec in PAGES}) == len(PAGES)
    assert len({spec.path for spec in PAGES}) == len(PAGES)
    for spec in LABS:
        assert spec.url_path and "/" not in spec.url_path
        assert spec.problem in PROBLEM_KEYS
        assert spec.smoke is not None, f"{spec.path}: say how the browser test drives it"


@pytest.mark.parametrize("spec", PAGES, ids=lambda s: s.url_path or "home")
def test_every_registered_page_file_exists(spec):
    assert Path(spec.file).is_file(), f"{spec.path} is in ui.common.registry but not on disk"


def test_labs_for_returns_the_labs_of_that_problem(monkeypatch):
    pawn_a = PageSpec("pages/home.py", "Pawn chess", ":material/chess_pawn:", "pawn", "pawn")
    pawn_b = PageSpec("pages/pawn.py", "Pawn 2", ":material/chess:", "pawn2", "pawn")
    other = PageSpec("app.py", "Chase", ":material/sprint:", "chase", "chase")
    monkeypatch.setattr(registry, "LABS", [pawn_b, pawn_a, other])
    assert registry.labs_for("pawn") == [pawn_b, pawn_a]
    assert registry.labs_for("chase") == [other]
    assert registry.labs_for("tree") == []
