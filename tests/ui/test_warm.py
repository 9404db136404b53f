"""The start-up warm-up: what it computes, and that one failing item does not stop the rest."""

from __future__ import annotations

from engine.games import chase
from ui.boards import chase_lab as cl
from ui.boards import pawn_lab as pl
from ui.boards import warm


def test_jobs_cover_every_preset_and_the_largest_board():
    names = [what for what, _ in warm.jobs()]
    for preset in pl.PRESETS:
        assert f"pawn solve {preset}" in names
        assert f"pawn search {preset}" in names
    for code in cl.PRESETS.values():
        assert f"chase best line {code}" in names
    assert f"chase table {chase.MAX_N}" in names
    # the first visitor's page (the defaults) comes first
    first = ["pawn solve 4 vs 4 start", f"chase table {cl.DEFAULT.n}", "pawn search 4 vs 4 start"]
    assert names[:3] == first


def test_a_failing_item_is_logged_and_the_rest_still_runs(caplog):
    done = []

    def boom():
        raise RuntimeError("no")

    warm._run([("bad", boom), ("good", lambda: done.append(1))])
    assert done == [1]
    assert "warm-up: bad failed" in caplog.text


def test_warm_up_fills_the_labs_caches():
    warm._run([(w, c) for w, c in warm.jobs() if w in ("pawn solve Sample 1", "chase table 3")])
    sol = pl.solved(pl.PRESETS["Sample 1"])
    assert sol.winner in ("white", "black")
    assert cl.table(3).n == 3
