"""A class's first student meets a fresh server, and a server may restart mid-lesson.

- The first visit to a lab's URL on a fresh server shows the lab, not "Page not found", and
  runs the app's frame (app.py), not the page file alone.
- After a server restart the tab reloads from its link, so the first click counts.
"""

from __future__ import annotations

import re

import pytest

from gtl_dev.app_server import free_port
from gtl_dev.pages import APP, runs_of, wait_reported
from tests.browser.helpers import (
    CANVAS_DRAWN,
    VIEWPORT,
    assert_no_exception,
    canvas,
    canvas_next,
    expect,
    expect_query,
    open_page,
    streamlit_server,
)
from ui.common.registry import LABS, PRACTICE

pytestmark = pytest.mark.browser

RELOADED_S = 60


@pytest.mark.parametrize("spec", [*LABS, PRACTICE], ids=lambda s: s.url_path)
def test_the_first_visit_to_a_fresh_server_shows_the_page(browser, spec):
    with streamlit_server() as url:
        context = browser.new_context(viewport=VIEWPORT)
        try:
            page = context.new_page()
            open_page(page, url, spec.url_path, 90_000)  # a first visit: slow when loaded
            # the server's "Page not found" message comes before its run's end (the page
            # draws its notice from it, after the run): none came (the run's end waited for)
            assert runs_of(page).kinds["script_finished"] >= 1
            assert runs_of(page).kinds["page_not_found"] == 0
            expect(page.locator("body")).not_to_contain_text("Page not found")
            assert_no_exception(page)
            page.wait_for_function("() => window.__gtlReloadOnReconnect === true")  # app.py ran
            expect(page.get_by_role("heading", level=1).first).to_be_visible()
        finally:
            context.close()


def test_after_a_server_restart_the_first_click_counts(browser):
    port = free_port()
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        sentence = canvas(page).locator(".sentence")
        with streamlit_server(port) as url:
            open_page(page, url, "alphabeta", 90_000)
            page.wait_for_selector(CANVAS_DRAWN)
            canvas_next(page)
            canvas_next(page)
            expect(sentence).to_have_text(re.compile(r"^Step 2 "))
            expect_query(page, "k", "2")  # ?k=2 in the link
            wait_reported(page, 2)  # and the step reported
            page.evaluate("window.gtlOldWindow = true")
        # the tab notices the server is gone
        expect(page.locator(APP)).not_to_have_attribute("data-test-connection-state", "CONNECTED")
        with streamlit_server(port):
            # the tab reconnects by itself and reloads from its link (?k=2): a new window
            page.wait_for_function(
                "() => window.gtlOldWindow === undefined && window.__gtlReloadOnReconnect",
                timeout=RELOADED_S * 1000,
            )
            page.wait_for_selector(CANVAS_DRAWN)
            page.wait_for_selector('[data-testid="stApp"][data-test-script-state="notRunning"]')
            expect(sentence).to_have_text(re.compile(r"^Step 2 "))
            canvas(page).locator(".b-next").click()
            expect(sentence).to_have_text(re.compile(r"^Step 3 "))
            assert_no_exception(page)  # the page is idle (waited for above)
    finally:
        context.close()
