"""The language menu on a phone (issue 20 made it a menu button, a lighter control than the
select box it was): its list opens with a tap, each language is a tap target of at least
44x44 CSS px (WCAG 2.5.5, as every other control on a phone: issue 21), and a tap on one
changes the page's language in place."""

from __future__ import annotations

import re

import pytest

from gtl_dev.pages import PHONE, steady_box
from tests.browser.helpers import expect, open_page
from tests.browser.layout_checks import TOUCH_PX
from ui.common.keys import Lang, css

pytestmark = pytest.mark.browser


def test_on_a_phone_the_menus_languages_are_44_px_tap_targets(screen, base_url):
    with screen(**PHONE) as page:
        open_page(page, base_url, "chase", 90_000)
        page.locator(css(Lang.menu)).get_by_role("button", name="English").locator(
            "visible=true"
        ).tap()
        items = page.get_by_role("menuitem")
        expect(items).to_have_text(["English", "中文", "Русский"])
        steady_box(items.last, hold_ms=100)  # the list opened and at rest, not mid-way
        for i in range(3):
            box = items.nth(i).bounding_box()
            # half a pixel for rounding, as the layout walk has it (layout_checks.py)
            assert min(box["height"], box["width"]) >= TOUCH_PX - 0.5, (i, box)
        items.nth(2).tap()
        # the page now speaks Russian: the menu names its language, the link keeps it
        menu = page.locator(css(Lang.menu)).get_by_role("button").locator("visible=true")
        expect(menu).to_contain_text("Русский")
        expect(page).to_have_url(re.compile(r"[?&]lang=ru(&|$)"))
