"""A plugin's words travel only with the plugin (issue 20, the page run's bytes): the payload
carries the canvas core's words, and a run sends a plugin's words (``data.w``) only when its
data turns the plugin on. Which words a module needs is read from the canvas's JS itself
(the keys it names), not from viz.canvas_ui's grouping (only its list of keys is used, as the
names to look for), and which plugins a page turns on is written out here per page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.canvas_data import canvases
from ui.common.keys import PAWN
from viz.canvas_ui import PLUGINS, plugin_words, ui_words

ROOT = Path(__file__).resolve().parents[2]
CANVAS_JS = ROOT / "game_tree_lab" / "tree_canvas"
PAGES = ROOT / "app_pages"
# the plugins with words of their own; the others (access, cuts, history, links, projector,
# research) take theirs from the payload's other parts or have none
WORDY = ("answer", "edit", "follow", "mcts", "takeaway")

_LITERAL = re.compile(r'(?<!class=)"(\w+)"')  # not a class name
_MADE = re.compile(r"`(\w+)\$\{")  # a key made in the browser: `ed_leaf${typed}`


def _code(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", text)
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def _known() -> set[str]:
    """Every key of the canvas's words and plurals (the names to look for in the JS)."""
    every = plugin_words(PLUGINS, "en")
    ui = ui_words("en")
    return (set(ui) | set(every) | set(ui["plural"]) | set(every["plural"])) - {"plural", "lang"}


def looked_up(path: Path) -> tuple[set[str], set[str]]:
    """The word keys a module of the canvas names (a string literal that is a word's key:
    data-w="…", word(p, "…"), cond ? "…" : "…"), and the prefixes of the keys it makes in
    the browser."""
    text = _code(path)
    known = _known()
    made = {m for m in _MADE.findall(text) if any(k.startswith(m) for k in known)}
    return set(_LITERAL.findall(text)) & known, made


def _needs() -> dict[str, tuple[set[str], set[str]]]:
    return {name: looked_up(CANVAS_JS / "plugins" / f"{name}.js") for name in WORDY}


def _words(data: dict) -> tuple[set[str], set[str]]:
    """(the words the canvas has, its plural keys): the payload's ui with the run's data.w."""
    ui, w = data["p"]["ui"], data.get("w") or {}
    plain = (set(ui) | set(w)) - {"plural", "lang"}
    return plain, set(ui.get("plural", {})) | set(w.get("plural", {}))


def _has(data: dict, keys: set[str], made: set[str]) -> bool:
    plain, plurals = _words(data)
    return keys <= plain | plurals and all(any(k.startswith(p) for k in plain) for p in made)


def test_the_scan_finds_each_plugins_lookups():
    needs = _needs()
    assert {"ed_set", "ed_refused", "ed_hidden"} <= needs["edit"][0] and "ed_leaf" in needs["edit"][
        1
    ]
    assert {"f_cut", "f_is", "f_so_far", "nodes", "plies"} <= needs["follow"][0]
    assert {"a_check", "a_sign", "a_wrong"} <= needs["answer"][0]
    assert needs["mcts"][0] == {"m_iteration", "iterations"}
    assert needs["takeaway"][0] == {"t_svg", "t_png"}


def _check(data: dict, on: set[str]) -> None:
    """Every word the core and the plugins ``on`` look up is there; none that only a plugin
    that is off looks up is sent."""
    needs = _needs()
    core = set()
    for path in [CANVAS_JS / "core.js", *sorted((CANVAS_JS / "lib").glob("*.js"))]:
        core |= looked_up(path)[0]
    plain, plurals = _words(data)
    assert core - {"types", "types_title"} <= plain | plurals  # (types: the payload's words)
    for name in WORDY:
        keys, made = needs[name]
        if name in on:
            assert _has(data, keys, made), (name, keys - plain - plurals)
        else:
            only = keys - core - set().union(*(needs[o][0] for o in on))
            assert only and not only & (plain | plurals), (name, only & (plain | plurals))
            sent = {k for k in plain if any(k.startswith(p) for p in made)}
            assert not sent, (name, sent)


def _open(page: str, session: dict | None = None, **params: str) -> AppTest:
    at = AppTest.from_file(str(PAGES / page), default_timeout=180)
    for k, v in params.items():
        at.query_params[k] = v
    for k, v in (session or {}).items():
        at.session_state[k] = v
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


SMALL = "3x3w:ppp/.../PPP"


@pytest.mark.parametrize(
    "page, session, params, on",
    [
        ("alphabeta.py", None, {}, {"takeaway"}),
        ("tree.py", None, {}, {"edit", "takeaway"}),
        ("pawn.py", {PAWN.tabs: "The search tree"}, {"p": SMALL}, {"follow", "takeaway"}),
        (
            "pawn.py",
            {PAWN.tabs: "The search tree"},
            {"p": SMALL, "algo": "mcts", "mcts": "50,0.9,3,random"},
            {"mcts", "takeaway"},
        ),
        ("practice.py", {"practice.tab": "Whole-tree exercise"}, {}, {"answer"}),
    ],
    ids=["alpha-beta", "tree editor", "pawn search tab", "pawn MCTS tab", "exercise"],
)
def test_a_run_sends_the_words_of_the_plugins_it_turns_on_and_no_others(page, session, params, on):
    at = _open(page, session, **params)
    data = canvases(at)[0]
    _check(data, on)
