"""Real-browser tests of the two tree labs: clicks on the figure, stepping, share links,
screenshots at the statement sample's cut and of a practice question, and timing figures
(recorded, never asserted)."""

from __future__ import annotations

import pytest
from strategies import first_cut_step

from engine.tree import complete_tree
from engine.tree_text import parse_brackets
from teach.quiz import KINDS, QuizState
from tests.browser.helpers import (
    CHART,
    assert_no_exception,
    assert_share_link_restores,
    click_button,
    click_plotly_point,
    median_of_clicks,
    open_page,
    record_figure,
    rerun,
    screenshot,
)
from ui.tree import tree_lab as tl

pytestmark = pytest.mark.browser

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]
RN = "((3 12 8) (2 4 6) (14 5 2))"
STEP = '[data-testid="stMarkdownContainer"] h5'


def sentence(page) -> str:
    return page.locator(STEP).first.inner_text()


def cut_step() -> int:
    k = first_cut_step(tl.make_lab(complete_tree(SAMPLE, 3)).run)
    assert k is not None
    return k


def test_alphabeta_steps_to_the_cut(page, base_url):
    seconds = open_page(page, base_url, "alphabeta")
    record_figure("alphabeta: first drawn figure", seconds)
    assert_no_exception(page)
    assert "MAX can force 3; alpha-beta looked at 7 of 9 leaves" in page.inner_text("body")
    seen = [sentence(page)]
    for _ in range(cut_step()):
        click_button(page, "ab.next")
        seen.append(sentence(page))
    assert len(set(seen)) == len(seen), "every step has its own sentence"
    assert "4 and 6 are pruned" in seen[-1]
    page.locator(CHART).first.scroll_into_view_if_needed()
    screenshot(page, "alphabeta_cut")
    click_button(page, "ab.prev")
    assert sentence(page) == seen[-2]
    # Left/Right keys step too.
    page.locator("h1").first.click()
    with rerun(page):
        page.keyboard.press("ArrowRight")
    assert sentence(page) == seen[-1]
    record_figure(
        "alphabeta: next step, median of 10",
        median_of_clicks(lambda: click_button(page, "ab.next")),
    )
    assert_no_exception(page)


def test_alphabeta_share_link_restores_the_tree(page, browser, base_url):
    open_page(page, base_url, "alphabeta")
    with rerun(page):
        page.locator(".st-key-ab-leaves textarea").fill("5 6 7 4")
        page.locator(".st-key-ab-b input").fill("2")
        page.locator(".st-key-ab-b input").press("Enter")
    for _ in range(3):
        click_button(page, "ab.next")
    assert "[5, 4]" in page.inner_text("body")
    here = sentence(page)
    url = page.url
    assert "k=3" in url

    def check(other):
        assert "[5, 4]" in other.inner_text("body")
        assert sentence(other) == here

    assert_share_link_restores(browser, url, check)


def test_editor_click_selects_a_node_and_steps(page, browser, base_url):
    seconds = open_page(page, base_url, "tree")
    record_figure("tree editor: first drawn figure", seconds)
    assert_no_exception(page)
    assert "Value +1" in page.inner_text("body")
    # At step 0 every node is in one trace, in preorder: point 2 is the first leaf (-1).
    click_plotly_point(page, 2)
    assert_no_exception(page)
    # leaves are numbered left to right (teach.explain.node_name): the first leaf, value -1
    assert page.locator(".st-key-ed-sel input").input_value() == "leaf 1 (node 3)"
    with rerun(page):
        page.locator(".st-key-ed-value input").fill("1")
        page.locator(".st-key-ed-value input").press("Enter")
    click_button(page, "ed.set")
    assert "((1 1) (1 1))" in page.inner_text("body")
    first = sentence(page)
    click_button(page, "ed.first")
    click_button(page, "ed.next")
    assert sentence(page) != first
    url = page.url

    def check(other):
        assert "((1 1) (1 1))" in other.inner_text("body")

    assert_share_link_restores(browser, url, check)
    record_figure(
        "tree editor: next step, median of 10",
        median_of_clicks(lambda: click_button(page, "ed.next")),
    )


def test_editor_at_the_statement_cut(page, base_url):
    tree = parse_brackets(RN)
    k = first_cut_step(tl.make_lab(tree).run)
    open_page(page, base_url, f"tree?t={tl.encode_tree(tree)}&k={k}")
    assert_no_exception(page)
    assert "4 and 6 are pruned" in sentence(page)
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
    body = page.inner_text("body")
    assert first.prompt in body and f"Step {first.step} of" in sentence(page)
    for key in ("ab-next", "ab-last", "ab-slider"):  # no way past the open question
        assert page.locator(f".st-key-{key}").count() == 0
    with rerun(page):
        page.locator(".st-key-ab-quiz-answer input").fill(first.answer_text)
        page.get_by_role("button", name="Check").click()
    assert_no_exception(page)
    body = page.inner_text("body")
    assert "1** ✓" in body or "1 ✓ right" in body
    assert first.explanation in body and f"Step {first.step + 1} of" in sentence(page)
    click_button(page, "ab.quiz.next")
    assert second.prompt in page.inner_text("body")
    page.locator(CHART).first.scroll_into_view_if_needed()
    screenshot(page, "alphabeta_practice")
    click_button(page, "ab.quiz.leave")
    assert page.locator(".st-key-ab-next button:visible").count() == 1
    assert f"Step {second.step} of" in sentence(page)
