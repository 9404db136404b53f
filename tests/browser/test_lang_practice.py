"""The Practice page's tabs in Chinese and Russian on a phone and a projector (issue 24): the
layout walk (no control text cut, no tap target covered or under 44 px on a phone, no
sideways scroll) on the quiz, the exercise and the variants; the exam tab is
tests/browser/test_languages.py's. A tab tapped in Russian writes its English value to the
link."""

from __future__ import annotations

import pytest

from tests.browser.helpers import expect_query, open_page
from tests.browser.test_languages import LAYOUT_CASES, walk_translated

pytestmark = pytest.mark.browser

# The sidebar closed: on a phone by its width, at 853x480 by the projector view a short
# window starts in (its slide is over before the walk reads a box).
_SIDEBAR_GONE_JS = """() => { const bar = document.querySelector('[data-testid="stSidebar"]');
  return !bar || bar.getBoundingClientRect().right <= 0; }"""
TABS = {
    "quiz": "practice",
    "exercise": "practice?tab=Whole-tree+exercise",
    "variants": "practice?tab=Variants+side+by+side",
}


@pytest.mark.parametrize("lang, size", LAYOUT_CASES)
@pytest.mark.parametrize("tab", list(TABS))
def test_the_practice_tabs_keep_their_layout(screen, base_url, tab, lang, size):
    def sidebar_gone(page) -> None:  # noqa: ANN001
        page.wait_for_function(_SIDEBAR_GONE_JS, timeout=30_000)

    path, shot = TABS[tab], f"lang_practice_{tab}_{lang}_{size}"
    walk_translated(screen, base_url, path, lang, size, shot, ready=sidebar_gone)


def test_a_tab_tapped_in_russian_writes_its_english_value_to_the_link(page, base_url):
    open_page(page, base_url, "practice?lang=ru", 90_000)
    page.get_by_role("tab", name="Варианты рядом").click()
    expect_query(page, "tab", "Variants side by side")
    page.get_by_role("tab", name="Опрос по шагам").click()
    expect_query(page, "tab", None)
