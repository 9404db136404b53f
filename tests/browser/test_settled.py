"""gtl_dev.pages.settled, the benchmarks' "settled" figure: the moment a page's main area
last moved. A page whose element grows late (a widget whose code arrives after the run's
end) is settled at that growth, not at its first drawing; a move outside the main area,
or a page that never moves again, does not push it later."""

from __future__ import annotations

import pytest

from gtl_dev.pages import MOVED_JS, settled

pytestmark = pytest.mark.browser

PAGE = """<div data-testid="stMain">
  <div data-testid="stElementContainer" id="head" style="height: 40px">head</div>
  <div data-testid="stElementContainer">below</div>
</div><div id="aside" style="height: 10px">aside</div>"""

# grows the head at 400 ms (the main area moves) and the aside at 900 ms (it does not);
# window.__grown: when the head grew, in the page's clock
GROW = """() => {
  setTimeout(() => { document.getElementById("head").style.height = "72px";
                     window.__grown = performance.now(); }, 400);
  setTimeout(() => { document.getElementById("aside").style.height = "300px"; }, 900);
}"""


def test_settled_is_the_main_areas_last_move(page):
    page.set_content(PAGE)
    page.evaluate(MOVED_JS)
    page.evaluate(GROW)
    at = settled(page, hold_ms=1200) * 1000
    grown = page.evaluate("window.__grown")
    assert grown is not None
    # the frame that saw the head's new height: at or after it grew, not the aside's change
    assert grown <= at < grown + 400, (grown, at)
