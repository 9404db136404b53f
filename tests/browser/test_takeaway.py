"""A search taken away (issue 22): viz.standalone's one HTML file opened from file:// in
chromium with no server steps with the same keys and buttons, asks for nothing over the
network, fits a 1280x720 slide at 150 % in slide view, and its SVG and PNG buttons save the
tree at the step shown (the same plugin the app's canvas has)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.games import pawn
from engine.search import search_game, search_tree
from engine.trace import Replayer
from engine.tree_text import parse_brackets
from gtl_dev.pages import steady_box
from teach.explain import describe
from tests.browser.helpers import expect
from ui.boards.board_search import pv_nodes
from ui.practice.practice_common import run_payload
from viz.follow import follow_payload
from viz.standalone import standalone_html
from viz.tree_payload import step_text, tree_payload

pytestmark = pytest.mark.browser

CANVAS = ".gtl-canvas"
SVGNS = "{http://www.w3.org/2000/svg}"


def _open(browser, path, **ctx):
    context = browser.new_context(accept_downloads=True, **ctx)
    page = context.new_page()
    asked: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    expect(page.locator("html")).to_have_attribute("data-ready", "1")
    return context, page, asked, errors


def test_the_file_steps_from_disk_and_saves_the_tree(browser, tmp_path):
    run = search_tree(parse_brackets("((3 12 8) (2 4 6) (14 5 2))"))
    payload = run_payload(run)
    n = len(run.events)
    path = tmp_path / "search.html"
    path.write_text(standalone_html(payload, title="Alpha-beta", about="the sample"))
    context, page, asked, errors = _open(browser, path, viewport={"width": 1400, "height": 900})
    counter, sentence = page.locator(f"{CANVAS} .counter"), page.locator(f"{CANVAS} .sentence")
    expect(counter).to_have_text(f"step 0 of {n}")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"step 3 of {n}")
    page.locator(f"{CANVAS} .b-next").click()
    expect(counter).to_have_text(f"step 4 of {n}")
    expect(sentence).to_have_text(f"Step 4 of {n}. " + describe(run, 4), use_inner_text=True)
    assert step_text(payload, 4) == describe(run, 4)
    page.keyboard.press("End")
    expect(counter).to_have_text(f"step {n} of {n}")
    page.locator(f"{CANVAS} .b-prev").click()
    expect(counter).to_have_text(f"step {n - 1} of {n}")
    page.keyboard.press("Home")
    expect(counter).to_have_text(f"step 0 of {n}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"step 2 of {n}")
    with page.expect_download() as got:
        page.locator(f"{CANVAS} .b-svg").click()
    assert got.value.suggested_filename == "search-tree-step-2.svg"
    svg = ET.parse(got.value.path()).getroot()
    assert svg.tag == f"{SVGNS}svg"
    texts = {t.text for t in svg.iter(f"{SVGNS}text")}
    assert {"A", "B", "leaf 1", "leaf 9", "14"} <= texts
    width = float(svg.get("width"))
    with page.expect_download() as got:
        page.locator(f"{CANVAS} .b-png").click()
    png = open(got.value.path(), "rb").read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == round(width * 2)  # drawn at twice the size
    assert not errors
    assert asked and {u.split(":", 1)[0] for u in asked} <= {"file", "blob", "data"}  # no network
    context.close()


def test_a_big_search_in_slide_view_fits_a_projector(browser, tmp_path):
    """The pawn 3x3 whole-game search with the follow view's data, at 1280x720 and 150 %:
    slide view draws the tree's whole height in the window; the follow view opens too."""
    run = search_game(pawn.PawnGame(), pawn.from_code("3x3w:ppp/.../PPP"))
    names = list(run.tree.labels)
    pv = pv_nodes(run, Replayer(run).final_values())
    payload = tree_payload(run, describe, names, budget=300, pv=pv)
    extra = {"follow": follow_payload(run, names, pv), "mode": "tree"}
    path = tmp_path / "pawn.html"
    path.write_text(standalone_html(payload, extra=extra, title="Pawn chess"))
    context, page, asked, errors = _open(
        browser, path, viewport={"width": 853, "height": 480}, device_scale_factor=1.5
    )
    page.locator("#gtl-slide").check()
    page.keyboard.press("End")
    expect(page.locator(f"{CANVAS} .counter")).to_have_text(
        f"step {len(run.events)} of {len(run.events)}"
    )
    # the slide's layout once it has stopped moving: the box and its height read below settled
    box = steady_box(page.locator(f"{CANVAS} .scroll"), hold_ms=200)
    assert (
        box["y"] + box["height"] <= 480 + 1
        or page.evaluate("document.querySelector('.gtl-canvas .scroll').scrollHeight")
        <= box["height"] + 1
    )
    assert not errors and asked
    assert {u.split(":", 1)[0] for u in asked} <= {"file", "blob", "data"}
    context.close()
