"""A first visit fetches the tree canvas's two files, each once (issue 20).

The canvas's modules came in waves (index.js, then the 19 modules it imports; index.css, then
its 13 sheets), each file a request to the Python server while the page's run went on. They
are now bundled into one module and one sheet (scripts/build_js.mjs), and a page that will
draw a canvas has its window probe (its first element) import the module while the run goes
on (ui.common.canvas.canvas_files). Read from the browser's resource timing with an empty
cache (a new context). A page that draws no canvas fetches neither.
"""

from __future__ import annotations

import pytest

from gtl_dev.pages import open_url
from tests.browser.helpers import CANVAS_DRAWN, VIEWPORT
from ui.common.canvas import NAME

pytestmark = pytest.mark.browser

FILES_JS = """(name) => performance.getEntriesByType("resource")
    .filter((e) => e.name.includes("/_stcore/bidi-components/" + name + "/"))
    .map((e) => [e.name.split("/" + name + "/")[1], e.startTime, e.responseEnd])"""


def _visit(browser, url: str, drawn: str | None) -> list[list]:
    ctx = browser.new_context(viewport=VIEWPORT)  # an empty cache
    try:
        page = ctx.new_page()
        open_url(page, url, timeout_ms=120_000)
        if drawn:
            page.wait_for_selector(drawn, timeout=120_000)
        page.wait_for_load_state("networkidle", timeout=120_000)
        return page.evaluate(FILES_JS, NAME)
    finally:
        ctx.close()


def test_the_canvas_files_are_asked_for_at_once_and_once(browser, base_url):
    files = _visit(browser, f"{base_url}/alphabeta", CANVAS_DRAWN)
    names = [f for f, _, _ in files]
    assert len(names) == len(set(names)), sorted(names)  # each fetched once
    assert sorted(names) == ["index.css", "index.js"]  # the bundle, no module of its own


def test_a_page_with_no_canvas_fetches_none_of_its_files(browser, base_url):
    assert _visit(browser, f"{base_url}/chase", None) == []
