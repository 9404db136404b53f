"""The editor's "New empty tree" (issue 22): a root alone, ready for children, in the link;
and the tree drawn centred in its box, at the editor's first tree and at one node."""

from __future__ import annotations

import pytest

from gtl_dev.pages import rerun
from tests.browser.helpers import (
    CANVAS_DRAWN,
    canvas,
    expect,
    expect_query,
    expect_value,
    open_page,
    screenshot,
    steady_box,
)

pytestmark = pytest.mark.browser


def _off_centre(page) -> float:
    """px between the drawn tree's middle (its nodes' extent) and its box's middle."""
    return canvas(page).evaluate(
        """(el) => {
          const box = el.querySelector('.scroll').getBoundingClientRect();
          const xs = [...el.querySelectorAll('svg.tree g.n')].map((n) => {
            const r = n.getBoundingClientRect(); return [r.left, r.right]; });
          const lo = Math.min(...xs.map((x) => x[0])), hi = Math.max(...xs.map((x) => x[1]));
          return (lo + hi) / 2 - (box.left + box.right) / 2;
        }"""
    )


def _centred(page) -> None:
    """Wait until the drawn tree is centred in its box (within 2 px)."""
    expect_value(page, lambda: _off_centre(page), lambda px: abs(px) <= 2, "px off centre")


def test_new_empty_tree_is_a_root_ready_for_children_and_centred(page, base_url):
    open_page(page, base_url, "tree")
    page.wait_for_selector(CANVAS_DRAWN)
    steady_box(canvas(page).locator("svg.tree"))
    _centred(page)
    with rerun(page):
        page.get_by_role("button", name="New empty tree").click()
    nodes = canvas(page).locator("svg.tree g.n")
    expect(nodes).to_have_count(1)
    expect_query(page, "t", "0")
    expect(page.get_by_text("A new tree: the root alone, selected.")).to_be_visible()
    steady_box(nodes.first)
    _centred(page)
    canvas(page).locator("svg.tree").scroll_into_view_if_needed()
    screenshot(page, "editor_new_empty_1400", full_page=False)
    for _ in range(2):  # the root is selected: c gives it children
        with rerun(page):
            page.keyboard.press("c")
    expect(nodes).to_have_count(3)
    expect_query(page, "t", "(0 0)")
    steady_box(nodes.first)
    _centred(page)
