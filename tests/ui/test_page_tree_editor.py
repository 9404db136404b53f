"""AppTest for app_pages/tree.py: presets, edits, import/export, steps, share links."""

from __future__ import annotations

from pathlib import Path

import pytest
from canvas_data import canvas, report, shown
from streamlit.testing.v1 import AppTest

from engine.tree import minimax
from engine.tree_text import format_brackets, parse_brackets, parse_ural
from ui.common.keys import Editor
from ui.tree import tree_lab as tl

PAGE = str(Path(__file__).resolve().parents[2] / "app_pages" / "tree.py")
SAMPLE2 = "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 0\n"


def app(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    return at.run()


def result(at: AppTest) -> str:
    return next(m.value for m in at.markdown if "gtl-result'>" in m.value)


def tree_of(at: AppTest) -> str:
    return format_brackets(at.session_state["ed.state"].tree)


def param(at: AppTest, name: str) -> str:
    v = at.query_params[name]
    return v[0] if isinstance(v, list) else v


def test_default_is_ural_sample_one():
    at = app()
    assert not at.exception
    assert "Value +1: the first player wins" in result(at)
    assert tree_of(at) == "((-1 1) (1 1))"


@pytest.mark.parametrize(
    ("preset", "words"),
    [
        ("URAL sample 2 (0)", "Value 0: a draw"),
        ("URAL sample 3 (+1)", "Value +1"),
        ("Russell & Norvig, Fig. 5.2", "can force 3; alpha-beta looked at 7 of 9"),
    ],
)
def test_presets(preset, words):
    at = app()
    at.selectbox(key="ed.preset").set_value(preset).run()
    assert not at.exception and words in result(at)


def test_big_preset_stays_usable():
    at = app()
    at.selectbox(key="ed.preset").set_value("Random: 12,000 nodes").run()
    assert not at.exception
    tree = at.session_state["ed.state"].tree
    assert len(tree) == 12000
    assert f"can force {minimax(tree).value};" in result(at)
    report(at, Editor.lab.canvas, 0)
    report(at, Editor.lab.canvas, 1)
    assert not at.exception and at.session_state["ed.step"] == 1


def test_edits_change_tree_value_and_link():
    at = app()
    last_leaf = at.session_state["ed.state"].tree.leaves()[-1]
    at.selectbox(key="ed.sel").set_value(last_leaf).run()
    at.number_input(key="ed.value").set_value(0).run()
    at.button(key="ed.set").click().run()
    assert not at.exception
    assert tree_of(at) == "((-1 1) (1 0))"
    assert "Value 0" in result(at)
    assert format_brackets(tl.decode_tree(param(at, "t"))) == "((-1 1) (1 0))"
    # Add a child to the root, then delete it again.
    at.selectbox(key="ed.sel").set_value(0).run()
    at.number_input(key="ed.value").set_value(5).run()
    at.button(key="ed.add").click().run()
    assert tree_of(at) == "((-1 1) (1 0) 5)" and "can force 5" in result(at)
    at.button(key="ed.delete").click().run()
    assert tree_of(at) == "((-1 1) (1 0))"
    assert at.session_state["ed.state"].selected == 0


def test_refused_edit_shows_error_and_keeps_tree():
    at = app()
    first_inner = at.session_state["ed.state"].tree.children[0][0]
    at.selectbox(key="ed.sel").set_value(first_inner).run()
    at.button(key="ed.leaf").click().run()  # make an inner node a leaf: allowed
    assert tree_of(at) == "(0 (1 1))"
    at.selectbox(key="ed.sel").set_value(0).run()
    assert at.button(key="ed.delete").disabled  # the root cannot be deleted


def test_import_ural_and_brackets_and_bad_text():
    at = app()
    at.radio(key="ed.fmt").set_value("URAL 1282")
    at.text_area(key="ed.text").set_value(SAMPLE2)
    at.button(key="ed.import").click().run()
    assert not at.exception and "Value 0" in result(at)
    at.radio(key="ed.fmt").set_value("brackets")
    at.text_area(key="ed.text").set_value("((3 12 8) (2 4 6) (14 5 2")
    at.button(key="ed.import").click().run()
    assert not at.exception
    assert len(at.error) == 1 and "never closed" in at.error[0].value
    assert tree_of(at) == format_brackets(parse_ural(SAMPLE2))  # the previous tree stays
    at.radio(key="ed.fmt").set_value("URAL 1282")
    at.text_area(key="ed.text").set_value("3\nN 1\nL 5 +1\n")
    at.button(key="ed.import").click().run()
    assert not at.exception and len(at.error) == 1 and "line" in at.error[0].value


def test_step_buttons_and_sentence():
    at = app()
    assert at.session_state["ed.step"] == 0
    report(at, Editor.lab.canvas, 1)
    report(at, Editor.lab.canvas, 2)
    assert at.session_state["ed.step"] == 2 and "Step 2 of" in shown(at)
    report(at, Editor.lab.canvas, 1)
    assert at.session_state["ed.step"] == 1 and param(at, "k") == "1"


def test_share_link_restores_tree_and_step():
    tree = parse_brackets("((3 12 8) (2 4 6) (14 5 2))")
    at = app(t=tl.encode_tree(tree), k="9")
    assert not at.exception and not at.warning
    assert tree_of(at) == format_brackets(tree)
    assert at.session_state["ed.step"] == 9 and "Step 9 of" in shown(at)


def test_packed_link_for_a_bigger_tree():
    text = "(" + " ".join(f"({i} {-i} {2 * i})" for i in range(60)) + ")"
    enc = tl.encode_tree(parse_brackets(text))
    assert enc.startswith("z")
    at = app(t=enc)
    assert not at.exception and tree_of(at) == format_brackets(parse_brackets(text))


@pytest.mark.parametrize("params", [dict(t="((1 2)"), dict(t="zzzz"), dict(k="x")])
def test_malformed_link_falls_back_with_a_warning(params):
    at = app(**params)
    assert not at.exception
    assert len(at.warning) == 1
    assert tree_of(at) == "((-1 1) (1 1))"


# ---- practice ----------------------------------------------------------------------------
def test_practice_on_the_editor_asks_scores_and_gives_the_player_back():
    at = app()
    n = len(tl.make_lab(parse_brackets("((-1 1) (1 1))")).run.events)
    report(at, Editor.lab.canvas, n)
    assert at.session_state["ed.step"] == n
    at.toggle(key="ed.quiz.on").set_value(True).run()
    assert not at.exception
    quiz = at.session_state["ed.quiz.state"]
    q = quiz.current
    assert q is not None and q.prompt in [h.value for h in at.subheader]
    assert at.session_state["ed.step"] == q.step < n  # back to the first question's step
    assert canvas(at)["p"]["still"]  # a still of the question's step: no way past it
    if q.kind == "prune":
        at.button(key="ed.quiz.yes" if q.answer else "ed.quiz.no").click().run()
    else:
        at.session_state["ed.quiz.sent"] = q.answer_text  # typed in the asked node
        at.run()
    assert at.session_state["ed.quiz.state"].score.right == 1
    assert at.session_state["ed.step"] == q.step + 1
    # An edit while practising: a new tree, so a new quiz (the editor still works).
    at.button(key="ed.add").click().run()
    assert not at.exception and tree_of(at) != "((-1 1) (1 1))"
    assert at.session_state["ed.quiz.state"].score.done == 0
    k = at.session_state["ed.quiz.state"].current.step
    at.button(key="ed.quiz.leave").click().run()
    assert not at.exception and not canvas(at)["p"]["still"]
    assert at.session_state["ed.step"] == k and f"Step {k} of" in shown(at)
