"""AppTest of the "Practice & exams" page: every tab renders, the quiz keeps score, the
exercise grades, exam sheets are reproducible, and bad input shows an error box."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.search import search_tree
from engine.trace import Replayer, replay
from engine.values import fmt_value
from teach.exam import make_sheet
from teach.exercise import solution
from teach.explain import describe
from teach.quiz import QuizState, node_names, questions
from teach.variants import LABELS, compare_variants, line_for_event, pseudocode
from tests.canvas_data import canvases, decode, report
from ui.common.keys import Exercise as EX
from ui.common.keys import Practice as K
from ui.common.keys import Variants as VA
from ui.practice.exam_panel import sheet_bytes
from ui.practice.exercise_panel import edge_label, tree_tag
from ui.practice.practice_common import build_tree, quiz_names
from ui.practice.quiz_panel import question_payload, run_signature, step_sentence
from ui.practice.variants_panel import variants_table
from viz.tree_payload import step_text

PAGE = str(Path(__file__).resolve().parents[2] / "app_pages" / "practice.py")
TABS = ["Step quiz", "Whole-tree exercise", "Exam sheets", "Variants side by side"]
TEXTBOOK = "3, 12, 8, 2, 4, 6, 14, 5, 2"


def app(tab: str = "Step quiz") -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state[K.tab] = tab
    return at.run()


def ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _quiz(at: AppTest) -> QuizState:
    return at.session_state["practice.quiz.state"]


def _answer(at: AppTest, text: str) -> AppTest:
    q = _quiz(at)
    if q.current is not None and q.current.kind == "prune":
        at.button(key="practice.quiz.yes" if text.startswith("yes") else "practice.quiz.no").click()
    else:
        at.session_state["practice.quiz.sent"] = text  # typed in the node: what the browser sends
    return at.run()


@pytest.mark.parametrize("tab", TABS)
def test_each_tab_renders(tab):
    at = app(tab)
    ok(at)
    assert not at.error
    assert [t.label for t in at.tabs] == TABS


def test_quiz_right_and_wrong_answers_change_the_score():
    at = app()
    ok(at)
    q = _quiz(at)
    first = q.current
    assert first is not None and q.score.done == 0
    at = _answer(at, first.answer_text)
    ok(at)
    s = _quiz(at).score
    assert (s.right, s.wrong) == (1, 0)
    assert any(first.explanation in x.value for x in at.success)
    at.button(key="practice.quiz.next").click().run()  # on to the next question
    second = _quiz(at).current
    assert second is not None and second is not first
    wrong = "no" if second.kind == "prune" and second.answer else "yes"
    if second.kind != "prune":
        wrong = str(int(second.answer) + 1)  # type: ignore[arg-type]
    at = _answer(at, wrong)
    ok(at)
    s = _quiz(at).score
    assert (s.right, s.wrong) == (1, 1)
    assert at.error and "Not quite" in at.error[0].value
    assert _quiz(at).current is second  # a wrong answer stays on the question


def test_quiz_yes_no_buttons_answer_a_cut_question():
    at = app()
    while _quiz(at).current is not None and _quiz(at).current.kind != "prune":
        at.button(key="practice.quiz.skip").click().run()
    q = _quiz(at).current
    assert q is not None, "the textbook tree has cut questions"
    at.button(key="practice.quiz.yes" if q.answer else "practice.quiz.no").click().run()
    ok(at)
    assert _quiz(at).score.right == 1 and q.explanation in at.success[0].value


def test_quiz_garbage_answer_is_a_warning_not_a_score():
    at = _answer(app(), "twelve-ish")
    ok(at)
    assert at.warning and "not a number" in at.warning[0].value
    assert _quiz(at).score.done == 0


def test_quiz_reveal_skip_and_leave():
    at = app()
    at.button(key="practice.quiz.reveal").click().run()
    ok(at)
    assert _quiz(at).score.revealed == 1 and at.info
    at.button(key="practice.quiz.next").click().run()
    at.button(key="practice.quiz.skip").click().run()
    assert _quiz(at).score.skipped == 1
    at.button(key="practice.quiz.leave").click().run()
    ok(at)
    assert at.toggle(key="practice.quiz.on").value is False
    assert not canvases(at)[0]["p"]["still"]  # practice off: the free canvas is back


def test_quiz_restarts_on_another_tree():
    at = app()
    at = _answer(at, "0")
    assert _quiz(at).score.done == 1
    at.text_input(key="practice.tree.leaves").set_value("1, 2, 3, 4").run()
    at.number_input(key="practice.tree.b").set_value(2).run()
    ok(at)
    assert _quiz(at).score.done == 0
    assert at.session_state["practice.quiz.sig"][0] == run_signature(
        search_tree(build_tree("1 2 3 4", 2))
    )


def _check(at: AppTest, tree, raw) -> AppTest:
    """The browser's Check: the whole sheet as plugins/answer.js sends it."""
    at.session_state[EX.sent] = (tree_tag(tree), raw)
    return at.run()


def _sheet(at: AppTest) -> dict:
    """What the exercise's canvas is told to show (its answer plugin's data)."""
    return canvases(at)[0]["x"]["answer"]


def test_exercise_states_its_total_and_puts_a_field_in_every_inner_node():
    at = app("Whole-tree exercise")
    ok(at)
    tree = build_tree(TEXTBOOK, 3)
    text = " ".join(m.value for m in at.markdown)
    assert "Out of 6 marks: 4 node values, 2 pruned edges" in text  # before the first check
    data = _sheet(at)
    assert [f[0] for f in data["fields"]] == [n for n in tree.preorder() if not tree.is_leaf(n)]
    assert data["edges"] and data["tries"] == 0 and "said" not in data
    boxes = [w.key for w in at.number_input if w.key.startswith("practice.exercise")]
    assert not boxes and not at.multiselect  # the side boxes are gone


def test_exercise_one_wrong_value_is_marked_not_corrected_and_a_retry_keeps_the_rest():
    at = app("Whole-tree exercise")
    tree = build_tree(TEXTBOOK, 3)
    sol = solution(tree)
    inner = [n for n in tree.preorder() if not tree.is_leaf(n)]
    wrong_node = inner[-1]
    typed = {str(n): str(sol.values[n] + (5 if n == wrong_node else 0)) for n in inner}
    cuts = [list(e) for e in sorted(sol.pruned_edges)]
    at = _check(at, tree, {"v": typed, "cut": cuts})
    ok(at)
    data = _sheet(at)
    assert data["said"].startswith("Check 1: 5 of 6 right: 1 value wrong.")
    assert data["marks"]["v"][str(wrong_node)] == "wrong"
    assert data["given"]["v"] == typed  # what was typed stays on the tree
    told = data["said"] + " ".join(m.value for m in at.markdown)
    assert f"returns {sol.values[wrong_node]}" not in told  # not corrected
    typed[str(wrong_node)] = str(sol.values[wrong_node])
    at = _check(at, tree, {"v": typed, "cut": cuts})
    data = _sheet(at)
    assert (
        data["said"] == "Check 2: 6 of 6 right: every value and every pruned edge." and data["ok"]
    )
    at.toggle(key=EX.of(tree_tag(tree), "show")).set_value(True).run()
    ok(at)
    text = " ".join(m.value for m in at.markdown)
    assert f"node {node_names(tree)[wrong_node]} returns {sol.values[wrong_node]}" in text
    assert len(canvases(at)) == 2  # the search drawn beside


def test_exercise_marks_a_searched_edge_as_a_wrong_cut_and_hides_the_missed_ones():
    at = app("Whole-tree exercise")
    tree = build_tree(TEXTBOOK, 3)
    at = _check(at, tree, {"v": {}, "cut": [[0, 1]]})  # A -> B is always searched
    ok(at)
    data = _sheet(at)
    assert data["marks"]["cut"] == [[0, 1, "wrong"]]  # the missed cuts are not shown
    assert data["said"].startswith(
        "Check 1: 0 of 6 right: 4 values missing, 2 pruned edges not marked, 1 searched edge "
        "marked pruned."
    )
    at.toggle(key=EX.of(tree_tag(tree), "show")).set_value(True).run()
    text = " ".join(m.value for m in at.markdown)
    assert "searched, not pruned" in text and "pruned, but not marked" in text


@pytest.mark.parametrize(
    "raw",
    ["garbage", None, {"v": {"1": "x" * 100_000}}, {"v": {"0": "3"}, "cut": [[0, 99], "x"]}],
)
def test_exercise_a_bad_sheet_is_a_message_and_the_page_keeps_working(raw):
    at = _check(app("Whole-tree exercise"), build_tree(TEXTBOOK, 3), raw)
    ok(at)
    assert at.warning and "Not read" in at.warning[0].value
    assert _sheet(at)["said"].startswith("Check 1: ")
    assert " of 6 right" in _sheet(at)["said"]  # the total never moves


def test_edge_labels_name_both_ends():
    tree = build_tree(TEXTBOOK, 3)
    edges = [(p, c) for p in tree.preorder() for c in tree.children[p]]
    labels = [edge_label(tree, node_names(tree), e) for e in edges]
    assert labels[:4] == ["A → B", "A → C", "A → D", "B → leaf 1 (3)"]
    assert len(labels) == len(tree) - 1


def test_exam_same_seed_same_bytes_and_same_page():
    args = (7, 3, 2, 3, 0, 9, 2)
    sheet_bytes.clear()
    first = [
        sheet_bytes("en", *args, answers=a, fmt=f) for a in (False, True) for f in ("pdf", "png")
    ]
    sheet_bytes.clear()
    again = [
        sheet_bytes("en", *args, answers=a, fmt=f) for a in (False, True) for f in ("pdf", "png")
    ]
    assert first == again
    assert first[0][:4] == b"%PDF" and first[1][:4] == b"\x89PNG"
    other = sheet_bytes("en", 8, *args[1:], answers=False, fmt="pdf")
    assert other != first[0]
    captions = []
    for _ in range(2):
        at = app("Exam sheets")
        at.number_input(key="practice.exam.seed").set_value(7).run()
        ok(at)
        captions.append([c.value for c in at.caption])
    assert captions[0] == captions[1]
    lines = [f"{i + 1}. {e.describe()}" for i, e in enumerate(make_sheet(7, 4, 3, 2, 0, 20, 2))]
    assert "  \n".join(lines) in captions[0]


@pytest.mark.parametrize(
    ("tab", "key", "value", "words"),
    [
        ("Step quiz", "practice.tree.b", 9, "branching must be between 2 and 5"),
        ("Step quiz", "practice.tree.leaves", "3, x, 7", "'x' is not an integer"),
        ("Variants side by side", "practice.tree.leaves", "1 2 3 4", "not a power"),
        ("Whole-tree exercise", "practice.tree.leaves", "", "no leaves"),
        ("Exam sheets", "practice.exam.d", 0, "depth must be between 1 and 5"),
        ("Exam sheets", "practice.exam.b", 9, "branching must be between 2 and 5"),
        ("Exam sheets", "practice.exam.count", 0, "1 to 20 exercises"),
        ("Exam sheets", "practice.exam.lo", 50, "above the highest"),
        ("Exam sheets", "practice.exam.d", 5, "do not fit on a printed sheet"),
    ],
)
def test_bad_input_shows_an_error_and_the_page_keeps_working(tab, key, value, words):
    at = app(tab)
    widget = at.text_input(key=key) if key == "practice.tree.leaves" else at.number_input(key=key)
    widget.set_value(value).run()
    ok(at)
    assert at.error and words in at.error[0].value, [e.value for e in at.error]
    # fix it: the page recovers
    good = {
        "practice.tree.b": 3,
        "practice.tree.leaves": TEXTBOOK,
        "practice.exam.d": 2,
        "practice.exam.b": 3,
        "practice.exam.count": 4,
    }
    good["practice.exam.lo"] = 0
    widget = at.text_input(key=key) if key == "practice.tree.leaves" else at.number_input(key=key)
    widget.set_value(good[key]).run()
    ok(at)
    assert not at.error


def test_share_link_restores_tree_and_bad_link_warns():
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["t"] = "1,2,3,4"
    at.query_params["b"] = "2"
    at.run()
    ok(at)
    assert at.text_input(key="practice.tree.leaves").value == "1, 2, 3, 4"
    assert _quiz(at).questions[0].step >= 1
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["b"] = "banana"
    at.run()
    ok(at)
    assert at.warning and "branching" in at.warning[0].value
    assert at.number_input(key="practice.tree.b").value == 3


def test_variants_table_and_highlighted_pseudocode():
    at = app("Variants side by side")
    ok(at)
    tree = build_tree(TEXTBOOK, 3)
    rows = variants_table(tree, compare_variants(tree))
    assert len({r["root value"] for r in rows}) == 1  # every variant agrees on the value
    assert rows[0]["cut-offs"] == 0  # minimax never cuts
    left, right = canvases(at)  # two variants side by side, each with its pseudocode
    assert left["p"]["code"]["lines"] == pseudocode("statement")
    at.selectbox(key="practice.variants.pick.right").set_value("negamax").run()
    ok(at)
    left2, right = canvases(at)
    assert left2["p"]["id"] == left["p"]["id"]  # the other side is untouched
    code = right["p"]["code"]
    run = next(r.run for r in compare_variants(tree) if r.name == "negamax")
    assert code["lines"] == pseudocode("negamax")
    assert code["at"] == [-1] + [line_for_event("negamax", e) for e in run.events]
    assert any("negamax's own view" in x for x in code["notes"])


def test_value_question_hides_the_value_being_asked_for():
    run = search_tree(build_tree(TEXTBOOK, 3))
    quiz = QuizState.start(run, kinds=("value",))
    q = quiz.current
    assert q is not None and q.kind == "value"
    snap = replay(run, q.step)
    assert snap.value[q.node] == q.answer  # fail-soft: the best so far is the answer ...
    names = quiz_names(run.tree)
    p = question_payload(run, names, q.step, q)
    i = p["nodes"]["id"].index(q.node)
    got = decode(p, q.step)
    assert got.value[i] is None  # ... so the figure must not show it
    assert p["n"] == q.step and len(p["steps"]) == q.step  # and no later step is sent
    shown = question_payload(run, names, q.step, None)
    others = [v for j, v in enumerate(got.value) if j != i]
    assert others == [v for j, v in enumerate(decode(shown, q.step).value) if j != i]
    assert decode(shown, q.step).value[i] == str(q.answer)


def test_the_figure_rings_the_node_asked_about_and_leaves_out_its_value():
    at = app()
    at.button_group(key="practice.quiz.kinds").set_value(["value"]).run()
    ok(at)
    q = _quiz(at).current
    assert q is not None and q.prompt.startswith("What value does B")
    (still,) = canvases(at)
    assert still["p"]["still"] and still["ask"] == q.node
    assert still["p"]["nodes"]["nm"][still["p"]["nodes"]["id"].index(q.node)] == "B"
    at = _answer(at, q.answer_text)  # answered: the ring goes, the step is shown
    (still,) = canvases(at)
    assert still["ask"] is None and still["p"]["n"] == q.step + 1


def test_variants_table_names_the_nodes_where_fail_hard_differs():
    tree = build_tree(TEXTBOOK, 3)
    rows = {r["variant"]: r for r in variants_table(tree, compare_variants(tree))}
    # fail-hard clamps C's 2 and D's 2 into their window [3, +inf)
    assert (
        rows[LABELS["fail-hard"]]["inner values unlike the statement's"]
        == "C: 3 (not 2), D: 3 (not 2)"
    )
    assert rows[LABELS["negamax"]]["inner values unlike the statement's"] == "-"


def test_new_seed_button_changes_the_sheet():
    at = app("Exam sheets")
    before = at.number_input(key="practice.exam.seed").value
    at.button(key="practice.exam.new_seed").click().run()
    ok(at)
    assert at.number_input(key="practice.exam.seed").value != before
    assert not at.error


def test_step_sentence_never_tells_the_open_answer():
    told = 0
    for leaves, variant in ((TEXTBOOK, "statement"), ("3, 12, 8, 3, 4, 6, 14, 5, 2", "strict")):
        run = search_tree(build_tree(leaves, 3), variant=variant)
        for q in questions(run):
            said = step_sentence(run, q.step, q)
            full = describe(run, q.step) if q.step else None
            if q.kind == "value":
                at_node = q.step > 0 and run.events[q.step - 1].node == q.node
                assert said == (None if at_node else full)
            elif q.kind == "prune":
                assert said is not None and "prune" not in said and "cut" not in said
                told += "strict rule cuts only" in full  # the full sentence would tell
            else:
                assert said == full
            # once answered, the figure moves one step on and the whole sentence is shown
            assert step_sentence(run, q.step + 1, None) == describe(run, q.step + 1)
    assert told >= 1


def test_practice_figure_has_the_step_sentence_in_the_quiz_names():
    at = app()
    ok(at)
    run = search_tree(build_tree(TEXTBOOK, 3))
    q = _quiz(at).current
    assert q is not None
    p = canvases(at)[0]["p"]
    want = step_sentence(run, q.step, q)
    assert want and step_text(p, p["n"]) == want and p["total"] == len(run.events)
    at = _answer(at, q.answer_text)
    ok(at)
    p = canvases(at)[0]["p"]
    assert step_text(p, p["n"]) == describe(run, q.step + 1)
    for leaf in run.tree.leaves():  # leaves are named as in the questions: "leaf 5", ...
        name = node_names(run.tree)[leaf]
        assert name.startswith("leaf ") and name[5:] == str(run.tree.leaves().index(leaf) + 1)
        assert p["nodes"]["nm"][p["nodes"]["id"].index(leaf)] == name


@pytest.mark.parametrize("kind", ["value", "node type"])
def test_open_value_question_sends_no_window_of_the_asked_subtree(kind):
    """A value question, and a node's type (its value against the window it was given would
    tell it): no α/β of the subtree and no value at the node in the still, and no sentence
    of the node's own last event ("... so its leaves 5 and 6 are pruned": a CUT node)."""
    checked = 0
    for leaves, b in ((TEXTBOOK, 3), ("5, 1, 7, 2, 9, 3, 4, 8", 2)):
        run = search_tree(build_tree(leaves, b))
        rep = Replayer(run)
        for q in questions(run, kinds=(kind,)):
            assert q.kind == kind
            if run.events[q.step - 1].node == q.node:
                p = question_payload(run, quiz_names(run.tree), q.step, q)
                assert step_text(p, q.step) == ""
            assert set(q.hide) == set(run.tree.preorder(q.node))
            p = question_payload(run, quiz_names(run.tree), q.step, q)
            ids = p["nodes"]["id"]
            for delta in p["steps"]:  # in no step sent: no α/β in the subtree, no value at it
                for j in range(0, len(delta), 5):
                    v = ids[delta[j]]
                    if v in q.hide:
                        assert delta[j + 2] == delta[j + 3] == -1, (q.prompt, v)
                    if v == q.node:
                        assert delta[j + 4] == -1
                        checked += 1
            # the figure still shows the windows outside the subtree (the root's at least)
            root_alpha = decode(p, q.step).alpha[ids.index(0)]
            assert q.node == 0 or root_alpha == fmt_value(rep.snapshot(q.step).alpha[0])
    assert checked >= 6


def test_switching_the_variant_keeps_the_step():
    # Two variants must be comparable at the same step: switching used to reset it to 0.
    at = app("Variants side by side")
    ok(at)
    tree = build_tree(TEXTBOOK, 3)
    runs = {r.name: r.run for r in compare_variants(tree)}
    left = VA.canvas("left")
    report(at, left, 5)
    ok(at)
    at.selectbox(key=VA.pick("left")).set_value("negamax").run()
    ok(at)
    assert at.session_state[left.step] == 5
    data = canvases(at)[0]
    assert data["step"] == 5 and data["p"]["total"] == len(runs["negamax"].events)


def test_value_and_bound_questions_are_answered_in_the_node_cut_offs_by_buttons():
    at = app()
    q = _quiz(at).current
    assert q is not None and q.prompt.endswith("What is beta at B now?")
    ans = canvases(at)[0]["x"]["answer"]
    assert ans["fields"] == [[q.node, "β"]] and ans["event"] == "answer" and not ans["edges"]
    assert [t.key for t in at.text_input] == ["practice.tree.leaves"]  # no side box
    at = _answer(at, str(int(q.answer) + 4))  # wrong: marked on the node, the field stays
    again = canvases(at)[0]["x"]["answer"]
    assert again["key"] == ans["key"] and again["marks"] == {"v": {str(q.node): "wrong"}}
    at = _answer(at, q.answer_text)  # right: the answered step is shown, no field
    assert _quiz(at).score.right == 0 and canvases(at)[0]["x"] == {}
    at.button_group(key="practice.quiz.kinds").set_value(["value"]).run()
    q = _quiz(at).current
    assert canvases(at)[0]["x"]["answer"]["fields"] == [[q.node, "value"]]
    at.button_group(key="practice.quiz.kinds").set_value(["prune"]).run()
    assert canvases(at)[0]["x"] == {} and at.button(key="practice.quiz.yes")


@pytest.mark.parametrize("sent", [12, None, ["3"], {"v": 3}, "x" * 10_000])
def test_anything_the_browser_sends_as_a_quiz_answer_is_a_warning_at_worst(sent):
    at = app()
    before = _quiz(at).current
    at.session_state["practice.quiz.sent"] = sent
    at.run()
    ok(at)
    assert at.warning and _quiz(at).current == before and _quiz(at).score.done == 0
