"""The start-up warm-up: what it computes, and that one failing item does not stop the rest."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games import chase
from tests.canvas_data import canvases
from ui.boards import board_search as bs
from ui.boards import chase_lab as cl
from ui.boards import pawn_lab as pl
from ui.boards import warm

PAGES = Path(__file__).resolve().parents[2] / "app_pages"


def test_jobs_cover_every_preset_and_the_largest_board():
    names = [what for what, _ in warm.jobs()]
    for preset in pl.PRESETS:
        assert f"pawn solve {preset}" in names
        assert f"pawn search {preset}" in names
    for code in cl.PRESETS.values():
        assert f"chase best line {code}" in names
    assert f"chase table {chase.MAX_N}" in names
    # the first visitor's page (the defaults) comes first
    first = [
        "exam sheets",
        "pawn solve 4 vs 4 start",
        f"chase table {cl.DEFAULT.n}",
        "pawn search 4 vs 4 start",
        "pawn search tab 4 vs 4 start",
    ]
    assert names[:5] == first


def test_the_exam_sheets_job_imports_matplotlibs_pdf_code():
    """The practice page's first run imported matplotlib (most of its 0.65 s); the warm-up
    does it in the background instead. A fresh interpreter: this one may have it already."""
    code = (
        "import sys\n"
        "from ui.boards import warm\n"
        "assert 'matplotlib.backends.backend_pdf' not in sys.modules\n"
        "[call() for what, call in warm.jobs() if what == 'exam sheets']\n"
        "assert 'matplotlib.backends.backend_pdf' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


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


def test_the_pawn_search_tab_opens_on_what_the_warm_up_drew(monkeypatch):
    """The first visit of the pawn search tab (the default position, alpha-beta, the whole
    game) searches and lays out nothing: the search, its canvas payload and follow view are
    the warm-up's, in the entries the page reads (Streamlit keys them by the arguments as
    passed: a warm-up that left out a default filled another entry)."""
    warm._run([(w, c) for w, c in warm.jobs() if w == "pawn search tab 4 vs 4 start"])
    drawn = []
    monkeypatch.setattr(pl, "game_run", lambda *a, **k: drawn.append("search"))
    monkeypatch.setattr(bs, "tree_payload", lambda *a, **k: drawn.append("tree"))
    monkeypatch.setattr(bs, "follow_payload", lambda *a, **k: drawn.append("follow"))
    at = AppTest.from_file(str(PAGES / "pawn.py"), default_timeout=300)
    at.query_params["tab"] = "The search tree"
    at.run()
    assert not at.exception
    assert canvases(at) and drawn == []
