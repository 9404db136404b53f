"""The "Copy embed code" box (ui.common.embed) and the app's public base URL
(ui.common.public_url): the code frames the page at the public address; a bad GTL_PUBLIC_URL
is not used and is named. The code itself (the address bar's query and ``embed=true``) is
written in the browser: tests/browser/test_embed.py reads it and frames it from another
site."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.common.embed import HEIGHT
from ui.common.keys import CHASE, AlphaBeta, Practice
from ui.common.public_url import PUBLIC_ENV, parse_setting, split_page

PAGES = Path(__file__).resolve().parents[2] / "app_pages"


@pytest.mark.parametrize(
    ("given", "base"),
    [
        ("https://gtl.school.example", "https://gtl.school.example"),
        ("https://gtl.school.example/", "https://gtl.school.example"),
        ("  http://10.0.0.5:8501/gtl/ ", "http://10.0.0.5:8501/gtl"),
        ("", None),
        ("gtl.school.example", None),  # no scheme
        ("ftp://gtl.school.example", None),
        ("https://", None),
        ("https://gtl.school.example/?a=1", None),
        ("https://gtl.school.example/#top", None),
        ("http://host:99999", None),  # not a port
    ],
)
def test_the_public_url_setting_is_an_http_address_or_nothing(given, base):
    assert parse_setting(given) == base


@pytest.mark.parametrize(
    ("url", "base", "page"),
    [
        ("http://127.0.0.1:8501/alphabeta", "http://127.0.0.1:8501", "alphabeta"),
        ("https://school.example/gtl/classroom", "https://school.example/gtl", "classroom"),
        ("https://school.example/gtl/", "https://school.example/gtl", ""),
        ("http://localhost:8501/", "http://localhost:8501", ""),
        ("https://school.example/notapage", "https://school.example/notapage", ""),
    ],
)
def test_a_page_address_splits_into_the_apps_base_and_the_page(url, base, page):
    assert split_page(url) == (base, page)


def _code(at: AppTest) -> dict | None:
    """The data of the page's embed-code box (None when it is not drawn): the browser writes
    the code from it and the address (tests/browser/test_embed.py)."""
    boxes = []

    def walk(node) -> None:
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else ():
            proto = getattr(child, "proto", None)
            if getattr(proto, "component_name", None) == "gtl_embed_code":
                boxes.append(json.loads(proto.json))
            walk(child)

    walk(at._tree)
    assert len(boxes) <= 1
    return boxes[0] if boxes else None


def test_the_alphabeta_box_frames_the_page_at_the_public_address(monkeypatch):
    """Closed, the box makes nothing; opened, its code is for the lab at GTL_PUBLIC_URL (the
    page path is the browser's: AppTest has no page address; the query is the address
    bar's, read in the browser: tests/browser/test_embed.py checks both)."""
    monkeypatch.setenv(PUBLIC_ENV, "https://gtl.school.example/")
    at = AppTest.from_file(str(PAGES / "alphabeta.py"), default_timeout=60).run()
    assert not at.exception
    assert "Copy embed code" in [e.label for e in at.expander]
    assert _code(at) is None
    at.session_state[AlphaBeta.lab.export.embed] = True
    at.run()
    assert not at.exception
    data = _code(at)
    assert data["base"] == "https://gtl.school.example"
    assert (data["title"], data["height"]) == ("Game Tree Lab", HEIGHT)  # no page address
    assert data["words"]["copy"] == "Copy embed code"
    assert not at.warning and not at.info  # a usable setting, not this computer's address


def test_a_bad_setting_is_named_and_this_computers_address_is_said(monkeypatch):
    monkeypatch.setenv(PUBLIC_ENV, "gtl.school.example")
    at = AppTest.from_file(str(PAGES / "practice.py"), default_timeout=60)
    at.session_state[Practice.embed] = True
    at.run()
    assert not at.exception
    assert _code(at)["base"] == "http://localhost:8501"  # no page address: the fallback
    assert re.search(r"GTL_PUBLIC_URL \(gtl\.school\.example\) is not", at.warning[0].value)
    assert "opens only on this computer" in at.info[0].value


def test_the_chase_search_tab_offers_the_box_beside_its_downloads():
    at = AppTest.from_file(str(PAGES / "chase.py"), default_timeout=60)
    at.session_state[CHASE.tabs] = "The search tree"
    at.session_state[CHASE.search.export.embed] = True
    at.run()
    assert not at.exception
    assert _code(at)["base"] == "http://localhost:8501"
