"""The "Practice & exams" page in a real browser: answer a quiz question by typing and
clicking, see the score move; open the exam tab from a share link."""

from __future__ import annotations

import pytest

from tests.browser.helpers import (
    assert_no_exception,
    open_page,
    record_figure,
    rerun,
    screenshot,
)

pytestmark = pytest.mark.browser

ANSWER = ".st-key-practice-quiz-answer"


def test_answer_a_quiz_question_by_typing(page, base_url):
    # The textbook tree: the first question asks for beta at B after leaf 1 (3) returns.
    seconds = open_page(page, base_url, "practice?t=3,12,8,2,4,6,14,5,2&b=3")
    record_figure("navigation to drawn page: practice", seconds)
    assert_no_exception(page)
    assert page.get_by_text("What is beta at B now?").is_visible()
    box = page.locator(f"{ANSWER} input")
    box.fill("7")  # wrong
    with rerun(page):
        page.locator(f"{ANSWER} button").click()
    assert_no_exception(page)
    assert page.get_by_text("Not quite").is_visible()
    page.locator(f"{ANSWER} input").fill("3")  # right: beta = min(+inf, 3)
    with rerun(page):
        page.locator(f"{ANSWER} input").press("Enter")
    assert_no_exception(page)
    assert page.get_by_text("Right: best = 3").is_visible()
    # the first answer counts: 0 right, 1 wrong, and the quiz moved on
    assert page.get_by_text("1 ✗ wrong").is_visible()
    assert page.get_by_text("1 of 21 asked").is_visible()
    screenshot(page, "practice_quiz")


def test_exam_tab_from_a_link_shows_the_sheet(page, base_url):
    open_page(page, base_url, "practice?tab=Exam+sheets&seed=11&n=2&eb=2&ed=3")
    assert_no_exception(page)
    img = page.locator('[data-testid="stImage"] img').first
    img.wait_for(state="visible")
    assert page.locator('[data-testid="stDownloadButton"]').count() == 4
    # the PDF is rendered when clicked (deferred): it must arrive and be a PDF
    with page.expect_download(timeout=60_000) as info:
        page.locator(".st-key-practice-exam-dl-0 button").click()
    download = info.value
    assert download.suggested_filename == "alphabeta-sheet-11.pdf"
    with open(download.path(), "rb") as f:
        assert f.read(4) == b"%PDF"
    screenshot(page, "practice_exam")
