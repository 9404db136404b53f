"""AppTest for app_pages/alphabeta.py, and the pure helpers of ui/tree_lab.py it relies on."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.alphabeta import alpha_beta
from engine.errors import InputError
from engine.random_tree import random_leaves
from engine.trace import ENTER, PRUNED
from engine.tree import complete_tree
from engine.tree_text import format_brackets, parse_brackets
from teach.explain import describe
from teach.quiz import questions
from tests.canvas_data import canvas, decode, shown
from tests.canvas_data import report as report_to
from tests.strategies import first_cut_step
from tests.ui.tables import figures, tables
from ui.common.keys import AlphaBeta
from ui.tree import tree_lab as tl
from viz.tree_payload import step_text

PAGE = str(Path(__file__).resolve().parents[2] / "app_pages" / "alphabeta.py")
SAMPLE1 = "b3:3,12,8,2,4,6,14,5,2"


def app(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    return at.run()


def texts(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def report(at: AppTest, k: int) -> AppTest:
    """What the canvas's debounced step report does on the server (ui.common.canvas)."""
    return report_to(at, AlphaBeta.lab.canvas, k)


def figure(at: AppTest, label: str) -> str:
    return figures(at)[label]


# ---- page ------------------------------------------------------------------------------------
def test_default_is_statement_sample_with_result_in_words():
    at = app()
    assert not at.exception
    assert "MAX can force 3; alpha-beta looked at 7 of 9 leaves" in texts(at)
    assert figure(at, "alpha_beta(leaves, branching)") == "[3, 7]"
    assert figure(at, "minimax evaluates") == "9 leaves"
    assert at.query_params["t"] == [SAMPLE1] or at.query_params["t"] == SAMPLE1


def test_presets_give_both_statement_samples():
    at = app()
    at.menu_button(key="ab.preset").click("Statement sample 2").run()
    assert not at.exception
    assert figure(at, "alpha_beta(leaves, branching)") == "[5, 4]"
    assert at.text_area(key="ab.leaves").value == "5, 6, 7, 4"
    at.menu_button(key="ab.preset").click("Random: 5 levels of 5 (3,125 leaves)").run()
    assert not at.exception
    leaves = random_leaves(5, 5, -99, 99, 1)
    assert figure(at, "alpha_beta(leaves, branching)") == str(alpha_beta(leaves, 5))


@pytest.mark.parametrize(
    ("leaves", "branching", "words"),
    [("3, 12, x", 3, "'x' is not an integer"), ("1 2 3 4", 3, "not a power of the branching")],
)
def test_bad_input_shows_parser_message_and_keeps_tree(leaves, branching, words):
    at = app()
    at.number_input(key="ab.b").set_value(branching)
    at.text_area(key="ab.leaves").set_value(leaves).run()
    assert not at.exception
    assert len(at.error) == 1 and words in at.error[0].value
    assert figure(at, "alpha_beta(leaves, branching)") == "[3, 7]"
    at.text_area(key="ab.leaves").set_value("[5, 6, 7, 4]")
    at.number_input(key="ab.b").set_value(2).run()
    assert not at.error and figure(at, "alpha_beta(leaves, branching)") == "[5, 4]"


def test_the_canvas_gets_the_run_its_sentences_and_the_step():
    at = app()
    run = tl.make_lab(complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)).run
    n = len(run.events)
    data = canvas(at)
    assert data["p"]["n"] == n and data["step"] == 0
    assert [step_text(data["p"], k) for k in range(n + 1)] == [
        describe(run, k) for k in range(n + 1)
    ]
    first = shown(at)
    report(at, 3)  # the browser stepped to 3 and said so
    assert at.session_state["ab.step"] == 3 and shown(at) != first
    assert canvas(at)["seq"] == data["seq"]  # the browser's own step: not sent back as a move
    report(at, n)
    assert "value of the game is 3" in shown(at)
    report(at, 5)
    assert at.session_state["ab.step"] == 5
    assert at.query_params["k"] in ("5", ["5"])
    at.session_state["ab.step"] = 2  # the server moves the step itself: the browser must follow
    at.run()
    assert canvas(at)["step"] == 2 and canvas(at)["seq"] == data["seq"] + 1


def test_step_survives_unrelated_widgets():
    at = app()
    report(at, 4)
    at.session_state[AlphaBeta.random_box] = True  # the random tree's box opened: a rerun
    at.run()
    assert at.session_state["ab.step"] == 4
    at.number_input(key=AlphaBeta.random["d"]).set_value(4).run()
    assert not at.exception
    assert at.session_state["ab.step"] == 4 and canvas(at)["step"] == 4


def test_url_restores_tree_step_order_and_variant():
    at = app(t="b2:5,6,7,4", k="5", order="worst-first", var="strict")
    assert not at.exception and not at.warning
    assert "MAX can force 5; alpha-beta looked at 4 of 4 leaves" in texts(at)
    assert at.session_state["ab.step"] == 5
    assert at.segmented_control(key="ab.order").value == "worst-first"
    assert at.session_state["ab.variant"] == "strict"
    assert at.menu_button(key="ab.variant_menu").label == "Variant: Strict (only α > β cuts)"
    assert "Step 5 of" in shown(at) and canvas(at)["step"] == 5


@pytest.mark.parametrize(
    "params",
    [dict(t="b3:1,2"), dict(t="nonsense"), dict(t="r:2,3"), dict(k="-4"), dict(order="sideways")],
)
def test_malformed_link_falls_back_with_a_warning(params):
    at = app(**params)
    assert not at.exception
    assert len(at.warning) == 1
    assert figure(at, "alpha_beta(leaves, branching)") in ("[3, 7]",)


def test_random_tree_link_is_a_recipe():
    at = app(t="r:3,3,-5,5,42")
    assert not at.exception
    leaves = random_leaves(3, 3, -5, 5, 42)
    assert figure(at, "alpha_beta(leaves, branching)") == str(alpha_beta(leaves, 3))


def test_the_random_tree_box_makes_its_inputs_only_while_open_and_keeps_what_was_typed():
    recipe = AlphaBeta.random
    at = app()
    made = {n.key for n in at.number_input}
    assert not made & set(recipe.values())
    assert AlphaBeta.generate not in {b.key for b in at.button}
    at.session_state[AlphaBeta.random_box] = True  # a tap on the closed box
    at.run()
    at.number_input(key=recipe["d"]).set_value(2)
    at.number_input(key=recipe["s"]).set_value(7)
    at.number_input(key=recipe["l"]).set_value(-4).run()
    at.session_state[AlphaBeta.random_box] = False
    at.run()
    assert not {n.key for n in at.number_input} & set(recipe.values())
    at.session_state[AlphaBeta.random_box] = True
    at.run()
    kept = {x: at.number_input(key=recipe[x]).value for x in "bdslh"}
    assert kept == {"b": 3, "d": 2, "s": 7, "l": -4, "h": 20}
    at.button(key=AlphaBeta.generate).click().run()
    assert not at.exception
    leaves = random_leaves(3, 2, -4, 20, 7)
    assert figure(at, "alpha_beta(leaves, branching)") == str(alpha_beta(leaves, 3))


def test_one_ordering_table_the_race():
    """The race table is the one move-ordering table (the old per-ordering table repeated
    its alpha-beta rows): its "as shown" rows are the run shown (issue 22, 1: best first, 5
    leaves), fewest best first."""
    at = app(order="best-first")
    assert not at.exception
    assert len(tables(at)) == 1
    rows = tables(at)[0]
    ab = rows[rows["algorithm"] == "Alpha-beta"]
    by = dict(zip(ab["ordering"], ab["leaves"], strict=True))
    assert by["as shown"] == "5"
    leaves = {k: int(v) for k, v in by.items()}
    assert leaves["perfect (best first)"] == min(map(int, rows["leaves"])) <= leaves["worst first"]
    assert set(rows["value"]) == {"3"}


# ---- pure helpers ----------------------------------------------------------------------------
def test_statement_cut_sentence_and_pruned_nodes():
    lab = tl.make_lab(complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    k = first_cut_step(lab.run)
    assert k is not None
    text = describe(lab.run, k)
    assert "4 and 6 are pruned" in text
    snap = lab.replayer.snapshot(k)
    pruned = [lab.run.tree.values[v] for v, s in enumerate(snap.status) if s == PRUNED]
    assert pruned == [4, 6]
    p = tl.canvas_payload(lab)
    assert step_text(p, k) == text and p["n"] == len(lab.run.events)


def test_enter_steps_point_at_enter_events():
    lab = tl.make_lab(complete_tree(random_leaves(3, 3, -9, 9, 2), 3))
    assert lab.enter
    for node, step in lab.enter.items():
        e = lab.run.events[step - 1]
        assert e.kind == ENTER and e.node == node


def test_the_heading_and_figures_are_the_run_shown_in_every_ordering():
    # issue 22, 1: worst first, alpha-beta evaluates all 9 leaves of the sample
    at = app(order="worst-first")
    assert not at.exception
    assert "MAX can force 3; alpha-beta looked at 9 of 9 leaves (nothing pruned)." in texts(at)
    assert figure(at, "alpha-beta evaluates") == "9 leaves"
    assert "alpha_beta(leaves, branching)" not in figures(at)
    at = app(order="best-first")
    assert "looked at 5 of 9 leaves (4 leaves pruned by 2 cut-offs)" in texts(at)
    at = app(algo="pvs", order="worst-first")
    assert "PVS looked at 9 of 9 leaves, 16 leaf evaluations in all" in texts(at)


def test_complete_setup_round_trip_and_errors():
    s = tl.decode_complete(SAMPLE1)
    assert s.leaves == (3, 12, 8, 2, 4, 6, 14, 5, 2) and s.branching == 3
    assert tl.decode_complete(s.encode()) == s
    r = tl.random_complete(4, 3, -3, 3, 9)
    assert tl.decode_complete(r.encode()) == r
    for bad in ("", "b3:", "b2:1,2,3", "r:1,2,3", "q:1", "r:20,20,0,1,1"):
        with pytest.raises(InputError):
            tl.decode_complete(bad)


trees = st.recursive(
    st.integers(-50, 50).map(str),
    lambda kids: st.lists(kids, min_size=1, max_size=4).map(lambda xs: "(" + " ".join(xs) + ")"),
    max_leaves=60,
)


@settings(max_examples=80, deadline=None)
@given(trees)
def test_tree_link_round_trips(text):
    tree = parse_brackets(text)
    enc = tl.encode_tree(tree)
    assert format_brackets(tl.decode_tree(enc)) == format_brackets(tree)


def test_damaged_packed_link_is_an_input_error():
    with pytest.raises(InputError):
        tl.decode_tree("z!!!not-base64")
    with pytest.raises(InputError):
        tl.decode_tree("zAAAA")


def test_step_survives_switching_pages():
    root = Path(__file__).resolve().parents[2]
    at = AppTest.from_file(str(root / "app.py"), default_timeout=60).run()
    at.switch_page(str(root / "app_pages" / "alphabeta.py")).run()
    report(at, 3)
    at.switch_page(str(root / "app_pages" / "home.py")).run()
    assert not at.exception
    at.switch_page(str(root / "app_pages" / "alphabeta.py")).run()
    assert not at.exception
    assert at.session_state["ab.step"] == 3 and "Step 3 of" in shown(at)


# ---- practice ----------------------------------------------------------------------------
FORWARD = ("ab.next", "ab.last")


def keys(at: AppTest) -> set[str]:
    return {
        w.key
        for w in [*at.button, *at.slider, *at.toggle, *at.select_slider, *at.menu_button]
        if w.key
    }


def quiz(at: AppTest):
    return at.session_state["ab.quiz.state"]


def answer(at: AppTest, text: str) -> AppTest:
    q = quiz(at).current
    if q.kind == "prune":
        return (
            at.button(key="ab.quiz.yes" if text.startswith("yes") else "ab.quiz.no").click().run()
        )
    at.session_state["ab.quiz.sent"] = text  # typed in the asked node: what the browser sends
    return at.run()


def test_practice_asks_before_the_step_and_hides_the_forward_controls():
    at = app()
    assert at.get("bidi_component")  # practice off: the canvas steps in the browser
    at.toggle(key="ab.quiz.on").set_value(True).run()
    assert not at.exception
    assert canvas(at)["p"]["still"]  # practice on: a still, nothing steps past it
    q = quiz(at).current
    assert q is not None and q.prompt in [h.value for h in at.subheader]
    # No player while a question is open: nothing steps (or plays) past it.
    assert not keys(at) & {*FORWARD, "ab.slider", "ab.speed", "ab.animate"}
    assert at.session_state["ab.step"] == q.step
    assert f"Step {q.step} of" in shown(at) and canvas(at)["p"]["n"] == q.step
    assert canvas(at)["ask"] == q.node  # the ring on its node


def wrong(q) -> str:
    return "7777" if q.kind != "prune" else ("no" if q.answer else "yes")


def test_practice_right_answer_scores_and_shows_the_answered_step():
    at = app()
    at.toggle(key="ab.quiz.on").set_value(True).run()
    q = quiz(at).current
    answer(at, q.answer_text)
    assert not at.exception
    assert quiz(at).score.right == 1 and q.explanation in at.success[0].value
    assert at.session_state["ab.step"] == q.step + 1  # the answered event is on screen now
    assert not keys(at) & set(FORWARD)
    at.button(key="ab.quiz.next").click().run()
    nxt = quiz(at).current
    assert nxt is not None and nxt != q and at.session_state["ab.step"] == nxt.step
    answer(at, wrong(nxt))  # wrong: the same question again, the step does not move
    assert quiz(at).score.wrong == 1 and quiz(at).current == nxt and at.error
    assert at.session_state["ab.step"] == nxt.step


def test_leaving_practice_restores_the_player_at_the_same_step():
    at = app()
    at.toggle(key="ab.quiz.on").set_value(True).run()
    at.button(key="ab.quiz.reveal").click().run()
    at.button(key="ab.quiz.next").click().run()
    k = quiz(at).current.step
    at.button(key="ab.quiz.leave").click().run()
    assert not at.exception and at.toggle(key="ab.quiz.on").value is False
    assert not canvas(at)["p"]["still"]
    assert at.session_state["ab.step"] == k and canvas(at)["step"] == k
    assert f"Step {k} of" in shown(at) and at.query_params["k"] in (str(k), [str(k)])
    report(at, k + 1)
    assert at.session_state["ab.step"] == k + 1
    at.toggle(key="ab.quiz.on").set_value(True).run()  # back in: the quiz resumes where it was
    assert at.session_state["ab.step"] == k and quiz(at).score.revealed == 1


def test_practice_figure_hides_the_asked_value():
    lab = tl.make_lab(complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    q = next(q for q in questions(lab.run) if q.kind == "value")
    assert lab.replayer.snapshot(q.step).value[q.node] == q.answer  # it would show

    def box(p) -> tuple:
        i = p["nodes"]["id"].index(q.node)
        got = decode(p, p["n"])
        return got.alpha[i], got.beta[i], got.value[i]

    shown = tl.canvas_payload(lab, step=q.step)
    hidden = tl.canvas_payload(lab, step=q.step, question=q)
    assert str(q.answer) in box(shown) and box(hidden) == (None, None, None)
    assert shown["still"] and hidden["n"] == q.step and hidden["total"] == len(lab.run.events)
    assert step_text(hidden, q.step) == ""  # the last event was at the asked node: not said
    assert step_text(shown, q.step) == describe(lab.run, q.step)


def test_counts_of_one_read_in_the_singular():
    # "1 levels of 3" and "1 leaves": every count goes through engine.values.plural
    at = app(t="b3:4,7,1")
    assert not at.exception
    assert figure(at, "shape") == "1 level of 3"
    assert figure(at, "minimax evaluates") == "3 leaves"
    assert "MAX can force 7; alpha-beta looked at 3 of 3 leaves (nothing pruned)." in texts(at)


def test_practice_asks_alpha_betas_node_types_with_buttons():
    """Alpha-beta's node types (PV / CUT / ALL) are a kind of the quiz's pills beside the
    three of every search, off by default; picked alone, every question asks a node's type
    and a button answers it: a wrong one is told so, the right one scores."""
    from engine.node_types import classify

    at = app()
    at.toggle(key="ab.quiz.on").set_value(True).run()
    pills = at.button_group(key="ab.quiz.kinds")
    assert "node types" in [str(o) for o in pills.options], pills.options
    assert list(pills.value) == ["value", "bound", "prune"]
    pills.set_value(["node type"]).run()
    assert not at.exception
    state = quiz(at)
    run = tl.make_lab(complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)).run
    assert len(state.questions) == 4 and {q.kind for q in state.questions} == {"node type"}
    q = state.current
    assert q.answer == classify(run).types[q.node]  # the engine's classification
    other = next(c for c in ("pv", "cut", "all") if c != q.answer.lower())
    at.button(key=f"ab.quiz.pick.{other}").click().run()
    assert quiz(at).score.wrong == 1 and quiz(at).current == q and at.error
    at.button(key=f"ab.quiz.pick.{q.answer.lower()}").click().run()
    assert not at.exception and q.explanation in at.success[0].value
    assert at.query_params["ask"] in ("node type", ["node type"])  # the link keeps the kinds


def test_leaves_hidden_is_a_switch_kept_in_the_link():
    """issue 22: ``leaves=hidden`` turns the switch on; the canvas then gets the step that
    evaluates each leaf (the engine's first LEAF event of it, read from the replay here) and
    sentences that name no pruned leaf's value; the link keeps it, the switch takes it out."""
    at = app(t=SAMPLE1, leaves="hidden")
    assert not at.exception and not at.warning
    assert at.toggle(key=AlphaBeta.lab.hide).value is True
    p = canvas(at)["p"]
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    rep = tl.make_lab(tree).replayer
    first = {}
    for k in range(len(rep) + 1):
        for v, s in enumerate(rep.snapshot(k).status):
            if s == "done" and not tree.children[v]:
                first.setdefault(v, k)
    assert p["nodes"]["lk"] == [
        first.get(v, -1) if not tree.children[v] else -1 for v in p["nodes"]["id"]
    ]
    assert "MIN node C: beta = 2 <= alpha = 3, so its leaves 5 and 6 are pruned." in p["texts"]
    assert at.query_params["leaves"] in ("hidden", ["hidden"])
    at.toggle(key=AlphaBeta.lab.hide).set_value(False).run()
    assert "leaves" not in at.query_params and canvas(at)["p"]["nodes"]["lk"] == []
    assert any("with values 4 and 6 are pruned" in t for t in canvas(at)["p"]["texts"])
    bad = app(t=SAMPLE1, leaves="maybe")
    assert not bad.exception and len(bad.warning) == 1 and "leaves" in bad.warning[0].value


def test_a_question_still_hides_the_leaves_as_the_lab_does():
    """issue 22: with leaves hidden, the practice question's still of step k holds only the
    leaves evaluated by step k (its steps end there) and no pruned leaf's value in words."""
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    lab = tl.make_lab(tree)
    cut = first_cut_step(lab.run)
    p = tl.canvas_payload(lab, step=cut, hide=True)
    seen = {e.node for e in lab.run.events[:cut] if e.kind == "leaf"}
    for v, k in zip(p["nodes"]["id"], p["nodes"]["lk"], strict=True):
        assert (k >= 1) == (v in seen) and (k == -1 or k <= cut)
    assert not any("with value" in t for t in p["texts"])
