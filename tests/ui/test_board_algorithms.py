"""The board labs' algorithm choice and race (issue 13): every algorithm gives one traced run
with a state per node and the depth-limited value; the race table; the chase page's choice,
link and race."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine import algorithms as ea
from engine.games import chase
from engine.games.chase_solver import solve_table
from engine.race import race_position
from engine.trace import Replayer
from teach.explain import describe
from tests.canvas_data import decode
from tests.ui.tables import tables
from ui.boards import board_algorithms as ba
from viz.tree_payload import tree_payload

PAGE = str(Path(__file__).resolve().parents[2] / "app_pages" / "chase.py")
CODE, DEPTH = "8-2.2-7.6-w", 3


def game_and_pos():
    pos = chase.from_code(CODE)
    return chase.ChaseGame(solve_table(pos.n)), pos


def test_tokens():
    assert ba.run_token("c", ea.ALPHABETA) == "c"
    assert ba.run_token("c", ea.PVS) == ("c", ea.PVS)


def test_race_rows_are_the_engine_rows():
    game, pos = game_and_pos()
    rows, words = ba.race_table_rows(game, pos, DEPTH, 60_000)
    table = race_position(game, pos, DEPTH, max_nodes=60_000)
    assert [(r["leaves"], r["table hits"]) for r in rows] == [
        (r.leaves, r.table_hits) for r in table.rows
    ]
    assert [r["algorithm"] for r in rows[-3:]] == [
        "Deepening + table",
        "Iterative deepening",
        "MTD(f) + deepening",
    ]
    assert "deepening+table" in words


def test_chase_page_choice_link_and_race():
    at = AppTest.from_file(PAGE, default_timeout=120)
    at.query_params["c"] = CODE
    at.query_params["algo"] = "deepening+table"
    at.session_state["tab"] = "The search tree"
    at.run()
    assert not at.exception
    assert at.session_state["chase.algo"] == "deepening+table"
    line = next(m.value for m in at.markdown if "exact answer" in m.value)
    assert "Deepening + table to 3 plies deep (its last iteration):**" in line
    race = tables(at)[-1]
    assert "table hits" in race.columns and len(race) == 15  # 4 algorithms x 3 + 3
    at.segmented_control(key="chase.algo").set_value("alphabeta").run()
    assert not at.exception and "algo" not in at.query_params
    at.segmented_control(key="chase.algo").set_value("pvs").run()
    assert not at.exception and at.query_params["algo"] in ("pvs", ["pvs"])


def test_table_hits_replay_on_the_canvas_as_in_the_replayer():
    """A table entry that settles a node skips its moves: the canvas shows them pruned (the
    payload ignored TABLE events before) and the node with the entry's window."""
    game, pos = game_and_pos()
    run = ea.game_run(game, pos, 4, ea.DEEPENING_TABLE, 60_000)
    names = list(run.tree.labels)
    p = tree_payload(run, describe, names, budget=100_000)
    ids = p["nodes"]["id"]
    rep = Replayer(run)
    hits = [k for k, e in enumerate(run.events, start=1) if e.kind == "table" and e.skipped]
    assert hits
    for k in hits:
        d, snap = decode(p, k), rep.snapshot(k)
        for i, v in enumerate(ids):
            assert d.status[i] == snap.status[v], (k, v)
        assert "The table already holds" in describe(run, k)


def test_pawn_page_offers_the_whole_game_algorithms():
    at = AppTest.from_file(str(Path(PAGE).with_name("pawn.py")), default_timeout=120)
    at.query_params["p"] = "4x4w:.ppp/..../.PPP/...."
    at.query_params["algo"] = "pvs"
    at.session_state["tab"] = "The search tree"
    at.run()
    assert not at.exception
    assert at.session_state["pawn.algo"] == "pvs"
    line = next(m.value for m in at.markdown if "exact answer" in m.value)
    assert "PVS, whole game:**" in line and "the same" in line
    at2 = AppTest.from_file(str(Path(PAGE).with_name("pawn.py")), default_timeout=120)
    at2.query_params["algo"] = "deepening"  # needs a depth: not offered on the whole game
    at2.session_state["tab"] = "The search tree"
    at2.run()
    assert not at2.exception and at2.session_state["pawn.algo"] == "alphabeta"
    assert any("algorithm could not be read" in w.value for w in at2.warning)
