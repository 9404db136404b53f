"""The board labs on a phone held sideways (844x390, touch): the layout walk finds every tap
target whole, uncovered and at least 44x44 CSS px, the board's squares among them (issue 21:
the chase's 8x8 board had 27 px squares, sized to the short window's height), and the page
does not scroll sideways; in edit and in play mode. The shots are for looking at."""

from __future__ import annotations

import pytest

from gtl_dev.pages import probe_settled, steady_box, wait_idle
from tests.browser.helpers import assert_no_exception, open_page, screenshot
from tests.browser.layout_checks import PHONE_SIDEWAYS, TOUCH_PX, layout_problems

pytestmark = pytest.mark.browser

SQUARE = '.gtl-board:not([data-mode="still"]) [role="gridcell"]'


@pytest.mark.parametrize("url", ["chase", "chase?mode=play", "pawn", "pawn?mode=play"])
def test_the_board_labs_walk_clean_on_a_phone_held_sideways(screen, base_url, url):
    with screen(**PHONE_SIDEWAYS) as page:
        open_page(page, base_url, url, timeout_ms=90_000)
        page.locator(SQUARE).first.wait_for()
        probe_settled(page)  # the window probe's report, and its run, if any
        wait_idle(page, 90_000)
        board = page.locator(".gtl-board").first
        steady_box(board)
        assert_no_exception(page)
        square = page.locator(SQUARE).first.bounding_box()  # the board at rest (steady_box)
        assert square and min(square["width"], square["height"]) >= TOUCH_PX - 0.5, square
        screenshot(page, f"sideways_{url.replace('?', '_').replace('=', '-')}", full_page=False)
        problems = layout_problems(page, touch=True)
        assert not any(problems.values()), f"{url}: {problems}"
