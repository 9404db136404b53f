"""The tree labs and the tree canvas in every language (issue 24): no word of the alpha-beta
page, the tree editor or the canvas escapes translation (the pseudo-language ``xx`` wraps
every translated string in ⟦ ⟧), the canvas's browser code holds no word of its own, and a
cached payload is never served in another language than the page's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from streamlit.testing.v1 import AppTest

from engine.errors import InputError
from engine.tree_text import parse_ural
from teach import i18n
from teach.engine_words import reason
from tests.canvas_data import canvas
from tests.ui.lang_walk import canvas_words, id_patterns, untranslated, visible_strings
from ui.common.keys import AlphaBeta, Editor
from ui.tree.tree_source import complete_from
from viz.canvas_ui import PLUGINS, plugin_words, ui_words

ROOT = Path(__file__).resolve().parents[2]
APP_FILE = str(ROOT / "app.py")
CANVAS_JS = ROOT / "game_tree_lab" / "tree_canvas"
CATALOGUE = ROOT / "game_tree_lab" / "locales" / "messages.pot"

# Names that stay as they are in every language (docs/glossary.md): the statement's call,
# the judge's format.
NAMES = ("alpha_beta(leaves, branching)", "URAL 1282")


# the boxes whose contents a page makes only while they are open: opened, their words checked
OPENED = {
    "app_pages/alphabeta.py": (
        AlphaBeta.random_box,
        AlphaBeta.lab.start.box,
        AlphaBeta.lab.export.box,
    ),
    "app_pages/tree.py": (Editor.port, Editor.lab.start.box, Editor.lab.export.box),
}


def _open(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(APP_FILE, default_timeout=180)
    at.query_params["lang"] = i18n.PSEUDO
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    for key in OPENED[page]:
        at.session_state[key] = True
    return at.switch_page(page).run()


def _catalogue() -> list[re.Pattern]:
    with CATALOGUE.open("rb") as f:
        return id_patterns(m.id for m in read_po(f) if m.id)


def _escapes(at: AppTest) -> list[tuple[str, str]]:
    """Every string of the page (the canvas's words too) with a word left unwrapped, a
    message filled with an unwrapped word, or a wrapped part that no message of the
    catalogue makes (given to ``_`` unextracted): lib/lang_walk.untranslated."""
    assert not at.exception, at.exception
    seen = visible_strings(at)
    assert any(where == "canvas" for where, _ in seen), "no tree canvas on the page"
    known = _catalogue()
    return [
        (where, text)
        for where, text in seen
        if not where.startswith("html")  # style sheets and scripts
        and untranslated(text, known, NAMES)
    ]


@pytest.mark.parametrize(
    "params",
    [{}, {"algo": "pvs"}, {"algo": "mcts"}, {"algo": "expectimax"}],
    ids=["alphabeta", "pvs", "mcts", "expectimax"],
)
def test_no_string_of_the_alpha_beta_page_escapes_translation(params):
    at = _open("app_pages/alphabeta.py", **params)
    assert _escapes(at) == []
    if params.get("algo") == "mcts":  # its parameters and the chart beside the exact answer
        labels = [w.label for w in at.number_input]
        assert f"{i18n.OPEN}Iterations{i18n.CLOSE}" in labels


@pytest.mark.parametrize("params", [{}, {"algo": "mtdf"}], ids=["alphabeta", "mtdf"])
def test_no_string_of_the_tree_editor_escapes_translation(params):
    at = _open("app_pages/tree.py", **params)
    assert _escapes(at) == []


def test_the_editor_with_a_bad_tree_typed_says_why_in_the_language():
    at = _open("app_pages/tree.py")
    # AppTest formats the menus' values with the page's format_func in this thread when it
    # sends the widgets' states back: in the page's language, as the browser would.
    with i18n.use(i18n.PSEUDO):
        at.text_area(key=Editor.text).set_value("((1 2)")
        at.button(key=Editor.import_).click().run()
    (error,) = [e.value for e in at.error]
    reason = _engine_reason(lambda: parse_ural("((1 2)"))
    assert (
        error
        == f"{i18n.OPEN}Could not import: {reason}. The previous tree is still here.{i18n.CLOSE}"
    )
    assert _escapes(at) == []


def test_a_bad_leaves_line_says_why_in_the_language():
    at = _open("app_pages/alphabeta.py")
    with i18n.use(i18n.PSEUDO):  # the menus' format_func, as above
        at.text_area(key=AlphaBeta.leaves).set_value("1, 2, x").run()
    (error,) = [e.value for e in at.error]
    reason = _engine_reason(lambda: complete_from("1, 2, x", 3))
    assert error.startswith(f"{i18n.OPEN}Could not use that tree: {reason}. ")
    assert _escapes(at) == []


def _engine_reason(call) -> str:
    """The engine's reason for refusing a text, worded in xx from its template
    (teach/engine_words.py): wrapped like every other sentence of the page."""
    with pytest.raises(InputError) as refused:
        call()
    with i18n.use(i18n.PSEUDO):
        return reason(refused.value)


def test_the_cached_payload_follows_the_language_of_the_page():
    """The payload is cached per run and language: the same run in Russian, then in English
    in the same session, carries each language's words."""
    at = AppTest.from_file(APP_FILE, default_timeout=180)
    at.query_params["lang"] = "ru"
    at.run()
    at.switch_page("app_pages/alphabeta.py").run()
    assert canvas(at)["p"]["ui"]["step_of"] == "Шаг {k} из {n}."
    with i18n.use("ru"):  # the menus' values sent back as the Russian page shows them
        at.menu_button(key="lang.menu").click("en").run()
    assert canvas(at)["p"]["ui"]["step_of"] == "Step {k} of {n}."
    at.menu_button(key="lang.menu").click("zh").run()
    assert canvas(at)["p"]["ui"]["step_of"] == "第 {k} 步，共 {n} 步。"


# ---- the canvas's browser code holds no word of its own --------------------------------------
def _js() -> dict[str, str]:
    """Every module of the canvas, its comments taken out."""
    out = {}
    for path in sorted(CANVAS_JS.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", text)
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        out[str(path.relative_to(CANVAS_JS))] = text
    return out


_STATIC_KEY = re.compile(
    r"""data-w[ta]?="(\w+)"|dataset\.w[ta]? = "(\w+)"|\b(?:word|plural)\([^,()]+, "(\w+)\""""
)
_DYNAMIC_KEY = re.compile(r"`(\w+)\$\{")  # a key made in the browser: `hint_${way}`


_LITERAL = re.compile(r'"(\w+)"')  # a key chosen in the browser: cond ? "f_is" : "f_so_far"


def _keys() -> tuple[set[str], set[str], set[str]]:
    """The keys the canvas looks up as written, the prefixes of the keys it makes, and every
    word-like string literal of its modules."""
    static, made, literals = set(), set(), set()
    for text in _js().values():
        for m in _STATIC_KEY.finditer(text):
            static.add(next(g for g in m.groups() if g))
        made.update(_DYNAMIC_KEY.findall(text))
        literals.update(_LITERAL.findall(text))
    return static, made, literals


def test_every_word_the_canvas_looks_up_is_in_the_payload_and_every_word_is_used():
    static, made, literals = _keys()
    every = plugin_words(PLUGINS, "en")
    words = (set(ui_words("en")) | set(every)) - {"plural", "lang"}
    plurals = set(ui_words("en")["plural"]) | set(every["plural"])
    assert len(static) > 50  # the scan finds the lookups
    assert static - words - plurals == set()
    for prefix in ("hint_", "ed_leaf", "ed_", "f_st_"):  # the keys the browser makes
        assert prefix in made, prefix
    unused = {w for w in words | plurals if w not in static | literals}
    unused = {w for w in unused if not any(w.startswith(p) for p in made)}
    assert unused == set()


# English words as the canvas's modules could show them: a text node of an HTML template, a
# tooltip, a label or a placeholder attribute, a literal given to textContent, title or
# aria-label. What may stay: names (MAX's ▲, PV / CUT / ALL, the keys' names, SVG, PNG,
# α β v, N and W/N).
_SHOWN = (
    re.compile(r"<(?:[a-z][\w-]*(?:\s[^<>]*)?|/[a-z]+)>\s*([^<>${}`]*[A-Za-z]{2,}[^<>${}`]*)<"),
    re.compile(r"""\b(?:title|aria-label|placeholder)="([^"$]*[A-Za-z]{2,}[^"$]*)\""""),
    re.compile(r"""setAttribute\("(?:title|aria-label)", ["`]([^"`$]*[A-Za-z]{2,})"""),
    re.compile(r"""\.(?:textContent|title|innerText) = ["`]([^"`$]*[A-Za-z]{2,})"""),
)
_KEPT = {"PV", "CUT", "ALL", "SVG", "PNG", "Enter", "Del"}


def test_the_canvas_modules_show_no_english_word_of_their_own():
    found = []
    for name, text in _js().items():
        for pattern in _SHOWN:
            for m in pattern.finditer(text):
                shown = m.group(1).strip()
                if shown not in _KEPT:
                    found.append((name, shown))
    assert found == []


def test_the_payload_carries_the_words_in_the_language_asked():
    ru, zh, en = (
        {**ui_words(lang), "plural": plugin_words(["follow"], lang)["plural"]}
        for lang in ("ru", "zh", "en")
    )
    assert (en["next_title"], ru["next_title"], zh["next_title"]) == (
        "next step (Right)",
        "следующий шаг (Right)",
        "下一步 (Right)",
    )
    # a count's forms by CLDR category, picked in the browser with Intl.PluralRules(lang)
    assert ru["lang"] == "ru" and ru["plural"]["leaves"] == {
        "one": "{n} лист",
        "few": "{n} листа",
        "many": "{n} листьев",
    }
    assert zh["plural"]["leaves"] == {"other": "{n} 个叶子"}
    assert en["plural"]["leaves"] == {"one": "{n} leaf", "other": "{n} leaves"}
    xx = ui_words(i18n.PSEUDO)
    assert xx["lang"] == "en"
    data = {"p": {"ui": xx}, "w": plugin_words(PLUGINS, i18n.PSEUDO)}
    assert all(w.startswith(i18n.OPEN) and w.endswith(i18n.CLOSE) for w in canvas_words(data))
