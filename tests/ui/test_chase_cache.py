"""One cache of chase tables, in one place: the page's st.cache_resource. The engine keeps
none, so the page's six warm board sizes are solved once each, whatever the page asks."""

from __future__ import annotations

import threading

import engine.games.chase_solver as solver
from engine.games.chase import ChasePosition
from ui.boards import chase_lab as cl


def test_the_page_solves_each_board_size_once(monkeypatch) -> None:
    for t in threading.enumerate():  # an AppTest of app.py started the warm-up: let it finish
        if t.name == "board-warm-up":
            t.join()
    calls: list[int] = []
    real = solver.retrograde

    def counting(n: int):
        calls.append(n)
        return real(n)

    monkeypatch.setattr(solver, "retrograde", counting)
    cl.table.clear()
    sizes = [2, 3, 4, 5, 6, 7]  # the page keeps six tables
    try:
        for _ in range(2):
            for n in sizes:
                pos = ChasePosition(n, (0, 0), (n - 1, n - 1))
                cl.solved(pos)
                cl.outcome(pos)
                cl.reply(pos)
                cl.table(n).heatmap("white", pos.white, 0)
        assert sorted(calls) == sizes
    finally:
        cl.table.clear()
