"""Projector mode and clipping (issue 11), in chromium.

Sizes: a desk (1400x900), the issue's projector as Playwright's 1280x720 at device scale
factor 1.5, the same projector really zoomed to 150 % (853x480 CSS px at scale 1.5: what a
browser at 150 % on a 1280x720 projector lays out), in projector mode (its default) and in
desk mode (``?view=desk``), and a phone (390x844).

- On every page at every size, no control's text is clipped, no tap target is covered (on the
  phone, each is 44x44 CSS px at least) and nothing scrolls sideways
  (tests/browser/layout_checks.py).
- In projector mode the tree canvas's controls, its sentence and the whole figure are on one
  screen (below Streamlit's header), the sidebar is collapsed, node labels and α/β boxes
  are at least 18 CSS px.
- The projector choice survives a copied link; the home page links every registered page;
  visitors get no Deploy button or developer menu.

Screenshots go to artifacts/screenshots/projector_<page>_<size>.png.
"""

from __future__ import annotations

import pytest

from gtl_dev.pages import open_url, probe_settled, rerun, steady_box, wait_idle, watch_box
from tests.browser.helpers import (
    CANVAS,
    assert_no_exception,
    expect,
    expect_query,
    next_frame,
    open_page,
    screenshot,
    whole_tree,
)
from tests.browser.layout_checks import clipped_controls, layout_problems
from ui.common.keys import CHASE, PAWN, View, css
from ui.common.registry import PAGE_LINK, PAGES

pytestmark = pytest.mark.browser

SIZES = {  # name -> (viewport, device scale factor, extra query)
    "desk": ({"width": 1400, "height": 900}, 1.0, ""),
    "projector": ({"width": 1280, "height": 720}, 1.5, ""),
    "zoomed": ({"width": 853, "height": 480}, 1.5, ""),
    "zoomed_desk": ({"width": 853, "height": 480}, 1.5, "view=desk"),
    "phone": ({"width": 390, "height": 844}, 3.0, ""),  # a touch screen (the context)
    "landscape": ({"width": 844, "height": 390}, 3.0, ""),  # the phone held sideways
}
TOUCH = ("phone", "landscape")
SEARCH_TAB = "tab=The+search+tree"
PAGES_SEEN = {  # name -> url path (every registered page, and the tabs that open by link)
    "home": "",
    "alphabeta": "alphabeta?k=9",
    "alphabeta_practice": "alphabeta?k=9&practice=on&ask=value,bound,prune,node+type",
    "tree": "tree?k=6",
    "pawn": "pawn",
    "pawn_search": f"pawn?{SEARCH_TAB}",
    "chase": "chase",
    "chase_search": f"chase?{SEARCH_TAB}",
    "practice": "practice",
    "practice_exercise": "practice?tab=Whole-tree+exercise",
    "practice_exam": "practice?tab=Exam+sheets",
    "practice_variants": "practice?tab=Variants+side+by+side",
}
CANVAS_PAGES = ["alphabeta", "tree", "pawn_search", "chase_search"]
# boxes whose contents are made only once opened (on_change="rerun"): the walk opens them
OPENED = {"tree": "Import and export"}
HEADER = '[data-testid="stHeader"]'
EXPAND_SIDEBAR = '[data-testid="stExpandSidebarButton"]'
SIDEBAR = '[data-testid="stSidebar"]'
TOGGLE = f"{css(View.toggle)} label"
_SIDEBAR_GONE_JS = """() => { const bar = document.querySelector('[data-testid="stSidebar"]');
  return !bar || bar.getBoundingClientRect().right <= 0; }"""


def _url(name: str, extra: str) -> str:
    return _url_of(PAGES_SEEN[name], extra)


def _url_of(path: str, extra: str) -> str:
    return path + (("&" if "?" in path else "?") + extra if extra else "")


def _settled(page) -> None:
    """The page's run is over, and the window probe's report (if any) with it (the probe
    says when it has looked and will not report); the sidebar has stopped sliding (projector
    mode closes it) and no run came of the probe meanwhile."""
    sidebar = page.locator(SIDEBAR)
    watch_box(sidebar)  # its hold counts from now: the probe's wait is part of it
    probe_settled(page)
    steady_box(sidebar)
    wait_idle(page, 90_000)


@pytest.fixture
def sized(screen, request):
    """A new page on the test's screen (the session's context for that size, see conftest's
    ``screen``); yields (page, size name)."""
    viewport, scale, _ = SIZES[request.param]
    touch = request.param in TOUCH
    with screen(viewport=viewport, device_scale_factor=scale, has_touch=touch) as page:
        yield page, request.param


# The two screens, a real 1280x720 projector with the browser at 150 % (853x480 CSS
# px, where the clipping was: desk mode there, as the issue found it), and a phone. ("zoomed",
# projector mode at 853x480, is left out to keep make test under 15 minutes: the same layout
# as "projector" with less room, it had no clipped control when it was in.)
CLIP_SIZES = ["desk", "projector", "zoomed_desk", "phone"]


@pytest.mark.parametrize("sized", CLIP_SIZES, indirect=True)
@pytest.mark.parametrize("name", list(PAGES_SEEN))
def test_no_control_is_clipped_or_covered_and_nothing_scrolls_sideways(sized, base_url, name):
    """Every control's text is whole, every tap target is the element at its centre (and
    44x44 CSS px on the phone), every canvas fits the page's width (a wide tree scrolls
    inside it) and the page itself never scrolls sideways; the shots are for looking at."""
    page, size = sized
    open_page(page, base_url, _url(name, SIZES[size][2]), timeout_ms=90_000)
    _settled(page)
    if name in OPENED:
        summary = page.locator("summary").filter(has_text=OPENED[name])
        with rerun(page, start_timeout_ms=10_000, timeout_ms=90_000):
            summary.tap() if size == "phone" else summary.click()
        page.locator("summary").first.evaluate("() => window.scrollTo(0, 0)")
    assert_no_exception(page)
    width = SIZES[size][0]["width"]
    canvases = page.locator(CANVAS).all()  # read once: _settled waited for the page's runs
    if name in CANVAS_PAGES:  # these have one at least: the loop checks something
        assert canvases, (name, size)
    for box in canvases:
        b = box.bounding_box()
        assert b is None or (b["x"] >= 0 and b["x"] + b["width"] <= width + 1), (name, size, b)
    screenshot(page, f"projector_{name}_{size}", full_page=False)
    problems = layout_problems(page, touch=size == "phone")
    assert not any(problems.values()), f"{name} at {size}: {problems}"


_FIT_JS = """(el) => {
  const header = document.querySelector('[data-testid="stHeader"]');
  const top = header ? header.getBoundingClientRect().bottom : 0;
  el.scrollIntoView({block: 'start'});
  const main = document.querySelector('[data-testid="stMain"]');
  main.scrollTop -= top;
  const box = (s) => { const r = el.querySelector(s).getBoundingClientRect();
                       return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const buttons = [...el.querySelectorAll('.bar button, .bar select')].map((b) => b.getBoundingClientRect())
      .filter((r) => r.width > 0).map((r) => ({top: r.top, bottom: r.bottom, right: r.right}));
  return {top, vh: window.innerHeight, vw: window.innerWidth, bar: box('.bar'),
          sentence: box('.sentence'), figure: box('.scroll'), buttons};
}"""

_LABELS_JS = """(el) => {
  const svg = el.querySelector('svg.tree');
  const s = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const px = (q) => [...svg.querySelectorAll(q)].filter((t) => t.textContent.trim()
      && getComputedStyle(t).display !== 'none' && getComputedStyle(t.closest('g')).display !== 'none')
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * s);
  return {scale: s, labels: px('g.n text.nm, g.n text.lv'), boxes: px('g.box text')};
}"""


@pytest.mark.parametrize("sized", ["projector"], indirect=True)
@pytest.mark.parametrize("name", CANVAS_PAGES)
def test_projector_puts_tree_controls_and_sentence_on_one_screen(sized, base_url, name):
    """At 1280x720 and 150 % the window alone starts projector mode (no ?view=)."""
    page, size = sized
    open_page(page, base_url, PAGES_SEEN[name], timeout_ms=90_000)
    if "tab=" in PAGES_SEEN[name]:
        whole_tree(page)
    page.locator(f"{CANVAS}.projector").first.wait_for()
    _settled(page)
    assert_no_exception(page)
    expect(page.locator(EXPAND_SIDEBAR)).to_be_visible()  # the sidebar is collapsed
    cv = page.locator(CANVAS).first
    if name in ("pawn_search", "chase_search"):
        cv.locator(".b-last").click()  # every box and value on show
        # the last step drawn (its buttons are set in the same render as its boxes)
        expect(cv.locator(".b-last")).to_be_disabled()
    fit = cv.evaluate(_FIT_JS)
    next_frame(page)  # the scrolled page on screen for the shot
    screenshot(page, f"projector_canvas_{name}", full_page=False)
    top, vh, vw = fit["top"], fit["vh"], fit["vw"]
    for part in ("bar", "sentence", "figure"):
        r = fit[part]
        assert r["top"] >= top - 1 and r["bottom"] <= vh + 1 and r["right"] <= vw + 1, (part, fit)
    assert fit["buttons"], fit  # the bar's buttons were found: the loop checks them
    for r in fit["buttons"]:
        assert r["top"] >= top - 1 and r["bottom"] <= vh + 1 and r["right"] <= vw + 1, fit
    sizes = cv.evaluate(_LABELS_JS)
    assert sizes["labels"] and min(sizes["labels"]) >= 18, sizes
    assert sizes["boxes"] and min(sizes["boxes"]) >= 18, sizes


def test_projector_choice_survives_a_copied_link(browser, base_url):
    desk = {"viewport": {"width": 1400, "height": 900}}
    low = {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1.5}
    for made, switch_to, want in ((desk, True, "projector"), (low, False, "desk")):
        context = browser.new_context(**made)
        try:
            page = context.new_page()
            open_page(page, base_url, "alphabeta", timeout_ms=90_000)
            _settled(page)
            toggle = page.locator(f"{css(View.toggle)} input")
            expect(toggle).to_be_checked(checked=not switch_to)  # the window's default
            with rerun(page):
                page.locator(TOGGLE).click()
            expect(toggle).to_be_checked(checked=switch_to)
            expect_query(page, "view", want)
            link = page.url
        finally:
            context.close()
        # the link opens the same way in a new browser, whatever the window says
        for opened in (desk, low):
            context = browser.new_context(**opened)
            try:
                page = context.new_page()
                open_url(page, link)
                _settled(page)
                assert_no_exception(page)
                toggle = page.locator(f"{css(View.toggle)} input")
                expect(toggle, f"{link} in {opened}").to_be_checked(checked=switch_to)
                whole_tree(page)
                projected = page.locator(f"{CANVAS}.projector")
                # either way read after whole_tree: the canvas is drawn, with its view class
                if switch_to:
                    expect(projected.first).to_be_attached()
                else:
                    expect(projected).to_have_count(0)
            finally:
                context.close()


def test_home_links_every_page_and_visitors_get_no_developer_menu(page, base_url):
    open_page(page, base_url, "")
    assert_no_exception(page)
    want = [spec.url_path for spec in PAGES if not spec.default]
    assert want  # the app registers pages: the links are compared with something
    links = page.locator(PAGE_LINK)
    expect(links).to_have_count(len(want))
    hrefs = [a.get_attribute("href") for a in links.all()]  # read once: all drawn (above)
    paths = [h.rstrip("/").rsplit("/", 1)[-1] for h in hrefs]
    assert paths == want
    expect(page.locator(HEADER)).to_have_count(1)
    # read once the header is drawn: the Deploy button and the menu are drawn with it
    assert page.locator('[data-testid="stAppDeployButton"]').count() == 0
    assert page.locator('[data-testid="stMainMenu"]').count() == 0


@pytest.mark.parametrize("sized", ["projector"], indirect=True)
@pytest.mark.parametrize("lab", ["pawn", "chase"])
def test_projector_boards_use_the_width_they_have(sized, base_url, lab):
    """A board was about 400 px wide whatever the room; on the projector (sidebar closed)
    it takes its column, as high as the window below the header allows."""
    page, _ = sized
    open_page(page, base_url, lab, timeout_ms=90_000)
    _settled(page)
    expect(page.locator(f"{css(View.toggle)} input")).to_be_checked()
    board = page.locator(css((PAWN if lab == "pawn" else CHASE).board)).first
    page.locator(EXPAND_SIDEBAR).wait_for()  # the projector's sidebar is closed
    # ... and slid away, and the board's chart redrawn in the wider column (CI measured it
    # mid-slide once, at 361 px)
    page.wait_for_function(_SIDEBAR_GONE_JS, timeout=15_000)
    box = steady_box(board)
    assert box is not None and box["width"] >= 470, box
    assert box["height"] <= page.viewport_size["height"] - 60, box  # on one screen


_BOARD_AT_SWITCH_JS = """(board) => {
  // scroll the board's mode switch ("Board": edit or play) to just under Streamlit's header
  const head = document.querySelector('[data-testid="stHeader"]').getBoundingClientRect().bottom;
  const label = [...document.querySelectorAll('[data-testid="stWidgetLabel"]')]
    .find((e) => e.innerText.trim() === 'Board');
  const main = document.querySelector('[data-testid="stMain"]');
  main.scrollTop += label.getBoundingClientRect().top - head;
  const r = board.getBoundingClientRect(), s = board.querySelector('[role="gridcell"]').getBoundingClientRect();
  return {top: label.getBoundingClientRect().top, head, bottom: r.bottom, right: r.right,
          vh: window.innerHeight, vw: window.innerWidth, square: s.width};
}"""


@pytest.mark.parametrize("sized", ["zoomed", "zoomed_desk", "landscape"], indirect=True)
@pytest.mark.parametrize("lab", ["pawn", "chase"])
def test_a_board_and_its_switch_share_a_short_window(sized, base_url, lab):
    """On a short window (the projector at 150 %, in projector and in desk mode) the board,
    scrolled to, is on one screen with its mode switch: nothing of it below the window's foot
    or past its right edge (issue 21: the boards ran below the foot); the words of its
    controls whole. On a phone held sideways a finger's squares keep 44 CSS px (WCAG 2.5.5)
    instead: the chase's 8 rows of them (352 px) are taller than the 330 px under
    Streamlit's header, so that board runs below the foot, and the page scrolls down to it."""
    page, size = sized
    open_page(page, base_url, _url_of(f"{lab}?mode=play", SIZES[size][2]), timeout_ms=90_000)
    _settled(page)
    board = page.locator(".gtl-board").first
    steady_box(board)
    at = board.evaluate(_BOARD_AT_SWITCH_JS)
    steady_box(board)
    at = board.evaluate(_BOARD_AT_SWITCH_JS)  # read again once still (a redraw at its width)
    screenshot(page, f"projector_board_{lab}_{size}", full_page=False)
    assert abs(at["top"] - at["head"]) < 2, at  # scrolled there: the page is long enough
    assert at["right"] <= at["vw"] + 0.5, at
    if size in TOUCH:
        assert at["square"] >= 44 - 0.5, at  # a finger's square
    else:
        assert at["bottom"] <= at["vh"] + 0.5, at
        assert at["square"] >= 24, at  # and not shrunk past reading
    assert not clipped_controls(page)  # its controls' words whole ("Un / do" in desk mode)
