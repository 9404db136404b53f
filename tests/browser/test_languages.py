"""The pages in Chinese and Russian on the class's two screens (issue 24): Russian words are
long and Chinese lines are short, so the layout walk of the projector issue (no control text
cut, no tap target covered or under 44 px on a phone, no sideways scroll) runs on the
translated pages, and the menu changes the language of the page in place."""

from __future__ import annotations

import pytest

from gtl_dev.pages import wait_idle
from tests.browser.helpers import assert_no_exception, expect, open_page, screenshot
from tests.browser.layout_checks import layout_problems
from ui.common.keys import Lang, css

pytestmark = pytest.mark.browser

SIZES = {  # name -> context options
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 3,
        "has_touch": True,
    },
    "zoomed": {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5},
}
# the pages translated so far (README, Languages)
PAGES = {"home": "", "exam": "practice?tab=Exam+sheets", "join": "classroom"}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["ru", "zh"])
@pytest.mark.parametrize("name", list(PAGES))
def test_translated_pages_keep_their_layout(browser, base_url, name, lang, size):
    context = browser.new_context(**SIZES[size])
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        path = PAGES[name]
        open_page(page, base_url, path + ("&" if "?" in path else "?") + f"lang={lang}", 90_000)
        wait_idle(page, 90_000)
        assert_no_exception(page)
        screenshot(page, f"lang_{name}_{lang}_{size}", full_page=False)
        problems = layout_problems(page, touch=size == "phone")
        assert not any(problems.values()), f"{name} in {lang} at {size}: {problems}"
    finally:
        context.close()


def test_the_menu_changes_the_language_in_place_and_the_link_keeps_it(page, base_url):
    open_page(page, base_url, "")
    expect(page.get_by_role("heading", name="The four problems")).to_be_visible()
    page.locator(css(Lang.menu)).get_by_role("button", name="English").click()
    page.get_by_role("menuitem", name="Русский").click()
    expect(page.get_by_role("heading", name="Четыре задачи")).to_be_visible()
    expect(page).to_have_url(f"{base_url}/?lang=ru")
