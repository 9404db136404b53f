"""AppTest of the class page (app_pages/classroom.py) and the labs' start box: joining by
code, the student's page before and after the reveal, the teacher's controls, and bad
input (a wrong code, markup and 10 KB names, forged tokens, a join code used as the
teacher's link): each refused with a clear message while the page keeps working."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from classroom import access, live, student_state
from classroom.db import open_store
from classroom.pulse import pulses
from classroom.task import close_task, open_task, submit_task, task_report
from engine.tree_text import parse_brackets
from tests.class_taps import chosen, head, labels, still, tap
from tests.ui.tables import parse_table
from ui.classroom import shared
from ui.classroom.start import class_variant
from ui.common.keys import AlphaBeta
from ui.common.keys import Classroom as K

ROOT = Path(__file__).resolve().parents[2]
PAGE = str(ROOT / "app_pages" / "classroom.py")
TREE = "((3 12 8) (2 4 6) (14 5 2))"


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("GTL_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("GTL_DATABASE_URL", raising=False)
    # no bell's thread under AppTest to read what the tests change behind the pages' backs:
    # a page's run reads the class's pulse itself rather than take the bell's last look
    monkeypatch.setattr(shared, "FRESH", 0.0)
    shared.store.clear()
    shared.session_run.clear()
    shared._still.clear()
    shared.class_state.clear()
    shared.bell.clear()
    s = open_store()
    yield s
    s.close()
    shared.store.clear()


@pytest.fixture
def made(store):
    return live.create_session(store, parse_brackets(TREE), kinds=["value", "bound"])


def page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=30)
    for k, v in params.items():
        at.query_params[k] = v
    return at.run()


def ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def texts(at: AppTest) -> str:
    """The page's words: its elements', and the head a student's still draws (HTML)."""
    parts = [e.value for e in (*at.markdown, *at.caption, *at.error, *at.success, *at.info)]
    parts += [e.value for e in at.warning]
    if any('"live"' in c.proto.json for c in at.get("bidi_component")):
        parts.append(head(at))
    return "\n".join(str(p) for p in parts)


def join_as(at: AppTest, code: str, name: str) -> AppTest:
    at.text_input(key=K.code).set_value(code)
    at.text_input(key=K.name).set_value(name)
    return at.button(key=K.join).click().run()


def test_the_class_page_offers_the_join_form(store):
    at = page()
    ok(at)
    assert at.title[0].value == "Join a class"
    assert at.text_input(key=K.code).value == ""


def test_a_join_link_fills_in_the_code_and_joining_puts_the_token_in_the_link(store, made):
    at = page(join=made.code.lower())
    assert at.text_input(key=K.code).value == made.code
    at.text_input(key=K.name).set_value("Anna K.")
    at = at.button(key=K.join).click().run()
    ok(at)
    token = at.query_params["s"]
    token = token[0] if isinstance(token, list) else token
    assert student_state.student_view(store, token).name == "Anna K."
    again = page(s=token)  # a reload, or a restart: the same student
    ok(again)
    assert "You are <b>Anna K.</b>" in texts(again)


@pytest.mark.parametrize(
    ("code", "name", "says"),
    [
        ("ZZZZZZ", "Anna", "no class session has the code"),
        (None, "<b>Anna</b>", "a display name may hold letters"),
        (None, "[me](http://x.io)", "a display name may hold letters"),
        (None, "A" * 10_000, "at most 24 characters, not 10,000"),
        (None, "", "type a display name first"),
    ],
)
def test_bad_joins_are_refused_with_a_clear_message(store, made, code, name, says):
    at = join_as(page(), code or made.code, name)
    ok(at)
    assert says in " ".join(e.value for e in at.error)
    assert "s" not in at.query_params
    assert live.room(store, made.teacher_token).students == ()
    assert at.text_input(key=K.name) is not None  # the form is still there


def test_a_taken_name_is_refused(store, made):
    access.join(store, made.code, "Ben", "x")
    at = join_as(page(), made.code, "ben")
    assert "is taken" in " ".join(e.value for e in at.error)


@pytest.mark.parametrize("param", ["s", "t"])
def test_a_forged_token_is_refused_and_the_join_form_shown(store, made, param):
    at = page(**{param: "forged-token-" + "x" * 30})
    ok(at)
    assert at.error and "join" in texts(at).lower()
    assert at.text_input(key=K.code) is not None


def test_a_join_code_or_a_student_link_never_controls_the_session(store, made):
    student = access.join(store, made.code, "Anna", "x").student_token
    for token in (made.code, student):
        at = page(t=token)
        ok(at)
        assert "does not control a class session" in at.error[0].value
        assert not [b for b in at.button if b.key == K.next]
    assert live.room(store, made.teacher_token).step == 0


def test_the_teacher_steps_asks_and_reveals(store, made):
    student = access.join(store, made.code, "Anna", "x").student_token
    at = page(t=made.teacher_token)
    ok(at)
    assert made.code in texts(at) and "1 student joined" in texts(at)
    at = at.button(key=K.next).click().run()
    assert live.room(store, made.teacher_token).step == 1
    at = at.button(key=K.ask).click().run()
    ok(at)
    q = live.room(store, made.teacher_token).question
    assert q is not None and q.state == live.OPEN
    assert at.button(key=K.next).disabled  # no stepping past an open question
    live.answer(store, student, q.number, "3")
    at.run()
    assert "1 of 1 student" in texts(at)
    at = at.button(key=K.reveal).click().run()
    ok(at)
    r = live.room(store, made.teacher_token)
    assert r.revealed is not None and r.step == q.step + 1  # the reveal shows the event
    assert "Answer:" in texts(at)
    assert len(at.get("plotly_chart")) == 1
    assert at.get("download_button")
    # the results: a markdown table (ui.common.table), a row per student
    table = next(parse_table(m.value) for m in at.markdown if m.value.startswith("| name |"))
    assert list(table["name"]) == ["Anna"] and list(table["Q1 answer"]) == ["3"]


def test_the_student_sees_nothing_of_the_answer_before_the_reveal(store, made):
    student = access.join(store, made.code, "Anna", "x").student_token
    q = live.open_question(store, made.teacher_token)
    at = page(s=student)
    ok(at)
    assert q.prompt in texts(at)
    run = live.class_run(store, student)
    from teach.quiz import questions

    asked = next(x for x in questions(run, ["value", "bound"]) if x.step == q.step)
    assert asked.explanation not in texts(at)
    shown = labels(at)
    assert "3" in shown and "+∞" in shown  # one tap per value (a bound may be infinite)
    assert not at.button  # the buttons are the still's: one element
    got = tap(at, "3")  # the route's answer is the page's new state
    assert got["status"] == 200 and "note" not in got
    assert "Your answer: <b>3</b>" in head(got["data"]) and chosen(got["data"]) == "3"
    live.reveal(store, made.teacher_token)
    at = page(s=student)
    assert asked.explanation in texts(at)


def test_a_forged_tap_on_the_answer_buttons_stores_nothing_and_raises_nothing(store, made):
    """The still's buttons post ``{s, q, a, lang}``; anything else a browser may send is a
    400 with a clear message, a token naming nobody a 403, a question not asked or an answer
    that is no value a refusal in words (the page's state with it); then a real tap counts."""
    student = access.join(store, made.code, "Anna", "x").student_token
    q = live.open_question(store, made.teacher_token)
    at = page(s=student)
    ok(at)
    for forged in (
        b"3",
        b"null",
        b'["3"]',
        b"{not json",
        {"a": "3"},
        {"s": student, "q": str(q.number), "a": "3"},
        {"s": student, "q": True, "a": "3"},  # a bool is no question number
        {"s": student, "q": q.number, "a": 3},  # an answer is text
        {"s": student, "q": q.number, "a": "3", "pad": "x" * 5000},
    ):
        got = tap(at, "3", forged)
        assert got["status"] == 400 and "a tap is" in got["error"], forged
    got = tap(at, "3", {"s": "forged-token", "q": q.number, "a": "3"})
    assert got["status"] == 403 and got["error"]
    for forged, says in (
        ({"q": q.number + 1, "a": "3"}, f"question {q.number + 1} has not been asked"),
        ({"q": q.number, "a": "banana"}, "banana"),
        ({"q": q.number, "a": "9" * 500}, "at most"),
    ):
        got = tap(at, "3", {"s": student, **forged})
        assert got["status"] == 200 and says in got["note"], forged
        assert says in head(got["data"]) and chosen(got["data"]) is None
        assert student_state.student_view(store, student).my_answer is None
    got = tap(at, "5")
    assert student_state.student_view(store, student).my_answer == "5"
    assert chosen(got["data"]) == "5"
    assert chosen(page(s=student)) == "5"  # a reload shows it too


def test_the_student_pages_of_a_class_read_it_once_per_state(store, made, monkeypatch):
    """A page's first run reads who its token names; then every student page of the class
    in one state takes the class's state read once (shared.class_state), each showing only
    its own answer; the runs after the students' taps take the state read once while the
    students' part of the pulse stays (shared.class_part), with each one's stored answer."""
    reads = []
    real = student_state.class_state
    monkeypatch.setattr(
        student_state,
        "class_state",
        lambda s, code, now=None: reads.append(code) or real(s, code, now),
    )
    tokens = [access.join(store, made.code, f"Student {i}", f"x{i}").student_token for i in "ABC"]
    pages = [page(s=t) for t in tokens]
    for at, name in zip(pages, "ABC", strict=True):
        ok(at)
        assert f"You are <b>Student {name}</b>" in texts(at)
    assert reads == [made.code]

    def bell_looks() -> None:  # what the bell's thread does on a server (none under AppTest)
        shared.bell().saw(made.code, pulses(store, [made.code])[made.code])

    q = live.open_question(store, made.teacher_token)
    bell_looks()
    pages = [at.run() for at in pages]  # as the bell reruns them
    assert reads == [made.code] * 2
    assert all(q.prompt in texts(at) and "Tap your answer." in texts(at) for at in pages)
    tapped = [tap(pages[i], v)["data"] for i, v in ((0, "3"), (1, "5"))]
    assert reads == [made.code] * 3  # one read for both taps' answers
    assert "Your answer: <b>3</b>" in head(tapped[0]) and "Your answer: <b>5</b>" in head(tapped[1])
    bell_looks()
    pages = [at.run() for at in pages]
    assert reads == [made.code] * 4  # one more state: two answers in
    assert "Your answer: <b>3</b>" in texts(pages[0])
    assert "Your answer: <b>5</b>" in texts(pages[1])
    assert "Your answer" not in texts(pages[2])


def test_an_ended_session_reopens_read_only_from_the_teacher_link(store, made):
    live.end_session(store, made.teacher_token)
    at = page(t=made.teacher_token)
    ok(at)
    assert "nothing can change" in texts(at)
    assert not [b for b in at.button if b.key in (K.next, K.ask, K.reveal)]
    assert at.get("download_button")


def test_class_mode_steps_alpha_beta_and_minimax_only():
    assert class_variant("alphabeta", "strict") == "strict"
    assert class_variant("minimax", "statement") == "minimax"
    assert class_variant("pvs", "statement") is None


def test_the_start_box_freezes_the_lab_and_opens_the_teacher_view(store):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at = at.switch_page("app_pages/alphabeta.py").run()
    ok(at)
    assert AlphaBeta.lab.start.title not in {t.key for t in at.text_input}  # the box is closed
    at.session_state[AlphaBeta.lab.start.box] = True  # a tap on it
    at = at.run()
    at.text_input(key=AlphaBeta.lab.start.title).set_value("Tuesday")
    at = at.button(key=AlphaBeta.lab.start.go).click().run()
    ok(at)
    with store.sessions.begin() as db:
        from sqlalchemy import select

        from classroom.db import ClassSession

        rows = db.scalars(select(ClassSession)).all()
        assert [(r.title, r.variant, r.ordering) for r in rows] == [
            ("Tuesday", "statement", live.AS_GIVEN)
        ]
    assert "does not control" not in texts(at)
    assert any(made_code in texts(at) for made_code in [rows[0].code])  # the projector view
    # the address bar the projector shows holds the code, never the teacher token
    assert dict(at.query_params) == {"room": rows[0].code}
    assert [b for b in at.button if b.key == K.next]  # the controls, from the kept token


def test_a_room_link_controls_nothing_on_another_browser(store, made):
    at = page(room=made.code)
    ok(at)
    assert not [b for b in at.button if b.key == K.next]
    assert at.text_input(key=K.code).value == made.code  # the join form of that code


def test_the_whole_tree_task_is_answered_on_the_tree_and_handed_in(store, made):
    """The student's task is the Practice page's sheet on the tree (one field per inner node,
    edges to click), with a "Hand in" button and no marks; a handed-in sheet (read as the
    browser sends it) reaches the teacher's grade once the task closes."""
    from teach.answer_sheet import read_sheet
    from teach.quiz import node_names
    from tests.canvas_data import canvases

    student = access.join(store, made.code, "Anna", "x").student_token
    open_task(store, made.teacher_token)
    at = page(s=student)
    ok(at)
    sheet = next(c["x"]["answer"] for c in canvases(at) if c.get("x", {}).get("answer"))
    tree = live.class_tree(store, student)
    inner = [n for n in tree.preorder() if not tree.is_leaf(n)]
    assert [f[0] for f in sheet["fields"]] == inner and sheet["edges"] is True
    assert sheet["button"] == "Hand in" and sheet["marks"] == {}
    assert "Out of 6 marks" in texts(at)
    raw = {"v": {str(n): "3" for n in inner}, "cut": [[2, 7]]}  # as the browser sends it
    got = read_sheet(tree, raw, node_names(tree))
    submit_task(store, student, got.values, sorted(got.pruned))
    close_task(store, made.teacher_token)
    rep = task_report(store, student)
    assert rep is not None and rep.points < rep.max_points
    assert rep.summary() in texts(page(s=student))


class _Bell:
    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []

    def watch(self, sid, code, drawn, part, fragment=None, calm=0.0) -> bool:  # noqa: ANN001
        self.calls.append(("watch", sid))
        self.fragment = fragment
        return True  # watched: the bell wakes the page

    def forget(self, sid) -> None:  # noqa: ANN001
        self.calls.append(("forget", sid))


def _leaving_script() -> None:
    import streamlit as st

    from ui.classroom import shared

    if st.session_state.get("t.first", True):
        st.session_state["t.first"] = False
        shared.follow("ABCDEF", 1, lambda p: 1)  # the Class page drew a class
    else:
        shared.unfollow()  # app.py, for another page
        shared.unfollow()  # and again on that page's next run


def test_a_page_that_left_the_class_is_let_go_once_and_no_bell_is_made_for_others(monkeypatch):
    """The bell watched a page after it had gone to another page and reran it once more on
    the next class change; now app.py lets go of it, and a person who never followed a class
    costs no bell (no database) on any page."""
    bell = _Bell()
    monkeypatch.setattr(shared, "session_id", lambda: "s1")
    monkeypatch.setattr(shared, "bell", lambda: bell)
    at = AppTest.from_function(_leaving_script).run()
    assert not at.exception and bell.calls == [("watch", "s1")]
    at.run()
    assert not at.exception and bell.calls == [("watch", "s1"), ("forget", "s1")]
    made = []
    monkeypatch.setattr(shared, "bell", lambda: made.append(1) or bell)
    at.run()
    assert made == []  # nothing followed: the bell is not even looked up


def test_the_teacher_is_told_when_the_pages_must_look_by_themselves(store, made, monkeypatch):
    """When this server cannot wake class pages (ui.classroom.notify gave up: a private
    attribute of Streamlit is gone), the projector says so and why; while it can, no note."""
    from ui.classroom.notify import Bell

    works = Bell(look=lambda codes: pulses(store, codes), wake=lambda ids: {}, tick=3600)
    monkeypatch.setattr(shared, "session_id", lambda: "s1")
    monkeypatch.setattr(shared, "bell", lambda: works)
    at = page(t=made.teacher_token)
    ok(at)
    assert "cannot wake" not in texts(at) and works.watched() == 1
    works.give_up("Streamlit's AppSession has no _client_state")
    at = page(t=made.teacher_token)
    ok(at)
    assert "cannot wake them at once (Streamlit's AppSession has no _client_state)" in texts(at), (
        texts(at)
    )
    student = access.join(store, made.code, "Anna", "x").student_token
    at = page(s=student)  # a student's page follows by itself: it still draws the class
    ok(at)
    assert "You are <b>Anna</b>" in texts(at) and "cannot wake" not in texts(at)


def test_a_tree_with_many_values_takes_a_typed_answer_below_the_tree(store):
    """More values than buttons (13 leaves, all different): no buttons; the head says where
    to type, the box under the tree takes the answer, and the page names itself typed (the
    still asks for a run when that changes)."""
    leaves = " ".join(str(v) for v in range(1, 14))
    made = live.create_session(store, parse_brackets(f"(({leaves}))"), kinds=["value"])
    student = access.join(store, made.code, "Anna", "x").student_token
    live.open_question(store, made.teacher_token)
    at = page(s=student)
    ok(at)
    data = still(at)
    assert "choices" not in data["x"] and data["x"]["live"]["page"].startswith("typed")
    assert "Type your answer in the box below the tree." in head(at)
    at.text_input(key=K.typed).set_value("7")
    at = at.button(key=K.send).click().run()
    ok(at)
    assert student_state.student_view(store, student).my_answer == "7"
    assert "Your answer: <b>7</b>" in head(at)
