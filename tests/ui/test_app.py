"""AppTest on the frame (app.py) and the home page, and the page registry's invariants."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.common import registry
from ui.common.registry import HOME, LABS, PAGE_LINK, PAGES, ROOT, PageSpec

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


def test_app_frame_runs_the_home_page():
    at = AppTest.from_file(APP_FILE).run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Game Tree Lab"]
    # One "coming soon" note per problem that has no lab yet, one link per lab that has.
    soon = [c for c in at.caption if c.value == "Lab coming soon."]
    with_lab = {spec.problem for spec in LABS if spec.exists()}
    assert len(soon) == len(PROBLEM_KEYS - with_lab)


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


def test_labs_for_only_returns_existing_labs_of_that_problem(monkeypatch):
    here = PageSpec("pages/home.py", "Pawn chess", ":material/chess_pawn:", "pawn", "pawn")
    missing = PageSpec("pages/no_such_page.py", "Pawn 2", ":material/chess:", "pawn2", "pawn")
    other = PageSpec("app.py", "Chase", ":material/sprint:", "chase", "chase")
    monkeypatch.setattr(registry, "LABS", [missing, here, other])
    assert registry.labs_for("pawn") == [here]
    assert registry.labs_for("chase") == [other]
    assert registry.labs_for("tree") == []


def test_home_smoke_expects_a_link_once_a_lab_exists():
    assert HOME.smoke is not None
    has_lab = any(spec.exists() for spec in LABS)
    assert (HOME.smoke.expect == PAGE_LINK) == has_lab
