"""MCTS in the tree labs (AppTest): the alpha-beta lab and the editor offer it, its
parameters come from the link and go back into it, the canvas gets the visits plugin's
data, the exact answer stands beside the estimate, and the quiz asks and grades."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.errors import InputError
from engine.mcts import MctsParams, mcts_tree
from engine.tree import complete_tree
from tests.canvas_data import canvas
from tests.ui.tables import figures, tables
from ui.common.keys import AlphaBeta, Editor
from ui.tree import mcts_link

ROOT = Path(__file__).resolve().parents[2]


def app(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app_pages" / page), default_timeout=120)
    for k, v in params.items():
        at.query_params[k] = v
    return at.run()


def test_link_codec_round_trip_and_errors():
    p = MctsParams(300, 0.7, 12, "greedy")
    assert mcts_link.decode(mcts_link.encode(p)) == p
    assert mcts_link.split_key(mcts_link.algo_key(p)) == ("mcts", p)
    assert mcts_link.split_key("alphabeta") == ("alphabeta", None)
    for bad in (
        "1,2,3",
        "x,1,0,random",
        "10,c,0,random",
        "0,1,0,random",
        "10,1,0,smart",
        "10,-1,0,random",
        "10,nan,0,random",
        "99999,1,0,random",
        "10,1,-1,random",
    ):
        with pytest.raises(InputError):
            mcts_link.decode(bad)


def test_alphabeta_lab_runs_mcts_from_a_link():
    at = app("alphabeta.py", algo="mcts", mcts="60,0.8,4,random")
    assert not at.exception, at.exception
    assert at.session_state[AlphaBeta.lab.mcts.iterations] == 60
    data = canvas(at)
    x = data["x"]["mcts"]
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    m = mcts_tree(tree, 60, 4, 0.8)
    assert data["p"]["n"] == len(m.run.events)
    assert len(x["it"]) == 60 and x["n"][-4:] == [len(m.run.events), 0, 60, round(m.value, 2)]
    metrics = figures(at)
    assert metrics["Minimax's exact value"].startswith("3 ")
    assert metrics["Root's estimate W/N"] == f"{m.value:.3f}"
    assert any("MCTS picks" in c.value for c in at.caption)
    assert at.query_params["mcts"] == "60,0.8,4,random"
    race = next(d for d in tables(at) if "playouts / leaves" in d.columns)
    assert list(race["algorithm"]) == ["MCTS, 60 iterations", "Alpha-beta"]
    # the inputs change the run and the link
    at.number_input(key=AlphaBeta.lab.mcts.seed).set_value(5).run()
    assert at.query_params["mcts"] == "60,0.8,5,random"
    assert canvas(at)["p"]["n"] == len(mcts_tree(tree, 60, 5, 0.8).run.events)


def test_the_quiz_asks_and_grades():
    at = app("alphabeta.py", algo="mcts", mcts="30,1.41,0,random")
    at.toggle(key=AlphaBeta.lab.mcts.quiz).set_value(True).run()
    assert not at.exception, at.exception
    asked = [md.value for md in at.markdown if md.value.startswith("**Iteration")]
    assert asked and "What are N and W at A after this backup?" in asked[0]
    first = mcts_tree(complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3), 30, 0).iterations[0]
    assert at.session_state[AlphaBeta.lab.canvas.step] == 3  # the still before A's backup
    at.text_input(key=AlphaBeta.lab.mcts.answer).input("1, 0")
    next(b for b in at.button if b.label == "Check").click().run()
    assert at.error and "Not quite" in at.error[0].value
    at.text_input(key=AlphaBeta.lab.mcts.answer).input(f"1, {first.reward:.2f}")
    next(b for b in at.button if b.label == "Check").click().run()
    assert at.success and "backup adds 1 to N" in at.success[0].value
    next(b for b in at.button if b.label == "Next question").click().run()
    asked = [md.value for md in at.markdown if md.value.startswith("**Iteration 2")]
    assert asked, [md.value for md in at.markdown]


def test_editor_offers_mcts():
    at = app("tree.py", algo="mcts", mcts="40,1,2,random")
    assert not at.exception, at.exception
    assert "mcts" in canvas(at)["x"]
    assert at.session_state[Editor.algo] == "mcts"
    assert any("MCTS ran 40 iterations" in md.value for md in at.markdown)
    bad = app("tree.py", algo="mcts", mcts="40,1,2")
    assert any("MCTS parameters" in w.value for w in bad.warning)
