"""MCTS in the board labs' search tabs (AppTest): pawn chess and the chase run it from a
link (``?algo=mcts&mcts=...``), the canvas steps the same run as the engine's with the
visits plugin's data, the pick and estimate stand beside the solver's exact answer, the race
row beside alpha-beta's, a capped chase playout says so, and the quiz asks on the board tab
as on the tree labs."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games.chase import ChaseGame
from engine.games.chase import from_code as chase_code
from engine.games.chase_solver import solve_position, solve_table
from engine.games.pawn import PawnGame
from engine.games.pawn import from_code as pawn_code
from engine.games.pawn_solver import solve
from engine.judge import chase_answer
from engine.mcts import mcts_game
from teach.play_words import verdict_words
from tests.canvas_data import canvas, report, shown
from tests.ui.tables import tables
from ui.common.keys import CHASE, PAWN

ROOT = Path(__file__).resolve().parents[2]


def tab(page: str, keys, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app_pages" / page), default_timeout=120)
    for k, v in params.items():
        at.query_params[k] = v
    at.session_state[keys.tabs] = "The search tree"
    return at.run()


def head(at: AppTest) -> str:
    return next(md.value for md in at.markdown if md.value.startswith("**MCTS, "))


def test_pawn_tab_runs_mcts_from_a_link():
    code = "3x3w:ppp/.../PPP"
    at = tab("pawn.py", PAWN, p=code, algo="mcts", mcts="50,0.9,3,random")
    assert not at.exception, at.exception
    assert at.session_state[PAWN.search.mcts.iterations] == 50
    m = mcts_game(PawnGame(), pawn_code(code), 50, 3, 0.9)  # the engine's run, as the tab's
    data = canvas(at)
    assert data["p"]["n"] == len(m.run.events)
    x = data["x"]["mcts"]
    assert len(x["it"]) == 50 and x["n"][-4:] == [len(m.run.events), 0, 50, round(m.value, 2)]
    sol = solve(pawn_code(code))
    line = head(at)
    assert f"root's estimate W/N {m.value:.2f} for White" in line
    assert verdict_words(sol.winner, sol.plies) in line
    pick = m.run.tree.labels[m.root_children[m.best]]
    w, plies = next((w, k) for _, name, w, k in sol.moves if name == pick)
    assert f"MCTS's pick {pick}: {verdict_words(w, plies)}; " in line
    best = (w, plies) == (sol.winner, sol.plies)
    assert ("a best move" in line) == best and ("gives the exact result away" in line) == (
        w != sol.winner
    )
    race = next(d for d in tables(at) if "playouts / leaves" in d.columns)
    assert list(race["algorithm"]) == ["MCTS, 50 iterations", "Alpha-beta, whole game"]
    assert at.query_params["algo"] == "mcts" and at.query_params["mcts"] == "50,0.9,3,random"
    # stepping: the first selection, then the end, where the root has every visit
    report(at, PAWN.search.canvas, 1)
    assert "Iteration 1: selection starts at the root" in shown(at)
    n = len(m.run.events)
    report(at, PAWN.search.canvas, n)
    assert any("N = 50 (50 visits)" in md.value for md in at.markdown)
    # the inputs change the run and the link
    at.number_input(key=PAWN.search.mcts.seed).set_value(4).run()
    assert at.query_params["mcts"] == "50,0.9,4,random"
    assert canvas(at)["p"]["n"] == len(
        mcts_game(PawnGame(), pawn_code(code), 50, 4, 0.9).run.events
    )


def test_pawn_tab_quiz_asks_and_grades():
    at = tab("pawn.py", PAWN, p="3x3w:ppp/.../PPP", algo="mcts", mcts="30,1.41,0,random")
    at.toggle(key=PAWN.search.mcts.quiz).set_value(True).run()
    assert not at.exception, at.exception
    asked = [md.value for md in at.markdown if md.value.startswith("**Iteration 1")]
    assert asked and "What are N and W at" in asked[0]
    first = mcts_game(PawnGame(), pawn_code("3x3w:ppp/.../PPP"), 30, 0).iterations[0]
    at.text_input(key=PAWN.search.mcts.answer).input(f"1, {first.reward:.2f}")
    next(b for b in at.button if b.label == "Check").click().run()
    assert at.success and "backup adds 1 to N" in at.success[0].value


def test_chase_tab_runs_mcts_and_says_when_a_playout_hit_the_cap():
    code = "8-2.2-7.6-w"  # the lab's default: random playouts often run past 100 plies
    at = tab("chase.py", CHASE, c=code, algo="mcts", mcts="40,1.41,0,random")
    assert not at.exception, at.exception
    pos = chase_code(code)
    m = mcts_game(ChaseGame(), pos, 40, 0)
    assert canvas(at)["p"]["n"] == len(m.run.events)
    capped = [it for it in m.iterations if it.capped]
    assert capped and all(it.plies == 100 for it in capped)
    line = head(at)
    assert f"{len(capped)} stopped at the cap of 100 plies (0.5)" in line
    assert chase_answer(solve_position(pos, solve_table(pos.n))) in line
    it = capped[0]
    report(at, CHASE.search.canvas, it.step + len(it.path) + 1)  # its playout's step
    assert "100 random moves, then the cap of 100 plies: a draw, reward 0.50" in shown(at)
    race = next(d for d in tables(at) if "playouts / leaves" in d.columns)
    assert list(race["algorithm"]) == ["MCTS, 40 iterations", "Alpha-beta, 3 plies"]
    help_text = " ".join(c.value for c in at.caption)
    assert "reaches 100 plies with the game still undecided stops there and scores 0.5" in help_text


def test_chase_tab_selection_question_takes_the_childs_name():
    code = "4-1.1-4.4-w"
    at = tab("chase.py", CHASE, c=code, algo="mcts", mcts="30,1.41,2,random")
    m = mcts_game(ChaseGame(), chase_code(code), 30, 2)
    it = next(it for it in m.iterations if it.choices)  # the first choice by UCB, at the root
    ch = it.choices[0]
    assert ch.node == 0
    report(at, CHASE.search.canvas, it.step)  # before selection at the root
    at.toggle(key=CHASE.search.mcts.quiz).set_value(True).run()
    assert not at.exception, at.exception
    assert at.session_state[CHASE.search.canvas.step] == it.step
    assert "go to" not in shown(at)  # the sentence beside the question keeps the answer
    # (it is the last backup's; the next step's sentence, at the root, says the choice)
    assert any("Which child does selection pick next?" in md.value for md in at.markdown)
    wrong = next(c for c in ch.children if c != ch.chosen)
    at.text_input(key=CHASE.search.mcts.answer).input(m.run.tree.labels[wrong])
    next(b for b in at.button if b.label == "Check").click().run()
    assert at.error and "Not quite" in at.error[0].value
    at.text_input(key=CHASE.search.mcts.answer).input(m.run.tree.labels[ch.chosen])
    next(b for b in at.button if b.label == "Check").click().run()
    assert at.success and f"{m.run.tree.labels[ch.chosen]} has the largest" in at.success[0].value


def test_a_bad_mcts_link_falls_back_with_a_warning():
    for bad in ("1,2,3", "99999,1,0,random", "10,nan,0,random", "<script>x</script>"):
        at = tab("chase.py", CHASE, c="4-1.1-4.4-w", algo="mcts", mcts=bad)
        assert not at.exception, at.exception
        assert at.warning and "(`mcts`:" in at.warning[0].value, bad
        assert at.session_state[CHASE.search.mcts.iterations] == 200  # the default run
        assert at.query_params["mcts"] == "200,1.4142,0,random"  # c = √2 to four decimals
