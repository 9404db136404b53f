"""AppTest of the pawn chess page: presets, verdicts equal to the engine, the move table."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine import pawn
from engine.pawn_solve import solve
from ui.board_lab import outcome_words, verdict_words

PAGE = str(Path(__file__).resolve().parents[1] / "pages" / "pawn.py")


def _run(query: dict | None = None) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    return at.run()


def _verdicts(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("### ")]


@pytest.mark.parametrize(
    "preset, code",
    [
        (0, "4x4w:.ppp/..../.PPP/...."),
        (1, "4x4w:...p/...p/pP.P/...P"),
        (2, "4x4w:pppp/..../..../PPPP"),
    ],
)
def test_presets_show_the_engine_answer(preset, code):
    at = _run()
    at.button(key=f"pawn_preset_{preset}").click().run()
    assert not at.exception
    sol = solve(pawn.from_code(code))
    assert any(verdict_words(sol.winner, sol.plies) in v for v in _verdicts(at))
    table = at.dataframe[0].value
    mover = "white"
    assert list(table["move"]) == [name for _, name, _, _ in sol.moves]
    assert list(table["outcome"]) == [outcome_words(mover, w, n) for _, _, w, n in sol.moves]
    assert at.session_state["pawn_pos"] == pawn.from_code(code)


def test_statement_samples_in_words():
    at = _run({"p": "4x4w:.ppp/..../.PPP/...."})
    assert any("White wins in 7 plies" in v for v in _verdicts(at))
    at = _run({"p": "4x4w:...p/...p/pP.P/...P"})
    assert any("Black wins in 2 plies" in v for v in _verdicts(at))


def test_black_to_move_and_link_restores():
    code = "3x3b:ppp/.../PPP"
    at = _run({"p": code})
    assert not at.exception
    sol = solve(pawn.from_code(code))
    assert any(verdict_words(sol.winner, sol.plies) in v for v in _verdicts(at))
    assert at.query_params["p"] in (code, [code])


@pytest.mark.parametrize(
    "code, words",
    [
        ("4x4w:pppp/..../..../....", "white has no pawns"),
        ("4x4w:P.../..../..../...p", "already over"),
    ],
)
def test_bad_positions_show_what_is_wrong(code, words):
    at = _run({"p": code})
    assert not at.exception
    assert any(words in e.value for e in at.error)


def test_malformed_link_falls_back_with_a_warning():
    at = _run({"p": "9x9q:zzz"})
    assert not at.exception
    assert at.warning and "could not be read" in at.warning[0].value
    assert at.session_state["pawn_pos"] == pawn.start(4, 4)


def test_crowded_5x5_is_refused_with_a_message():
    at = _run({"p": "5x5w:ppppp/pp.../...PP/...../PPPPP"})
    assert not at.exception
    assert any("up to 10 pawns" in w.value for w in at.warning)


def test_play_mode_engine_answers_and_undo():
    at = _run({"p": "4x4w:.ppp/..../.PPP/...."})
    at.segmented_control(key="pawn_mode").set_value("Play against the engine").run()
    assert not at.exception
    at.segmented_control(key="pawn_game_side").set_value("black").run()
    game = at.session_state["pawn_game_session"]
    assert game.plies == 1  # the engine (white) moved first, a best move
    assert game.names[0] == solve(pawn.from_code("4x4w:.ppp/..../.PPP/....")).moves[0][1]
    at.button(key="pawn_game_restart").click().run()
    assert not at.exception and at.session_state["pawn_game_session"].plies == 1
