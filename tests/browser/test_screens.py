"""Screenshots of every page that shows a search tree on the tree canvas, at a desk
(1400x900), on a projector (1280x720 at 150 %) and on a phone (390x844): the page loads
cleanly, the tree is drawn, and nothing sticks out sideways (a wide tree scrolls inside the
canvas). The shots go to artifacts/screenshots/screen_<page>_<size>.png, to look at."""

from __future__ import annotations

import pytest

from engine.tree_text import parse_brackets
from tests.browser.helpers import (
    CANVAS,
    CANVAS_DRAWN,
    assert_no_exception,
    open_page,
    rerun,
    screenshot,
)
from ui.tree.tree_source import encode_tree

pytestmark = pytest.mark.browser

SIZES = {
    "desk": ({"width": 1400, "height": 900}, 1.0),
    "projector": ({"width": 1280, "height": 720}, 1.5),
    "phone": ({"width": 390, "height": 844}, 1.0),
}
TAB = "The search tree"
RN = "((3 12 8) (2 4 6) (14 5 2))"
PAGES = {  # name -> (url path, tab to open or None, steps to take)
    "alphabeta": ("alphabeta?k=9", None),
    "editor": (f"tree?t={encode_tree(parse_brackets(RN))}&k=9", None),
    "pawn_search": ("pawn?p=4x4w:pppp/..../..../PPPP", TAB),
    "chase_search": ("chase?c=6-1.1-5.4-w", TAB),
    "practice_quiz": ("practice?t=3,12,8,2,4,6,14,5,2&b=3", None),
    "practice_exercise": ("practice?t=3,12,8,2,4,6,14,5,2&b=3&tab=Whole-tree+exercise", None),
    "practice_variants": ("practice?t=3,12,8,2,4,6,14,5,2&b=3&tab=Variants+side+by+side", None),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(PAGES))
def test_every_tree_page_reads_at_every_size(browser, base_url, name, size):
    viewport, scale = SIZES[size]
    context = browser.new_context(viewport=viewport, device_scale_factor=scale)
    try:
        page = context.new_page()
        path, tab = PAGES[name]
        open_page(page, base_url, path)
        if tab:
            with rerun(page):
                page.get_by_role("tab", name=tab).click()
        # the tree, or the follow view of a search too big to read whole (the pawn start)
        page.wait_for_selector(f"{CANVAS_DRAWN}, {CANVAS} .follow .f-row", timeout=60_000)
        page.wait_for_timeout(300)
        assert_no_exception(page)
        for box in page.locator(CANVAS).all():  # the canvas fits the page's width
            b = box.bounding_box()
            assert b and b["x"] >= 0 and b["x"] + b["width"] <= viewport["width"] + 1, (name, b)
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= viewport["width"] + 1, f"{name} scrolls sideways at {size}: {wide} px"
        page.locator(CANVAS).first.scroll_into_view_if_needed()
        screenshot(page, f"screen_{name}_{size}", full_page=False)
    finally:
        context.close()
