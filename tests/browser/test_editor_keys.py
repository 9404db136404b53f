"""The tree editor edited on the canvas (game_tree_lab/tree_canvas/plugins/edit.js) in a real browser:
trees built by keys only give the expected URAL and bracket text, the actions are counted,
undo / redo, a click selects with no rerun, edit style against search colours, touch at
390x844, and screenshots at 1400x900, 1280x720 (x1.5) and 390x844."""

from __future__ import annotations

import re
import time

import pytest

from engine.tree_text import format_ural, parse_brackets
from gtl_dev.pages import IDLE, rerun, runs_of, steady_box, wait_idle
from teach.tree_edit import relabel
from tests.browser import helpers
from tests.browser.helpers import (
    CANVAS,
    CANVAS_DRAWN,
    assert_no_exception,
    canvas,
    expect,
    expect_step,
    expect_value,
    open_page,
    pause_clock,
    screenshot,
)

pytestmark = pytest.mark.browser

# ((3 5) (2 9)) from the page's first tree: one action is one key, one click, or a number
# typed and the key that uses it ("3", "c": a child of value 3).
ISSUE_TREE = "((3 5) (2 9))"
ISSUE_ACTIONS = [
    ["Delete"],  # the root: the tree becomes one leaf
    ["c"],  # a child (the root stays selected)
    ["ArrowDown"],  # select that child
    ["3", "c"],  # its children 3 and 5
    ["5", "c"],
    ["s"],  # a sibling after it, selected
    ["2", "c"],  # its children 2 and 9
    ["9", "c"],
]
RN = "((3 12 8) (2 4 6) (14 5 2))"
RN_ACTIONS = [
    ["Delete"],
    ["c"],
    ["ArrowDown"],
    *[[*str(v), "c"] for v in (3, 12, 8)],
    ["s"],
    *[[*str(v), "c"] for v in (2, 4, 6)],
    ["s"],
    *[[*str(v), "c"] for v in (14, 5, 2)],
]


def settle(page) -> None:
    """Wait until the plugin has no edit on its way and the app is idle. A queued key sends
    the next edit in the same update that takes an answer (during the answer's run), so a
    canvas not busy once the page is idle has nothing more to send."""
    busy = page.locator(f"{CANVAS}.ed-busy")
    while True:
        busy.wait_for(state="detached", timeout=30_000)
        page.wait_for_selector(IDLE, timeout=30_000)
        if busy.count() == 0:
            break
    wait_idle(page)


def reruns(page) -> int:
    return runs_of(page).requested


def press(page, actions: list[list[str]]) -> tuple[int, int, int]:
    """Press every key of ``actions`` (as fast as a person types); wait until it is all done.
    Returns (actions, key presses, reruns asked for)."""
    before = reruns(page)
    for action in actions:
        for key in action:
            page.keyboard.press(key)
    settle(page)
    return len(actions), sum(map(len, actions)), reruns(page) - before


shown_text = helpers.export_text


def shows(page, text: str) -> str:
    """Wait until the export text is ``text`` (its run may follow the one awaited)."""
    return expect_value(page, lambda: shown_text(page), text, "export text")


def fill_of(locator) -> str:
    return locator.evaluate("(p) => getComputedStyle(p).fill")


# Counts the page's websocket sends in the page itself (a send is a call, counted at once;
# the websocket's events reach the test later): a rerun request is one.
_COUNT_SENDS = """() => { window.__gtlSends = 0; const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (...a) { window.__gtlSends += 1; return send.apply(this, a); }; }"""


def choose_format(page, name: str) -> None:
    helpers.open_box(page, "Import and export")
    with rerun(page):
        page.locator('[data-testid="stRadio"] label').filter(has_text=name).click()


def open_editor(page, base_url: str) -> None:
    open_page(page, base_url, "tree")
    page.wait_for_selector(CANVAS_DRAWN)
    expect(canvas(page)).to_have_class(re.compile(r"(^|\s)editing(\s|$)"))


def test_the_issue_tree_by_keys_only_in_eight_actions(page, base_url):
    open_editor(page, base_url)
    start = time.perf_counter()
    actions, keys, asked = press(page, ISSUE_ACTIONS)
    helpers.record_figure(
        "editor: one edit by key, to the redrawn page", (time.perf_counter() - start) / asked
    )
    assert_no_exception(page)
    assert actions <= 8 and keys == 12
    assert asked == 7  # one per edit; selecting (ArrowDown) is in the browser
    body = page.locator("body")
    expect(body).to_contain_text("MAX can force 3", use_inner_text=True)  # the headline
    shows(page, format_ural(parse_brackets(ISSUE_TREE)).strip())
    choose_format(page, "brackets")
    shows(page, ISSUE_TREE)


def test_a_three_level_tree_by_keys_gives_its_ural_export(page, base_url):
    open_editor(page, base_url)
    actions, keys, asked = press(page, RN_ACTIONS)
    assert_no_exception(page)
    assert (actions, asked) == (len(RN_ACTIONS), len(RN_ACTIONS) - 1)
    ural = shows(page, format_ural(relabel(parse_brackets(RN))).strip())
    assert ural.splitlines()[:4] == ["13", "N 1", "L 2 +3", "L 2 +12"]
    choose_format(page, "brackets")
    shows(page, RN)
    words = "can force 3; alpha-beta looked at 7 of 9 leaves"
    expect(page.locator("body")).to_contain_text(words, use_inner_text=True)


def test_undo_and_redo_by_keys_and_buttons(page, base_url):
    open_editor(page, base_url)
    choose_format(page, "brackets")
    canvas(page).locator('g.n[data-id="0"]').click()  # the radio had the keys: the canvas now
    press(page, ISSUE_ACTIONS)
    shows(page, ISSUE_TREE)
    press(page, [["u"]])
    shows(page, "((3 5) (2))")
    press(page, [["Control+z"], ["Control+z"]])
    shows(page, "((3 5))")
    press(page, [["r"]])
    shows(page, "((3 5) 0)")
    press(page, [["Control+y"]])
    shows(page, "((3 5) (2))")
    press(page, [["Control+Shift+z"]])
    shows(page, ISSUE_TREE)
    expect(canvas(page).locator(".ed-redo")).to_be_disabled()
    canvas(page).locator(".ed-undo").click()
    settle(page)
    shows(page, "((3 5) (2))")
    canvas(page).locator(".ed-redo").click()
    settle(page)
    shows(page, ISSUE_TREE)
    # a refusal is said next to the tree and keeps it: no sibling for the root
    msg = canvas(page).locator(".ed-msg")
    press(page, [["Home"], ["s"]])
    expect(msg).to_contain_text("root has no siblings")
    press(page, [["ArrowDown"], ["5", "Enter"]])  # a value for an inner node: named as drawn
    expect(msg).to_contain_text("Not done: B is an inner node")
    # read once: press() waited for every edit sent to be answered and the page idle
    assert shown_text(page) == ISSUE_TREE
    assert_no_exception(page)


def test_click_selects_with_no_rerun_and_edit_style_against_search_colours(page, base_url):
    page.clock.install()  # before the page loads: the step report's debounce is the clock's
    open_editor(page, base_url)
    c = canvas(page)
    page.evaluate(_COUNT_SENDS)
    pause_clock(page)
    c.locator('g.n[data-id="2"]').click()  # the first leaf
    expect(c.locator(".ed-msg")).to_contain_text("Selected: leaf")  # the click was handled
    # selecting is in the browser: the clock run past every debounce (the step report's
    # 400 ms), and not one message sent
    page.clock.run_for(2_000)
    assert page.evaluate("window.__gtlSends") == 0, "selecting sent a message"
    page.clock.resume()
    ring = c.locator("svg.tree circle.sel")
    leaf = c.locator('g.n[data-id="2"]')

    def ringed() -> tuple[str | None, str]:
        at = f"translate({ring.get_attribute('cx')},{ring.get_attribute('cy')})"
        return leaf.get_attribute("transform"), at

    expect_value(page, ringed, lambda v: v[0] == v[1], "the leaf and its ring")
    # Edit style: no step controls, no sentence, no search colours; the step keys are the
    # editor's (Right moves the selection, not the step).
    expect(c.locator(".b-next")).to_be_hidden()
    expect(c.locator(".sentence")).to_be_hidden()
    page.keyboard.press("ArrowRight")
    # read once: press() returns once the key's handler has run, and a step is drawn in it
    expect_step(page, 0)
    page.mouse.move(1, 1)  # no node under the mouse (a hovered node is tinted)
    shape = "(g) => getComputedStyle(g.querySelector('polygon, circle')).fill"
    nodes = c.locator("g.n")
    expect_value(page, lambda: {e.evaluate(shape) for e in nodes.all()}, {"rgb(255, 255, 255)"})
    # Step the search: the canvas's controls and colours come back; Right steps.
    c.locator(".ed-m-step").click()
    expect(c.locator(".b-next")).to_be_visible()
    expect(c.locator(".sentence")).to_be_visible()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect_step(page, 3)
    root = c.locator('g.n[data-id="0"] polygon')
    expect_value(page, lambda: fill_of(root), "rgb(246, 166, 35)", "the root's fill")  # active
    expect(c.locator("g.boxes g.box").first).to_be_visible()
    # e: back to editing, in edit style again (the step kept for the next time)
    page.keyboard.press("e")
    expect(c).to_have_class(re.compile(r"(^|\s)editing(\s|$)"))
    expect_value(page, lambda: fill_of(root), "rgb(255, 255, 255)", "the root's fill")
    expect(c.locator("g.boxes g.box").first).to_be_hidden()
    # An edit does not jump to the last step: stepping starts at 0 again.
    press(page, [["Home"], ["c"]])
    assert page.evaluate("window.__gtlSends") > 0  # the counter counts: an edit was sent
    c.locator(".ed-m-step").click()
    expect_step(page, 0)
    expect(c.locator(".counter")).to_have_text(re.compile(r"^step 0 of"))
    assert_no_exception(page)


def test_screenshots_and_touch(screen, base_url):
    shots = [
        ("editor_keys_1400", {"width": 1400, "height": 900}, 1),
        ("editor_keys_1280x720_x1.5", {"width": 1280, "height": 720}, 1.5),
    ]
    for name, viewport, scale in shots:
        with screen(viewport=viewport, device_scale_factor=scale) as page:
            open_editor(page, base_url)
            press(page, ISSUE_ACTIONS)
            press(page, [["ArrowLeft"]])  # the other MIN node selected
            canvas(page).scroll_into_view_if_needed()
            buttons = canvas(page).locator(".ed button").all()  # read once: press() settled
            assert buttons  # the editor's buttons were found: the loop checks them
            for b in buttons:  # no button's words clipped
                assert b.evaluate("(e) => e.scrollWidth <= e.clientWidth"), b.inner_text()
            screenshot(page, name, full_page=False)
    # A phone: tap a node, type in the value box, tap the buttons.
    with screen(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, has_touch=True
    ) as page:
        open_editor(page, base_url)
        c = canvas(page)
        steady_box(c.locator(".ed-tools"), hold_ms=150)  # its buttons measured once still
        for label in ("+ child", "+ sibling", "Delete", "Undo", "Redo", "Set"):
            button = c.locator(".ed-tools button").filter(has_text=label)
            expect(button, label).to_be_visible()
            box = button.bounding_box()
            assert box["height"] >= 36 and box["x"] + box["width"] <= 390, label
        c.locator('g.n[data-id="2"]').tap()
        c.locator(".ed-val").fill("7")
        c.locator(".ed-tools button").filter(has_text="Set").tap()
        settle(page)
        c.locator(".ed-val").fill("4")
        c.locator(".ed-tools button").filter(has_text="+ sibling").tap()
        settle(page)
        choose_format(page, "brackets")
        shows(page, "((7 4 1) (1 1))")
        c.scroll_into_view_if_needed()
        screenshot(page, "editor_keys_390", full_page=False)
        assert_no_exception(page)
