"""Class mode in Russian and Chinese on the class's screens (issue 24): a student's page on a
phone (touch) with a pruning question open, whose two answers are the longest Russian
buttons of the page, then with its verdict; the teacher's projector view (853x480 at 1.5,
the projector zoomed to 150 %) after the reveal, with the answer, the bars and the results.
The layout walk (tests/browser/layout_checks.py): no control text cut, no tap target
covered or small, no sideways scroll. The class is made in the server's database directly
(classroom.live, as the pages would): the pages are opened from their links."""

from __future__ import annotations

import json
import re

import pytest

from classroom import access, live, student_state
from classroom.db import open_store
from engine.tree_text import parse_brackets
from gtl_dev.class_flow import CHOICE, Sqlite, class_server, wait_text
from gtl_dev.pages import open_url, quiet_for
from teach.quiz import PRUNE
from tests.browser.helpers import assert_no_exception, expect, screenshot
from tests.browser.layout_checks import layout_problems
from tests.browser.test_languages import SIZES
from ui.common.keys import Classroom as K
from ui.common.keys import css

pytestmark = pytest.mark.browser

TREE = "((3 12 8) (2 4 6) (14 5 2))"
WORDS = {  # lang -> (the yes button, its receipt, the teacher's "Answer:", a name, a verdict)
    "ru": (
        "Да, отсекается",
        "Ваш ответ: да, отсекается",
        "Ответ:",
        "Борис",
        "Верно:|На этот раз нет",
    ),
    "zh": ("是，被剪掉", "你的回答：是，被剪掉", "答案：", "安娜", "答对了：|这次没答对"),
}


@pytest.fixture(scope="module")
def server():  # one class server (an SQLite file) for the module
    db = Sqlite()
    made = class_server(db.env).start()
    try:
        yield made, db.url
    finally:
        made.stop()


def _context(browser, size: str):  # noqa: ANN001, ANN202
    ctx = browser.new_context(**SIZES[size])
    ctx.set_default_timeout(60_000)
    return ctx


def _walk(page, what: str, size: str, found: dict) -> None:  # noqa: ANN001
    quiet_for(page, 700)
    assert_no_exception(page)
    screenshot(page, f"lang_class_{what}_{size}", full_page=False)
    problems = {k: v for k, v in layout_problems(page, touch=size == "phone").items() if v}
    if problems:
        found[f"{what} at {size}"] = problems


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_the_class_pages_keep_their_layout_in_russian_and_chinese(browser, server, lang):
    srv, db_url = server
    yes, receipt, answer_word, name, verdict = WORDS[lang]
    store = open_store(db_url)
    try:
        made = live.create_session(store, parse_brackets(TREE), kinds=[PRUNE])
        student_token = access.join(store, made.code, name, f"test-{lang}").student_token
        live.open_question(store, made.teacher_token)
    finally:
        store.close()
    found: dict[str, dict] = {}
    contexts = []
    try:
        phone = _context(browser, "phone")
        contexts.append(phone)
        student = phone.new_page()
        open_url(student, f"{srv.url}/classroom?s={student_token}&lang={lang}", 90_000)
        yes_button = student.locator(CHOICE).first
        expect(yes_button).to_have_text(yes)
        _walk(student, f"student_question_{lang}", "phone", found)
        yes_button.tap()
        main = student.locator('[data-testid="stMain"]')  # the head is the still's (its shadow)
        main.filter(has_text=receipt).wait_for()  # the receipt, in the student's language
        store = open_store(db_url)
        try:  # stored before the page says so: settled
            assert student_state.student_view(store, student_token).my_answer == "yes, pruned"
            live.reveal(store, made.teacher_token)
        finally:
            store.close()
        zoomed = _context(browser, "zoomed")
        contexts.append(zoomed)
        view = zoomed.new_page()
        open_url(view, f"{srv.url}/classroom?t={made.teacher_token}&lang={lang}", 90_000)
        wait_text(view, answer_word)
        view.locator(f"{css(K.results)} table").wait_for()
        _walk(view, f"teacher_revealed_{lang}", "zoomed", found)
        open_url(student, f"{srv.url}/classroom?s={student_token}&lang={lang}", 90_000)
        main.filter(has_text=re.compile(verdict)).wait_for()
        _walk(student, f"student_revealed_{lang}", "phone", found)
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    finally:
        for ctx in contexts:
            ctx.close()
