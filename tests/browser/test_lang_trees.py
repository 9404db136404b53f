"""The tree labs in Chinese and Russian on a phone and a zoomed projector (issue 24): the tree
canvas draws the payload's words (its buttons, counter, sentence head and legend in the
page's language) and the layout walk finds no cut control text, no covered or small tap
target and no sideways scroll."""

from __future__ import annotations

import pytest

from gtl_dev.pages import wait_idle
from tests.browser.helpers import assert_no_exception, canvas, expect, open_page, screenshot
from tests.browser.layout_checks import layout_problems
from tests.browser.test_languages import SIZES

pytestmark = pytest.mark.browser

PAGES = {"alphabeta": "alphabeta", "editor": "tree"}
# words of the canvas in each language (viz/canvas_ui.py's, as the catalogues translate them)
WORDS = {
    "ru": {"title": "следующий шаг (Right)", "head": "Шаг 0 из ", "leaf": "лист"},
    "zh": {"title": "下一步 (Right)", "head": "第 0 步，共 ", "leaf": "叶子"},
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["ru", "zh"])
@pytest.mark.parametrize("name", list(PAGES))
def test_the_tree_labs_speak_the_language_and_keep_their_layout(
    browser, base_url, name, lang, size
):
    context = browser.new_context(**SIZES[size])
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        open_page(page, base_url, f"{PAGES[name]}?lang={lang}", 90_000)
        wait_idle(page, 90_000)
        assert_no_exception(page)
        tree = canvas(page)
        words = WORDS[lang]
        expect(tree.locator(".b-next")).to_have_attribute("title", words["title"])
        if name == "alphabeta":  # the editor opens in edit mode: no step line
            expect(tree.locator(".s-step")).to_contain_text(words["head"])
        expect(tree.locator(".legend")).to_contain_text(words["leaf"])
        screenshot(page, f"lang_trees_{name}_{lang}_{size}", full_page=False)
        problems = layout_problems(page, touch=size == "phone")
        assert not any(problems.values()), f"{name} in {lang} at {size}: {problems}"
    finally:
        context.close()
