"""The "Practice & exams" page in a real browser: answer a quiz question by typing in the
asked node and clicking, see the score move, the figure a still of the question's step (no
step button on show from its first frame, its style sheet however late); leave practice and
step the tree canvas; the variants side by side, the keys going to the canvas last clicked;
open the exam tab from a share link.

Every check of the page waits for what it claims (``expect``); a one-shot read says which
earlier wait settled it."""

from __future__ import annotations

import re

import pytest

from gtl_dev.pages import rerun, wait_reported
from tests.browser.axe import assert_axe_clean
from tests.browser.helpers import (
    CANVAS,
    assert_no_exception,
    canvas,
    click_button,
    expect,
    next_frame,
    open_page,
    record_figure,
    screenshot,
)
from ui.common.keys import Variants

pytestmark = pytest.mark.browser

QUIZ = "practice?t=3,12,8,2,4,6,14,5,2&b=3"  # the textbook tree; the quiz is on by default
FIELD = f"{CANVAS} .ans-f input"  # the answer field in the asked node
NODES = "svg.tree g.n"  # a canvas's drawn nodes
# the tree canvas's style sheet, which Streamlit adds beside the canvas as a <link>
CANVAS_SHEET = re.compile(r"/_stcore/bidi-components/game-tree-lab\.tree_canvas/index\.css")

# Installed before the page's scripts: every tree canvas checked from its first frame on, on
# every change of the page (in the components' shadow roots too) and every animation frame.
# __gtlFirst: the class of the first canvas seen; __gtlChecks: the checks that saw a canvas;
# __gtlShown: what a person could see of the step controls (buttons, slider) at a check.
FIRST_FRAMES_JS = """(() => {
  const roots = [document];
  window.__gtlFirst = null; window.__gtlChecks = 0; window.__gtlShown = [];
  const seen = (el) => el.getClientRects().length > 0
    && el.checkVisibility({visibilityProperty: true, opacityProperty: true});
  const check = (when) => {
    for (const root of roots) {
      for (const c of root.querySelectorAll(".gtl-canvas")) {
        window.__gtlFirst ??= c.className;
        window.__gtlChecks++;
        for (const b of c.querySelectorAll(".bar .steps button, .slider")) {
          if (seen(b)) window.__gtlShown.push(`${when}: ${b.className} of "${c.className}"`);
        }
      }
    }
  };
  const watch = new MutationObserver(() => check("change"));
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    roots.push(root);
    watch.observe(root, {subtree: true, childList: true, attributes: true});
    return root;
  };
  watch.observe(document, {subtree: true, childList: true, attributes: true});
  const frame = () => { check("frame"); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();"""


def canvas_at(page, step: int, i: int = 0) -> None:
    """Wait until tree canvas ``i`` shows ``step`` (its ``data-step``)."""
    expect(canvas(page, i)).to_have_attribute("data-step", str(step))


def test_answer_a_quiz_question_by_typing_in_the_node(page, base_url):
    # The textbook tree: the first question asks for beta at B after leaf 1 (3) returns.
    seconds = open_page(page, base_url, QUIZ)
    record_figure("navigation to drawn page: practice", seconds)
    assert_no_exception(page)
    expect(page.get_by_text("What is beta at B now?")).to_be_visible()
    box = page.locator(FIELD)
    expect(box).to_have_count(1)  # the canvas's modules load beside the run (asset_dir)
    expect(box).to_have_attribute("data-id", "1")  # B's field
    expect(box).to_have_attribute("inputmode", "numeric")
    expect(canvas(page).locator(".ans-f .ans-l")).to_have_text("β")
    box.fill("7")  # wrong
    with rerun(page):
        canvas(page).locator(".ans-check").click()
    assert_no_exception(page)
    expect(page.get_by_text("Not quite")).to_be_visible()
    expect(canvas(page).locator(".ans-f.bad")).to_have_count(1)  # marked on the node
    expect(page.locator(FIELD)).to_have_value("7")  # the field keeps it
    assert_axe_clean(page, "practice, a quiz question answered wrong")  # the states above
    page.locator(FIELD).fill("3")  # right: beta = min(+inf, 3)
    expect(canvas(page).locator(".ans-f.bad")).to_have_count(0)  # edited: the mark goes
    with rerun(page):
        page.locator(FIELD).press("Enter")
    assert_no_exception(page)
    expect(page.get_by_text("Right: best = 3")).to_be_visible()
    # the first answer counts: 0 right, 1 wrong, and the quiz moved on
    expect(page.get_by_text("1 ✗ wrong")).to_be_visible()
    expect(page.get_by_text("1 of 21 asked")).to_be_visible()
    expect(page.locator(FIELD)).to_have_count(0)  # the answered step: no field
    screenshot(page, "practice_quiz")


def test_the_quiz_figure_is_a_still_from_its_first_frame(page, base_url):
    """A busy server may send the canvas's style sheet after the canvas has drawn (Streamlit
    adds it as a <link> and runs the canvas's code without waiting for it): unstyled, the
    still's step buttons were on show and working (issue 38). The sheet is held back here
    until the canvas is on the page, so that moment is always there to look at."""
    held, released = [], []

    def hold(route) -> None:  # held until released, then let through
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route(CANVAS_SHEET, hold)
    page.add_init_script(FIRST_FRAMES_JS)
    open_page(page, base_url, QUIZ)
    still = canvas(page)
    expect(still).to_have_class(re.compile(r"\bstill\b"))  # built, its sheet held back
    expect(still).to_be_hidden()  # unseen (and untouchable) while unstyled
    next_frame(page)  # frames drawn with the sheet held back
    released.append(True)
    for route in held:
        route.continue_()
    expect(still.locator(NODES).first).to_be_visible()  # styled, shown
    next_frame(page)
    # the waits above saw the sheet arrive and the still shown: the record is complete
    assert page.evaluate("window.__gtlChecks") > 0, "no check saw the canvas"
    assert "still" in page.evaluate("window.__gtlFirst").split()  # a still when first seen
    shown = page.evaluate("window.__gtlShown")
    assert not shown, f"a step control was on show at {len(shown)} checks: {shown[:3]}"
    expect(still.locator(".b-next")).to_be_hidden()


def test_the_quiz_figure_takes_no_step_and_leaving_gives_the_canvas_back(page, base_url):
    open_page(page, base_url, QUIZ)
    still = canvas(page)
    expect(still.locator(NODES).first).to_be_visible()  # drawn and styled
    expect(still).to_have_class(re.compile(r"\bstill\b"))
    expect(still.locator(".b-next")).to_be_hidden()  # no way past the open question
    # the node asked about is ringed (the ring waits off the figure, at -999, otherwise)
    expect(still.locator("g.ask")).to_have_attribute("transform", re.compile(r"^translate\("))
    expect(still.locator("g.ask")).not_to_have_attribute("transform", re.compile("-999"))
    k = int(still.get_attribute("data-step"))  # a still's step is fixed when it is built
    assert k > 0
    expect(still.locator(".sentence")).to_contain_text(f"Step {k} of")
    page.keyboard.press("End")
    # A step key acts within press() (a keydown listener, no timer): a still, which takes
    # no keys, would have moved by now.
    canvas_at(page, k)
    expect(still.locator(".sentence")).to_contain_text(f"Step {k} of")
    click_button(page, "practice.quiz.leave")
    free = canvas(page)
    expect(free).not_to_have_class(re.compile(r"\bstill\b"))
    expect(free.locator(".b-next")).to_be_visible()
    canvas_at(page, k)  # the canvas is back at the quiz's step
    page.locator("h1").first.click()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    canvas_at(page, k + 3)
    assert_no_exception(page)


def test_variants_side_by_side_keys_go_to_the_canvas_last_clicked(page, base_url):
    open_page(page, base_url, f"{QUIZ}&tab=Variants+side+by+side")
    expect(page.locator(CANVAS)).to_have_count(2)
    for i in (0, 1):
        expect(canvas(page, i).locator(NODES).first).to_be_visible()
        canvas_at(page, 0, i)
    page.locator("h1").first.click()
    page.keyboard.press("ArrowRight")  # nothing clicked yet: the first canvas answers
    canvas_at(page, 1, 0)
    canvas_at(page, 0, 1)
    canvas(page, 1).locator(".sentence").click()  # now the right one
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    canvas_at(page, 4, 1)
    canvas_at(page, 1, 0)
    expect(canvas(page, 1).locator(".code .cl.on")).to_have_count(1)  # its line is lit
    canvas(page, 0).locator(".b-next").click()  # a click on the left one takes the keys back
    page.keyboard.press("ArrowRight")
    canvas_at(page, 3, 0)
    canvas_at(page, 4, 1)
    left, right = (Variants.canvas(side).widget for side in Variants.SIDES)
    wait_reported(page, 4, key=right)  # the steps are reported (debounced)
    wait_reported(page, 3, key=left)
    with rerun(page):  # another variant on the right: its step stays
        page.locator(".st-key-practice-variants-pick-right").click()
        page.get_by_role("option").filter(has_text="Negamax").click()
    expect(canvas(page, 1).locator(".code")).to_contain_text("negamax", ignore_case=True)
    canvas_at(page, 4, 1)
    canvas_at(page, 3, 0)
    screenshot(page, "practice_variants")
    assert_no_exception(page)


def test_exam_tab_from_a_link_shows_the_sheet(page, base_url):
    open_page(page, base_url, "practice?tab=Exam+sheets&seed=11&n=2&eb=2&ed=3")
    assert_no_exception(page)
    expect(page.locator('[data-testid="stImage"] img').first).to_be_visible()
    expect(page.locator('[data-testid="stDownloadButton"]')).to_have_count(4)
    # the PDF is rendered when clicked (deferred): it must arrive and be a PDF
    with page.expect_download(timeout=60_000) as info:
        page.locator(".st-key-practice-exam-dl-0 button").click()
    download = info.value
    assert download.suggested_filename == "alphabeta-sheet-11.pdf"
    with open(download.path(), "rb") as f:
        assert f.read(4) == b"%PDF"
    screenshot(page, "practice_exam")
