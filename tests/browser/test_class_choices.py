"""The student's answer buttons are the still's (game_tree_lab/tree_canvas/plugins/student.js):
on a phone, by touch, the first tap on an answer stores it and the page says so, the tapped
button shows pressed, and a change of mind moves both; the page has no Streamlit button.
Screenshots: artifacts/screenshots/class_choices_<size>.png."""

from __future__ import annotations

import pytest

from classroom import access, live, student_state
from classroom.db import open_store
from engine.tree_text import parse_brackets
from gtl_dev.class_flow import CHOICE, Sqlite, choices, class_server, wait_text
from gtl_dev.pages import open_url, quiet_for, runs_of
from tests.browser.helpers import assert_no_exception, expect, screenshot
from tests.browser.layout_checks import layout_problems
from tests.browser.test_projector import SIZES

pytestmark = pytest.mark.browser

TREE = "((3 12 8) (2 4 6) (14 5 2))"


def _stored(db_url: str, token: str) -> str | None:
    store = open_store(db_url)
    try:
        return student_state.student_view(store, token).my_answer
    finally:
        store.close()


def _pressed(page):  # noqa: ANN001, ANN202
    """The buttons shown pressed (assert their words with ``expect(...).to_have_text``)."""
    return page.locator(f'{CHOICE}[aria-pressed="true"]')


@pytest.fixture(scope="module")
def class_db():
    """One class server (an SQLite file) for the module: (the server, the database's URL)."""
    db = Sqlite()
    server = class_server(db.env).start()
    try:
        yield server, db.url
    finally:
        server.stop()


def _joined(db_url: str, name: str):  # noqa: ANN202
    """A new class session on TREE and a student ``name`` in it: (session, token, store)."""
    store = open_store(db_url)
    made = live.create_session(store, parse_brackets(TREE), kinds=["value"])
    return made, access.join(store, made.code, name, f"test-{name}").student_token, store


def test_a_tap_on_a_phone_answers_and_a_second_tap_changes_the_answer(browser, class_db):
    server, db_url = class_db
    made, token, store = _joined(db_url, "Anna K.")
    try:
        live.open_question(store, made.teacher_token)
    finally:
        store.close()
    viewport, scale, _ = SIZES["phone"]
    ctx = browser.new_context(viewport=viewport, device_scale_factor=scale, has_touch=True)
    ctx.set_default_timeout(60_000)
    try:
        page = ctx.new_page()
        open_url(page, f"{server.url}/classroom?s={token}", 90_000)
        buttons = page.locator(CHOICE)
        words = choices(page)  # two at least, drawn in one go
        expect(_pressed(page)).to_have_count(0)
        # the page's run is over (open_url): it drew no Streamlit button
        expect(page.locator('[data-testid="stMain"] [data-testid="stButton"]')).to_have_count(0)
        for pick in (words[0], words[-1]):
            buttons.nth(words.index(pick)).tap()  # the first tap counts (no hover first)
            wait_text(page, f"Your answer: {pick}")
            assert _stored(db_url, token) == pick  # stored before the page says so: settled
            expect(buttons.nth(words.index(pick))).to_have_attribute("aria-pressed", "true")
            expect(_pressed(page)).to_have_text([pick])
        quiet_for(page, 700)
        assert_no_exception(page)
        screenshot(page, "class_choices_phone", full_page=False)
        problems = {k: v for k, v in layout_problems(page, touch=True).items() if v}
        assert not problems, problems
    finally:
        ctx.close()


def test_a_student_page_follows_its_class_with_no_script_run(browser, class_db):
    """The still follows the class over HTTP (ui.classroom.routes): the teacher's steps, a
    question asked, closed and revealed each show on the student's page while the page's
    websocket carries no script run; the end of the class, which the still cannot draw
    (the page around it changes), is one run."""
    server, db_url = class_db
    made, token, store = _joined(db_url, "Bea")
    try:
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
        ctx.set_default_timeout(60_000)
        page = ctx.new_page()
        open_url(page, f"{server.url}/classroom?s={token}", 90_000)
        wait_text(page, "Watch the tree")
        quiet_for(page, 700)
        runs = runs_of(page).finished
        t = made.teacher_token
        live.step_to(store, t, 3)  # the server's bell sees another process's change by its tick
        expect(page.locator(".gtl-canvas .s-step").first).to_contain_text("Step 3 ")
        q = live.open_question(store, t)
        wait_text(page, f"Question {q.number}")
        wait_text(page, "Tap your answer")
        live.close_question(store, t)
        wait_text(page, "Answers are closed")
        live.reveal(store, t)
        wait_text(page, "Not this time: the answer is")
        # no run so far (a run asked for meanwhile and not yet over is caught by the count
        # after the quiet period below: it would be one more)
        assert runs_of(page).finished == runs, "the page ran its script to follow the class"
        live.end_session(store, t)
        wait_text(page, "This class session has ended")
        quiet_for(page, 700)
        assert runs_of(page).finished == runs + 1  # the still asked for one run
        assert_no_exception(page)
        ctx.close()
    finally:
        store.close()
