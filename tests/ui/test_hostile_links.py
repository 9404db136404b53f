"""Links are input too: a corpus of hostile links, built here, for every page that reads one.

Each link is opened in a fresh AppTest session (a first visit). None may raise, none may show
one of Python's own messages, and every one must fall back with a warning on the page.
The kinds: huge numbers, megabyte parameters, negative sizes, unicode digits, repeated keys,
base64 garbage, deep brackets, script tags (and a few plain wrong values).
"""

from __future__ import annotations

import base64
import re
import zlib

import pytest
from streamlit.testing.v1 import AppTest

from engine.errors import InputError
from engine.games import pawn
from tests.plain_texts import plain_texts
from ui.common.registry import ROOT
from ui.practice import exam_panel
from ui.tree import tree_source
from ui.tree.tree_source import LINK_LIMIT

# Streamlit drops a whole query string past 524,288 characters (URL-encoded) before any page
# sees it, so a true megabyte opens the default page with no word; these stay just below.
MEGA = 400_000
SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


# Values wrong for any parameter: (kind, value).
ANY = [
    ("huge", "9" * 40),
    ("huge", str(10**18)),
    ("megabyte", "7" * MEGA),
    ("negative", "-1"),
    ("unicode digits", "١٢"),
    ("unicode digits", "²"),
    ("unicode digits", "３"),
    ("unicode digits", "𝟙𝟚"),
    ("script", SCRIPT),
    ("script", IMG),
    ("garbage", "NaN"),
    ("garbage", "1e9"),
    ("garbage", "0x10"),
    ("garbage", ""),
]

# page -> the parameters it reads, and values wrong in that parameter's own format.
PAGES: dict[str, dict[str, list[tuple[str, str]]]] = {
    "alphabeta": {
        "t": [
            ("huge", "r:10,5,-99,99,7"),  # 100,000 leaves: more than the page draws
            ("huge", "r:10,10,0,1,1"),
            ("huge", "b10:" + ",".join(["1"] * 10_001)),
            ("megabyte", "b3:" + "1 " * (MEGA // 2)),
            ("negative", "r:-3,-2,0,1,1"),
            ("negative", "b-3:1,2,3"),
            ("unicode digits", "b3:١,٢,٣,4,5,6,7,8,9"),
            ("unicode digits", "r:٣,٣,0,9,1"),
            ("base64", "zb3:!!!!"),
            ("base64", "zb3:" + _b64(b"\x00\xff" * 40)),
            ("base64", "zb3:" + _b64(zlib.compress(b"1," * 30_000))),
            ("deep", "b3:" + "[" * 5000),
            ("script", "b3:" + SCRIPT),
        ],
        "k": [("negative", "-5")],
        "play": [("huge", "31"), ("garbage", "4.5")],
        "order": [("garbage", "sideways")],
        "var": [("garbage", "nonsense")],
        "leaves": [("garbage", "none"), ("script", SCRIPT)],
        "practice": [("garbage", "maybe")],
        "ask": [("garbage", "value,value"), ("script", "value," + SCRIPT)],
        "score": [
            ("huge", "r99999"),
            ("huge", "r" + "9" * 40),
            ("megabyte", "r" * MEGA),
            ("unicode digits", "r٣"),
            ("script", SCRIPT),
        ],
    },
    "tree": {
        "t": [
            ("deep", "(" * 30_000 + "1" + ")" * 30_000),  # 30,001 nodes: past the editor
            ("deep", "(" * 100_000),
            ("deep", ")" * 1000),
            ("megabyte", "(" + "1 " * (MEGA // 2) + ")"),
            ("base64", "z" + "A" * 40),
            ("base64", "z" + _b64(zlib.compress(b"(" * 3_000_000))),
            ("base64", "z" + _b64(b"not zlib at all")),
            ("unicode digits", "(١ ٢)"),
            ("script", "(" + SCRIPT + ")"),
        ],
        "k": [("negative", "-1"), ("huge", "1" + "0" * 30)],
        "leaves": [("garbage", "Hidden")],
    },
    "pawn": {
        "p": [
            (
                "huge",
                "8x8w:pppppppp/......../......../......../......../......../......../PPPPPPPP",
            ),
            ("huge", "6x6w:pppppp/....../....../....../....../PPPPPP"),
            ("huge", "7x7b:ppppppp/......./......./......./......./......./PPPPPPP"),
            ("huge", "9x9w:" + "." * 81),
            ("negative", "-3x-3w:ppp/.../PPP"),
            ("negative", "0x0w:"),
            ("unicode digits", "٤x٤w:pppp/..../..../PPPP"),
            ("megabyte", "4x4w:" + "p" * MEGA),
            ("script", "4x4w:" + SCRIPT),
        ],
        "mv": [
            ("huge", ".".join(["b2-b3"] * 401)),
            ("megabyte", "b2-b3." * (MEGA // 6)),
            ("unicode digits", "b٢-b٣"),
            ("script", SCRIPT),
            ("garbage", "zz"),
        ],
        "mode": [("garbage", "watch")],
        "side": [("garbage", "grey")],
    },
    "chase": {
        "c": [
            ("unicode digits", "٣٩-١.١-٣٩.٣٩-w"),
            ("huge", "99-1.1-99.99-w"),
            ("huge", "41-1.1-2.2-w"),
            ("negative", "-5-1.1-2.2-w"),
            ("negative", "0-1.1-1.1-w"),
            ("garbage", "20-0.0-1.1-w"),
            ("garbage", "20-1.1-1.1-w"),
            ("script", "20-1.1-" + SCRIPT),
        ],
        "mv": [
            ("huge", ".".join(["u"] * 401)),
            ("megabyte", "u." * (MEGA // 2)),
            ("unicode digits", "u٢"),
            ("script", SCRIPT),
            ("garbage", "zz"),
        ],
        "heat": [("garbage", "rainbow")],
    },
    "practice": {
        "t": [("megabyte", "1 " * (MEGA // 2)), ("unicode digits", "١,٢,٣,٤")],
        "b": [("huge", "99")],
        "seed": [("negative", "-7")],
        "n": [("huge", "1000000")],
        "eb": [("huge", "9")],
        "ed": [("huge", "99")],
        "cuts": [("huge", "500")],
    },
}
# The exam sheet's parameters are read when its tab is open.
OPEN_TAB = {"practice": {"tab": "Exam sheets"}}
# Python's own words, which a person must never see.
PYTHON = re.compile(
    r"Traceback|invalid literal|Error\b|object has no attribute|unsupported operand|NoneType"
    r"|maximum recursion|not subscriptable|unexpected keyword|positional argument|int\(\)"
    r"|could not convert|codec can't"
)


# The parameters that get every value of ANY, and values of ANY that are fine there.
ANY_FOR = {
    ("alphabeta", "t"),
    ("alphabeta", "k"),
    ("alphabeta", "play"),
    ("tree", "t"),
    ("tree", "k"),
    ("pawn", "p"),
}
ANY_FOR |= {("chase", "c"), ("practice", "b"), ("practice", "n")}
ANY_FOR |= {("pawn", "mode"), ("pawn", "side"), ("chase", "heat"), ("alphabeta", "practice")}
ANY_FOR |= {("alphabeta", "ask")}
VALID = {("tree", "t"): {"-1"}}


def corpus() -> list[tuple[str, str, dict[str, str | list[str]]]]:
    """(page, kind, query) for every hostile link: each parameter of a page with every
    value of its own list and of ANY, plus repeated keys."""
    out: list[tuple[str, str, dict[str, str | list[str]]]] = []
    for page, params in PAGES.items():
        base = OPEN_TAB.get(page, {})
        for param, own in params.items():
            extra = [a for a in ANY if a[1] not in VALID.get((page, param), ())]
            for kind, value in own + (extra if (page, param) in ANY_FOR else []):
                out.append((page, kind, {**base, param: value}))
            out.append((page, "repeated keys", {**base, param: ["1", "2", SCRIPT]}))
    return out


CORPUS = corpus()


def test_the_corpus_has_twenty_links_per_page_of_every_kind():
    for page in PAGES:
        links = [c for c in CORPUS if c[0] == page]
        assert len(links) >= 20, page
    kinds = {kind for _, kind, _ in CORPUS}
    assert {
        "huge",
        "megabyte",
        "negative",
        "unicode digits",
        "repeated keys",
        "base64",
        "deep",
        "script",
    } <= kinds


def _texts(at: AppTest) -> list[str]:
    out = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "title"):
        out += [str(getattr(e, "value", "")) for e in getattr(at, kind)]
    out += plain_texts(at)
    out += [m.message for m in at.exception]
    return out


@pytest.mark.parametrize(
    "page, kind, query",
    CORPUS,
    ids=[f"{p}-{k}-{i}" for i, (p, k, _) in enumerate(CORPUS)],
)
def test_a_hostile_link_falls_back_with_a_warning(page, kind, query):
    at = AppTest.from_file(str(ROOT / "app_pages" / f"{page}.py"), default_timeout=120)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [e.message[:300] for e in at.exception]
    shown = "\n".join(_texts(at))
    assert not PYTHON.search(shown), PYTHON.search(shown)
    assert at.warning, f"no warning for a {kind} link"
    for w in at.warning:
        assert len(w.value) < 600, "a warning quotes the link back at length"
    for md in at.markdown:  # nothing from the link reaches raw HTML
        if md.proto.allow_html:
            assert "alert(1)" not in md.value


# ---- one test per finding of issue 14 ---------------------------------------------------------
def _page(page: str, **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app_pages" / f"{page}.py"), default_timeout=120)
    for name, value in query.items():
        at.query_params[name] = value
    return at.run()


@pytest.mark.parametrize("n", [6, 7, 8])
def test_a_pawn_board_the_size_control_does_not_offer_opens_the_nearest(n):
    code = f"{n}x{n}w:" + "/".join(["p" * n] + ["." * n] * (n - 2) + ["P" * n])
    at = _page("pawn", p=code)
    assert not at.exception  # was StreamlitDefaultNotInOptionsError
    assert "offers 3x3 to 5x5" in at.warning[0].value
    assert at.session_state["pawn.pos"] == pawn.start(5, 5)


def test_a_random_tree_link_past_the_page_limit_is_refused_before_drawing(monkeypatch):
    drawn = []
    monkeypatch.setattr(tree_source, "random_leaves", lambda *a: drawn.append(a) or [0])
    with pytest.raises(InputError, match="more than this page draws"):
        tree_source.decode_complete("r:10,5,-99,99,7")  # 100,000 leaves (280 MB, 4-6 s)
    assert drawn == []
    assert tree_source.MAX_LAB_LEAVES == 10_000


def test_the_exam_link_of_81_leaves_is_refused_before_any_tree_is_drawn(monkeypatch):
    made, real = [], exam_panel.make_sheet
    monkeypatch.setattr(exam_panel, "make_sheet", lambda *a: made.append(a) or real(*a))
    exam_panel.sheet_info.clear()
    at = _page("practice", tab="Exam sheets", eb="3", ed="4")
    assert not at.exception
    assert "cannot be printed" in at.warning[0].value and "81 leaves" in at.warning[0].value
    assert all(args[2] ** args[3] <= 27 for args in made)  # only the default sheet was made
    assert isinstance(exam_panel.sheet_info("en", 1, 4, 3, 4, 0, 20, 2), str)  # a cached refusal


@pytest.mark.parametrize(
    "page, query",
    [
        ("alphabeta", {"k": "١٢"}),
        ("tree", {"k": "²"}),
        ("chase", {"c": "٣٩-١.١-٣٩.٣٩-w"}),
        ("pawn", {"p": "٤x٤w:pppp/..../..../PPPP"}),
        ("practice", {"b": "٣"}),
    ],
)
def test_unicode_digits_are_refused_with_the_parameter_named(page, query):
    at = _page(page, **query)
    assert not at.exception
    (param,) = query
    assert f"(`{param}`:" in at.warning[0].value
    assert "invalid literal" not in at.warning[0].value
    if page == "chase":
        assert at.session_state["chase.pos"].n != 39


def test_a_number_outside_a_control_gives_its_nearest_value():
    at = _page("practice", tab="Exam sheets", n="1000000")
    assert "nearest valid one" in at.warning[0].value
    assert at.session_state["practice.exam.count"] == 20


def test_a_long_leaf_list_goes_into_a_packed_token_that_reads_back():
    setup = tree_source.random_complete(10, 4, -99, 99, 3)
    typed = tree_source.complete_from(setup.text, 10)
    link = typed.encode()
    assert link.startswith("zb10:") and len(link) < len(setup.text) / 2
    assert tree_source.decode_complete(link) == typed


@pytest.mark.parametrize("n", [1_000, 10_000])
def test_the_page_writes_only_links_it_reads_back_and_offers_a_file_beyond(n):
    setup = tree_source.random_complete(10, 4, -99, 99, 5)
    text = ", ".join(map(str, setup.leaves[:n]))
    at = _page("alphabeta")
    at.text_area(key="ab.leaves").set_value(text)
    at.number_input(key="ab.b").set_value(10).run()
    assert not at.exception
    link = at.query_params.get("t")
    link = link[0] if isinstance(link, list) else link
    if link is None:  # too long for a link: the leaves as a file instead
        assert len(tree_source.Complete(setup.leaves[:n], 10).encode()) > LINK_LIMIT
        assert at.get("download_button") and "too long for a share link" in at.caption[-1].value
        return
    assert len(link) <= LINK_LIMIT
    again = _page("alphabeta", t=link)
    assert not again.warning and again.session_state["ab.setup"].leaves == setup.leaves[:n]


@pytest.mark.parametrize("page", ["pawn", "chase"])
def test_the_open_search_tab_is_in_the_link(page):
    at = _page(page, tab="The search tree")
    assert not at.exception and not at.warning
    assert at.session_state["tab"] == "The search tree"
    assert at.query_params.get("tab") in ("The search tree", ["The search tree"])


@pytest.mark.parametrize("page", ["pawn", "chase", "practice"])
def test_a_tab_the_page_does_not_have_is_warned_about(page):
    at = _page(page, tab=SCRIPT)
    assert not at.exception
    assert at.warning and "(`tab`:" in at.warning[0].value
    assert "<script>" not in at.warning[0].value  # escaped: \<script\>


# The search tab's parameters are read when it is open (issue 11): one value of each kind.
SEARCH_PARAMS = ("k", "open", "sel", "nodes", "depth")
ONE_OF_EACH = [ANY[0], ANY[2], ANY[3], ANY[4], ANY[8], ANY[13]]


@pytest.mark.parametrize("param", SEARCH_PARAMS)
@pytest.mark.parametrize("kind, value", ONE_OF_EACH, ids=[k for k, _ in ONE_OF_EACH])
def test_a_hostile_search_tab_link_falls_back_with_a_warning(param, kind, value):
    at = _page("chase", c="6-1.1-5.4-w", tab="The search tree", **{param: value})
    assert not at.exception, [e.message[:300] for e in at.exception]
    assert at.warning and f"(`{param}`:" in at.warning[0].value, kind
    assert not PYTHON.search("\n".join(_texts(at)))
