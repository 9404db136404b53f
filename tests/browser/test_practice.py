"""The "Practice & exams" page in a real browser: answer a quiz question by typing in the
asked node and clicking, see the score move, the figure a still of the question's step; leave practice and
step the tree canvas; the variants side by side, the keys going to the canvas last clicked;
open the exam tab from a share link."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from gtl_dev.pages import rerun, wait_reported
from tests.browser.axe import assert_axe_clean
from tests.browser.helpers import (
    CANVAS,
    CANVAS_DRAWN,
    assert_no_exception,
    canvas,
    canvas_sentence,
    canvas_step,
    click_button,
    open_page,
    record_figure,
    screenshot,
)
from ui.common.keys import Variants

pytestmark = pytest.mark.browser

FIELD = f"{CANVAS} .ans-f input"  # the answer field in the asked node


def test_answer_a_quiz_question_by_typing_in_the_node(page, base_url):
    # The textbook tree: the first question asks for beta at B after leaf 1 (3) returns.
    seconds = open_page(page, base_url, "practice?t=3,12,8,2,4,6,14,5,2&b=3")
    record_figure("navigation to drawn page: practice", seconds)
    assert_no_exception(page)
    assert page.get_by_text("What is beta at B now?").is_visible()
    box = page.locator(FIELD)
    expect(box).to_have_count(1)  # the canvas's modules load beside the run (asset_dir)
    assert box.get_attribute("data-id") == "1"  # B's field
    assert box.get_attribute("inputmode") == "numeric"
    assert canvas(page).locator(".ans-f .ans-l").inner_text() == "β"
    box.fill("7")  # wrong
    with rerun(page):
        canvas(page).locator(".ans-check").click()
    assert_no_exception(page)
    assert page.get_by_text("Not quite").is_visible()
    assert canvas(page).locator(".ans-f.bad").count() == 1  # marked on the node
    assert page.locator(FIELD).input_value() == "7"  # the field keeps it
    assert_axe_clean(page, "practice, a quiz question answered wrong")
    page.locator(FIELD).fill("3")  # right: beta = min(+inf, 3)
    assert canvas(page).locator(".ans-f.bad").count() == 0  # edited: the mark goes
    with rerun(page):
        page.locator(FIELD).press("Enter")
    assert_no_exception(page)
    assert page.get_by_text("Right: best = 3").is_visible()
    # the first answer counts: 0 right, 1 wrong, and the quiz moved on
    assert page.get_by_text("1 ✗ wrong").is_visible()
    assert page.get_by_text("1 of 21 asked").is_visible()
    assert page.locator(FIELD).count() == 0  # the answered step: no field
    screenshot(page, "practice_quiz")


def test_the_quiz_figure_is_a_still_and_leaving_gives_the_canvas_back(page, base_url):
    open_page(page, base_url, "practice?t=3,12,8,2,4,6,14,5,2&b=3")
    page.wait_for_selector(CANVAS_DRAWN)
    still = canvas(page)
    assert not still.locator(".b-next").is_visible()  # no way past the open question
    ask = still.locator("g.ask").get_attribute("transform")
    assert ask and "-999" not in ask  # the node asked about is ringed
    k = canvas_step(page)
    page.keyboard.press("End")
    assert canvas_step(page) == k and f"Step {k} of" in canvas_sentence(page)
    click_button(page, "practice.quiz.leave")
    page.locator(f"{CANVAS} .b-next:visible").wait_for()
    page.locator("h1").first.click()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert canvas_step(page) == k + 3
    assert_no_exception(page)


def test_variants_side_by_side_keys_go_to_the_canvas_last_clicked(page, base_url):
    open_page(page, base_url, "practice?t=3,12,8,2,4,6,14,5,2&b=3&tab=Variants+side+by+side")
    page.wait_for_selector(CANVAS_DRAWN)
    assert page.locator(CANVAS).count() == 2
    page.locator("h1").first.click()
    page.keyboard.press("ArrowRight")  # nothing clicked yet: the first canvas answers
    assert (canvas_step(page, 0), canvas_step(page, 1)) == (1, 0)
    canvas(page, 1).locator(".sentence").click()  # now the right one
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert (canvas_step(page, 0), canvas_step(page, 1)) == (1, 4)
    assert canvas(page, 1).locator(".code .cl.on").count() == 1  # its line is highlighted
    canvas(page, 0).locator(".b-next").click()  # a click on the left one takes the keys back
    page.keyboard.press("ArrowRight")
    assert (canvas_step(page, 0), canvas_step(page, 1)) == (3, 4)
    left, right = (Variants.canvas(side).widget for side in Variants.SIDES)
    wait_reported(page, 4, key=right)  # the steps are reported (debounced)
    wait_reported(page, 3, key=left)
    with rerun(page):  # another variant on the right: its step stays
        page.locator(".st-key-practice-variants-pick-right").click()
        page.get_by_role("option").filter(has_text="Negamax").click()
    page.locator(f"{CANVAS} .code").nth(1).filter(has_text="negamax").wait_for()
    assert canvas_step(page, 1) == 4 and canvas_step(page, 0) == 3
    screenshot(page, "practice_variants")
    assert_no_exception(page)


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
