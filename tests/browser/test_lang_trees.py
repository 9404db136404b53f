"""The tree labs in Chinese and Russian on a phone and a zoomed projector (issue 24): the tree
canvas draws the payload's words (its buttons, counter, sentence head and legend in the
page's language) and the layout walk finds no cut control text, no covered or small tap
target and no sideways scroll."""

from __future__ import annotations

import pytest

from tests.browser.helpers import canvas, expect, expect_value
from tests.browser.test_languages import SIZES, walk_translated

pytestmark = pytest.mark.browser

PAGES = {"alphabeta": "alphabeta", "editor": "tree"}
# words of the canvas in each language (viz/canvas_ui.py's, as the catalogues translate them)
WORDS = {
    "ru": {"title": "следующий шаг (Right)", "head": "Шаг 0 из ", "leaf": "лист"},
    "zh": {"title": "下一步 (Right)", "head": "第 0 步，共 ", "leaf": "叶子"},
}

# Whether the title's two characters starting at ``word`` sit on one line (their boxes' tops).
_SAME_LINE_JS = """(word) => {
  const h = document.querySelector('h1'), node = [...h.querySelectorAll('*'), h]
    .flatMap((e) => [...e.childNodes]).find((n) => n.nodeType === 3 && n.data.includes(word));
  const at = node.data.indexOf(word), top = (i) => {
    const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
    return r.getBoundingClientRect().top; };
  return Math.abs(top(at) - top(at + 1)) < 2;
}"""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["ru", "zh"])
@pytest.mark.parametrize("name", list(PAGES))
def test_the_tree_labs_speak_the_language_and_keep_their_layout(screen, base_url, name, lang, size):
    words = WORDS[lang]

    def speaks(page) -> None:  # noqa: ANN001
        tree = canvas(page)
        expect(tree.locator(".b-next")).to_have_attribute("title", words["title"])
        if name == "alphabeta":  # the editor opens in edit mode: no step line
            expect(tree.locator(".s-step")).to_contain_text(words["head"])
        expect(tree.locator(".legend")).to_contain_text(words["leaf"])
        expect(page.locator("html")).to_have_attribute("lang", lang)
        if lang == "zh" and name == "alphabeta":  # its title breaks at a space, not in 剪枝
            expect(page.locator("h1").first).to_contain_text("剪枝")
            same_line = lambda: page.evaluate(_SAME_LINE_JS, "剪枝")  # noqa: E731
            expect_value(page, same_line, True, "the title breaks inside 剪枝")

    shot = f"lang_trees_{name}_{lang}_{size}"
    walk_translated(screen, base_url, PAGES[name], lang, size, shot, ready=speaks)
