"""A first visit fetches the tree canvas's two files, each once (issue 20).

The canvas's modules came in waves (index.js, then the 19 modules it imports; index.css, then
its 13 sheets), each file a request to the Python server while the page's run went on. They
are now bundled into one module and one sheet (scripts/build_js.mjs), and a page that will
draw a canvas has its window probe (its first element) import the module while the run goes
on (ui.common.canvas.canvas_files). Read from the browser's resource timing with an empty
cache (a new context). A page that draws no canvas fetches neither.

A lab's link connects at its first try: Streamlit's frontend first asked for the server's
health under the page's own path (``/alphabeta/_stcore/health``, a 404), waited 100 ms, then
asked at the root; the document now names the server's address (ui.common.page_base), behind
a prefix too. And a visit asks nothing of another host (the tab's icon is the app's file).
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from gtl_dev.pages import open_url
from tests.browser.helpers import CANVAS_DRAWN, VIEWPORT, streamlit_server
from ui.common.canvas import NAME

pytestmark = pytest.mark.browser

FILES_JS = """(name) => performance.getEntriesByType("resource")
    .filter((e) => e.name.includes("/_stcore/bidi-components/" + name + "/"))
    .map((e) => [e.name.split("/" + name + "/")[1], e.startTime, e.responseEnd])"""


HEALTH_JS = """() => performance.getEntriesByType("resource")
    .filter((e) => e.name.includes("/_stcore/health") || e.name.includes("/_stcore/host-config"))
    .map((e) => [new URL(e.name).pathname, e.responseStatus])"""


def _visit(browser, url: str, drawn: str | None, read: str = FILES_JS) -> list[list]:
    ctx = browser.new_context(viewport=VIEWPORT)  # an empty cache
    try:
        page = ctx.new_page()
        open_url(page, url, timeout_ms=120_000)
        if drawn:
            page.wait_for_selector(drawn, timeout=120_000)
        page.wait_for_load_state("networkidle", timeout=120_000)
        return page.evaluate(read, NAME)
    finally:
        ctx.close()


def test_the_canvas_files_are_asked_for_at_once_and_once(browser, base_url):
    files = _visit(browser, f"{base_url}/alphabeta", CANVAS_DRAWN)
    names = [f for f, _, _ in files]
    assert len(names) == len(set(names)), sorted(names)  # each fetched once
    assert sorted(names) == ["index.css", "index.js"]  # the bundle, no module of its own


def test_a_page_with_no_canvas_fetches_none_of_its_files(browser, base_url):
    assert _visit(browser, f"{base_url}/chase", None) == []


@pytest.mark.parametrize("prefix", ["", "gtl"], ids=["root", "under a prefix"])
def test_a_labs_link_connects_at_its_first_try(browser, base_url, prefix):
    if prefix:
        with streamlit_server(base_path=prefix) as url:
            asked = _visit(browser, f"{url}/chase", None, HEALTH_JS)
    else:
        asked = _visit(browser, f"{base_url}/alphabeta", CANVAS_DRAWN, HEALTH_JS)
    root = f"/{prefix}/" if prefix else "/"
    # once each, at the server's address, answered: no try under the page's own path
    assert sorted(asked) == [[f"{root}_stcore/health", 200], [f"{root}_stcore/host-config", 200]]


@pytest.mark.parametrize("path", ["", "alphabeta", "chase"], ids=["home", "alphabeta", "chase"])
def test_a_visit_asks_nothing_of_another_host(browser, base_url, path):
    """Everything a page loads comes from the app's server: a school's room offline has it
    all, and no visitor's address goes elsewhere (the tab's icon was fetched from
    fonts.gstatic.com)."""
    ctx = browser.new_context(viewport=VIEWPORT)
    try:
        page = ctx.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        open_url(page, f"{base_url}/{path}", timeout_ms=120_000)
        page.wait_for_load_state("networkidle", timeout=120_000)
        icon = page.evaluate("""() => [...document.querySelectorAll("link[rel~='icon']")]
            .map((link) => link.href)""")
    finally:
        ctx.close()
    site = urlsplit(base_url).netloc
    assert icon and all(urlsplit(href).netloc == site for href in icon), icon
    # blob: and data: URLs are the page's own memory, not a request to a host
    sent = [url for url in asked if urlsplit(url).scheme in ("http", "https", "ws", "wss")]
    assert sent and [url for url in sent if urlsplit(url).netloc != site] == []
