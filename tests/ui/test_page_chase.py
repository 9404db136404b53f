"""AppTest of the chase page: samples, judge answers equal to the engine, heatmap, bad links."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import chase
from engine.games.chase_solver import solve_position, solve_table
from engine.judge import chase_answer
from engine.search import search_game
from engine.values import plural
from teach.play_words import outcome_words
from tests.canvas_data import canvas, report, shown
from tests.plain_texts import plain_texts
from tests.ui.tables import figures, tables
from ui.common import board as board_component
from ui.common.keys import CHASE

PAGE = str(Path(__file__).resolve().parents[2] / "app_pages" / "chase.py")


def _step_text(at: AppTest) -> str:
    """The tree canvas's sentence."""
    return shown(at)


def _run(query: dict | None = None) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    return at.run()


def _judge(at: AppTest) -> str:
    return next(t for t in plain_texts(at) if "→" in t).split("→")[1].strip()


@pytest.mark.parametrize(
    "preset, answer",
    [(0, "BLACK 2"), (1, "BLACK 6"), (2, "WHITE 1"), (3, "BLACK 56")],
)
def test_statement_samples(preset, answer):
    at = _run()
    at.button(key=CHASE.preset(preset)).click().run()
    assert not at.exception
    assert _judge(at) == answer
    word, n = answer.split()
    assert any(f"{word.title()} wins in {n} pl" in m.value for m in at.markdown)


def test_move_table_matches_the_engine():
    code = "7-2.3-6.6-b"
    at = _run({"c": code})
    pos = chase.from_code(code)
    sol = solve_position(pos, solve_table(pos.n))
    assert _judge(at) == chase_answer(sol)
    table = tables(at)[0]
    assert list(table["move"]) == [name for _, name, _, _ in sol.moves]
    assert list(table["outcome"]) == [outcome_words("BLACK", w, n) for _, _, w, n in sol.moves]


@pytest.fixture
def boards(monkeypatch) -> list[dict]:
    """The data of every board component the page mounts (AppTest does not show a
    components-v2 element), newest last."""
    seen: list[dict] = []
    monkeypatch.setattr(board_component, "_component", lambda: lambda **kw: seen.append(kw["data"]))
    return seen


def _squares(boards: list[dict]) -> dict:
    """The board's square numbers and names from the last board drawn (not the best line's)."""
    board = [b for b in boards if b["mode"] != "line"][-1]
    return {"text": board["text"], "hovertext": board["names"]}


@pytest.mark.parametrize(
    "heat, moving", [("White on every square", "white"), ("Black on every square", "black")]
)
def test_heatmap_numbers_are_the_outcome_with_the_piece_on_each_square(heat, moving, boards):
    """Each square's number is the plies to the capture had the moving piece stood there
    (the other piece stays put), solved position by position."""
    at = _run({"c": "5-1.1-5.5-w"})
    at.segmented_control(key="chase.heat").set_value(heat).run()
    assert not at.exception
    pos, table = at.session_state["chase.pos"], solve_table(5)
    fixed = pos.black if moving == "white" else pos.white
    squares = _squares(boards)
    assert len(squares["text"]) == 25  # every square of the 5x5 board has its number
    for s, (text, hover) in enumerate(zip(squares["text"], squares["hovertext"], strict=True)):
        where = divmod(s, 5)
        if where == fixed:
            assert text == "", where
            continue
        placed = replace(pos, **{moving: where})
        sol = solve_position(placed, table)
        assert text == ("" if sol.winner is None else str(sol.plies)), where
        if sol.winner is not None and where != getattr(pos, moving):
            said = (
                f"{moving} here: {sol.winner.lower()} wins in {plural(sol.plies, 'ply', 'plies')}"
            )
            assert hover.endswith(said), hover
    other = "black" if moving == "white" else "white"
    words = f"if the {moving} piece stood on that square (the {other} piece stays put"
    assert any(words in c.value for c in at.caption)


def test_no_colours_shows_no_numbers(boards):
    at = _run({"c": "5-1.1-5.5-w"})
    at.segmented_control(key="chase.heat").set_value("No colours").run()
    assert not at.exception
    assert set(_squares(boards).get("text") or [""]) == {""}
    assert not any("Each number" in c.value for c in at.caption)


@pytest.mark.parametrize("bad", ["41-1.1-2.2-w", "3-1.1-1.1-w", "hello", "5-9.9-1.1-w"])
def test_malformed_link_falls_back_with_a_warning(bad):
    at = _run({"c": bad})
    assert not at.exception
    assert at.warning and "could not be read" in at.warning[0].value


def test_big_board_needs_the_option_and_depth_slider():
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["c"] = "30-1.1-30.30-w"
    at.session_state["tab"] = "The search tree"
    at.run()
    assert not at.exception
    assert at.checkbox(key="chase.big").value
    at.slider(key="chase.depth").set_value(5).run()
    assert not at.exception


def test_play_mode_and_undo():
    at = _run({"c": "3-1.1-3.3-w"})
    at.segmented_control(key="chase.mode").set_value("Play against the engine").run()
    assert not at.exception
    at.segmented_control(key="chase.game.side").set_value("black").run()
    game = at.session_state["chase.game.session"]
    assert game.plies == 1 and game.human == "black"
    at.button(key="chase.game.undo").click().run()
    assert not at.exception and at.session_state["chase.game.session"].plies == 1


@pytest.mark.parametrize("code, depth", [("3-1.1-3.3-w", 3), ("8-2.2-7.6-b", 4)])
def test_search_tab_counts_value_and_steps(code, depth):
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["c"] = code
    at.session_state["tab"] = "The search tree"
    at.run()
    assert not at.exception
    assert any("retrograde analysis" in c.value for c in at.caption)  # why search is not exact
    at.slider(key="chase.depth").set_value(depth).run()
    assert not at.exception
    pos = chase.from_code(code)
    run = search_game(chase.ChaseGame(solve_table(pos.n)), pos, depth)
    got = figures(at)
    assert got["Nodes visited"] == f"{run.nodes_visited:,}"
    assert got["Leaves evaluated"] == f"{run.leaves_evaluated:,}"
    sol = solve_position(pos, solve_table(pos.n))
    line = next(m.value for m in at.markdown if "exact answer" in m.value)
    assert f"Alpha-beta, {depth} plies deep:** root value {run.value} (" in line
    assert f"wins at ply {sol.plies})" in line and chase_answer(sol) in line
    assert "the same" in line
    sentences = [_step_text(at)]
    for k in (1, 2):
        report(at, CHASE.search.canvas, k)
        assert not at.exception and at.session_state["chase.search.step"] == k
        sentences.append(_step_text(at))
    assert len(set(sentences)) == 3
    report(at, CHASE.search.canvas, 1)
    assert at.session_state["chase.search.step"] == 1 and _step_text(at) == sentences[1]


def test_search_tab_sends_every_step_to_the_canvas():
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["c"] = "3-1.1-3.3-w"
    at.session_state["tab"] = "The search tree"
    at.run()
    assert not at.exception
    p = canvas(at)["p"]  # autoplay is the canvas's: every step is in the payload
    assert len(p["steps"]) == p["n"] == len(p["ti"]) - 1 > 0


def test_a_new_board_size_keeps_both_pieces_where_they_stand():
    """Issue 22, 9: 8 -> 9 moved black from (4, 4) to (9, 9); now a piece that fits stays,
    one past the new edge moves in to it, and two on one square are parted."""
    from ui.boards.chase_lab import resized

    pos = chase.ChasePosition(8, (1, 1), (3, 3), True)
    assert resized(pos, 9) == chase.ChasePosition(9, (1, 1), (3, 3), True)
    assert resized(pos, 3) == chase.ChasePosition(3, (1, 1), (2, 2), True)
    both = resized(chase.ChasePosition(8, (7, 7), (6, 7), False), 4)
    assert both.white == (3, 3) and both.black != both.white and not both.white_to_move


def test_the_size_slider_resizes_the_position_the_session_holds_now():
    """Issue 22, 9: fast arrow keys reach the slider's callback before the run that drew the
    last value has finished: it resizes the position the session holds, not an older one
    (that moved white back and undid presses)."""
    at = _run({"c": "8-2.2-5.5-w"})
    at.slider(key="chase.n").set_value(9).run()
    assert chase.to_code(at.session_state[CHASE.pos]) == "9-2.2-5.5-w"
    for n in (10, 11, 12):
        at.slider(key="chase.n").set_value(n).run()
    assert not at.exception
    assert chase.to_code(at.session_state[CHASE.pos]) == "12-2.2-5.5-w"
    assert at.slider(key="chase.n").value == 12
