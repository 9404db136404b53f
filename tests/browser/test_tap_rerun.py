"""A board tap reruns the lab, not the page (issue 21): on a phone every element a run sends
costs a render, so the board labs' part below the mode switch is an ``st.fragment``. A tap's
rerun carries no navigation and no page config (a whole page's run does), nothing of the
page's head, and the position it made: the board, the verdict and the link agree."""

from __future__ import annotations

import pytest

from engine.games import chase, pawn
from gtl_dev.pages import PHONE, runs_of
from tests.browser.helpers import (
    assert_no_exception,
    board_cell,
    expect,
    expect_query,
    open_page,
    tap_square,
)

pytestmark = pytest.mark.browser

HEAD = '[data-testid="stHeading"]'


@pytest.mark.parametrize("lab", ["pawn", "chase"])
def test_a_board_tap_reruns_the_lab_and_not_the_page(screen, base_url, lab):
    with screen(**PHONE) as page:
        open_page(page, base_url, lab, timeout_ms=90_000)
        runs = runs_of(page)
        before = dict(runs.kinds)
        title = page.locator(HEAD).first.element_handle()
        square = 5 if lab == "pawn" else 0  # pawn b3 (empty), chase a1 (empty)
        tap_square(page, square, touch=True)
        assert_no_exception(page)
        # read once: tap_square waited for the tap's run to finish (its script_finished in)
        after = dict(runs.kinds)
        for kind in ("navigation", "page_config_changed"):  # a whole page's run sends them
            assert after.get(kind, 0) == before.get(kind, 0), (kind, before, after)
        assert after.get("script_finished", 0) > before.get("script_finished", 0)
        # the page's head was not drawn again: the same title element is on the page
        assert title.evaluate("(el) => el.isConnected")
        if lab == "pawn":
            want = pawn.toggled(pawn.from_code("4x4w:pppp/..../..../PPPP"), 1, 1)
            expect_query(page, "p", pawn.to_code(want))
            expect(board_cell(page, 5)).to_have_attribute("data-piece", "white")
        else:
            start = chase.from_code("8-2.2-7.6-w")
            want = chase.ChasePosition(start.n, start.white, (0, 0), start.white_to_move)
            expect_query(page, "c", chase.to_code(want))
            expect(board_cell(page, 0)).to_have_attribute("data-piece", "black")
