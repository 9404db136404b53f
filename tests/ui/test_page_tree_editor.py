"""AppTest for app_pages/tree.py: presets, edits, import/export, steps, share links."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.tree import minimax
from engine.tree_text import format_brackets, format_ural, parse_brackets, parse_ural
from tests.canvas_data import canvas, report, shown
from tests.plain_texts import plain_texts
from ui.common.keys import Editor
from ui.tree import editor_panel as ep
from ui.tree import tree_lab as tl

PAGE = str(Path(__file__).resolve().parents[2] / "app_pages" / "tree.py")
SAMPLE2 = "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 0\n"


def app(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    return at.run()


def result(at: AppTest) -> str:
    return next(m.value for m in at.markdown if " looked at " in m.value)  # tl.result_line


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
    at.menu_button(key="ed.preset").click(preset).run()
    assert not at.exception and words in result(at)


def test_big_preset_stays_usable():
    at = app()
    at.menu_button(key="ed.preset").click("Random: 12,000 nodes").run()
    assert not at.exception
    tree = at.session_state["ed.state"].tree
    assert len(tree) == 12000
    assert f"can force {minimax(tree).value};" in result(at)
    report(at, Editor.lab.canvas, 0)
    report(at, Editor.lab.canvas, 1)
    assert not at.exception and at.session_state["ed.step"] == 1


def edit(at: AppTest, **msg) -> AppTest:
    """The canvas's edit plugin sent ``msg`` (AppTest cannot fire a component's trigger:
    this does what ui.tree.editor_panel.on_edit does; the browser test fires the real one)."""
    ep.take_edit(at.session_state, msg)
    return at.run()


def test_edits_change_tree_value_and_link():
    at = app()
    last_leaf = at.session_state["ed.state"].tree.leaves()[-1]
    edit(at, op="set", node=last_leaf, value="0", seq=1)
    assert not at.exception
    assert tree_of(at) == "((-1 1) (1 0))"
    assert "Value 0" in result(at)
    assert format_brackets(tl.decode_tree(param(at, "t"))) == "((-1 1) (1 0))"
    assert canvas(at)["x"]["edit"]["done"] == 1  # the plugin's answer
    # Add a child to the root (the root stays selected), then delete it again, then undo.
    edit(at, op="add_child", node=0, value="5", seq=2)
    assert tree_of(at) == "((-1 1) (1 0) 5)" and "can force 5" in result(at)
    edit(at, op="add_child", node=0, value="5", seq=2)  # sent again (no answer came): once
    assert tree_of(at) == "((-1 1) (1 0) 5)"
    assert canvas(at)["x"]["edit"]["sel"] == 0
    edit(at, op="delete", node=len(at.session_state["ed.state"].tree) - 1, seq=3)
    assert tree_of(at) == "((-1 1) (1 0))"
    edit(at, op="undo", seq=4)
    assert tree_of(at) == "((-1 1) (1 0) 5)"
    assert canvas(at)["x"]["edit"]["undo"] == 2 and canvas(at)["x"]["edit"]["redo"] == 1


def test_an_edit_does_not_jump_to_the_last_step():
    at = app()
    report(at, Editor.lab.canvas, 3)
    assert canvas(at)["x"]["edit"]["mode"] == "step"  # a step on show: open stepping
    edit(at, op="add_child", node=0, seq=1)
    assert not at.exception and at.session_state["ed.step"] == 0
    assert canvas(at)["step"] == 0 and param(at, "k") == "0"
    assert canvas(at)["x"]["edit"]["mode"] == "edit"


def port(at: AppTest) -> AppTest:
    """The "Import and export" box opened (its contents are made only then)."""
    at.session_state[Editor.port] = True
    return at.run()


def test_refused_and_hostile_edits_say_why_and_keep_the_tree():
    at = port(app())  # the export box open: it says a one-node tree has no URAL form
    first_inner = at.session_state["ed.state"].tree.children[0][0]
    edit(at, op="set", node=first_inner, value="3", seq=1)
    assert not at.exception and tree_of(at) == "((-1 1) (1 1))"
    assert "inner node" in canvas(at)["x"]["edit"]["error"]
    for bad in (
        dict(op="set", node=2, value="1e99", seq=2),
        dict(op="drop_table", node=0, seq=3),
        dict(op="add_child", node=10**9, seq=4),
        dict(op="add_child", node=[0], seq=5),
        dict(op="set", node=2, value={"x": 1}, seq="6"),
    ):
        edit(at, **bad)
        assert not at.exception and tree_of(at) == "((-1 1) (1 1))"
        assert canvas(at)["x"]["edit"]["error"]
    assert canvas(at)["x"]["edit"]["done"] == 5  # a seq that is not a number is not taken
    edit(at, op="delete", node=0, seq=7)  # the root: a new tree of one leaf
    assert tree_of(at) == "0" and not canvas(at)["x"]["edit"]["error"]
    assert any("no URAL 1282 form" in i.value for i in at.info)


def test_import_and_export_are_made_only_while_their_box_is_open_and_keep_the_text():
    at = app()
    assert not at.radio and not at.text_area and not plain_texts(at)
    port(at).text_area(key=Editor.text).set_value("((1 2) 3)").run()
    at.session_state[Editor.port] = False
    at.run()
    assert not at.text_area
    assert port(at).text_area(key=Editor.text).value == "((1 2) 3)"


def test_import_ural_and_brackets_and_bad_text():
    at = port(app())
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
    # a bad line is reported as that line, not as a count that does not add up (issue 11)
    at.text_area(key="ed.text").set_value("7\nN 1\nX 1\nL 2 -1\n")
    at.button(key="ed.import").click().run()
    assert "line 3: 'X 1': a node line starts with N or L" in at.error[0].value


def labels(at: AppTest) -> list[str]:
    return [d.proto.label for d in at.get("download_button")]


def test_export_shows_the_chosen_format():
    at = port(app())
    assert at.radio(key="ed.fmt").value == "URAL 1282"
    ural = format_ural(at.session_state["ed.state"].tree)
    assert ural.startswith("7\nN 1\n") and plain_texts(at)[0].strip() == ural.strip()
    assert "Download URAL" in labels(at) and "Download brackets" not in labels(at)
    at.radio(key="ed.fmt").set_value("brackets").run()
    assert plain_texts(at) == ["((-1 1) (1 1))"]
    assert "Download brackets" in labels(at) and "Download URAL" not in labels(at)


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
    edit(at, op="add_child", node=0, seq=1)
    assert not at.exception and tree_of(at) != "((-1 1) (1 1))"
    assert at.session_state["ed.quiz.state"].score.done == 0
    k = at.session_state["ed.quiz.state"].current.step
    at.button(key="ed.quiz.leave").click().run()
    assert not at.exception and not canvas(at)["p"]["still"]
    assert at.session_state["ed.step"] == k and f"Step {k} of" in shown(at)


@pytest.mark.parametrize(
    ("params", "mode"), [({}, "edit"), ({"k": "4"}, "step"), ({"k": "0", "play": "4"}, "step")]
)
def test_a_link_at_a_step_or_playing_opens_stepping_the_search(params, mode):
    at = app(**params)
    assert not at.exception and canvas(at)["x"]["edit"]["mode"] == mode


def test_leaves_hidden_on_the_editor_too():
    """issue 22: the editor has the same switch and link parameter as the alpha-beta lab."""
    at = app(t="((3 5) (2 9))", leaves="hidden")
    assert not at.exception and not at.warning
    assert at.toggle(key=Editor.lab.hide).value is True
    lk = canvas(at)["p"]["nodes"]["lk"]
    assert lk and lk.count(-1) == 3 + 1  # A, B, C (no leaves) and leaf 4 (9), pruned
    at.toggle(key=Editor.lab.hide).set_value(False).run()
    assert "leaves" not in at.query_params and canvas(at)["p"]["nodes"]["lk"] == []


def test_new_empty_tree_is_the_root_alone_undoable_and_in_the_link():
    """issue 22: "New empty tree" gives the root alone, selected, says what to do next, puts
    it in the link, and Undo gives the tree before it back."""
    at = app(t="((3 5) (2 9))")
    at.button(key=Editor.new).click().run()
    assert not at.exception
    state = at.session_state[Editor.state]
    assert tuple(state.tree.parent) == (-1,) and state.selected == 0
    assert at.query_params["t"] in ("0", ["0"])
    assert any(i.value.startswith("A new tree: the root alone, selected.") for i in at.info)
    ep.take_edit(at.session_state, {"op": "undo", "node": 0, "value": None, "seq": 1})
    assert format_brackets(at.session_state[Editor.state].tree) == "((3 5) (2 9))"
