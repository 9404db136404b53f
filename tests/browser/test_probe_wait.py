"""The window probe (ui.common.projector) tells the server a projector-shaped window only once
the page's elements have their code: on a first visit (an empty cache, a slow network) a
widget whose code had not arrived had not told the frontend its value, the probe's report
reran the page without it, and the server forgot the value. The alpha-beta lab then opened on
a projector with its leaves box empty and branching 2 under the statement sample's tree (1 of
3 first visits to a fresh server at 853x480)."""

from __future__ import annotations

import time

import pytest

from gtl_dev.pages import open_url, wait_idle
from tests.browser.helpers import CANVAS_DRAWN, assert_no_exception, expect
from ui.common.keys import View, css

pytestmark = pytest.mark.browser

PROJECTOR = {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5}
LATE = ("TextArea", "NumberInput")  # Streamlit's code for the leaves box and branching
LATE_S = 2.5


def test_a_projector_keeps_the_leaves_and_branching_while_their_code_is_slow(browser, base_url):
    context = browser.new_context(**PROJECTOR)
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        delayed: set[str] = set()

        def late(route) -> None:  # noqa: ANN001 - the two widgets' code comes late
            names = [name for name in LATE if name in route.request.url]
            if names:
                delayed.update(names)
                time.sleep(LATE_S)  # a slow network, on purpose: not a wait for the page
            route.continue_()

        page.route("**/static/js/*.js", late)
        open_url(page, f"{base_url}/alphabeta", 90_000)
        page.wait_for_selector(CANVAS_DRAWN)
        # the probe's report: the short window turned projector mode on (a rerun)
        expect(page.locator(f"{css(View.toggle)} input")).to_be_checked()
        wait_idle(page, 60_000)
        expect(page.locator("textarea").first).to_have_value("3, 12, 8, 2, 4, 6, 14, 5, 2")
        expect(page.locator('input[type="number"]').first).to_have_value("3")
        assert_no_exception(page)
        assert delayed == set(LATE), f"only {delayed} came late: the test proved nothing"
    finally:
        context.close()
