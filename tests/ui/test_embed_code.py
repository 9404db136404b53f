"""The "Copy embed code" box (ui.common.embed) and the app's public base URL
(ui.common.public_url): the snippet frames the page at the public address with the link's
query and ``embed=true``; a bad GTL_PUBLIC_URL is not used and is named. In the browser, from
another site: tests/browser/test_embed.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from ui.common.embed import only_this_computer, snippet
from ui.common.keys import CHASE, AlphaBeta, Practice
from ui.common.public_url import PUBLIC_ENV, parse_setting, split_page

PAGES = Path(__file__).resolve().parents[2] / "app_pages"


class _Frames(HTMLParser):
    """The attributes of every <iframe> in a text (a browser's reading, not a regex)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "iframe":
            self.found.append(dict(attrs))


def frames(text: str) -> list[dict[str, str | None]]:
    parser = _Frames()
    parser.feed(text)
    return parser.found


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


def test_the_snippet_frames_the_page_with_its_query_and_embed():
    query = [("t", 'b3:3,12,8 "x" <y>'), ("k", "4"), ("embed", "false"), ("lang", "ru")]
    text = snippet("https://gtl.example/x/", "alphabeta", query, 'Lab "A" & <B>')
    (frame,) = frames(text)
    src = urlsplit(frame["src"])
    assert (src.scheme, src.netloc, src.path) == ("https", "gtl.example", "/x/alphabeta")
    assert parse_qsl(src.query) == [
        ("t", 'b3:3,12,8 "x" <y>'),
        ("k", "4"),
        ("lang", "ru"),
        ("embed", "true"),
    ]
    assert frame["title"] == 'Lab "A" & <B>'
    assert (frame["width"], frame["height"], frame["allow"]) == ("100%", "720", "clipboard-write")
    assert text.endswith("</iframe>") and "<B>" not in text


@pytest.mark.parametrize(
    ("base", "local"),
    [
        ("http://localhost:8501", True),
        ("http://127.0.0.2:8501", True),
        ("http://[::1]:8501", True),
        ("http://10.0.0.5:8501", False),
        ("https://gtl.school.example", False),
    ],
)
def test_an_address_of_this_computer_is_told_apart(base, local):
    assert only_this_computer(base) is local


def _code(at: AppTest) -> str:
    (code,) = [c for c in at.code if "<iframe" in c.value]
    return code.value


def test_the_alphabeta_box_holds_the_links_state_at_the_public_address(monkeypatch):
    """Closed, the box makes no code; opened, the code frames the lab's link as it is (its
    tree and step) with embed=true, at GTL_PUBLIC_URL (the page path is the browser's:
    AppTest has no page address; tests/browser/test_embed.py checks it)."""
    monkeypatch.setenv(PUBLIC_ENV, "https://gtl.school.example/")
    at = AppTest.from_file(str(PAGES / "alphabeta.py"), default_timeout=60)
    at.query_params.update({"t": "b2:1,2,3,4", "k": "3"})
    at.run()
    assert not at.exception
    assert "Copy embed code" in [e.label for e in at.expander]
    assert not [c for c in at.code if "<iframe" in c.value]
    at.session_state[AlphaBeta.lab.export.embed] = True
    at.run()
    assert not at.exception
    (frame,) = frames(_code(at))
    src = urlsplit(frame["src"])
    assert f"{src.scheme}://{src.netloc}" == "https://gtl.school.example"
    query = dict(parse_qsl(src.query))
    assert (query["t"], query["k"], query["embed"]) == ("b2:1,2,3,4", "3", "true")
    assert not at.warning and not at.info  # a usable setting, not this computer's address


def test_a_bad_setting_is_named_and_this_computers_address_is_said(monkeypatch):
    monkeypatch.setenv(PUBLIC_ENV, "gtl.school.example")
    at = AppTest.from_file(str(PAGES / "practice.py"), default_timeout=60)
    at.session_state[Practice.embed] = True
    at.run()
    assert not at.exception
    (frame,) = frames(_code(at))
    assert frame["src"].startswith("http://localhost:8501/")  # no page address: the fallback
    assert re.search(r"GTL_PUBLIC_URL \(gtl\.school\.example\) is not", at.warning[0].value)
    assert "opens only on this computer" in at.info[0].value


def test_the_chase_search_tab_offers_the_box_beside_its_downloads():
    at = AppTest.from_file(str(PAGES / "chase.py"), default_timeout=60)
    at.session_state[CHASE.tabs] = "The search tree"
    at.session_state[CHASE.search.export.embed] = True
    at.run()
    assert not at.exception
    (frame,) = frames(_code(at))
    assert dict(parse_qsl(urlsplit(frame["src"]).query))["embed"] == "true"
