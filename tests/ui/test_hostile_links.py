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

from ui.common.registry import ROOT

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
        "order": [("garbage", "sideways")],
        "var": [("garbage", "nonsense")],
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
    },
    "pawn": {
        "p": [
            ("huge", "8x8w:pppppppp/......../......../......../......../......../......../PPPPPPPP"),
            ("huge", "6x6w:pppppp/....../....../....../....../PPPPPP"),
            ("huge", "7x7b:ppppppp/......./......./......./......./......./PPPPPPP"),
            ("huge", "9x9w:" + "." * 81),
            ("negative", "-3x-3w:ppp/.../PPP"),
            ("negative", "0x0w:"),
            ("unicode digits", "٤x٤w:pppp/..../..../PPPP"),
            ("megabyte", "4x4w:" + "p" * MEGA),
            ("script", "4x4w:" + SCRIPT),
        ],
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
ANY_FOR = {("alphabeta", "t"), ("alphabeta", "k"), ("tree", "t"), ("tree", "k"), ("pawn", "p")}
ANY_FOR |= {("chase", "c"), ("practice", "b"), ("practice", "n")}
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
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "title", "code"):
        out += [str(getattr(e, "value", "")) for e in getattr(at, kind)]
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
