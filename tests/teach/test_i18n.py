"""The interface's languages (teach/i18n.py, issue 24): the catalogues agree with the code,
every message is translated with its placeholders kept, Russian's three plural forms come out
right, and a language is chosen the usual way."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from streamlit.testing.v1 import AppTest

from teach import i18n
from teach.i18n import _, ngettext

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "game_tree_lab" / "locales"
# the Makefile's `messages` keywords: gettext's, and the engine's errors (their templates)
KEYWORDS = {
    "_": None,
    "ngettext": (1, 2),
    "N_": None,
    "pgettext": ((1, "c"), 2),
    "InputError": None,
    "SearchError": None,
    "SearchTooLarge": None,
}


def _code_ids() -> set[str | tuple[str, str]]:
    """Every message id the code marks, extracted the way `make messages` does (babel.cfg)."""
    folders = ("engine", "teach", "viz", "classroom", "ui", "app_pages")
    method_map = (
        [("engine/judge.py", "ignore")]
        + [(f"{folder}/**.py", "python") for folder in folders]
        + [("app.py", "python")]
    )
    ids: set[str | tuple[str, str]] = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map=method_map, keywords=KEYWORDS
    ):
        ids.add(message if isinstance(message, str) else tuple(message))
    return ids


def _catalogue(path: Path, lang: str | None = None):
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _ids(cat) -> set[str | tuple[str, str]]:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in cat if m.id}


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def test_the_template_and_every_catalogue_hold_exactly_the_codes_messages():
    """A string marked in the code and missing from a catalogue, or a catalogue entry the code
    no longer has: run `make messages` and translate."""
    code = _code_ids()
    assert code, "no marked string found: the extraction map is wrong"
    assert _ids(_catalogue(LOCALES / "messages.pot")) == code
    for lang in i18n.TRANSLATED:
        cat = _catalogue(LOCALES / lang / "LC_MESSAGES" / "messages.po", lang)
        assert _ids(cat) == code, lang


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(lang):
    cat = _catalogue(LOCALES / lang / "LC_MESSAGES" / "messages.po", lang)
    assert any(msg.id for msg in cat), f"{lang}: an empty catalogue"
    for msg in cat:
        if not msg.id:
            continue
        assert "fuzzy" not in msg.flags, (lang, msg.id)
        forms = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        assert len(forms) == cat.num_plurals if isinstance(msg.id, tuple) else 1
        assert all(forms), f"{lang}: not translated: {msg.id!r}"
        wanted = set().union(*(_fields(i) for i in ids))
        for form in forms:
            assert _fields(form) == wanted, (lang, msg.id, form)


# Russian counts its nouns in three forms: one (1, 21, 101 but not 11), few (2-4, 22-24 but
# not 12-14) and many (the rest). Written out by hand for the numbers the issue names.
RUSSIAN_JOINED = {
    1: "1 ученик присоединился",
    2: "2 ученика присоединились",
    5: "5 учеников присоединились",
    11: "11 учеников присоединились",
    21: "21 ученик присоединился",
    22: "22 ученика присоединились",
    25: "25 учеников присоединились",
    112: "112 учеников присоединились",
}


@pytest.mark.parametrize("n", sorted(RUSSIAN_JOINED))
def test_russian_has_three_plural_forms_and_chinese_one(n):
    with i18n.use("ru"):
        assert ngettext("{n} student joined", "{n} students joined", n) == RUSSIAN_JOINED[n]
    with i18n.use("zh"):
        assert ngettext("{n} student joined", "{n} students joined", n) == f"已有 {n} 名学生加入"
    with i18n.use("en"):
        english = "1 student joined" if n == 1 else f"{n} students joined"
        assert ngettext("{n} student joined", "{n} students joined", n) == english


def test_named_placeholders_are_filled_after_translation():
    with i18n.use("ru"):
        assert (
            _("**{title}** · join with the code", title="Вторник") == "**Вторник** · вход по коду"
        )
    with i18n.use("zh"):
        assert _("Projector") == "投影模式"
    assert _("Projector") == "Projector"  # the default language is English


def test_the_pseudo_language_wraps_every_translated_string():
    with i18n.use(i18n.PSEUDO):
        assert _("Projector") == "⟦Projector⟧"
        assert _("{page}: open it", page="X") == "⟦X: open it⟧"
        assert ngettext("{n} leaf", "{n} leaves", 2) == "⟦2 leaves⟧"


def test_use_restores_the_language_before_it_and_refuses_unknown_ones():
    i18n.set_language("en")
    with i18n.use("ru"):
        with i18n.use("de"):  # not one of ours: English
            assert i18n.current() == "en"
        assert i18n.current() == "ru"
    assert i18n.current() == "en"


@pytest.mark.parametrize(
    ("asked", "browser", "spoken"),
    [
        ("ru", "zh-CN", "ru"),  # the link or the menu wins over the browser
        (None, "zh-CN", "zh"),
        (None, "zh-Hans-CN", "zh"),
        (None, "ru_RU", "ru"),
        (None, "RU", "ru"),
        (None, "de-DE", "en"),
        (None, None, "en"),
        ("fr", "ru-RU", "ru"),  # not ours: the browser's
        ("", "", "en"),
    ],
)
def test_the_language_is_the_asked_one_then_the_browsers_then_english(asked, browser, spoken):
    assert i18n.negotiate(asked, browser) == spoken


APP_FILE = str(ROOT / "app.py")


def _visible_text(at: AppTest) -> list[str]:
    return (
        [t.value for t in at.title]
        + [m.value for m in at.markdown]
        + [s.value for s in at.subheader]
        + [p.proto.label for p in at.get("page_link")]
    )


@pytest.mark.parametrize(
    ("lang", "title", "heading"),
    [("ru", "Лаборатория игровых деревьев", "Четыре задачи"), ("zh", "博弈树实验室", "四个问题")],
)
def test_the_link_opens_the_home_page_in_its_language_and_keeps_it(lang, title, heading):
    at = AppTest.from_file(APP_FILE, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception
    assert [t.value for t in at.title] == [title]
    assert heading in [s.value for s in at.subheader]
    assert at.query_params["lang"] == lang


def test_a_choice_on_the_menu_changes_the_language_and_the_link():
    at = AppTest.from_file(APP_FILE, default_timeout=60).run()
    assert [t.value for t in at.title] == ["Game Tree Lab"]
    assert "lang" not in at.query_params  # the browser's (here none) is not written
    at.menu_button(key="lang.menu").click("ru").run()
    assert [t.value for t in at.title] == ["Лаборатория игровых деревьев"]
    assert at.query_params["lang"] == "ru"


def test_a_bad_language_in_the_link_warns_and_speaks_english():
    at = AppTest.from_file(APP_FILE, default_timeout=60)
    at.query_params["lang"] = "klingon"
    at.run()
    assert not at.exception
    assert any("`lang`" in w.value for w in at.warning)
    assert [t.value for t in at.title] == ["Game Tree Lab"]


def test_no_string_of_the_home_page_escapes_translation():
    """The pseudo-language marks every translated string: on the home page every title,
    heading, paragraph and link is wrapped (names such as 'UVA 10838' stay as they are)."""
    at = AppTest.from_file(APP_FILE, default_timeout=60)
    at.query_params["lang"] = i18n.PSEUDO
    at.run()
    assert not at.exception
    texts = _visible_text(at)
    assert len(texts) > 10
    for text in texts:
        assert i18n.OPEN in text and i18n.CLOSE in text, text


def test_no_string_of_the_exam_tab_escapes_translation():
    """The exam tab in the pseudo-language: its widgets' labels, the sheet's lines, the
    download buttons and the tab's words are all wrapped."""
    at = AppTest.from_file(APP_FILE, default_timeout=120)
    at.query_params["lang"] = i18n.PSEUDO
    at.query_params["tab"] = "Exam sheets"
    at.run()
    at.switch_page("app_pages/practice.py").run()
    assert not at.exception
    exam = [w for w in (*at.number_input, *at.toggle) if w.key.startswith("practice.exam.")]
    labels = [w.label for w in exam]
    labels += [b.proto.label for b in at.get("download_button")]
    captions = [c.value for c in at.caption]
    exam_words = [m.value for m in at.markdown if "seed" in m.value]
    assert len(labels) >= 12 and captions and exam_words
    for text in labels + exam_words:
        assert text.startswith(i18n.OPEN) and text.endswith(i18n.CLOSE), text
    for caption in captions:  # one line per exercise: "1. ⟦seed …⟧"
        for line in caption.split("  \n"):
            assert i18n.OPEN in line and line.endswith(i18n.CLOSE), line


def test_no_literal_message_is_marked_inside_an_f_string():
    """Babel skips an f-string with substitutions whole, so ``f"… {_('no win')}"`` is never
    extracted and shows English in every language: a literal message is marked outside it.
    (``_(variable)`` inside one is fine: its text is marked with N_ where it is defined.)"""
    import ast

    found = []
    for folder in ("teach", "viz", "classroom", "ui", "app_pages"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.JoinedStr):
                    continue
                for part in ast.walk(node):
                    if (
                        isinstance(part, ast.Call)
                        and isinstance(part.func, ast.Name)
                        and part.func.id in KEYWORDS
                        and part.args
                        and isinstance(part.args[0], ast.Constant)
                    ):
                        found.append(f"{path.relative_to(ROOT)}:{part.lineno}")
    assert not found, found
