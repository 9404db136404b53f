"""The tree fits its box on the projector and the phone (issue 21, defects 3, 5, 7, 8).

At the four sizes of a class (a phone 390x844 by touch at device scale factor 3, a 1280x720
projector at 150 % = 853x480 CSS px, 1280x720 at 1.5, a desk 1400x900), one visit to the
alpha-beta lab on the statement's sample, the page scrolled so that the canvas starts under
Streamlit's header (where a teacher puts it); then JS in the page walks every step:

- the step buttons are one row (on a projector and a desk the whole step bar is);
- a tree that fits is drawn whole: its drawing (edges, nodes, α/β boxes, the best line)
  lies inside its box and inside the window at every step; one that does not (the phone)
  says that it scrolls and keeps the current node inside its box at every step;
- on the projector the bar, the sentence and the figure share one screen at every step;
- "whole tree" fits the width and the height; the page never scrolls sideways.

At 853x480 the pawn search's follow view keeps the current node's row on screen as the
search moves, and its whole tree opens with the root (the current node) in its box.

Screenshots: artifacts/screenshots/fit_<page>_<size>.png.
"""

from __future__ import annotations

import pytest

from gtl_dev.pages import probe_settled, wait_idle
from tests.browser.helpers import (
    CANVAS,
    assert_no_exception,
    expect_step,
    expect_value,
    next_frame,
    open_page,
    screenshot,
    steady_box,
)

pytestmark = pytest.mark.browser

SIZES = {  # name -> browser context options
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 3,
        "is_mobile": True,
        "has_touch": True,
    },
    "zoomed": {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5},
    "projector": {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1.5},
    "desk": {"viewport": {"width": 1400, "height": 900}},
}

# The canvas's top under the header; then the drawing, the bar and the sentence measured at
# every step (the buttons clicked in the page: no rerun, a few ms a step).
_WALK_JS = """(el) => {
  const header = document.querySelector('[data-testid="stHeader"]');
  const head = header ? header.getBoundingClientRect().bottom : 0;
  el.scrollIntoView({block: 'start'});
  document.querySelector('[data-testid="stMain"]').scrollTop -= head;
  const R = (e) => { const r = e.getBoundingClientRect();
                     return {l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}; };
  const shown = (e) => e.getBoundingClientRect().width > 0;
  const oneRow = (els) => { const rs = els.filter(shown).map(R);
    return rs.length > 0 && Math.max(...rs.map((r) => r.t)) < Math.min(...rs.map((r) => r.b)); };
  const sc = el.querySelector('.scroll'), svg = el.querySelector('svg.tree');
  const drawing = () => {
    const parts = [...svg.querySelectorAll('g.edges, g.nodes, g.box')].filter((g) => g.style.display !== 'none');
    const pv = svg.querySelector('polyline.pv');
    if (pv.getAttribute('points')) parts.push(pv);
    const rs = parts.map(R).filter((r) => r.w > 0);
    return {l: Math.min(...rs.map((r) => r.l)), t: Math.min(...rs.map((r) => r.t)),
            r: Math.max(...rs.map((r) => r.r)), b: Math.max(...rs.map((r) => r.b))};
  };
  const inside = (a, box) => a.l >= box.l - 1 && a.t >= box.t - 1 && a.r <= box.r + 1 && a.b <= box.b + 1;
  const win = {l: 0, t: head, r: innerWidth, b: innerHeight};
  const n = Number(el.querySelector('.slider').max), bad = [];
  const STEP_BUTTONS = '.bar .b-first, .bar .b-prev, .bar .b-play, .bar .b-next, .bar .b-last, .bar .counter';
  el.querySelector('.b-first').click();
  for (let k = 0; k <= n; k++) {
    if (k) el.querySelector('.b-next').click();
    const box = R(sc), d = drawing(), ring = R(svg.querySelector('circle.ring'));
    const at = {k, box, d, scrolls: el.dataset.scrolls || ''};
    if (!oneRow([...el.querySelectorAll(STEP_BUTTONS)])) bad.push({...at, what: 'step buttons wrap'});
    const current = Number(svg.querySelector('circle.ring').getAttribute('cx')) > -999;
    if (at.scrolls) {
      if (current && !inside(ring, box)) bad.push({...at, ring, what: 'current node out of its box'});
      if (!shown(el.querySelector('.scroll-hint span'))) bad.push({...at, what: 'no sign that it scrolls'});
    } else {
      if (!inside(d, box)) bad.push({...at, what: 'drawing clipped by its box'});
      if (!inside(d, win)) bad.push({...at, win, what: 'drawing out of the window'});
    }
    if (document.documentElement.scrollWidth > innerWidth + 1) bad.push({k, what: 'page scrolls sideways'});
  }
  return {n, bad, scrolls: el.dataset.scrolls || '', head, vh: innerHeight,
          bar: R(el.querySelector('.bar')), sentence: R(el.querySelector('.sentence')),
          box: R(sc), barRow: oneRow([...el.querySelectorAll('.bar .steps, .bar .opts > *')])};
}"""

_WHOLE_JS = """(el) => {
  const z = el.querySelector('.zoom');
  z.value = 'fit';
  z.dispatchEvent(new Event('change'));
  const r = (e) => e.getBoundingClientRect();
  const sc = el.querySelector('.scroll'), svg = el.querySelector('svg.tree');
  return {sw: sc.scrollWidth, cw: sc.clientWidth, sh: sc.scrollHeight, ch: sc.clientHeight,
          svgH: r(svg).height, vh: innerHeight, scrolls: el.dataset.scrolls || ''};
}"""


@pytest.fixture
def sized(screen, request):
    """A new page on the test's screen (the session's context for that size, see conftest's
    ``screen``); yields (page, size name)."""
    with screen(**SIZES[request.param]) as page:
        yield page, request.param


# The sidebar, when it is open beside the page (projector mode closes it; a rerun may open it
# again now and then, which is issue 21's defect 6, not measured here): closed, as a teacher
# would, and slid away. Then the walks below are JS in the page, with no rerun.
_CLOSE_SIDEBAR_JS = """() => {
  const bar = document.querySelector('[data-testid="stSidebar"]');
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (bar && close && bar.getBoundingClientRect().right > 0) close.click();
}"""
_SIDEBAR_GONE_JS = """() => { const bar = document.querySelector('[data-testid="stSidebar"]');
  return !bar || bar.getBoundingClientRect().right <= 0; }"""


_TOP_JS = """(el) => {
  const header = document.querySelector('[data-testid="stHeader"]');
  el.scrollIntoView({block: 'start'});
  document.querySelector('[data-testid="stMain"]').scrollTop -= header ? header.getBoundingClientRect().bottom : 0;
}"""


def _shot(page, name: str) -> None:
    """A screenshot with the canvas under the header (a step's report reran the page)."""
    wait_idle(page, 90_000)
    page.evaluate(_CLOSE_SIDEBAR_JS)
    page.wait_for_function(_SIDEBAR_GONE_JS, timeout=15_000)
    page.locator(CANVAS).first.evaluate(_TOP_JS)
    next_frame(page)
    screenshot(page, name, full_page=False)


def _open(page, base_url, path: str, drawn: str) -> None:
    open_page(page, base_url, path, timeout_ms=90_000)
    probe_settled(page)  # the window probe's report, if any (projector mode), and its run
    wait_idle(page, 90_000)
    assert_no_exception(page)
    # settled: the probe's run is over (probe_settled), so projector mode is what it keeps
    if page.viewport_size["width"] < 1000 or page.locator(f"{CANVAS}.projector").count():
        page.evaluate(_CLOSE_SIDEBAR_JS)
        page.wait_for_function(_SIDEBAR_GONE_JS, timeout=15_000)
    page.locator(f"{CANVAS} {drawn}").first.wait_for()
    steady_box(page.locator(CANVAS).first)  # the layout done in the width it has


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_the_statement_sample_fits_at_every_step(sized, base_url):
    page, size = sized
    _open(page, base_url, "alphabeta", "svg.tree g.n")
    cv = page.locator(CANVAS).first
    walk = cv.evaluate(_WALK_JS)
    _shot(page, f"fit_alphabeta_{size}")
    assert walk["n"] > 20, walk
    assert not walk["bad"], [(b["k"], b["what"]) for b in walk["bad"]][:8]
    if size == "phone":  # 9 leaves are wider than a phone at a readable size
        assert walk["scrolls"] == "x", walk
    else:  # the whole bar is one row; nothing scrolls
        assert walk["barRow"] and not walk["scrolls"], walk
    if size in ("zoomed", "projector"):  # bar, sentence and figure on one screen
        for part in ("bar", "sentence", "box"):
            r = walk[part]
            assert r["t"] >= walk["head"] - 1 and r["b"] <= walk["vh"] + 1, (part, walk)
    whole = cv.evaluate(_WHOLE_JS)  # the size box's change redraws in its own task (core.js)
    assert whole["sw"] <= whole["cw"] + 1 and whole["sh"] <= whole["ch"] + 1, whole
    assert whole["svgH"] <= whole["vh"] and not whole["scrolls"], whole


_FOLLOW_JS = """(el) => {
  const header = document.querySelector('[data-testid="stHeader"]');
  const head = header ? header.getBoundingClientRect().bottom : 0;
  el.scrollIntoView({block: 'start'});
  document.querySelector('[data-testid="stMain"]').scrollTop -= head;
  const bad = [];
  for (let k = 1; k <= 80; k++) {
    el.querySelector(k % 8 ? '.b-next' : '.b-cut').click();  // now and then to the next cut-off
    const row = el.querySelector('.f-row.cur');
    const r = row && row.getBoundingClientRect();
    if (!r || r.top < head - 1 || r.bottom > innerHeight + 1) bad.push({k: el.dataset.step, row: r && [r.top, r.bottom]});
  }
  return {bad, head, vh: innerHeight, step: el.dataset.step};
}"""

_ROOT_JS = """(el) => {
  const sc = el.querySelector('.scroll').getBoundingClientRect();
  const root = [...el.querySelectorAll('svg.tree g.n')]  // the one node with no edge into it
      .find((g) => !el.querySelector(`svg.tree line[data-e="${g.dataset.i}"]`));
  const r = root.getBoundingClientRect(), rc = el.querySelector('circle.ring');
  const ring = Number(rc.getAttribute('cx')) > -999 ? rc.getBoundingClientRect() : r;  // step 0: none
  const inside = (a) => a.left >= Math.max(0, sc.left) - 1 && a.right <= Math.min(innerWidth, sc.right) + 1
      && a.top >= sc.top - 1 && a.bottom <= sc.bottom + 1;
  return {root: inside(r), ring: inside(ring), box: [sc.left, sc.right], at: [r.left, r.right],
          scrolls: el.dataset.scrolls || '', left: el.querySelector('.scroll').scrollLeft};
}"""


@pytest.mark.parametrize("sized", ["zoomed"], indirect=True)
def test_pawn_search_follows_the_current_node_and_its_whole_tree_opens_on_the_root(sized, base_url):
    page, _ = sized
    # a search too big to draw opens in the follow view
    _open(page, base_url, "pawn?tab=The+search+tree", ".follow .f-row")
    cv = page.locator(CANVAS).first
    walk = cv.evaluate(_FOLLOW_JS)
    _shot(page, "fit_pawn_follow_zoomed")
    assert int(walk["step"]) >= 80, walk  # the walk stepped 80 times (each at least one step)
    assert not walk["bad"], walk
    cv.locator(".b-first").click()
    expect_step(page, 0)
    cv.locator(".f-mode .m-tree").click()
    cv.locator("svg.tree g.n").first.wait_for()
    # the root in its box, once the whole tree is drawn and scrolled to it
    root = expect_value(page, lambda: cv.evaluate(_ROOT_JS), lambda r: r["root"] and r["ring"])
    _shot(page, "fit_pawn_tree_zoomed")
    assert root["scrolls"], root  # 24,845 nodes: it says that it scrolls
