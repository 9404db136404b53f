"""The board editors' size and side-to-move controls keep one key for every position (issue
21: a key made from the position re-mounted both controls on every tap of the board, a cost
on a phone) and show what the position says after a tap, a preset or a pick."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games import chase, pawn
from ui.common.keys import CHASE, PAWN

PAGES = Path(__file__).resolve().parents[2] / "app_pages"


def _page(name: str) -> AppTest:
    return AppTest.from_file(str(PAGES / f"{name}.py"), default_timeout=60).run()


def _tap(at: AppTest, key: str, pos) -> AppTest:
    """What the board's edit callback does (ui.common.board: on_square, before the run)."""
    at.session_state[key] = pos
    return at.run()


def test_pawn_size_and_side_controls_survive_a_tap_and_follow_the_position():
    at = _page("pawn")
    assert not at.exception
    size, side = at.segmented_control(key=PAWN.size), at.segmented_control(key=PAWN.side)
    assert (size.value, side.value) == (4, "White")
    start = at.session_state[PAWN.pos]
    tapped = pawn.toggled(start, 1, 1)  # a white pawn on b3: the same size and side
    assert tapped != start
    _tap(at, PAWN.pos, tapped)
    assert not at.exception
    assert at.session_state[PAWN.pos] == tapped
    assert at.segmented_control(key=PAWN.size).value == 4
    # a pick of a side acts on the position the session holds (the tapped one)
    at.segmented_control(key=PAWN.side).set_value("Black").run()
    assert at.session_state[PAWN.pos] == pawn.with_side(tapped, False)
    assert at.segmented_control(key=PAWN.side).value == "Black"
    # a pick of a size: that size's start; the side control follows it (white moves first)
    at.segmented_control(key=PAWN.size).set_value(3).run()
    assert at.session_state[PAWN.pos] == pawn.start(3, 3)
    assert at.segmented_control(key=PAWN.side).value == "White"
    # a preset: both controls follow the position it sets
    at.button(key=PAWN.preset(4)).click().run()  # 5x5 start
    got = at.session_state[PAWN.pos]
    assert (got.rows, got.cols) == (5, 5)
    assert at.segmented_control(key=PAWN.size).value == 5
    assert not at.exception


def test_chase_side_control_survives_a_tap_and_follows_the_position():
    at = _page("chase")
    assert not at.exception
    assert at.segmented_control(key=CHASE.side).value == "White"
    pos = at.session_state[CHASE.pos]
    moved = chase.ChasePosition(pos.n, pos.white, (pos.n - 1, pos.n - 1), pos.white_to_move)
    _tap(at, CHASE.pos, moved)
    assert not at.exception
    assert at.segmented_control(key=CHASE.side).value == "White"
    at.segmented_control(key=CHASE.side).set_value("Black").run()
    assert at.session_state[CHASE.pos] == chase.ChasePosition(
        moved.n, moved.white, moved.black, False
    )
    assert at.segmented_control(key=CHASE.side).value == "Black"
    at.button(key=CHASE.preset(0)).click().run()  # "2 1 1 2 2": white to move
    assert at.session_state[CHASE.pos] == chase.from_code("2-1.1-2.2-w")
    assert at.segmented_control(key=CHASE.side).value == "White"
    assert not at.exception


def _drawn(at: AppTest, pawn_page: bool) -> list[str]:
    """The editor controls' elements as the browser gets them."""
    if pawn_page:
        controls = [at.segmented_control(key=PAWN.size), at.segmented_control(key=PAWN.side)]
    else:
        controls = [at.slider(key=CHASE.n), at.segmented_control(key=CHASE.side)]
    return [c.proto.SerializeToString() for c in controls]


def test_a_tap_draws_the_editor_controls_as_the_run_before():
    """A tap that keeps the size and the side sends the controls equal to the run before's
    (an element that differs is drawn again by the browser: issue 21); the first run's
    controls included, and a preset's (the run that moved them) too, from the next tap on."""
    at = _page("pawn")
    first = _drawn(at, True)
    start = at.session_state[PAWN.pos]
    _tap(at, PAWN.pos, pawn.toggled(start, 1, 1))
    assert _drawn(at, True) == first
    at.button(key=PAWN.preset(4)).click().run()  # 5x5: the size control moves
    assert at.segmented_control(key=PAWN.size).value == 5
    moved = _drawn(at, True)
    _tap(at, PAWN.pos, pawn.toggled(at.session_state[PAWN.pos], 2, 2))
    after = _drawn(at, True)
    _tap(at, PAWN.pos, pawn.toggled(at.session_state[PAWN.pos], 2, 2))
    assert _drawn(at, True) == after
    assert at.segmented_control(key=PAWN.size).value == 5 and moved != first
    at = _page("chase")
    first = _drawn(at, False)
    pos = at.session_state[CHASE.pos]
    _tap(at, CHASE.pos, chase.ChasePosition(pos.n, pos.white, (0, 0), pos.white_to_move))
    assert _drawn(at, False) == first
    assert not at.exception
