"""Joining a class in the student's language (issue 24): a student who scans the QR code
with a phone in Chinese or Russian gets the join form, and every refusal, in that language,
the plural forms included; the refusal is made in a callback, before the page sets its
language, and still speaks the session's."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.ui.test_page_classroom import made, ok, store  # noqa: F401 - fixtures
from ui.common.keys import Classroom as K

APP = str(Path(__file__).resolve().parents[2] / "app.py")


def _join_page(lang: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("app_pages/classroom.py").run()
    ok(at)
    return at


def _refusal(at: AppTest, code: str, name: str) -> str:
    at.text_input(key=K.code).set_value(code)
    at.text_input(key=K.name).set_value(name)
    at.button(key=K.join).click().run()
    ok(at)
    return " ".join(e.value for e in at.error)


@pytest.mark.parametrize(
    ("lang", "title", "field", "wrong", "name_refused"),
    [
        (
            "ru",
            "Войти в класс",
            "Код для входа",
            "нет занятия с кодом 'ZZZZZZ': проверьте его (до ожидания остались 4 попытки)",
            "сначала введите имя",
        ),
        (
            "zh",
            "加入课堂",
            "加入码",
            "没有加入码为 'ZZZZZZ' 的课堂：请检查（还可以再试 4 次，之后需要等待）",
            "请先输入显示名称",
        ),
    ],
)
def test_the_join_form_and_its_refusals_speak_the_students_language(
    request, lang, title, field, wrong, name_refused
):
    code = request.getfixturevalue("made").code  # a live session (and its store)
    at = _join_page(lang)
    assert at.title[0].value == title
    assert at.text_input(key=K.code).label == field
    assert _refusal(at, "ZZZZZZ", "Anna") == wrong
    assert _refusal(at, code, "") == name_refused


def test_the_join_page_has_the_language_menu(request):
    request.getfixturevalue("store")
    at = _join_page("en")
    assert at.title[0].value == "Join a class"
    at.menu_button(key="lang.menu").click("ru").run()
    assert at.title[0].value == "Войти в класс"
    assert at.query_params["lang"] == "ru"
