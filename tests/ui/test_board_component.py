"""ui.common.board.handle: what the browser reports about a board is checked before anything
acts on it (the browser is not trusted), and a report made on another position is dropped."""

from __future__ import annotations

from ui.common.board import handle

PLAY = {"rows": 4, "cols": 4, "mode": "play", "ver": "2:code"}
EDIT = {**PLAY, "mode": "edit", "ver": "code"}


def _calls(report, payload):
    got = []
    ok = handle(
        report,
        payload,
        on_square=lambda s: got.append(("square", s)),
        on_move=lambda f, t: got.append(("move", f, t)),
        on_tap=lambda s, p: got.append(("tap", s, p)),
    )
    return ok, got


def test_a_move_a_tap_and_an_edit_reach_their_handlers():
    assert _calls({"kind": "move", "from": 9, "to": 5, "ver": "2:code"}, PLAY) == (
        True,
        [("move", 9, 5)],
    )
    assert _calls({"kind": "tap", "square": 3, "picked": 9, "ver": "2:code"}, PLAY) == (
        True,
        [("tap", 3, 9)],
    )
    assert _calls({"kind": "tap", "square": 3, "picked": None, "ver": "2:code"}, PLAY) == (
        True,
        [("tap", 3, None)],
    )
    assert _calls({"kind": "square", "square": 15, "ver": "code"}, EDIT) == (
        True,
        [("square", 15)],
    )


def test_reports_on_another_position_or_malformed_are_dropped():
    bad = [
        {"kind": "move", "from": 9, "to": 5, "ver": "0:code"},  # the board moved on
        {"kind": "move", "from": 9, "to": 16, "ver": "2:code"},  # off the board
        {"kind": "move", "from": True, "to": 5, "ver": "2:code"},
        {"kind": "move", "from": "9", "to": 5, "ver": "2:code"},
        {"kind": "square", "square": 1, "ver": "2:code"},  # an edit on the play board
        {"kind": "drop", "square": 1, "ver": "2:code"},
        "move",
        None,
    ]
    for report in bad:
        assert _calls(report, PLAY) == (False, []), report
    assert _calls({"kind": "move", "from": 9, "to": 5, "ver": "code"}, EDIT) == (False, [])
    assert _calls({"kind": "square", "square": -1, "ver": "code"}, EDIT) == (False, [])
