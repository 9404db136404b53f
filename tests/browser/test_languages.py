"""The pages in Chinese and Russian on the class's two screens (issue 24): Russian words are
long and Chinese lines are short, so the layout walk of the projector issue (no control text
cut, no tap target covered or under 44 px on a phone, no sideways scroll) runs on the
translated pages, and the menu changes the language of the page in place."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from gtl_dev.pages import probe_settled, wait_idle
from tests.browser.helpers import assert_no_exception, expect, open_page, screenshot
from tests.browser.layout_checks import layout_problems
from ui.common.keys import Lang, View, css

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.browser

SIZES = {  # name -> context options
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 3,
        "has_touch": True,
    },
    "zoomed": {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5},
}
# The layout walks of the translated pages: Russian, whose words are the longest, on both
# screens; Chinese, whose lines are short, on the phone, its narrowest (its words at 853x480
# are checked by test_lang_steps and test_lang_trees), to keep make test under 20 minutes.
LAYOUT_CASES = [("ru", "phone"), ("ru", "zoomed"), ("zh", "phone")]
# the pages translated so far (README, Languages)
PAGES = {"home": "", "exam": "practice?tab=Exam+sheets", "join": "classroom"}


def walk_translated(
    screen: Callable,
    base_url: str,
    path: str,
    lang: str,
    size: str,
    shot: str,
    ready: Callable[[Page], None] | None = None,
) -> None:
    """Open ``path`` in ``lang`` on the screen ``size`` (a new page in the session's context
    for that screen, conftest's ``screen``), let ``ready`` wait for and check what the page
    must show, wait until it is still (on a page with the projector switch, until the window
    probe's report, if any, is run: a short window turns projector mode on), take the screenshot ``shot`` and assert the layout walk
    finds nothing. The translated pages' walks (this module's, test_lang_trees,
    test_lang_boards, test_lang_practice)."""
    with screen(**SIZES[size]) as page:
        open_page(page, base_url, path + ("&" if "?" in path else "?") + f"lang={lang}", 90_000)
        if ready is not None:
            ready(page)
        # a page with the projector switch (its run is over: open_page; the probe is drawn)
        if page.locator(css(View.probe)).count():
            probe_settled(page)  # its layout once the probe's report (853x480: projector) is run
        wait_idle(page, 90_000)
        assert_no_exception(page)
        screenshot(page, shot, full_page=False)
        problems = layout_problems(page, touch=size == "phone")
        assert not any(problems.values()), f"/{path} in {lang} at {size}: {problems}"


@pytest.mark.parametrize("lang, size", LAYOUT_CASES)
@pytest.mark.parametrize("name", list(PAGES))
def test_translated_pages_keep_their_layout(screen, base_url, name, lang, size):
    walk_translated(screen, base_url, PAGES[name], lang, size, f"lang_{name}_{lang}_{size}")


def test_the_menu_changes_the_language_in_place_and_the_link_keeps_it(page, base_url):
    open_page(page, base_url, "")
    expect(page.get_by_role("heading", name="The four problems")).to_be_visible()
    html = page.locator("html")
    expect(html).to_have_attribute("lang", "en")
    page.locator(css(Lang.menu)).get_by_role("button", name="English").click()
    page.get_by_role("menuitem", name="Русский").click()
    expect(page.get_by_role("heading", name="Четыре задачи")).to_be_visible()
    expect(page).to_have_url(f"{base_url}/?lang=ru")
    # the document says its language (WCAG 3.1.1): a screen reader reads it with that voice
    expect(html).to_have_attribute("lang", "ru")
