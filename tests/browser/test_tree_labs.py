"""Real-browser tests of the two tree labs: clicks on the figure, stepping, share links,
screenshots at the statement sample's cut and of a practice question, and timing figures
(recorded, never asserted)."""

from __future__ import annotations

import re

import pytest

from engine.tree import complete_tree
from engine.tree_text import parse_brackets
from gtl_dev.pages import rerun
from teach.quiz import KINDS, QuizState
from tests.browser.helpers import (
    CANVAS,
    CANVAS_DRAWN,
    assert_no_exception,
    assert_share_link_restores,
    canvas,
    canvas_next,
    canvas_sentence,
    click_button,
    expect,
    expect_query,
    expect_sentence,
    expect_step,
    expect_value,
    export_text,
    median_of_clicks,
    open_page,
    record_figure,
    screenshot,
)
from tests.strategies import first_cut_step
from ui.tree import tree_lab as tl

pytestmark = pytest.mark.browser

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]
RN = "((3 12 8) (2 4 6) (14 5 2))"


def _body(page):
    return page.locator("body")


def _sentence(page):
    return canvas(page).locator(".sentence")


def _has_export(page, text: str) -> None:
    """Wait until the editor's export text has ``text`` (the run that makes it may follow
    the one awaited)."""
    expect_value(page, lambda: export_text(page), lambda t: text in t, "export text")


def cut_step() -> int:
    k = first_cut_step(tl.make_lab(complete_tree(SAMPLE, 3)).run)
    assert k is not None
    return k


def test_alphabeta_steps_to_the_cut(page, base_url):
    seconds = open_page(page, base_url, "alphabeta")
    page.wait_for_selector(f"{CANVAS} svg.tree g.n")
    record_figure("alphabeta: first drawn figure", seconds)
    assert_no_exception(page)
    text = "MAX can force 3; alpha-beta looked at 7 of 9 leaves"
    expect(_body(page)).to_contain_text(text, use_inner_text=True)
    # each sentence read once its step is drawn: a step is drawn in one go (expect_step)
    expect_step(page, 0)
    seen = [canvas_sentence(page)]
    cut = cut_step()
    for k in range(1, cut + 1):
        page.locator(f"{CANVAS} .b-next").click()
        expect_step(page, k)
        seen.append(canvas_sentence(page))
    assert len(set(seen)) == len(seen) == cut + 1, "every step has its own sentence"
    assert "4 and 6 are pruned" in seen[-1]
    page.locator(CANVAS).scroll_into_view_if_needed()
    screenshot(page, "alphabeta_cut")
    page.locator(f"{CANVAS} .b-prev").click()
    expect_step(page, cut - 1)
    assert canvas_sentence(page) == seen[-2]  # settled with the step
    # Left/Right keys step too.
    page.locator("h1").first.click()
    page.keyboard.press("ArrowRight")
    expect_step(page, cut)
    assert canvas_sentence(page) == seen[-1]  # settled with the step
    record_figure("alphabeta: next step, median of 10", median_of_clicks(lambda: canvas_next(page)))
    assert_no_exception(page)


def test_alphabeta_share_link_restores_the_tree(page, browser, base_url):
    open_page(page, base_url, "alphabeta")
    with rerun(page):
        page.locator(".st-key-ab-leaves textarea").fill("5 6 7 4")
        page.locator(".st-key-ab-b input").fill("2")
        page.locator(".st-key-ab-b input").press("Enter")
    n = len(tl.make_lab(complete_tree([5, 6, 7, 4], 2)).run.events)
    # The canvas takes the new run once its module has run again (after the script's run).
    page.locator(f"{CANVAS} .counter").filter(has_text=f"step 0 of {n}").wait_for()
    for _ in range(3):
        page.locator(f"{CANVAS} .b-next").click()
    expect_step(page, 3)
    expect(_body(page)).to_contain_text("[5, 4]", use_inner_text=True)
    here = canvas_sentence(page)  # settled with the step
    expect_query(page, "k", "3")  # the canvas writes ?k= at most every 120 ms
    url = page.evaluate("window.location.href")

    def check(other):
        other.wait_for_selector(f"{CANVAS} svg.tree g.n")
        expect(_body(other)).to_contain_text("[5, 4]", use_inner_text=True)
        expect_step(other, 3)
        expect_sentence(other, here)

    assert_share_link_restores(browser, url, check)


def test_editor_click_selects_a_node_and_steps(page, browser, base_url):
    seconds = open_page(page, base_url, "tree")
    page.wait_for_selector(CANVAS_DRAWN)
    record_figure("tree editor: first drawn figure", seconds)
    assert_no_exception(page)
    expect(_body(page)).to_contain_text("Value +1", use_inner_text=True)
    expect_step(page, 0)
    # a click on a node selects it, in the browser (the edit plugin): the first leaf, node 3
    page.locator(f'{CANVAS} g.n[data-id="2"]').click()
    expect(page.locator(f"{CANVAS} .ed-msg")).to_contain_text("Selected: leaf 1 (value -1)")
    ring = page.locator(f"{CANVAS} svg.tree circle.sel")
    # the selected node is ringed
    expect_value(page, lambda: float(ring.get_attribute("cx")), lambda x: x > 0, "ring's cx")
    # selecting is not stepping: the click's handler has run (its message is shown)
    expect_step(page, 0)
    with rerun(page):  # type a value, Enter: one edit, one rerun
        page.keyboard.press("1")
        page.keyboard.press("Enter")
    _has_export(page, "L 2 +1\nL 2 +1")
    n = len(tl.make_lab(parse_brackets("((1 1) (1 1))")).run.events)
    page.locator(f"{CANVAS} .ed-m-step").click()  # step the search: it starts at step 0
    page.locator(f"{CANVAS} .counter").filter(has_text=f"step 0 of {n}").wait_for()
    first = canvas_sentence(page)  # drawn with the counter (one render)
    canvas_next(page)
    expect_step(page, 1)
    assert canvas_sentence(page) != first  # settled with the step
    expect_query(page, "k", "1")  # the canvas writes ?k= at most every 120 ms
    url = page.evaluate("window.location.href")

    def check(other):
        other.wait_for_selector(CANVAS_DRAWN)
        _has_export(other, "L 2 +1\nL 2 +1")
        expect_step(other, 1)
        # a link at a step of the search opens stepping it
        expect(canvas(other)).to_have_class(re.compile(r"(^|\s)ed-stepping(\s|$)"))

    assert_share_link_restores(browser, url, check)
    record_figure(
        "tree editor: next step, median of 10", median_of_clicks(lambda: canvas_next(page))
    )


def test_editor_at_the_statement_cut(page, base_url):
    tree = parse_brackets(RN)
    k = first_cut_step(tl.make_lab(tree).run)
    open_page(page, base_url, f"tree?t={tl.encode_tree(tree)}&k={k}")
    page.wait_for_selector(CANVAS_DRAWN)
    assert_no_exception(page)
    expect_step(page, k)
    expect(_sentence(page)).to_contain_text("4 and 6 are pruned")
    screenshot(page, "tree_editor_cut")


def test_alphabeta_practice_answers_a_question(page, base_url):
    lab = tl.make_lab(complete_tree(SAMPLE, 3))
    quiz = QuizState.start(lab.run, KINDS)
    first, second = quiz.questions[:2]
    assert first.kind != "prune"  # a typed answer
    open_page(page, base_url, "alphabeta")
    with rerun(page):
        page.locator(".st-key-ab-quiz-on label").first.click()
    assert_no_exception(page)
    page.wait_for_selector(CANVAS_DRAWN)
    expect(_body(page)).to_contain_text(first.prompt, use_inner_text=True)
    # the canvas takes the question's still from the run's data (its modules may still be
    # applying it when the page is idle): wait for it rather than read it once
    expect(page.locator(f"{CANVAS} .sentence").first).to_contain_text(f"Step {first.step} of")
    for control in (".b-next", ".b-last", ".slider"):  # no way past the open question
        expect(page.locator(f"{CANVAS} {control}")).to_be_hidden()
    page.keyboard.press("End")  # nor by the keys
    # a negative read once: press() returns once the page has handled the key (CDP's
    # dispatchKeyEvent), and End's handler steps at once (no timer), so a step would show now
    expect_step(page, first.step)
    assert f"Step {first.step} of" in canvas_sentence(page)
    field = page.locator(f'{CANVAS} .ans-f input[data-id="{first.node}"]')  # in the node
    with rerun(page):
        field.fill(first.answer_text)
        page.locator(f"{CANVAS} .ans-check").click()
    assert_no_exception(page)
    # the score is drawn by the run the answer asked for, which may follow the one awaited
    # (a fresh clone under load read the page a run early): wait for it, then read the page
    page.wait_for_function(
        "() => ['1** ✓', '1 ✓ right'].some((s) => document.body.innerText.includes(s))"
    )
    expect(_body(page)).to_contain_text(first.explanation, use_inner_text=True)
    page.locator(f"{CANVAS} .sentence").filter(has_text=f"Step {first.step + 1} of").wait_for()
    click_button(page, "ab.quiz.next")
    expect(_body(page)).to_contain_text(second.prompt, use_inner_text=True)
    page.locator(CANVAS).first.scroll_into_view_if_needed()
    screenshot(page, "alphabeta_practice")
    click_button(page, "ab.quiz.leave")
    page.wait_for_selector(f"{CANVAS} svg.tree g.n")
    expect(_sentence(page)).to_contain_text(f"Step {second.step} of")
