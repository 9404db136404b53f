"""The class pages in the layout walk (issue 21): the join form, a student's page with a
question open, and the teacher's projector view with a question open and after the reveal,
at the four sizes of tests/browser/test_projector.py (a desk, the projector at 1280x720 at
1.5, the same projector zoomed to 150 % as 853x480 at 1.5, a phone at 390x844 by touch).
On each: no control text cut, no tap target covered (44x44 CSS px on the phone), no
sideways scroll (tests/browser/layout_checks.py). One class session serves every size: a
student joins at each size and the teacher's view is opened at each size from the teacher's
cookie. Screenshots go to artifacts/screenshots/class_<page>_<size>.png."""

from __future__ import annotations

import json

import pytest

from gtl_dev.class_flow import (
    Sqlite,
    answer,
    choices,
    class_server,
    click,
    join,
    start_from_lab,
    wait_text,
)
from gtl_dev.pages import open_url, quiet_for
from tests.browser.helpers import assert_no_exception, expect, screenshot
from tests.browser.layout_checks import layout_problems
from tests.browser.test_projector import SIZES
from ui.common.keys import Classroom as K
from ui.common.keys import css

pytestmark = pytest.mark.browser

CLASS_SIZES = ["desk", "projector", "zoomed", "phone"]


def _context(browser, size: str):  # noqa: ANN001, ANN202
    viewport, scale, _ = SIZES[size]
    ctx = browser.new_context(
        viewport=viewport, device_scale_factor=scale, has_touch=size == "phone"
    )
    ctx.set_default_timeout(60_000)
    return ctx


def _walk(page, what: str, size: str, found: dict) -> None:  # noqa: ANN001
    quiet_for(page, 700)  # the window probe's report, if any, and the bell's reruns
    assert_no_exception(page)
    screenshot(page, f"class_{what}_{size}", full_page=False)
    problems = {k: v for k, v in layout_problems(page, touch=size == "phone").items() if v}
    if problems:
        found[f"{what} at {size}"] = problems


def test_the_class_pages_fit_every_screen(browser):
    db = Sqlite()
    server = class_server(db.env).start()
    contexts = []
    try:
        tctx = _context(browser, "projector")
        contexts.append(tctx)
        teacher = tctx.new_page()
        code = start_from_lab(teacher, server.url)
        cookies = tctx.cookies()

        found: dict[str, dict] = {}
        students = {}
        for size in CLASS_SIZES:
            ctx = _context(browser, size)
            contexts.append(ctx)
            student = ctx.new_page()
            open_url(student, f"{server.url}/classroom?join={code}", 90_000)
            student.locator(".st-key-class-name input").wait_for()
            _walk(student, "join", size, found)
            join(student, server.url, code, f"Student {size}")
            students[size] = student
        wait_text(teacher, f"{len(CLASS_SIZES)} students joined")

        click(teacher, "class.ask")
        for size, student in students.items():
            wait_text(student, "Question 1")
            choices(student)
            _walk(student, "student_question", size, found)
        answer(students["desk"], choices(students["desk"])[0])

        views = {}
        for size in CLASS_SIZES:
            ctx = _context(browser, size)
            contexts.append(ctx)
            ctx.add_cookies(cookies)  # the teacher's token: the teacher's view opens
            view = ctx.new_page()
            open_url(view, f"{server.url}/classroom?room={code}", 90_000)
            wait_text(view, "1 of 4 students answered")
            _walk(view, "teacher_question", size, found)
            views[size] = view

        click(teacher, "class.reveal")
        for size, view in views.items():
            wait_text(view, "Answer:")
            _walk(view, "teacher_revealed", size, found)
            # the results: a card per student on the phone, a table's rows at the desk; the
            # same <table> with its column names either way (what a screen reader reads)
            table = view.locator(f"{css(K.results)} table")
            row = table.locator("tbody tr").first
            want = {"phone": "block", "desk": "table-row"}.get(size)  # else: its column's width
            if want is None:
                row.wait_for()
            else:
                expect(row).to_have_css("display", want)
            expect(table.locator("thead th").first).to_have_text("name", use_inner_text=True)
        screenshot(views["phone"], "class_teacher_revealed_phone_full")
        assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
