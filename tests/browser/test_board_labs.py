"""The board labs in a real browser: clicking squares changes the position and the verdict
(equal to the engine's answer), share links restore, the search tabs step and drill down,
screenshots are written."""

from __future__ import annotations

import re
import time

import pytest

from engine.games import chase, pawn
from engine.games.chase_solver import solve_position, solve_table
from engine.games.pawn_solver import solve
from engine.judge import chase_answer
from engine.play import human_move, new_session
from engine.search import search_game
from gtl_dev.pages import rerun, steady_box
from teach.explain import describe
from teach.play_words import verdict_words
from tests.browser.axe import assert_axe_clean
from tests.browser.helpers import (
    BOARD,
    CANVAS,
    CANVAS_DRAWN,
    assert_no_exception,
    assert_share_link_restores,
    board_marks,
    canvas_next,
    css_key,
    expect,
    expect_pieces,
    expect_sentence,
    expect_step,
    expect_value,
    median_of_clicks,
    next_frame,
    open_page,
    record_figure,
    screenshot,
    tap_square,
)

pytestmark = pytest.mark.browser


def _verdict(page):
    return page.locator('[data-testid="stMain"] h3').first


def _verdict_is(page, text: str) -> None:
    """Wait until the page's verdict (its first heading in the main area) is ``text``."""
    expect(_verdict(page)).to_have_text(text, use_inner_text=True)


def test_pawn_click_changes_the_verdict(page, base_url, browser):
    code = "4x4w:...p/...p/pP.P/...P"  # statement sample 2: black wins in 2
    record_figure("pawn: time to first figure", open_page(page, base_url, f"pawn?p={code}"))
    assert_no_exception(page)
    _verdict_is(page, "Black wins in 2 plies")
    pos = pawn.from_code(code)
    square = 1 * 4 + 2  # c3: empty, becomes a white pawn
    record_figure("pawn: click a square", tap_square(page, square))
    assert_no_exception(page)
    after = solve(pawn.toggled(pos, 1, 2))
    expected = verdict_words(after.winner, after.plies)
    assert "Black wins in 2" not in expected
    _verdict_is(page, expected)
    screenshot(page, "pawn_after_click")
    assert_share_link_restores(browser, page.url, lambda p: _verdict_is(p, expected))


def test_chase_click_changes_the_verdict(page, base_url, browser):
    code = "3-1.1-3.3-w"  # statement sample 2: BLACK 6
    record_figure("chase: time to first figure", open_page(page, base_url, f"chase?c={code}"))
    assert_no_exception(page)
    expect(page.get_by_text("BLACK 6").first).to_be_attached()
    # the palette places black: put it next to white (row 1, col 2) -> WHITE 1
    record_figure("chase: click a square", tap_square(page, 1))
    assert_no_exception(page)
    pos = chase.from_code(code)
    moved = chase.ChasePosition(3, pos.white, (0, 1))
    assert chase_answer(solve_position(moved, solve_table(moved.n))) == "WHITE 1"
    _verdict_is(page, "White wins in 1 ply")
    screenshot(page, "chase_after_click")
    assert_share_link_restores(browser, page.url, lambda p: _verdict_is(p, "White wins in 1 ply"))


def _bottom(locator) -> float:
    box = steady_box(locator, hold_ms=100)  # not a box read while the page still moves it
    assert box is not None
    return box["y"] + box["height"]


TABLE = '[data-testid="stMarkdownContainer"] table'  # ui.common.table's tables


def test_chase_big_board_heatmap(page, base_url):
    seconds = open_page(page, base_url, "chase?c=20-1.1-20.20-w")
    record_figure("chase 20x20: time to first figure", seconds)
    assert_no_exception(page)
    expect(page.get_by_text("BLACK 56").first).to_be_attached()
    # above the fold on a projector: the board, the verdict and the move table
    screenshot(page, "chase_20_fold", full_page=False)
    height = page.viewport_size["height"]
    assert _bottom(page.locator(BOARD).first) <= height
    assert _bottom(page.locator('[data-testid="stMain"] h3').first) <= height
    assert _bottom(page.locator(f"{TABLE}:has(th:text-is('outcome'))").first) <= height
    record_figure("chase 20x20: click a square", tap_square(page, 10 * 20 + 10))
    assert_no_exception(page)
    screenshot(page, "chase_20")


def _open_search_tab(page) -> None:
    with rerun(page):  # the tabs are lazy: opening one reruns the page
        page.get_by_role("tab", name="The search tree").click()


def test_pawn_search_tab_steps_and_opens_a_marker(page, base_url):
    code = "4x4w:pppp/..../..../PPPP"  # the 4-vs-4 start: tens of thousands of nodes
    open_page(page, base_url, f"pawn?p={code}")
    start = time.perf_counter()
    _open_search_tab(page)
    page.wait_for_selector(f"{CANVAS} .follow .f-row", timeout=60_000)
    record_figure("pawn 4x4 start: open the search tab", time.perf_counter() - start)
    assert_no_exception(page)
    # too big to read whole: the follow view first (tests/browser/test_follow.py); the tree
    page.locator(f"{CANVAS} .f-mode .m-tree").click()
    page.wait_for_selector(CANVAS_DRAWN)
    pos = pawn.from_code(code)
    run = search_game(pawn.PawnGame(), pos)
    expect(page.get_by_text(f"{run.nodes_visited:,}", exact=True).first).to_be_attached()
    expect_sentence(page, f"Step 0 of {len(run.events)}. {describe(run, 0)}")
    record_figure("pawn 4x4 start: first next step", canvas_next(page))
    expect_sentence(page, f"Step 1 of {len(run.events)}. {describe(run, 1)}")
    # once the tab is open, the canvas's controls, sentence and tree fill the window
    page.get_by_role("tablist").first.evaluate("(e) => e.scrollIntoView({block: 'start'})")
    next_frame(page)  # the scrolled page on screen for the shot (and for the boxes below)
    screenshot(page, "pawn_search_tab_top", full_page=False)
    tabs = page.get_by_role("tablist").first.bounding_box()
    tree = page.locator(f"{CANVAS} svg.tree").bounding_box()
    sentence = page.locator(f"{CANVAS} .sentence").bounding_box()
    assert tabs and tree and sentence
    assert tree["y"] - tabs["y"] < 600
    assert 0 < tree["y"] - sentence["y"] < 120
    record_figure(
        "pawn 4x4 start: next step (median of 10)", median_of_clicks(lambda: canvas_next(page))
    )
    expect_step(page, 11)  # what step 11 drew is settled (expect_step)
    # the tree stays collapsed: "+N nodes" markers say N and open on a click
    marker = page.locator(f"{CANVAS} g.sum").first
    expect(marker).to_be_attached()
    label = marker.locator("text").text_content()
    hidden = int(label.removeprefix("+").split()[0])
    assert hidden > 1 and label == f"+{hidden} nodes"
    opened = int(marker.get_attribute("data-open"))
    marker.scroll_into_view_if_needed()
    start = time.perf_counter()
    with rerun(page):
        marker.click()
    page.wait_for_selector(f'{CANVAS} g.n[data-id="{opened}"]')
    record_figure("pawn 4x4 start: open a '+N nodes' marker", time.perf_counter() - start)
    assert_no_exception(page)
    # the opened node is the top one
    expect(page.locator(f"{CANVAS} g.n").first).to_have_attribute("data-id", str(opened))
    expect(page.locator(".st-key-pawn-search-root button")).to_have_count(1)
    expect_step(page, 11)  # the same run: the step stays
    screenshot(page, "pawn_search_drilled")


def test_a_node_click_shows_its_board(page, base_url):
    open_page(page, base_url, "pawn?p=4x4w:.ppp/..../.PPP/....")
    _open_search_tab(page)
    page.wait_for_selector(CANVAS_DRAWN)
    expect(page.get_by_text("Search is at (step 0): the root")).to_have_count(1)
    node = page.locator(f"{CANVAS} g.n").nth(1)  # the root's first child
    name = node.locator("title").text_content()  # drawn with the node: settled
    assert name
    with rerun(page):
        node.click()
    assert_no_exception(page)
    expect(page.get_by_text(f"Selected: {name}")).to_have_count(1)
    expect(page.locator(".st-key-pawn-search-follow button")).to_have_count(1)
    sel = page.locator(f"{CANVAS} svg.tree circle.sel")
    expect_value(page, lambda: float(sel.get_attribute("cx")), lambda x: x > 0, "the mark's x")


def test_chase_search_tab(page, base_url):
    open_page(page, base_url, "chase?c=6-1.1-5.4-w")
    _open_search_tab(page)
    page.wait_for_selector(CANVAS_DRAWN)
    assert_no_exception(page)
    for _ in range(6):
        canvas_next(page)
    expect_step(page, 6)
    expect(page.get_by_text("agrees").first).to_be_attached()
    screenshot(page, "chase_search")


def _expected_pieces(pos: pawn.PawnPosition) -> dict[str, list[int]]:
    cells = pos.cells
    return {
        "white pieces": sorted(i for i, ch in enumerate(cells) if ch == pawn.WHITE),
        "black pieces": sorted(i for i, ch in enumerate(cells) if ch == pawn.BLACK),
    }


def _play_mode(page) -> None:
    with rerun(page):
        page.locator('[data-testid="stMain"] button').filter(
            has_text="Play against the engine"
        ).first.click()


def test_pawn_play_one_move_against_the_engine(page, base_url):
    code = "4x4w:.ppp/..../.PPP/...."  # statement sample 1; the person plays white
    open_page(page, base_url, f"pawn?p={code}")
    _play_mode(page)
    assert_no_exception(page)
    start = pawn.from_code(code)
    sol = solve(start)
    _verdict_is(page, verdict_words(sol.winner, sol.plies))
    expect(page.get_by_text("Your move (White)")).to_have_count(1)
    expect_pieces(page, _expected_pieces(start))
    move = sol.moves[0][0]  # the best move, played by two clicks: the pawn, then its target
    (fr, fc), (tr, tc) = move.from_sq, move.to_sq
    tap_square(page, fr * start.cols + fc, reruns=False)
    _expect_marks(page, "picked", fr * start.cols + fc)
    # a selection, not a move yet (the pick is drawn in the click's own task: settled)
    expect_pieces(page, _expected_pieces(start))
    record_figure(
        "pawn play: a move and the engine's reply", tap_square(page, tr * start.cols + tc)
    )
    assert_no_exception(page)
    rules = pawn.PawnGame()

    def reply(p):
        return solve(p).moves[0][0]

    game = human_move(new_session(start, "white", rules, reply), move, rules, reply)
    assert game.plies == 2  # the person's move and the engine's answer
    mine = pawn.play(start, move)
    assert _expected_pieces(mine) not in (_expected_pieces(start), _expected_pieces(game.position))
    expect_pieces(page, _expected_pieces(game.position))
    replied = f"The engine replied {game.names[1]}"
    expect(page.locator('[data-testid="stMarkdown"]').filter(has_text=replied)).to_have_count(1)
    said = page.locator(f"{BOARD} [role=status]").first  # the screen reader's
    expect(said).to_have_text(
        re.compile("^" + re.escape(f"You played {game.names[0]}. {replied}."))
    )
    after = solve(game.position)
    _verdict_is(page, verdict_words(after.winner, after.plies))
    screenshot(page, "pawn_play", full_page=False)
    assert_axe_clean(page, "pawn chess, play mode, after a move")


def test_chase_play_to_game_over(page, base_url):
    open_page(page, base_url, "chase?c=3-1.1-1.2-w")  # white captures next door at once
    _play_mode(page)
    assert_no_exception(page)
    screenshot(page, "chase_play", full_page=False)
    tap_square(page, 1)  # onto black: the capture
    assert_no_exception(page)
    _verdict_is(page, "White won")
    expect(page.get_by_text("you won!")).to_have_count(1)
    for key in ("chase.game.undo", "chase.game.restart"):
        expect(page.locator(f".st-key-{css_key(key)} button")).to_have_count(1)
    screenshot(page, "chase_play_over", full_page=False)


# ---- boards that are square at every size, play that explains (issue 12) -------------------
def _board_boxes(page) -> dict:
    """The squares' boxes (by square index) and the pieces' boxes of the first board on the
    page, in CSS pixels, once its sheet applies (a warm server's board can be drawn before
    the component's CSS arrives: its rows are blocks then, every square the board's width)."""
    page.locator(BOARD).first.locator(".row").first.wait_for()
    page.wait_for_function(
        """() => { const host = [...document.querySelectorAll('*')].find(
                     (e) => e.shadowRoot && e.shadowRoot.querySelector('.gtl-board'));
                   const root = host ? host.shadowRoot : document;
                   const row = root.querySelector('.gtl-board .row');
                   return row && getComputedStyle(row).display === 'flex'; }"""
    )
    steady_box(page.locator(BOARD).first, hold_ms=100)  # laid out: not read mid-resize
    return page.locator(BOARD).first.evaluate(
        """(b) => {
            const box = (e) => { const r = e.getBoundingClientRect();
                                 return [r.left, r.top, r.right, r.bottom]; };
            const squares = [...b.querySelectorAll('[role="gridcell"]')]
                .sort((x, y) => x.dataset.sq - y.dataset.sq).map(box);
            const pieces = [...b.querySelectorAll('.piece g')].map(box)
                .filter((p) => p[2] > p[0]);
            return {squares, pieces};
        }"""
    )


def _assert_square_board(page, n_rows: int, n_cols: int, what: str) -> None:
    got = _board_boxes(page)
    squares = got["squares"]
    assert len(squares) == n_rows * n_cols, what
    widths = [b[2] - b[0] for b in squares]
    heights = [b[3] - b[1] for b in squares]
    assert max(widths) - min(widths) < 0.6 and max(heights) - min(heights) < 0.6, what
    assert abs(widths[0] - heights[0]) < 0.6, what  # square, not stretched
    lefts = sorted({round(b[0], 1) for b in squares})
    tops = sorted({round(b[1], 1) for b in squares})
    assert len(lefts) == n_cols and len(tops) == n_rows, what
    steps = [b - a for a, b in zip(lefts, lefts[1:], strict=False)] + [
        b - a for a, b in zip(tops, tops[1:], strict=False)
    ]
    assert all(abs(s - widths[0]) < 0.6 for s in steps), what  # equal columns and rows
    board = (
        min(b[0] for b in squares),
        min(b[1] for b in squares),
        max(b[2] for b in squares),
        max(b[3] for b in squares),
    )
    assert got["pieces"], what
    for p in got["pieces"]:
        assert board[0] - 0.5 <= p[0] and p[2] <= board[2] + 0.5, (what, p, board)
        assert board[1] - 0.5 <= p[1] and p[3] <= board[3] + 0.5, (what, p, board)
    chart = page.locator(BOARD).first.bounding_box()
    assert chart is not None
    below = chart["y"] + chart["height"] - board[3]
    assert below < 70, f"{what}: {below:.0f} px of blank band under the board"


@pytest.mark.parametrize("width", [1400, 390])
def test_every_board_is_square_and_holds_its_pieces(browser, base_url, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        for n in (*range(2, 9), 20, 40):
            open_page(page, base_url, f"chase?c={n}-1.1-{n}.{n}-w")
            assert_no_exception(page)
            _assert_square_board(page, n, n, f"chase {n}x{n} at {width} px")
        for size in (3, 4, 5):
            open_page(page, base_url, f"pawn?p={pawn.to_code(pawn.start(size, size))}")
            assert_no_exception(page)
            _assert_square_board(page, size, size, f"pawn {size}x{size} at {width} px")
    finally:
        context.close()


def _note(page):
    return page.locator('[data-testid="stAlert"] [data-testid="stMarkdownContainer"]').first


def _expect_marks(page, what: str, want) -> None:
    """Wait until the first board's ``board_marks(page)[what]`` is ``want``."""
    expect_value(page, lambda: board_marks(page)[what], want, f"the board's {what}")


def test_pawn_play_marks_the_legal_moves_explains_a_wrong_click_and_why_it_ended(page, base_url):
    from teach.play_words import pawn_end_reason, pawn_targets, pawn_why_not

    code = "4x4w:.ppp/..../.PPP/...."  # statement sample 1: white wins
    open_page(page, base_url, f"pawn?p={code}")
    _play_mode(page)
    start = pawn.from_code(code)
    cols = start.cols
    # pick each white pawn: exactly its legal targets are marked
    for r, c in ((2, 1), (2, 2), (2, 3)):
        tap_square(page, r * cols + c, reruns=False)  # picked in the browser: no rerun
        want = sorted(tr * cols + tc for tr, tc in pawn_targets(start, (r, c)))
        assert want, (r, c)  # each of them can move
        _expect_marks(page, "picked", r * cols + c)
        _expect_marks(page, "targets", want)
    # with b2 picked, a click on d4 is not a move: the page says why
    tap_square(page, 2 * cols + 1, reruns=False)
    _expect_marks(page, "picked", 2 * cols + 1)
    tap_square(page, 0 * cols + 3)
    expect(_note(page)).to_have_text(pawn_why_not(start, (2, 1), (0, 3)), use_inner_text=True)
    expect_pieces(page, _expected_pieces(start))
    # play the engine's own best moves to the end
    rules = pawn.PawnGame()
    sol = solve(start)
    game = new_session(start, "white", rules, lambda p: solve(p).moves[0][0])
    while rules.winner(game.position) is None:
        move = solve(game.position).moves[0][0]
        (fr, fc), (tr, tc) = move.from_sq, move.to_sq
        tap_square(page, fr * cols + fc, reruns=False)
        _expect_marks(page, "picked", fr * cols + fc)
        tap_square(page, tr * cols + tc)
        assert_no_exception(page)
        game = human_move(game, move, rules, lambda p: solve(p).moves[0][0])
        expect_pieces(page, _expected_pieces(game.position))
    assert game.plies > 0  # the loop played
    _verdict_is(page, f"{rules.winner(game.position).title()} won")
    body = page.locator('[data-testid="stMain"]')
    for words in (
        pawn_end_reason(game.position),
        f"in {game.plies} pl",
        "Just as the engine predicted",
        verdict_words(sol.winner, sol.plies),
    ):
        expect(body).to_contain_text(words, use_inner_text=True)
    screenshot(page, "pawn_play_over", full_page=False)


def test_pawn_hint_shows_the_best_move_and_every_outcome(page, base_url):
    code = "4x4w:.ppp/..../.PPP/...."
    open_page(page, base_url, f"pawn?p={code}")
    _play_mode(page)
    with rerun(page):
        page.locator(".st-key-pawn-game-hint button").first.click()
    assert_no_exception(page)
    sol = solve(pawn.from_code(code))
    best = sol.moves[0][0]
    arrow = [best.from_sq[0] * 4 + best.from_sq[1], best.to_sq[0] * 4 + best.to_sq[1]]
    _expect_marks(page, "arrows", [arrow])
    expect(page.get_by_text("the arrow on the board is the engine's best move")).to_have_count(1)
    # every move's outcome
    expect(page.locator(f"{TABLE}:has(th:text-is('outcome'))")).to_have_count(1)
    screenshot(page, "pawn_play_hint", full_page=False)


def test_chase_heatmap_caption_matches_its_mode(page, base_url):
    from ui.boards.chase_lab import HEAT, heat_caption

    code = "8-2.2-7.6-w"
    open_page(page, base_url, f"chase?c={code}")
    pos = chase.from_code(code)
    table = solve_table(pos.n)
    for mode, fixed in ((HEAT[2], "black"), (HEAT[1], "white")):
        with rerun(page):
            page.locator('[data-testid="stMain"] button').filter(has_text=mode).first.click()
        assert_no_exception(page)
        vals, _ = table.heatmap(fixed, getattr(pos, fixed), 0)
        caption = heat_caption(pos, fixed, vals)
        expect(page.get_by_text(caption, exact=True), mode).to_have_count(1)
        assert f"only next to the {fixed} piece" in caption


def test_ten_arrow_presses_on_the_chase_size_slider_change_n_by_ten(page, base_url):
    open_page(page, base_url, "chase?c=5-1.1-5.5-w")
    thumb = page.locator('.st-key-chase-n input[type="range"]')
    thumb.focus()
    for _ in range(10):
        with rerun(page):
            page.keyboard.press("ArrowRight")
    assert_no_exception(page)
    expect(thumb).to_have_value("15")
    expect(thumb).to_be_focused()  # focus kept
    expect(page.locator(BOARD).first.locator('[role="gridcell"]')).to_have_count(15 * 15)
