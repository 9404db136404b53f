"""One style of session-state key, named in one place (ui.common.keys).

Two checks: the sources of ui/ and app_pages/ never spell a key (no string or f-string given as
``key=``, ``state_key=``, a form's name, or a session_state subscript, ``get``, ``pop`` or
``setdefault``, and no ``st.session_state.<name>``); and every key a page run leaves in
session_state has the one style.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.common import keys
from ui.common.keys import STYLE, URL_BOUND

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    p
    for p in [*ROOT.glob("ui/**/*.py"), *ROOT.glob("app_pages/*.py"), ROOT / "app.py"]
    if p != ROOT / "ui" / "common" / "keys.py"
)
STATE_METHODS = {"get", "pop", "setdefault"}
STATE_API = STATE_METHODS | {"keys", "items", "values", "to_dict", "clear", "update"}


def _spelled(node: ast.AST | None) -> bool:
    """A key written out: a string constant or an f-string."""
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _is_state(node: ast.AST) -> bool:
    """``st.session_state``, ``session_state`` or the pages' alias ``ss``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "session_state"
    return isinstance(node, ast.Name) and node.id in {"ss", "session_state"}


def spelled_keys(source: str) -> list[tuple[int, str]]:
    """(line, what) for every place ``source`` spells a session-state or widget key."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg in {"key", "state_key"} and _spelled(kw.value):
                    out.append((node.lineno, f"{kw.arg}={ast.unparse(kw.value)}"))
            fn = node.func
            if isinstance(fn, ast.Attribute) and node.args and _spelled(node.args[0]):
                if fn.attr == "form" or (fn.attr in STATE_METHODS and _is_state(fn.value)):
                    out.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Subscript) and _is_state(node.value) and _spelled(node.slice):
            out.append((node.lineno, ast.unparse(node)))
        elif (
            isinstance(node, ast.Attribute) and _is_state(node.value) and node.attr not in STATE_API
        ):
            out.append((node.lineno, ast.unparse(node)))
    return out


def test_the_scan_sees_every_way_of_spelling_a_key():
    src = """
st.button("x", key="pawn_board")
restore("t", decode=d, default=0, what="w", state_key=f"{K}:step")
ss[f"{K}.error"] = None
st.session_state.get("pr_b")
st.session_state.pop(f"{key}_session", None)
st.session_state.pawn_pos = pos
with st.form(f"{key}_form"):
    pass
st.button("x", key=K.board)
st.session_state[K.pos] = pos
st.session_state.get(keys.step, 0)
"""
    assert [line for line, _ in spelled_keys(src)] == [2, 3, 4, 5, 6, 7, 8]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_spells_a_key(path):
    found = spelled_keys(path.read_text())
    assert not found, f"{path.relative_to(ROOT)}: keys belong in ui/common/keys.py: {found}"


def test_the_key_sets_have_the_style():
    tree_tag = keys.tag(((-1, 0), (None, 3)))
    samples = [
        keys.SHARE_SEEN,
        keys.HOME_PROBLEMS,
        keys.AlphaBeta.lab.canvas.step,
        keys.AlphaBeta.lab.canvas.widget,
        keys.AlphaBeta.lab.quiz.sent,
        keys.AlphaBeta.lab.quiz.pick("PV"),
        keys.Editor.lab.canvas.known,
        keys.Editor.done,
        keys.PAWN.size,
        keys.PAWN.search.crumb(17),
        keys.CHASE.search.canvas.seq,
        keys.CHASE.board,
        keys.Practice.preset(0),
        keys.Exercise.of(tree_tag, "question"),
        keys.Exercise.sent,
        keys.Exam.download(3),
        keys.Variants.canvas("right").step,
        keys.Variants.pick("left"),
        keys.AlphaBeta.lab.export.graphml,
        keys.PAWN.search.export.json,
        keys.Variants.export("fail-hard").graphml,
    ]
    assert [k for k in samples if not STYLE.match(k)] == []


def test_tag_is_stable_hex():
    assert keys.tag("4x4w:pppp") == keys.tag("4x4w:pppp") != keys.tag("4x4w:ppp.")
    assert len(keys.tag("x")) == 12 and int(keys.tag("x"), 16) >= 0


def test_css_selector_of_a_key():
    assert keys.css("ab.next") == ".st-key-ab-next"
    assert keys.css(keys.Practice.quiz.next) == ".st-key-practice-quiz-next"


def _leftover(at: AppTest) -> list[str]:
    return sorted(
        k
        for k in at.session_state.keys()
        if not STYLE.match(k) and k not in URL_BOUND and not k.startswith("FormSubmitter:")
    )


PAGES = ["app.py", "app_pages/alphabeta.py", "app_pages/tree.py", "app_pages/pawn.py"]
PAGES += ["app_pages/chase.py", "app_pages/home.py"]


@pytest.mark.parametrize("page", PAGES)
def test_every_key_a_page_leaves_has_the_style(page):
    at = AppTest.from_file(str(ROOT / page), default_timeout=60).run()
    assert not at.exception
    if page == "app_pages/alphabeta.py":
        at.session_state[keys.AlphaBeta.lab.canvas.step] = 1  # the canvas reported a step
        at.run()
        at.toggle(key=keys.AlphaBeta.lab.quiz.on).set_value(True).run()
    if page == "app_pages/pawn.py":
        at.segmented_control(key=keys.PAWN.mode).set_value("Play against the engine").run()
    assert not at.exception
    assert _leftover(at) == []


@pytest.mark.parametrize(
    "tab", ["Step quiz", "Whole-tree exercise", "Exam sheets", "Variants side by side"]
)
def test_every_key_the_practice_page_leaves_has_the_style(tab):
    at = AppTest.from_file(str(ROOT / "app_pages" / "practice.py"), default_timeout=60)
    at.query_params["tab"] = tab
    at.run()
    assert not at.exception
    assert _leftover(at) == []
