"""Class mode in the class's languages (issue 24): the student's page, the teacher's page
(the projector view) in every state a class goes through, in the pseudo-language (every word
wrapped in ⟦ ⟧: none escapes translation), and one class whose students read Russian and
Chinese while the teacher reads English: each page in its own language on the same question,
although the pages share the class's state and its stills.

A page is opened as a person opens it: through app.py with ``?lang=`` and the class's link.
The question's prompt and reason are teach.quiz's words (another area's): the pages must show
them as teach.quiz words them in the page's language, and they are taken out before the check
for escaped words, which covers the class pages' own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas  # noqa: F401 - plotly imports it lazily; a page's thread must not race that import
import pytest
from streamlit.testing.v1 import AppTest

from classroom import access, live
from classroom.task import close_task, open_task, submit_task, task_report
from engine.errors import InputError
from engine.tree_text import parse_brackets
from teach import i18n, quiz
from teach.variants import ALL as VARIANTS
from tests.class_taps import chosen, head, labels, still, tap
from tests.ui.test_page_classroom import ok, store  # noqa: F401 - fixtures
from ui.classroom import shared
from ui.classroom.teacher import ORDERING_WORDS, VARIANT_WORDS
from ui.common.keys import AlphaBeta
from ui.common.keys import Classroom as K

APP = str(Path(__file__).resolve().parents[2] / "app.py")
TREE = "((3 12 8) (2 4 6) (14 5 2))"
NODE_NAMES = set("ABCDEFGHIJKLM")  # the tree's inner nodes' names (teach.quiz.node_names)
KEEP = {"MIN", "MAX"}  # the side's names stay in every language (docs/glossary.md)
WRAPPED = re.compile(f"{i18n.OPEN}[^{i18n.OPEN}{i18n.CLOSE}]*{i18n.CLOSE}")
WORD = re.compile(r"[^\W\d_]+")


@pytest.fixture
def cls(store):  # noqa: F811 - the fixture of test_page_classroom
    """A class of two students (Anna, Boris) on TREE, asking every kind the class asks."""
    shared.question_words.clear()
    made = live.create_session(store, parse_brackets(TREE), kinds=list(quiz.KINDS))
    anna = access.join(store, made.code, "Anna", "a").student_token
    boris = access.join(store, made.code, "Boris", "b").student_token
    return store, made, anna, boris


def class_page(lang: str, **link: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    for k, v in link.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("app_pages/classroom.py").run()
    ok(at)
    return at


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def visible(at: AppTest) -> list[str]:
    """Every string of the page a person reads: texts, labels, helps, placeholders, the
    popover's label, the bar chart's labels, the words a component's data carries."""
    out: list[str] = []
    for el in _walk(at.main):
        kind = getattr(el, "type", "")
        if kind in ("markdown", "caption", "info", "success", "error", "warning", "title"):
            out.append(el.value)
        elif kind == "text":
            out.append(el.value)
        elif kind in ("button", "download_button", "form_submit_button"):
            out += [el.proto.label, el.proto.help]
        elif kind == "text_input":
            out += [el.label, el.proto.placeholder, el.proto.help]
        elif kind == "selectbox":
            out.append(el.label)  # the language menu: its options are each language's own name
        elif kind == "popover":
            out.append(el.proto.popover.label)
        elif kind == "plotly_chart":
            spec = json.loads(el.proto.spec)
            out += [str(x) for trace in spec["data"] for x in trace.get("x", ())]
            out.append(str(spec["layout"].get("title", {}).get("text", "")))
        elif kind == "bidi_component":
            data = json.loads(el.proto.json or "{}")
            if el.proto.component_name == "gtl_copy_link":
                out += [data["label"], data["copied"], data["refused"]]
            answer = (data.get("x") or {}).get("answer")
            if answer:  # the whole-tree task's words on the tree canvas
                out += [answer["button"], answer["hint"]]
            live_page = (data.get("x") or {}).get("live")
            if live_page:  # the student's head the still draws (HTML: markup is dropped)
                out.append(live_page["head"])
            row = (data.get("x") or {}).get("choices")
            if row:  # the answer buttons on the still: their words and the row's name
                out += [label for label, _answer in row["options"]] + [row["label"]]
    return [s for s in out if s]


def asked_words(run_tree: str, q: live.QuestionInfo, lang: str) -> tuple[str, str]:
    """teach.quiz's prompt and reason of ``q`` in ``lang`` (the class's quiz made afresh)."""
    from teach.variants import run_variant

    run = run_variant(parse_brackets(run_tree), "statement")
    with i18n.use(lang):
        made = quiz.questions(run, quiz.KINDS, include_leaves=False)
    (got,) = [m for m in made if (m.step, m.kind, m.node) == (q.step, q.kind, q.node)]
    return got.prompt, got.explanation


def escaped(texts: list[str], allowed: set[str], quiz_words: tuple[str, ...] = ()) -> list[str]:
    """The words of ``texts`` outside ⟦ ⟧ that are not names (``allowed``, node names, MIN and
    MAX), a URL, markup or numbers; ``quiz_words``, another area's, are taken out first."""
    bad = []
    for text in texts:
        rest = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
        for words in (*quiz_words, *allowed):  # names and the code (letters and digits)
            rest = rest.replace(words, " ")
        rest = re.sub(r"https?://\S+", " ", rest)
        rest = re.sub(r"<[^>]+>", " ", rest)
        while WRAPPED.search(rest):
            rest = WRAPPED.sub(" ", rest)
        left = [w for w in WORD.findall(rest) if w not in NODE_NAMES | KEEP]
        if left or i18n.OPEN in rest or i18n.CLOSE in rest:
            bad.append(f"{text!r} leaves {left}")
    return bad


def _to_state(state: str, st, made, anna) -> live.QuestionInfo | None:
    """Move the class to ``state``; the latest question (None before the first)."""
    t = made.teacher_token
    if state == "waiting":
        return None
    if state.startswith("task"):
        open_task(st, t)
        submit_task(st, anna, {0: 3}, [])
        if state == "task closed":
            close_task(st, t)
        return None
    q = live.open_question(st, t)
    if state in ("answered", "closed", "revealed", "ended"):
        live.answer(st, anna, q.number, "3")
    if state == "closed":
        live.close_question(st, t)
    if state in ("revealed", "ended"):
        live.reveal(st, t)
    if state == "ended":
        live.end_session(st, t)
    return live.room(st, t).question


STATES = ["waiting", "open", "answered", "closed", "revealed", "task open", "task closed", "ended"]


@pytest.mark.parametrize("state", STATES)
def test_no_word_of_the_class_pages_escapes_translation(cls, state):
    st, made, anna, boris = cls
    q = _to_state(state, st, made, anna)
    allowed = {"Anna", "Boris", made.code}
    quiz_words = asked_words(TREE, q, i18n.PSEUDO) if q is not None else ()
    if state == "task closed":  # Anna's grade, as teach.exercise words it (another area's)
        with i18n.use(i18n.PSEUDO):
            quiz_words = (task_report(st, anna).summary(),)
    for who, link in (("student", {"s": anna}), ("teacher", {"t": made.teacher_token})):
        at = class_page(i18n.PSEUDO, **link)
        texts = visible(at)
        # the page drew (a waiting student: its head, who and the box, in one string)
        assert len(texts) >= (1 if who == "student" else 2), (who, texts)
        if state == "task closed" and who == "student":
            assert quiz_words[0] in texts, texts
        if q is not None:  # the question in the page's language, as teach.quiz words it
            assert any(quiz_words[0] in t for t in texts), (who, quiz_words[0])
            shows_reason = q.state == live.REVEALED
            assert any(quiz_words[1] in t for t in texts) == shows_reason, (who, state)
        bad = escaped(texts, allowed, quiz_words)
        assert not bad, f"{who}'s page, {state}: words outside ⟦ ⟧:\n" + "\n".join(bad)


def test_a_pruning_question_and_its_bars_are_worded_on_both_pages(cls):
    """Yes and no: the student's buttons, the verdict, the teacher's answer and bar labels."""
    st, made, anna, boris = cls
    t = made.teacher_token
    q = live.open_question(st, t)
    while q.kind != quiz.PRUNE:  # the first pruning question of the class
        live.reveal(st, t)
        q = live.open_question(st, t)
    student = class_page("ru", s=anna)
    assert labels(student) == ["Да, отсекается", "Нет, просматривается"]
    got = tap(student, "Да, отсекается")["data"]  # the route's answer, in the page's language
    assert chosen(got) == "Да, отсекается"
    assert "Ваш ответ: <b>да, отсекается</b> (его можно изменить" in head(got)
    live.answer(st, boris, q.number, "no")
    live.reveal(st, t)
    right = live.room(st, t).revealed.right_answer  # the stored (English) form
    teacher = class_page(i18n.PSEUDO, t=t)
    (chart,) = teacher.get("plotly_chart")
    bars = json.loads(chart.proto.spec)["data"][0]["x"]
    assert sorted(bars) == sorted(
        f"⟦{a}⟧" + (" ✓" if a == right else "") for a in ("yes, pruned", "no, searched")
    )
    assert [s.value.split("**")[1] for s in teacher.success] == [f"Answer: ⟦{right}⟧."]


def test_one_class_speaks_each_students_language_on_the_same_question(cls):
    """Boris reads Russian, Anna Chinese, the projector English: the same question, the same
    shared state and stills, each page in its own words (the words are never shared)."""
    st, made, anna, boris = cls
    t = made.teacher_token
    q = live.open_question(st, t)
    ru, zh, en = asked_words(TREE, q, "ru"), asked_words(TREE, q, "zh"), asked_words(TREE, q, "en")

    def lines(at: AppTest) -> list[str]:
        """The question and the status of the head the student's still draws (HTML)."""
        return re.findall(r"<p class='st-(?:q|status)'>(.*?)</p>", head(at))

    boris_page, anna_page = class_page("ru", s=boris), class_page("zh", s=anna)
    assert lines(boris_page) == [f"<b>Вопрос {q.number}</b> · {ru[0]}", "Нажмите на свой ответ."]
    assert lines(anna_page) == [f"<b>第 {q.number} 题</b> · {zh[0]}", "点击你的答案。"]
    teacher = class_page("en", t=t)
    prompt = [m.value for m in teacher.markdown if m.value.startswith("<div class='gtl-prompt'>")]
    assert prompt == [f"<div class='gtl-prompt'>Q{q.number}. {en[0]}</div>"]
    live.answer(st, anna, q.number, "3")  # right; Boris does not answer
    live.reveal(st, t)
    right = live.room(st, t).revealed.right_answer
    boris_page, anna_page = class_page("ru", s=boris), class_page("zh", s=anna)

    def box(at: AppTest, kind: str) -> list[str]:
        return re.findall(f"<div class='st-box {kind}' role='status'>(.*?)</div>", head(at))

    assert box(boris_page, "error") == [
        f"<b>На этот раз нет: правильный ответ — {right}</b> (вы не ответили). {ru[1]}"
    ]
    assert box(anna_page, "success") == [f"<b>答对了：{right}。</b> {zh[1]}"]
    again = class_page("ru", s=boris)  # after the Chinese page: the cached words are by language
    assert box(again, "error") == box(boris_page, "error")


def test_the_student_and_teacher_pages_have_the_language_menu(cls):
    st, made, anna, boris = cls
    student = class_page("en", s=anna)
    assert "Watch the tree: your teacher asks the first question soon." in head(student)
    student.menu_button(key="lang.menu").click("zh").run()
    ok(student)
    assert student.query_params["lang"] == "zh"
    assert "请看这棵树：老师很快就会提出第一个问题。" in head(student)
    assert still(student)["x"]["live"]["lang"] == "zh"  # the still follows in Chinese too
    teacher = class_page("en", t=made.teacher_token)
    teacher.menu_button(key="lang.menu").click("ru").run()
    ok(teacher)
    assert teacher.button(key=K.ask).label == "Задать вопрос"


def test_every_variant_and_ordering_a_class_can_have_is_worded():
    assert set(VARIANT_WORDS) == set(VARIANTS)
    assert set(ORDERING_WORDS) == set(live.ORDERINGS)


def test_the_labs_start_box_is_worded_and_a_refusal_speaks_the_teachers_language(store):  # noqa: F811
    keys = AlphaBeta.lab.start
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = i18n.PSEUDO
    at.run()
    at.session_state[keys.box] = True  # the box open (its contents are made only then)
    at.switch_page("app_pages/alphabeta.py").run()
    ok(at)
    (box,) = [e for e in at.expander if e.label == "⟦Start a class session⟧"]
    box_words = [m.value for m in box.markdown] + [at.text_input(key=keys.title).label]
    box_words.append(at.button(key=keys.go).label)
    assert len(box_words) == 3
    assert not escaped(box_words, set()), box_words
    with i18n.use("ru"), pytest.raises(InputError) as refused:  # as the page's run makes it
        live.create_session(store, parse_brackets(TREE), ttl=live.MAX_TTL * 2)
    assert str(refused.value) == "занятие длится от одной минуты до двух дней"
