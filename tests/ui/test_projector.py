"""ui.common.projector: who decides the mode, what the link says, the window rule, the
switch on a page (AppTest), and the toolbar option in .streamlit/config.toml."""

from __future__ import annotations

import tomllib

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest

from ui.common import projector as pj
from ui.common.keys import View
from ui.common.registry import CLASSROOM, PAGES, ROOT

CONFIG = ROOT / ".streamlit" / "config.toml"


def test_visitors_get_the_minimal_toolbar():
    """No Deploy button, no developer menu: client.toolbarMode = "minimal", an option the
    installed Streamlit knows with that value."""
    options = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    assert options["client"]["toolbarMode"] == "minimal"
    known = config.get_config_options()["client.toolbarMode"]  # the installed version's
    assert '"minimal"' in (known.description or "")
    assert config.get_option("client.toolbarMode") == "minimal"  # the file is read (cwd)


@pytest.mark.parametrize(
    ("chosen", "link", "short", "on"),
    [
        (None, None, None, False),  # a desk window, no link: desk
        (None, None, True, True),  # a wide, short window: projector by default
        (None, "desk", True, False),  # the link's explicit choice wins over the window
        (None, "projector", False, True),
        (False, "projector", True, False),  # the person's click wins over everything
        (True, "desk", False, True),
    ],
)
def test_the_person_then_the_link_then_the_window_decide(chosen, link, short, on):
    assert pj.decide(chosen, link, short) is on


def test_only_an_explicit_choice_goes_into_the_link():
    assert pj.link_value(None, None) is None  # the window's default is not written
    assert pj.link_value(None, "desk") == "desk"
    assert pj.link_value(True, "desk") == "projector"
    assert pj.link_value(False, None) == "desk"


@pytest.mark.parametrize(
    ("w", "h", "short"),
    [
        (1280, 720, True),  # the projector, at 100 % or as 1280x720 CSS px
        (853, 480, True),  # a 1280x720 projector at 150 %
        (1366, 768, True),
        (1400, 900, False),  # the desk
        (1920, 1080, False),
        (390, 844, False),  # a phone
        (600, 300, False),  # too narrow to gain anything
    ],
)
def test_the_window_rule(w, h, short):
    assert pj.wide_and_short(w, h) is short


def _page(path: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / path), default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def test_every_page_has_the_switch():
    """Every page but Class: its teacher view is the projector's own layout, its student
    page a phone's (and its join form leads to one of them)."""
    for spec in PAGES:
        if spec is CLASSROOM:
            continue
        at = _page(spec.path)
        assert not at.exception, spec.path
        assert at.toggle(key=View.toggle).value is False, spec.path
        assert "view" not in at.query_params  # a default is not written to the link


def test_a_link_turns_projector_mode_on_and_a_click_off_writes_desk():
    at = _page("app_pages/alphabeta.py", view="projector")
    assert not at.exception
    assert at.toggle(key=View.toggle).value is True
    assert at.session_state[View.on] is True
    assert at.query_params["view"] in ("projector", ["projector"])
    at.toggle(key=View.toggle).set_value(False).run()
    assert not at.exception
    assert at.session_state[View.on] is False
    assert at.query_params["view"] in ("desk", ["desk"])


def test_the_window_probe_turns_it_on_and_a_bad_link_warns():
    at = _page("app_pages/tree.py", view="beamer")
    assert not at.exception
    assert any("view" in w.value and "beamer" in w.value for w in at.warning)
    assert at.toggle(key=View.toggle).value is False
    at.session_state[View.short] = True  # what the probe's callback stores
    at.run()
    assert at.toggle(key=View.toggle).value is True
    assert "view" not in at.query_params  # the window's choice is not the link's
