"""Answering on the tree in a real browser: a student fills in the whole-tree exercise by
typing in the nodes and clicking edges, and gets the grade the engine computes; Check says
how many are right without the answers, "Show the solution" shows them, and the total stays
the same from try to try. The fields are usable on a phone and on a projector."""

from __future__ import annotations

import re
import time

import pytest

from engine.tree import complete_tree
from gtl_dev.pages import IDLE, open_url, rerun
from teach.answer_sheet import read_sheet
from teach.exercise import grade, marks_line, solution
from teach.quiz import node_names
from tests.browser.helpers import (
    CANVAS_DRAWN,
    assert_no_exception,
    canvas,
    expect,
    expect_value,
    open_page,
    record_figure,
    screenshot,
    steady_box,
)

pytestmark = pytest.mark.browser

LEAVES = [3, 12, 8, 2, 4, 6, 14, 5, 2]
URL = "practice?t=3,12,8,2,4,6,14,5,2&b=3&tab=Whole-tree+exercise"
TREE = complete_tree(LEAVES, 3)
SOL = solution(TREE)
INNER = [n for n in TREE.preorder() if not TREE.is_leaf(n)]


def _open(page, base_url):
    open_page(page, base_url, URL)
    page.wait_for_selector(CANVAS_DRAWN)
    page.wait_for_selector(".gtl-canvas .ans-f input")
    return canvas(page)


def _type(c, node: int, text: str) -> None:
    c.locator(f'.ans-f input[data-id="{node}"]').fill(text)


def _click_edge(page, c, parent: int, child: int) -> None:
    """Click the drawn edge parent -> child a third of the way down (the line itself, not
    the button at its middle that Tab reaches)."""
    hit = c.locator(f'g.ae[data-e="{parent},{child}"] line.hit')
    hit.scroll_into_view_if_needed()
    steady_box(hit, hold_ms=300)  # a point on a moving tree (a redraw, a sidebar) misses
    x, y = hit.evaluate(
        """(el) => {
            const at = (n) => Number(el.getAttribute(n));
            const pt = el.ownerSVGElement.createSVGPoint();
            pt.x = at("x1") + (at("x2") - at("x1")) * 0.3;
            pt.y = at("y1") + (at("y2") - at("y1")) * 0.3;
            const p = pt.matrixTransform(el.getScreenCTM());
            return [p.x, p.y];
        }"""
    )
    page.mouse.click(x, y)


def _check(page, c, n: int, says: str) -> None:
    """Click Check (try ``n``) and wait until the grade line under the tree starts with
    ``says`` (the figure recorded is the click to its "Check n:")."""
    start = time.perf_counter()
    with rerun(page):
        c.locator(".ans-check").click()
    assert_no_exception(page)
    hint = c.locator(".ans-hint")
    hint.filter(has_text=f"Check {n}:").wait_for()
    record_figure(
        "Check to the grade under the tree: whole-tree exercise", time.perf_counter() - start
    )
    _expect_starts(hint, says)


def _expect_starts(locator, text: str) -> None:
    expect(locator).to_have_text(re.compile("^" + re.escape(text)), use_inner_text=True)


def test_a_student_answers_on_the_tree_and_gets_the_engines_grade(page, base_url):
    c = _open(page, base_url)
    total = marks_line(SOL)  # "6 marks: 4 node values, 2 pruned edges"
    expect(page.get_by_text(f"Out of {total}")).to_be_visible()  # before the first check
    # A try with a wrong value, a missed cut and a wrong cut
    typed = {0: "3", 1: "3", 2: "4", 3: "2"}  # C returns 2, not 4
    for n, t in typed.items():
        _type(c, n, t)
    _click_edge(page, c, 2, 8)  # C -> leaf 5: right
    _click_edge(page, c, 0, 1)  # A -> B: searched, a wrong cut
    _click_edge(page, c, 1, 5)  # B -> leaf 2 marked ...
    _click_edge(page, c, 1, 5)  # ... and unmarked again
    expect(c.locator("g.ae.cut")).to_have_count(2)
    sent = {"v": {str(n): t for n, t in typed.items()}, "cut": [[2, 8], [0, 1]]}
    sheet = read_sheet(TREE, sent, node_names(TREE))
    want = grade(TREE, sheet.values, sheet.pruned, SOL)  # the engine's grade of that sheet
    assert want.summary().startswith(
        "3 of 6 right: 1 value wrong, 1 pruned edge not marked, 1 searched edge marked pruned"
    )
    _check(page, c, 1, f"Check 1: {want.summary()}.")
    # the wrong value and the wrong cut are marked; nothing says what is right
    expect(c.locator('.ans-f.bad input[data-id="2"]')).to_have_count(1)
    expect(c.locator(".ans-f.ok")).to_have_count(3)
    expect(c.locator('g.ae.cut.bad[data-e="0,1"]')).to_have_count(1)
    expect(c.locator('g.ae.cut.ok[data-e="2,8"]')).to_have_count(1)
    expect(c.locator('g.ae[data-e="2,9"]')).to_have_attribute("class", "ae")  # missed: not shown
    assert str(SOL.values[2]) != "4"
    expect(c.locator('.ans-f input[data-id="2"]')).to_have_value("4")  # as typed, not the answer
    # settled: the check's run is over and its grade shown (_check)
    assert page.locator('[data-testid="stMain"]').get_by_text("returns 2").count() == 0
    screenshot(page, "answer_on_tree_checked")
    # Retry: what was right stays; correct the rest
    expect(c.locator('.ans-f input[data-id="0"]')).to_have_value("3")
    _type(c, 2, "2")
    expect(c.locator('.ans-f.bad input[data-id="2"]')).to_have_count(0)  # edited: its mark goes
    _click_edge(page, c, 0, 1)  # unmark the wrong cut
    _click_edge(page, c, 2, 9)  # mark the missed one
    _check(page, c, 2, "Check 2: 6 of 6 right")  # the same total: 6
    # Show the solution: now the answers are on screen
    with rerun(page):
        page.get_by_text("Show the solution").click()
    assert_no_exception(page)
    expect(page.get_by_text("node C returns 2").first).to_be_visible()
    expect(page.locator(".gtl-canvas")).to_have_count(2)


def test_what_was_typed_comes_back_after_another_tab_and_a_reload(page, base_url):
    """Typed and marked but not checked yet: another tab of the page (it unmounts the sheet)
    and a reload give it back; after a check, the checked sheet is what comes back."""
    c = _open(page, base_url)
    _type(c, 1, "3")
    _type(c, 2, "-4")
    _click_edge(page, c, 2, 8)

    def shown():
        c = canvas(page)
        c.locator('.ans-f input[data-id="2"]').wait_for()
        vals = {n: c.locator(f'.ans-f input[data-id="{n}"]').input_value() for n in (1, 2, 3)}
        cuts = sorted(g.get_attribute("data-e") for g in c.locator("g.ae.cut").all())
        return vals, cuts

    with rerun(page):
        page.get_by_role("tab", name="Step quiz").click()
    with rerun(page):
        page.get_by_role("tab", name="Whole-tree exercise").click()
    page.wait_for_selector(".gtl-canvas .ans-f input")
    typed = ({1: "3", 2: "-4", 3: ""}, ["2,8"])
    expect_value(page, shown, typed, "the sheet after another tab")
    page.reload()
    page.wait_for_selector(".gtl-canvas .ans-f input")
    expect_value(page, shown, typed, "the sheet after a reload")
    c = canvas(page)
    _check(page, c, 1, "Check 1: ")
    _type(c, 3, "2")  # typed after the check: kept too
    page.reload()
    page.wait_for_selector(".gtl-canvas .ans-f input")
    expect_value(page, shown, ({1: "3", 2: "-4", 3: "2"}, ["2,8"]), "the checked sheet")
    assert_no_exception(page)


def test_check_first_says_how_many_and_show_the_solution_tells(page, base_url):
    c = _open(page, base_url)
    # nothing typed
    _check(page, c, 1, "Check 1: 0 of 6 right: 4 values missing, 2 pruned edges not marked")
    # settled: the check's run is over and its grade shown (_check)
    assert c.locator(".ans-f.bad, .ans-f.ok, g.ae.cut").count() == 0
    with rerun(page):
        page.get_by_text("Show the solution").click()
    page.get_by_text("C → leaf 5 (4): pruned, but not marked").wait_for()
    expect(page.get_by_text("node C: no value, it returns 2")).to_be_visible()


def test_keyboard_tab_goes_through_the_nodes_in_search_order_and_enter_moves_on(page, base_url):
    c = _open(page, base_url)
    c.locator('.ans-f input[data-id="0"]').focus()
    focused = """() => { let a = document.activeElement;
        while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
        return a.getAttribute('aria-label'); }"""
    order = ["value of A", "edge A to B: pruned", "value of B", "edge B to leaf 1: pruned"]
    for i, name in enumerate(order):
        expect_value(page, lambda: page.evaluate(focused), name, f"the focus after {i} Tabs")
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # on an edge: marks it
    expect(c.locator('g.ae.cut[data-e="1,5"]')).to_have_count(1)
    c.locator('.ans-f input[data-id="1"]').focus()
    page.keyboard.type("3")
    page.keyboard.press("Enter")  # in a field: on to the next node's field
    expect(c.locator('.ans-f input[data-id="2"]')).to_be_focused()
    page.keyboard.type("-2")
    expect(c.locator('.ans-f input[data-id="2"]')).to_have_value("-2")


def _apart_problems(c) -> list:
    """Where an answer field covers another field or a node, or sticks out of the figure
    (or that no field is on show)."""
    boxes = [e.bounding_box() for e in c.locator(".ans-f").all()]
    n = len(boxes)
    if not n or None in boxes:
        return [f"fields not all on show: {boxes}"]
    boxes += [b for e in c.locator("g.n:visible polygon").all() if (b := e.bounding_box())]
    fig = c.locator("svg.tree").bounding_box()
    problems = []
    for i, a in enumerate(boxes[:n]):
        if not (fig["x"] <= a["x"] and a["x"] + a["width"] <= fig["x"] + fig["width"] + 0.5):
            problems.append(("out of the figure", a, fig))
        for b in boxes[i + 1 :]:
            apart = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            apart = apart or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
            if not apart:
                problems.append(("overlap", a, b))
    return problems


def _assert_apart(c) -> None:
    """No answer field covers another field or a node, and every one is inside the figure,
    once the fields are placed (answer.js places them on the next animation frame)."""
    expect_value(c.page, lambda: _apart_problems(c), [], "fields over fields or nodes")


def test_on_a_deep_tree_no_field_covers_another(page, base_url):
    # 16 leaves: the fields of the third level used to sit on one another (I's and J's).
    open_page(
        page,
        base_url,
        "practice?t=3,17,2,12,15,25,2,5,3,2,14,20,8,9,4,7&b=2&tab=Whole-tree+exercise",
    )
    page.wait_for_selector(".gtl-canvas .ans-f input")
    c = canvas(page)
    assert c.locator(".ans-f").count() == 15
    _assert_apart(c)
    _assert_no_edge_hidden(c, parents=1)  # 3 before, two over their own child edges
    screenshot(page, "answer_on_tree_deep")


_FIELDS_APART_JS = """(root) => {
  const boxes = [...root.querySelectorAll(".ans-f")].map((e) => e.getBoundingClientRect());
  const n = boxes.length;
  for (const e of root.querySelectorAll("g.n polygon")) {
    const r = e.getBoundingClientRect();
    if (r.width) boxes.push(r);
  }
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return boxes.slice(0, n).every((a, i) => boxes.slice(i + 1).every((b) => !meet(a, b)));
}"""


# Which edges of the tree an answer field hides: each edge's line (the answer layer's
# line.mk, in the figure's coordinates) mapped to the screen and sampled at 200 points, a
# point inside a field's box (1 px in from its border) hides it. Written apart from the
# placement's own test (lib/geometry.js, a clipping test).
_HIDDEN_EDGES_JS = """(root) => {
  const fields = [...root.querySelectorAll(".ans-f")].filter((e) => e.offsetParent)
    .map((e) => [e.dataset.id || e.querySelector("input").dataset.id, e.getBoundingClientRect()]);
  const svg = root.querySelector("svg.tree");
  const m = svg.getScreenCTM();
  const at = (x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y; return p.matrixTransform(m); };
  const hidden = [];
  for (const g of root.querySelectorAll("g.ae")) {
    const l = g.querySelector("line.mk");
    const a = at(+l.getAttribute("x1"), +l.getAttribute("y1"));
    const b = at(+l.getAttribute("x2"), +l.getAttribute("y2"));
    for (const [id, r] of fields) {
      for (let k = 0; k <= 200; k++) {
        const x = a.x + (k / 200) * (b.x - a.x), y = a.y + (k / 200) * (b.y - a.y);
        if (x > r.left + 1 && x < r.right - 1 && y > r.top + 1 && y < r.bottom - 1) {
          hidden.push(`field of node ${id} over edge ${g.dataset.e}`);
          break;
        }
      }
    }
  }
  return hidden;
}"""


def _assert_no_edge_hidden(c, *, parents: int) -> None:  # noqa: ANN001
    """No field hides an edge below its own node (the edges it asks to mark pruned), and at
    most ``parents`` edges are hidden at all: where a narrow figure leaves a field no free
    place, it goes where it hides the fewest (a parent's edge, still tappable elsewhere)."""

    def ok(hidden: list[str]) -> bool:
        own = [h for h in hidden if h.split()[3] == h.split()[-1].split(",")[0]]
        return not own and len(hidden) <= parents

    # the edges are there to hide (a figure with no edge drawn would pass)
    expect(c.locator("g.ae line.mk").first).to_be_attached()

    def read() -> list[str]:
        return c.element_handle().evaluate(_HIDDEN_EDGES_JS)

    expect_value(c.page, read, ok, "edges hidden by fields")


def test_a_field_that_grows_after_it_was_placed_is_placed_again(page, base_url):
    # CI once measured a field over its node at 1280x720 at 1.5: the field had grown (the
    # projector's larger type, a late web font) after it was placed. Here the fields widen once
    # the tree is drawn; they are placed again, and the edges' elements are moved, not made anew
    # (a click on an edge met a detached element when they were re-created).
    c = _open(page, base_url)
    _assert_apart(c)
    edge = c.locator('g.ae[data-e="2,8"]')
    edge.evaluate("(g) => { g.__gtlKept = true; }")
    c.locator(".ans-f input").evaluate_all("els => els.forEach((e) => { e.style.width = '90px'; })")
    page.wait_for_function(_FIELDS_APART_JS, arg=c.element_handle(), timeout=10_000)
    _assert_apart(c)
    assert edge.evaluate("(g) => g.__gtlKept === true")  # the same element, moved
    _click_edge(page, c, 2, 8)
    expect(c.locator('g.ae.cut[data-e="2,8"]')).to_have_count(1)


@pytest.mark.parametrize(
    ("viewport", "scale", "name"),
    [
        ({"width": 390, "height": 844}, 2, "phone"),
        ({"width": 1280, "height": 720}, 1.5, "projector"),
    ],
)
def test_the_fields_are_usable_on_a_phone_and_a_projector(screen, base_url, viewport, scale, name):
    phone = name == "phone"
    options = dict(viewport=viewport, device_scale_factor=scale, is_mobile=phone, has_touch=phone)
    with screen(**options) as page:
        open_url(page, f"{base_url}/{URL}", 90_000)
        page.wait_for_selector(".gtl-canvas .ans-f input")
        if name == "projector":  # the window probe switches the page and the tree redraws
            page.wait_for_selector(".gtl-canvas.projector .ans-f input")
            page.wait_for_selector(IDLE)
        c = canvas(page)
        steady_box(c.locator("svg.tree"))  # the redrawn tree, not one read mid-redraw (CI, stop 28)
        fields = c.locator(".ans-f input")
        expect(fields).to_have_count(len(INNER))
        # the tree and its fields at rest (steady_box above): their boxes are read once
        for i in range(len(INNER)):
            f = fields.nth(i)
            assert f.get_attribute("inputmode") == "numeric"
            box = f.bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 30  # a thumb fits
            assert f.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 16  # no zoom-in
        _assert_apart(c)
        # a field beside its node, raised if it must: on the phone B's and D's fields are over
        # their parents' edges, no further place being free (5 edges hidden before, 4 of them
        # A's and D's own child edges); on the projector none
        _assert_no_edge_hidden(c, parents=2 if phone else 0)
        # a touch screen's words: "tap" where a finger is the pointer (the hint from Python
        # sends both; the legend's words are the canvas's own)
        hint = c.locator(".ans-hint")
        _expect_starts(hint, "Type each inner node's value in it; ")
        expect(hint).to_contain_text("tap an edge" if phone else "click an edge")
        shown = "e => getComputedStyle(e).display !== 'none'"
        for words, on in ((".w-tap", phone), (".w-click", not phone)):
            word = c.locator(f".lg-sum {words}")
            expect_value(page, lambda w=word: w.evaluate(shown), on, f"{words} on show")
        clipped = (
            "e => [e, ...e.querySelectorAll('*')].some((x) => x.scrollWidth > x.clientWidth + 1)"
        )
        for button in (
            page.get_by_role("button", name="New random tree"),
            c.locator(".ans-check"),
        ):
            expect_value(page, lambda b=button: b.evaluate(clipped), False, "its words clipped")
        f = c.locator('.ans-f input[data-id="2"]')
        f.scroll_into_view_if_needed()
        if phone:  # a touch screen: the "±" beside the field gives the minus sign
            f.tap()
            page.keyboard.type("2")
            pm = c.locator(".ans-pm")
            expect(pm).to_be_visible()
            pm.tap()
            expect(f).to_have_value("-2")
            screenshot(page, "answer_on_tree_phone_typing", full_page=False)
        else:
            f.click()
            page.keyboard.type("-2")
            expect(f).to_have_value("-2")  # a minus sign is taken
        _click_edge(page, c, 2, 8)
        # C's -2 is wrong; one cut right
        _check(page, c, 1, "Check 1: 1 of 6 right:")
        screenshot(page, f"answer_on_tree_{name}")
        assert_no_exception(page)
