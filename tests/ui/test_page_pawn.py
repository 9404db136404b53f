"""AppTest of the pawn chess page: presets, verdicts equal to the engine, the move table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import pawn
from engine.games.pawn_solver import solve
from engine.search import search_game
from teach.explain import describe
from teach.play_words import outcome_words, verdict_words
from tests.canvas_data import report, shown
from tests.ui.tables import figures, tables
from ui.boards.board_search import TreeView
from ui.common.keys import PAWN
from viz.tree_payload import step_text

PAGE = str(Path(__file__).resolve().parents[2] / "app_pages" / "pawn.py")


def _step_text(at: AppTest) -> str:
    """The tree canvas's sentence."""
    return shown(at)


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
    at.button(key=PAWN.preset(preset)).click().run()
    assert not at.exception
    sol = solve(pawn.from_code(code))
    assert any(verdict_words(sol.winner, sol.plies) in v for v in _verdicts(at))
    table = tables(at)[0]
    mover = "white"
    assert list(table["move"]) == [name for _, name, _, _ in sol.moves]
    assert list(table["outcome"]) == [outcome_words(mover, w, n) for _, _, w, n in sol.moves]
    assert at.session_state["pawn.pos"] == pawn.from_code(code)


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
    assert at.session_state["pawn.pos"] == pawn.start(4, 4)


def test_crowded_5x5_is_refused_with_a_message():
    at = _run({"p": "5x5w:ppppp/pp.../...PP/...../PPPPP"})
    assert not at.exception
    assert any("up to 10 pawns" in w.value for w in at.warning)


def test_play_mode_engine_answers_and_undo():
    at = _run({"p": "4x4w:.ppp/..../.PPP/...."})
    at.segmented_control(key="pawn.mode").set_value("Play against the engine").run()
    assert not at.exception
    at.segmented_control(key="pawn.game.side").set_value("black").run()
    game = at.session_state["pawn.game.session"]
    assert game.plies == 1  # the engine (white) moved first, a best move
    assert game.names[0] == solve(pawn.from_code("4x4w:.ppp/..../.PPP/....")).moves[0][1]
    at.button(key="pawn.game.restart").click().run()
    assert not at.exception and at.session_state["pawn.game.session"].plies == 1


def _search_tab(code: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["p"] = code
    at.session_state[PAWN.tabs] = "The search tree"
    return at.run()


def _sentence(at: AppTest) -> str:
    return _step_text(at)


@pytest.mark.parametrize("code", ["4x4w:.ppp/..../.PPP/....", "4x4w:pppp/..../..../PPPP"])
def test_search_tab_counts_and_steps(code):
    at = _search_tab(code)
    assert not at.exception
    pos = pawn.from_code(code)
    run = search_game(pawn.PawnGame(), pos)
    got = figures(at)
    assert got["Nodes visited"] == f"{run.nodes_visited:,}"
    assert got["Leaves evaluated"] == f"{run.leaves_evaluated:,}"
    sol = solve(pos)
    line = next(m.value for m in at.markdown if "exact answer" in m.value)
    assert f"root value {run.value} (" in line and verdict_words(sol.winner, sol.plies) in line
    assert "the same" in line
    assert at.session_state["pawn.search.step"] == 0
    seen = [_sentence(at)]
    for k in (1, 2, 3):
        report(at, PAWN.search.canvas, k)
        assert not at.exception
        assert at.session_state["pawn.search.step"] == k
        seen.append(_sentence(at))
    assert len(set(seen)) == 4  # every step says something new
    n = len(run.events)
    report(at, PAWN.search.canvas, n)
    assert at.session_state["pawn.search.step"] == n
    assert _sentence(at) == f"Step {n} of {n}. " + describe(run, n)
    assert describe(run, len(run.events)).startswith(f"The root returns {run.value}")


def test_search_tab_node_selection_and_back_to_root():
    code = "4x4w:.ppp/..../.PPP/...."
    at = _search_tab(code)
    # a click on a "+N nodes" marker opens node 5 (the handler is tree_click: unit-tested)
    at.session_state["pawn.search.view"] = (code, TreeView(focus=5, selected=5))
    at.run()
    assert not at.exception
    assert any(m.value.startswith("**Selected:") for m in at.markdown)
    at.button(key="pawn.search.root").click().run()
    assert not at.exception
    assert at.session_state["pawn.search.view"][1].focus == 0
    at.button(key="pawn.search.follow").click().run()
    assert at.session_state["pawn.search.view"][1].selected is None
    assert any(m.value.startswith("**Search is at (step ") for m in at.markdown)


@pytest.mark.parametrize(
    "code,mode", [("3x3w:ppp/.../PPP", "tree"), ("4x4w:pppp/..../..../PPPP", "follow")]
)
def test_search_tab_sends_the_follow_view_and_opens_it_for_big_trees(code, mode):
    """The follow view's data goes with every search; it opens first when the tree has more
    nodes than the overview draws (151 nodes: the whole tree; 37,278: follow). A big
    search's payload and follow view travel packed (ui.common.canvas.packed: the 4 x 4
    start's 80,897 steps were 4.7 MB of JSON in every run), a small one's as they are; what
    the browser inflates is the whole search, every step's sentence."""
    from tests.canvas_data import canvas
    from viz.follow import follow_payload

    at = _search_tab(code)
    assert not at.exception
    run = search_game(pawn.PawnGame(), pawn.from_code(code))
    x = canvas(at)["x"]
    assert x["mode"] == mode
    assert x["follow"]["n"] == len(run.events) and len(x["follow"]["par"]) == len(run.tree)
    assert x["follow"]["ev"] == follow_payload(run, list(run.tree.labels))["ev"]
    (sent,) = [c.proto.json for c in at.get("bidi_component") if '"p"' in c.proto.json]
    as_sent = json.loads(sent)
    big = mode == "follow"
    assert (set(as_sent["p"]) == {"z"}) is big and (set(as_sent["x"]["follow"]) == {"z"}) is big
    assert len(sent) < (1_000_000 if big else 300_000)
    p, n = canvas(at)["p"], len(run.events)
    assert p["n"] == n and len(p["cur"]) == n + 1
    assert [step_text(p, k) for k in (0, 1, n // 2, n)] == [
        describe(run, k) for k in (0, 1, n // 2, n)
    ]


@pytest.mark.parametrize("page", ["pawn", "chase"])
def test_a_play_link_draws_the_mode_switch_without_streamlits_warning(page, caplog):
    """Issue 22, 10: ``?mode=play`` sets the mode switch's state before it is drawn; a
    ``default=`` beside it made Streamlit warn that ``pawn.mode`` had both."""
    at = AppTest.from_file(str(Path(PAGE).with_name(f"{page}.py")), default_timeout=60)
    at.query_params["mode"] = "play"
    with caplog.at_level("WARNING"):
        at.run()
    assert not at.exception
    said = caplog.text + "\n".join(w.value for w in at.warning)
    assert "default value" not in said and "Session State" not in said, said
    assert at.segmented_control(key=f"{page}.mode").value == "Play against the engine"
