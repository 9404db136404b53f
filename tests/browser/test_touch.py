"""The student's phone and the room's projector (issue 21), in chromium: the defects found
there, each checked the way a person meets it.

- Phone (390x844, touch, device scale factor 3), the whole-tree exercise: a tap on D's answer
  field focuses the field and marks no edge; every field and edge button of the sheet is
  44x44 CSS px at least and nothing is drawn over any of them.
- Phone, the step quiz: the question, the field or buttons that answer it and the asked node
  are on one screen; turning practice on leaves the switch where it was.
- Projector (853x480 at 1.5, desk view: the sidebar open), Practice & exams: "Leave
  practice", "Reveal" and "Skip" are whole.
- Projector (1280x720 at 1.5): the sidebar, closed by projector mode, stays closed while the
  canvas steps and the page reruns.

Screenshots go to artifacts/screenshots/touch_*.png.
"""

from __future__ import annotations

from contextlib import ExitStack

import pytest

from gtl_dev.pages import PHONE, quiet_for, rerun, steady_box, wait_idle, wait_reported
from tests.browser.helpers import CANVAS, expect, open_page, screenshot
from tests.browser.layout_checks import clipped_controls, tap_targets
from ui.common.keys import AlphaBeta, Practice, css

pytestmark = pytest.mark.browser

ZOOMED = {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5}
PROJECTOR = {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1.5}
SIDEBAR = '[data-testid="stSidebar"]'
HEADER = '[data-testid="stHeader"]'
_SIDEBAR_OPEN_JS = """() => { const bar = document.querySelector('[data-testid="stSidebar"]');
  return !!bar && bar.getBoundingClientRect().right > 2; }"""


@pytest.fixture
def context_of(screen):
    """A new page on the screen the given options make (the session's context for that
    screen, conftest's ``screen``); closed after the test."""
    with ExitStack() as pages:
        yield lambda options: pages.enter_context(screen(**options))


def _in_canvas(page, fn: str):
    return page.locator(CANVAS).first.evaluate(fn)


def test_phone_exercise_a_tap_on_a_field_types_and_no_target_is_covered(context_of, base_url):
    page = context_of(PHONE)
    open_page(page, base_url, "practice?tab=Whole-tree+exercise", timeout_ms=90_000)
    quiet_for(page, 500)
    field = page.locator(f'{CANVAS} .ans-f input[aria-label="value of D"]')
    field.scroll_into_view_if_needed()
    box = steady_box(field)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(field).to_be_focused()
    # no edge marked by the tap (the tap's handlers have run once the field has the focus)
    expect(page.locator(f"{CANVAS} g.ae.cut")).to_have_count(0)
    screenshot(page, "touch_exercise_phone", full_page=False)
    sheet = tap_targets(page, touch=True)
    mine = ("ans-", "b-", '"value of', '"edge ')
    covered = [t for t in sheet["covered"] if any(m in t["target"] for m in mine)]
    small = [t for t in sheet["small"] if any(m in t["target"] for m in mine)]
    assert not covered, covered
    assert not small, small


def _page_top(page, selector: str) -> float:
    """The element's top in the page (not the window): its place whatever the scroll."""
    return page.locator(selector).first.evaluate(
        """(el) => el.getBoundingClientRect().top
                   + document.querySelector('[data-testid="stMain"]').scrollTop"""
    )


_ONE_SCREEN_JS = """([prompt, answer]) => {
  const main = document.querySelector('[data-testid="stMain"]');
  const header = document.querySelector('[data-testid="stHeader"]').getBoundingClientRect().bottom;
  const top = document.querySelector(prompt);
  main.scrollTop += top.getBoundingClientRect().top - header - 4;  // the question at the top
  const host = document.querySelector('.gtl-canvas') ? document : null;
  const inCanvas = (sel) => { for (const el of document.querySelectorAll('*')) {
      const hit = el.shadowRoot && el.shadowRoot.querySelector(sel); if (hit) return hit; }
    return document.querySelector(sel); };
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const ask = inCanvas('g.ask circle');
  const ans = inCanvas(answer) || document.querySelector(answer);
  return {vh: window.innerHeight, header, prompt: box(top), ask: ask && box(ask), answer: ans && box(ans)};
}"""


def test_phone_step_quiz_question_answer_and_node_on_one_screen(context_of, base_url):
    page = context_of(PHONE)
    lab = AlphaBeta.lab.quiz
    open_page(page, base_url, "alphabeta?k=0", timeout_ms=90_000)
    quiet_for(page, 500)
    switch = f"{css(lab.on)} label"
    before = _page_top(page, switch)
    with rerun(page):
        page.locator(switch).click()
    page.locator(f"{CANVAS} g.ask").first.wait_for(state="attached")
    prompt = '[data-testid="stMain"] h3'
    # the still is laid out once more after the quiz's run (fitted to its box): read the
    # boxes once the asked node and the switch have stopped moving (settled)
    steady_box(page.locator(f"{CANVAS} g.ask").first)
    steady_box(page.locator(switch).first, hold_ms=150)
    after = _page_top(page, switch)
    assert abs(after - before) <= 2, f"the practice switch moved from {before} to {after} px"
    fit = page.evaluate(_ONE_SCREEN_JS, [prompt, ".ans-f input"])
    screenshot(page, "touch_quiz_phone", full_page=False)
    assert fit["ask"] and fit["answer"], fit
    for part in ("prompt", "ask", "answer"):
        r = fit[part]
        assert r["top"] >= fit["header"] - 1 and r["bottom"] <= fit["vh"] + 1, (part, fit)


def test_projector_practice_leave_practice_is_whole(context_of, base_url):
    page = context_of(ZOOMED)
    open_page(page, base_url, "practice?view=desk", timeout_ms=90_000)
    quiet_for(page, 700)
    button = page.locator(f"{css(Practice.quiz.leave)} button")
    expect(button).to_be_visible()
    steady_box(button, hold_ms=150)  # the layout measured below is settled
    cut = clipped_controls(page)
    screenshot(page, "touch_practice_zoomed", full_page=False)
    assert not cut, cut


def test_projector_sidebar_stays_closed_while_the_canvas_steps(context_of, base_url):
    page = context_of(PROJECTOR)
    open_page(page, base_url, "alphabeta", timeout_ms=90_000)
    quiet_for(page, 700)
    page.locator(f"{CANVAS}.projector").first.wait_for()
    steady_box(page.locator(SIDEBAR))
    assert not page.evaluate(_SIDEBAR_OPEN_JS), "projector mode did not close the sidebar"
    nxt = page.locator(f"{CANVAS} .b-next").first
    for k in range(1, 6):  # each step is reported (debounced): a rerun after each
        nxt.click()
        wait_reported(page, k)
        quiet_for(page, 400)
        steady_box(page.locator(SIDEBAR), hold_ms=300)
        assert not page.evaluate(_SIDEBAR_OPEN_JS), f"the sidebar opened after step {k}"
    wait_idle(page)
    screenshot(page, "touch_projector_stepped", full_page=False)
