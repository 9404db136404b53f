"""The Practice page in every language (issue 24): in the pseudo-language ``xx`` every string
a person reads on each tab, in the states a class reaches (a question answered wrong and
right, an exercise checked with a wrong mark and its solution shown, the variants compared),
is wrapped in ⟦ ⟧; a bad link value's warning is one translated sentence; the open tab is in
the link by its English value whatever language the tabs are shown in.

The quiz's questions and their reasons are teach.quiz's (another area's catalogue): they are
left out here by their exact text, as are names (A, B, leaf 3, PV) and numbers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.tree import complete_tree
from teach import i18n
from teach.exercise import solution
from teach.quiz import BOUND, PRUNE, VALUE
from tests.canvas_data import canvases
from ui.common.keys import Exercise as EX
from ui.common.keys import Practice as K
from ui.practice.exercise_panel import tree_tag
from ui.practice.quiz_panel import first_sentence

APP = str(Path(__file__).resolve().parents[2] / "app.py")
TEXTBOOK = [3, 12, 8, 2, 4, 6, 14, 5, 2]
TABS = ["Step quiz", "Whole-tree exercise", "Exam sheets", "Variants side by side"]
# Proto fields that hold words a person reads (labels, help, markdown bodies, options).
WORD_FIELDS = {"label", "help", "body", "content", "placeholder", "options"}


def page(lang: str, *, opened: tuple[str, ...] = (), **params: str) -> AppTest:
    """The practice page in ``lang``, the boxes keyed ``opened`` open (their contents are
    made only then)."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    for key in opened:
        at.session_state[key] = True
    at.switch_page("app_pages/practice.py").run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _words(proto) -> list[str]:
    out = []
    for field, value in proto.ListFields():
        many = list(value) if field.is_repeated else [value]
        if field.type == field.TYPE_MESSAGE:
            for sub in many:
                out += _words(sub)
        elif field.type == field.TYPE_STRING and field.name in WORD_FIELDS:
            out += many
    return out


def visible(at: AppTest) -> list[str]:
    """Every string the page shows in its main area (the widgets' labels, help and options,
    markdown, alerts, tabs, popovers), not the language menu (each language in itself), the
    style sheets or the canvases (the tree canvas's words are its own area's)."""
    out: list[str] = []

    def visit(node) -> None:
        kind = getattr(node, "type", "")
        proto = getattr(node, "proto", None)
        if kind in ("html", "bidi_component") or "lang.menu" in str(getattr(proto, "id", "")):
            return
        if proto is not None and kind not in ("root", "main"):
            out.extend(_words(proto))
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else []:
            visit(child)

    visit(at.main)
    return [s for s in out if s.strip()]


def escaped(text: str) -> list[str]:
    """The words of ``text`` outside every ⟦ ⟧, names and markdown icons aside."""
    t = text
    while (u := re.sub(r"⟦[^⟦⟧]*⟧", "", t)) != t:
        t = u
    t = re.sub(r":material/[a-z_]+:|:(green|red|orange|gray)\[", "", t)
    t = re.sub(r"\bleaf \d+\b|\b(PV|CUT|ALL)\b", "", t)  # node names (teach.quiz's)
    return re.findall(r"[A-Za-z\u0400-\u04ff\u4e00-\u9fff]{2,}", t)


def assert_translated(texts: list[str], others: set[str] = frozenset()) -> None:
    texts = [t for t in texts if t not in others]
    assert texts
    bad = {t: escaped(t) for t in texts if escaped(t)}
    assert not bad, bad


def _quiz(at: AppTest):
    return at.session_state["practice.quiz.state"]


def _theirs(at: AppTest) -> set[str]:
    """The open question's prompt and the last answer's reason (teach.quiz's words)."""
    q = _quiz(at)
    out = set()
    if q.current is not None:
        out.add(q.current.prompt)
    if q.feedback is not None:
        out.add(q.feedback.grade.reason)
    return out


def _answer_wrong(at: AppTest) -> AppTest:
    q = _quiz(at).current
    if q.kind == PRUNE:
        at.button(key="practice.quiz.no" if q.answer else "practice.quiz.yes").click()
    else:
        assert q.kind in (VALUE, BOUND)
        at.session_state["practice.quiz.sent"] = "999"
    return at.run()


def test_the_step_quiz_in_the_pseudo_language_asked_answered_wrong_and_right():
    at = page(i18n.PSEUDO)
    assert [t.label for t in at.tabs] == [f"⟦{t}⟧" for t in TABS]
    assert_translated(visible(at), _theirs(at))
    assert canvases(at)[0]["x"].get("answer", {}).get("fields", [[0, "⟦value⟧"]])[0][1] in (
        "⟦value⟧",
        "α",
        "β",
    )
    at = _answer_wrong(at)
    assert not at.exception
    assert at.error and at.error[0].value == "⟦Not quite. Try again, or reveal the answer.⟧"
    assert_translated(visible(at), _theirs(at))
    at.button(key="practice.quiz.reveal").click().run()
    assert_translated(visible(at), _theirs(at))
    assert "⟦Next question⟧" in [b.label for b in at.button]


def test_the_exercise_checked_with_a_wrong_mark_and_its_solution_in_the_pseudo_language():
    at = page(i18n.PSEUDO, tab="Whole-tree exercise")
    tree = complete_tree(TEXTBOOK, 3)
    sol = solution(tree)
    inner = [n for n in tree.preorder() if not tree.is_leaf(n)]
    typed = {str(n): str(sol.values[n] + 5) for n in inner[:1]}  # one value wrong
    at.session_state[EX.sent] = (tree_tag(tree), {"v": typed, "cut": [[0, 1], [0, 99]]})
    at.run()
    at.toggle(key=EX.of(tree_tag(tree), "show")).set_value(True).run()
    assert not at.exception
    texts = visible(at)
    assert any("⟦{edge}: searched, not pruned⟧".replace("{edge}", "A → B") in t for t in texts)
    assert_translated(texts)
    sheet = canvases(at)[0]["x"]["answer"]
    words = [sheet["said"], *sheet["hint"].values(), *(label for _, label in sheet["fields"])]
    assert sheet["said"] == (  # no mark: one value wrong, three left empty
        "⟦Check 1: ⟦0 of 6 right: ⟦1 value wrong⟧⟦, ⟧⟦3 values missing⟧⟦, ⟧⟦2 pruned edges "
        "not marked⟧⟦, ⟧⟦1 searched edge marked pruned⟧⟧. Correct the marked answers and check "
        "again.⟧"
    )
    assert_translated(words)


def test_the_variants_compared_in_the_pseudo_language():
    at = page(i18n.PSEUDO, tab="Variants side by side")
    texts = visible(at)
    table = next(t for t in texts if t.startswith("| "))
    assert "⟦variant⟧" in table and "⟦Minimax⟧" in table
    assert_translated(texts)
    assert [s.options for s in at.selectbox if s.key.startswith("practice.variants")][0][0] == (
        "⟦Minimax⟧"
    )


def test_the_tree_chooser_and_its_refusal_in_the_pseudo_language():
    at = page(i18n.PSEUDO, opened=(K.presets,))  # its presets and random tree too
    assert K.random in {b.key for b in at.button}
    at.text_input(key=K.leaves).set_value("1, 2, x").run()
    assert at.error and at.error[0].value.startswith("⟦This tree cannot be used: ")
    assert_translated(visible(at), _theirs(at) if _quiz(at) else set())


@pytest.mark.parametrize(
    ("params", "want"),
    [
        (
            {"practice": "maybe"},
            "⟦The link's ⟦practice⟧ could not be read (`practice`: ⟦⟦the practice switch⟧ "
            "'maybe' is not one of on, off⟧); showing the default instead.⟧",
        ),
        (
            {"b": "99"},
            "⟦The link's ⟦branching⟧ could not be read (`b`: ⟦⟦branching⟧ 99 is not between 2 "
            "and 5⟧); showing the default instead.⟧",
        ),
        (
            {"tab": "Nope"},
            "⟦The link's ⟦tab⟧ could not be read (`tab`: 'Nope' is not one of Step quiz, "
            "Whole-tree exercise, Exam sheets, Variants side by side); showing ⟦Step quiz⟧ "
            "instead.⟧",
        ),
    ],
)
def test_a_bad_link_value_warns_in_one_translated_sentence(params, want):
    at = page(i18n.PSEUDO, **params)
    assert [w.value for w in at.warning] == [want]


@pytest.mark.parametrize(
    ("params", "want"),
    [
        (
            {"practice": "maybe"},
            "Не удалось прочитать из ссылки параметр «практика» (`practice`: переключатель "
            "практики: 'maybe' — не одно из значений on, off); вместо него показано значение "
            "по умолчанию.",
        ),
        (
            {"tab": "Nope"},
            "Не удалось прочитать из ссылки параметр «вкладка» (`tab`: 'Nope' — не одно из "
            "значений Step quiz, Whole-tree exercise, Exam sheets, Variants side by side); "
            "вместо него показано «Опрос по шагам».",
        ),
        (
            {"score": "zz"},
            "Не удалось прочитать из ссылки параметр «счёт» (`score`: 'zz' — не счёт: буквы "
            "r, w, v, s (каждая, возможно, с числом), затем, возможно, x); вместо него "
            "показано значение по умолчанию.",
        ),
    ],
)
def test_a_bad_link_value_warns_in_russian(params, want):
    at = page("ru", **params)
    assert [w.value for w in at.warning] == [want]


LABELS = {
    "ru": ["Опрос по шагам", "Упражнение на всё дерево", "Экзаменационные листы", "Варианты рядом"],
    "zh": ["单步测验", "整树练习", "试卷", "变体对照"],
}


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_an_english_tab_link_opens_its_tab_and_a_tab_chosen_writes_the_english_value(lang):
    at = page(lang, tab="Exam sheets")
    assert [t.label for t in at.tabs] == LABELS[lang]
    assert at.session_state[K.tab] == LABELS[lang][2]
    assert [w for w in at.number_input if w.key.startswith("practice.exam.")]  # the exam tab
    assert at.query_params["tab"] == "Exam sheets"
    at.session_state[K.tab] = LABELS[lang][1]  # the student taps the exercise tab
    at.run()
    assert not at.exception
    assert at.query_params["tab"] == "Whole-tree exercise"
    assert canvases(at)[0]["x"]["answer"]["fields"]  # the exercise is open
    at.session_state[K.tab] = LABELS[lang][0]  # the first tab: the link has no tab
    at.run()
    assert "tab" not in at.query_params


def test_the_open_tab_survives_a_change_of_language():
    at = page("ru", tab="Variants side by side")
    # AppTest formats the page's menus (their options in Russian) in the test's thread
    with i18n.use("ru"):
        at.menu_button(key="lang.menu").click("zh").run()
    assert not at.exception
    assert at.session_state[K.tab] == LABELS["zh"][3]
    assert at.query_params["tab"] == "Variants side by side"


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("B's beta is now 3. 3 <= 5, so no cut-off.", "B's beta is now 3."),
        ("Бета узла B теперь 3. Отсечения нет.", "Бета узла B теперь 3."),
        ("节点 B 的 beta 现在为 3。没有剪枝。", "节点 B 的 beta 现在为 3。"),
        ("节点 B 的 beta 现在为 3.5。没有剪枝。", "节点 B 的 beta 现在为 3.5。"),
        ("one sentence only", "one sentence only"),
    ],
)
def test_a_cut_off_question_shows_only_the_updates_first_sentence_in_every_language(text, first):
    """A cut-off question's figure shows the update, not its verdict: the sentence's first
    sentence, ended by ". " or by the Chinese full stop."""
    assert first_sentence(text) == first
