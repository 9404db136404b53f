"""The board labs in a real browser: clicking squares changes the position and the verdict
(equal to the engine's answer), share links restore, screenshots are written."""

from __future__ import annotations

import pytest

from engine import chase, pawn
from engine.pawn_solve import solve
from tests.browser.helpers import (
    assert_no_exception,
    assert_share_link_restores,
    click_plotly_point,
    open_page,
    record_figure,
    screenshot,
)
from ui.board_lab import chase_from_code, verdict_words

pytestmark = pytest.mark.browser


def _verdict(page) -> str:
    return page.locator('[data-testid="stMain"] h3').first.inner_text().strip()


def test_pawn_click_changes_the_verdict(page, base_url, browser):
    code = "4x4w:...p/...p/pP.P/...P"  # statement sample 2: black wins in 2
    record_figure("pawn: time to first figure", open_page(page, base_url, f"pawn?p={code}"))
    assert_no_exception(page)
    assert _verdict(page) == "Black wins in 2 plies"
    pos = pawn.from_code(code)
    square = 1 * 4 + 2  # c3: empty, becomes a white pawn
    record_figure("pawn: click a square", click_plotly_point(page, square))
    assert_no_exception(page)
    after = solve(pawn.toggled(pos, 1, 2))
    assert _verdict(page) == verdict_words(after.winner, after.plies)
    assert "Black wins in 2" not in _verdict(page)
    screenshot(page, "pawn_after_click")
    expected = _verdict(page)
    assert_share_link_restores(browser, page.url, lambda p: _verdict_is(p, expected))


def _verdict_is(page, text: str) -> None:
    assert _verdict(page) == text


def test_chase_click_changes_the_verdict(page, base_url, browser):
    code = "3-1.1-3.3-w"  # statement sample 2: BLACK 6
    record_figure("chase: time to first figure", open_page(page, base_url, f"chase?c={code}"))
    assert_no_exception(page)
    assert page.get_by_text("BLACK 6").count() >= 1
    # the palette places black: put it next to white (row 1, col 2) -> WHITE 1
    record_figure("chase: click a square", click_plotly_point(page, 1))
    assert_no_exception(page)
    pos = chase_from_code(code)
    moved = chase.ChasePosition(3, pos.white, (0, 1))
    assert chase.judge_answer(chase.solve_position(moved)) == "WHITE 1"
    assert _verdict(page) == "White wins in 1 ply"
    screenshot(page, "chase_after_click")
    assert_share_link_restores(browser, page.url, lambda p: _verdict_is(p, "White wins in 1 ply"))


def test_chase_big_board_heatmap(page, base_url):
    seconds = open_page(page, base_url, "chase?c=20-1.1-20.20-w")
    record_figure("chase 20x20: time to first figure", seconds)
    assert_no_exception(page)
    assert page.get_by_text("BLACK 56").count() >= 1
    record_figure("chase 20x20: click a square", click_plotly_point(page, 10 * 20 + 10))
    assert_no_exception(page)
    screenshot(page, "chase_20")
