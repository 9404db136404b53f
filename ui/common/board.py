"""The board component: a board lab's board drawn and played in the browser.

``board(payload, key=..., on_square=..., on_move=..., on_tap=...)`` mounts the component
(components v2, declared with an ``asset_dir`` in pyproject.toml like the tree canvas:
game_tree_lab/board/) with a payload from viz.board_payload. The browser draws the squares
as an ARIA grid (a tap, a click, or the arrow keys and Enter), keeps the piece picked up,
and reports one event, checked here before anything acts on it (the browser is not trusted):

- ``on_square(square)``: a square of the editor's board (mode ``edit``);
- ``on_move(from, to)``: a move, a piece picked then one of its targets (mode ``play``);
- ``on_tap(square, picked)``: a square that is no move (``picked``: the square picked up or
  None), so the page can say why.

A report made on another position than the one on the server (``payload["ver"]``: the
board moved on meanwhile) is dropped, and the page keeps its state. Every report handled is
counted, and the count goes back to the browser (``heard``), which is busy until it has it.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from ui.common.component import declare

NAME = "game-tree-lab.board"


def _component():
    return declare(NAME, "The board")


def _square(x, n: int) -> int | None:
    """``x`` when it is a square index of a board of ``n`` squares, else None."""
    ok = isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n
    return x if ok else None


def handle(
    report,
    payload: dict,
    *,
    on_square: Callable[[int], None] | None = None,
    on_move: Callable[[int, int], None] | None = None,
    on_tap: Callable[[int, int | None], None] | None = None,
) -> bool:
    """Act on one report of the browser about the board drawn from ``payload``; True when
    it was one (well formed, on this position). Plain: tested without Streamlit."""
    if not isinstance(report, dict) or report.get("ver") != payload["ver"]:
        return False
    n = payload["rows"] * payload["cols"]
    kind, square = report.get("kind"), _square(report.get("square"), n)
    if kind == "square" and square is not None and on_square and payload["mode"] == "edit":
        on_square(square)
        return True
    if payload["mode"] != "play":
        return False
    if kind == "move" and on_move:
        frm, to = _square(report.get("from"), n), _square(report.get("to"), n)
        if frm is not None and to is not None:
            on_move(frm, to)
            return True
    if kind == "tap" and square is not None and on_tap:
        on_tap(square, _square(report.get("picked"), n))
        return True
    return False


def board(
    payload: dict,
    *,
    key: str,
    on_square: Callable[[int], None] | None = None,
    on_move: Callable[[int, int], None] | None = None,
    on_tap: Callable[[int, int | None], None] | None = None,
) -> None:
    """Mount the board of ``payload`` under ``key``; the callbacks run in the widget
    callback, before the page's next run (see the module's docstring)."""
    ss = st.session_state
    heard_key = f"{key}.heard"

    def reported() -> None:
        report = (ss.get(key) or {}).get("tap")
        if isinstance(report, dict) and isinstance(report.get("n"), int):
            ss[heard_key] = max(int(ss.get(heard_key, 0)), report["n"])
        handle(report, payload, on_square=on_square, on_move=on_move, on_tap=on_tap)

    _component()(
        key=key,
        data={**payload, "heard": int(ss.get(heard_key, 0))},
        on_tap_change=reported,
    )
