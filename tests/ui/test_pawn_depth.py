"""AppTest of the pawn search tab's depth limit (issue 22): a depth control (so the 5x5
start's "lower the depth" is true, defect 7), the evaluation's words, the value equal to the
engine's depth-limited search with the evaluation, deepening in the menu, the race table,
and the depth in the link."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games import pawn
from engine.games.pawn_eval import EvaluatedPawnGame
from engine.race import race_position
from engine.search import search_game
from tests.ui.tables import figures, tables

PAGE = str(Path(__file__).resolve().parents[2] / "app_pages" / "pawn.py")
FIVE = "5x5w:ppppp/...../...../...../PPPPP"


def _tab(query: dict) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=90)
    for k, v in query.items():
        at.query_params[k] = v
    at.session_state["tab"] = "The search tree"
    return at.run()


def _texts(at: AppTest) -> str:
    return " ".join([m.value for m in at.markdown] + [c.value for c in at.caption])


def test_5x5_start_too_big_for_the_whole_game_then_a_depth_limit_searches_it():
    at = _tab({"p": FIVE})
    assert not at.exception
    assert any("lower the depth" in w.value for w in at.warning)
    slider = at.select_slider(key="pawn.depth")  # the depth the message speaks of exists
    assert slider.value == "whole game"
    slider.set_value(3).run()
    assert not at.exception
    assert not any("lower the depth" in w.value for w in at.warning)
    run = search_game(EvaluatedPawnGame(), pawn.from_code(FIVE), 3)
    metrics = figures(at)
    assert metrics["Leaves evaluated"] == f"{run.leaves_evaluated:,}"
    texts = _texts(at)
    assert f"root value {run.value} (the evaluation: " in texts
    assert "not decided within the depth" in texts
    assert "are undecided positions at depth 3, scored by the evaluation" in texts
    assert at.query_params["depth"] == "3"
    # the race table (its frontier the evaluation) and deepening offered
    race = race_position(EvaluatedPawnGame(), pawn.from_code(FIVE), 3, max_nodes=60_000)
    frame = tables(at)[-1]
    assert set(frame["value"]) == {str(race.rows[0].value)} == {str(run.value)}
    menu = at.segmented_control(key="pawn.algo")
    assert "Deepening + table" in menu.options
    menu.set_value("deepening+table").run()
    assert not at.exception
    assert "Deepening + table to 3 plies deep" in _texts(at) and "(its last iteration)" in _texts(
        at
    )


def test_a_decided_depth_limited_search_is_exact_and_the_link_keeps_the_depth():
    code = "4x4w:.ppp/..../.PPP/...."  # white wins in 7
    at = _tab({"p": code, "depth": "7"})
    assert not at.exception
    assert at.select_slider(key="pawn.depth").value == 7
    texts = _texts(at)
    assert "White wins at ply 7" in texts and "the same" in texts
    at = _tab({"p": code})
    assert at.select_slider(key="pawn.depth").value == "whole game"
    assert "All " in _texts(at) and "every value is exact" in _texts(at)
    assert "The race runs with a depth limit" in " ".join(i.value for i in at.info)
