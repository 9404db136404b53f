"""The search's words in every language (issue 24): every step sentence, cut-off reason, node
type, race and pass sentence, the tree view's words, MCTS's words and every quiz question,
answer, feedback and score, over the statement's sample and varied trees (each algorithm and
variant, pruned and not, PVS's re-searches, table hits, MCTS on a tree and on a board).

In the pseudo-language every sentence is wrapped in ⟦ ⟧ (node names and numbers aside): no
English escapes translation. In Russian and Chinese no English word is left inside a sentence
either (the words a translation keeps are the glossary's names and the formulas' symbols),
and the counts take Russian's three plural forms."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.deepening import deepen
from engine.expectimax import expectimax
from engine.games import chase
from engine.games.chase_solver import solve_table
from engine.games.pawn import PawnGame, start
from engine.mcts import mcts_game, mcts_tree
from engine.mtdf import mtdf
from engine.node_types import classify
from engine.pvs import pvs
from engine.race import race_tree
from engine.search import search_game, search_tree
from engine.trace import RE_SEARCH, TABLE, SearchRun
from engine.tree import complete_tree
from engine.tree_text import parse_brackets
from teach import access_words, cut_words, evaluation_words, mcts_words, run_words, search_words
from teach.explain import describe, node_name
from teach.i18n import CLOSE, OPEN, use
from teach.quiz import ALL_KINDS, QuizState, mcts_questions, questions

SAMPLE = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
PVS_TREE = parse_brackets("((1 2) (5 6))")
CHANCE_TREE = parse_brackets("(?(1/3:(3 1) 2/3:4) 2)")
WIDE = complete_tree([5] * 9 + [1] * 72, 9)  # a cut-off of 8 leaves: "..., and 3 more"


def runs() -> Iterator[SearchRun]:
    """Each algorithm and variant, pruned and not, a PVS re-search, table hits, game trees."""
    for variant in ("statement", "fail-hard", "strict", "negamax"):
        yield search_tree(SAMPLE, variant=variant)
    yield search_tree(SAMPLE, algorithm="minimax")
    yield search_tree(WIDE)
    yield search_tree(parse_brackets("((3 5) (2 9))"))
    yield search_tree(parse_brackets("((5 5) (5 5))"), variant="strict")  # alpha = beta, no cut
    yield pvs(PVS_TREE)
    yield pvs(SAMPLE)
    yield from (p.run for p in mtdf(PVS_TREE).passes)
    yield expectimax(CHANCE_TREE)
    res = deepen(chase.ChaseGame(solve_table(4)), chase.ChasePosition(4, (0, 0), (3, 3)), 4)
    yield from (it.run for it in res.iterations)
    yield search_game(PawnGame(), start(3, 3), 4)


def run_texts(run: SearchRun) -> list[str]:
    """Every sentence the modules of this area make about ``run``."""
    out = [describe(run, k) for k in range(len(run.events) + 1)]
    out += [describe(run, k, leaf_values=False) for k in range(len(run.events) + 1)]
    if run.algorithm not in ("minimax", "expectimax"):
        out += list(cut_words.cut_sentences(run).values())
        for note in cut_words.cut_notes(run):
            out += [note.note, note.text]
    if run.algorithm == "alphabeta":
        nt = classify(run)
        out += [search_words.node_type_sentence(nt, v) for v in nt.types]
    for r in search_words.re_searches(run):
        out += [r.probe_words, r.full_words]
    out.append(run_words.headline(run, "Alpha-beta"))
    for label, value in run_words.metrics(run, "Alpha-beta"):
        out += [label, value]
    qs = questions(run, ALL_KINDS, include_leaves=True)
    state = QuizState(tuple(qs), len(run.events), 0, (None,) * len(qs))
    for q in qs:
        out += [q.prompt, q.explanation, q.answer_text]
        out += [q.check(text).reason for text in ("", "???", q.answer_text)]
        out += [q.check(text).reason for text in ("7777", "no", "yes", "upper", "PV")]
    if qs:
        revealed = state.reveal()
        out += [revealed.feedback.grade.reason, str(revealed.score)]
    return out


def tree_texts() -> list[str]:
    """The words that are not about one run: the canvas's, the race's, MTD(f)'s passes'."""
    out = list(search_words.canvas_words().values()) + [search_words.node_types_definition()]
    out += list(cut_words.cut_words().values())
    out += list(search_words.re_search_words().values())
    acc = access_words.canvas_words(SAMPLE, [0, 1, 4], [0, 1, 2])
    out += [v for k, v in acc.items() if isinstance(v, str) and k != "sep"]
    out += acc["kinds"] + acc["status"]
    for tree in (SAMPLE, PVS_TREE):
        table = race_tree(tree)
        out += search_words.race_summary(table)
        note = search_words.minimal_tree_note(tree, table)
        out += [note] if note else []
    result = mtdf(PVS_TREE)
    for i, p in enumerate(result.passes, start=1):
        out.append(search_words.mtdf_pass_sentence(i, p, last=i == len(result.passes)))
    first = mtdf(PVS_TREE).passes[0].run
    hist = search_words.pass_history(first, mtdf(PVS_TREE).passes[:1])
    out += [hist["title"], *hist["head"], *(c for row in hist["rows"] for c in row["cells"])]
    return out


def mcts_texts() -> list[str]:
    out = []
    for m in (mcts_tree(SAMPLE, 30, 1), mcts_game(PawnGame(), start(3, 3), 30, seed=0)):
        out += mcts_words.mcts_sentences(m)
        exact = 3 if m.run.tree.labels is None else -994
        out += [mcts_words.summary(m, exact), mcts_words.mcts_headline(m, exact)]
        out += [w for pair in mcts_words.mcts_metrics(m) for w in pair[:1]]
        for q in mcts_questions(m):
            out += [q.prompt, q.explanation]
            out += [q.check(t).reason for t in ("", "Z", "1 0.5", q.answer_text)]
    m = mcts_tree(SAMPLE, 1, 0)
    same = mcts_tree(parse_brackets("((4 4) (4 4))"), 6, 0)  # every leaf the same value
    out += [mcts_words.summary(m, 3), mcts_words.summary(same, 4), *mcts_words.mcts_sentences(same)]
    out += [mcts_words.legend(), mcts_words.help_text(), mcts_words.board_help("white", 40)]
    out += [mcts_words.board_node_words(0, None, "white")]
    out += [mcts_words.board_node_words(n, 0.5, "black") for n in (1, 2, 5)]
    for best, same in ((True, True), (False, True), (False, False)):
        out.append(mcts_words.pick_words("b2-b3", "7", same, best))
    run = search_game(PawnGame(), start(3, 3), 2)
    out += [evaluation_words.evaluation_text(), evaluation_words.frontier_words(run, PawnGame(), 2)]
    out.append(
        evaluation_words.frontier_words(search_game(PawnGame(), start(3, 3)), PawnGame(), None)
    )
    return out


def everything() -> list[str]:
    out = [t for run in runs() for t in run_texts(run)]
    return out + tree_texts() + mcts_texts()


def _names() -> set[str]:
    """Every node name and move of the trees above: they stay as they are in any language."""
    names: set[str] = set()
    for run in runs():
        for v in range(len(run.tree)):
            names |= set(re.findall(r"[A-Za-z]+", node_name(run.tree, v)))
    for m in (mcts_game(PawnGame(), start(3, 3), 30, seed=0),):
        for v in range(len(m.run.tree)):
            names |= set(re.findall(r"[A-Za-z]+", node_name(m.run.tree, v)))
    return names


def _unfilled(text: str) -> str:
    """``text`` without the placeholders the browser fills (the tree view's ``{name}``)."""
    return re.sub(r"\{[a-z_]+\}", "", text)


def _outside(text: str) -> str:
    """What is left of ``text`` outside its wrapped sentences (innermost first)."""
    text = _unfilled(text)
    while True:
        shorter = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", text)
        if shorter == text:
            return text
        text = shorter


def test_nothing_escapes_the_pseudo_language():
    with use("xx"):
        texts = everything()
    assert len(texts) > 2000
    # b2-b3: a move named in pick_words; PV, CUT, ALL: the node types' names (a choice)
    names = _names() | {"b", "PV", "CUT", "ALL"}
    for text in texts:  # a bare number (an answer, a count) has no words to translate
        left = _outside(text)
        words = set(re.findall(r"[A-Za-z]+", left))
        assert words <= names, (words - names, text)


# The words a translation keeps: the glossary's names (MAX, MIN, PV, CUT, ALL, PVS, MTD(f),
# MCTS, UCB/UCT), the formulas' symbols and functions, the keys on a keyboard, the authors
# (Knuth, Moore, Marsland), and what a student types for an infinity (inf).
KEPT = set(
    "MAX MIN PV CUT ALL PVS MTD f MCTS UCB UCT N W n q c ln max min b d k "
    "Home End Tab Enter Page Up Down Knuth Moore Marsland inf".split()
)


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_no_english_word_is_left(lang):
    with use(lang):
        texts = everything()
    allowed = KEPT | _names()
    assert texts
    for text in texts:
        assert OPEN not in text
        words = set(re.findall(r"[A-Za-z]+", _unfilled(text)))
        # a typed answer echoed back ('???', 'Z', '7777'...) is the student's, not ours
        words -= set(re.findall(r"'([A-Za-z]+)'", text))
        assert words <= allowed, (words - allowed, text)


def ru_form(n: int, one: str, few: str, many: str) -> str:
    """Russian's plural rule as a grammar book states it (1, 21, 101: one; 2-4, 22-24:
    few; 0, 5-20, 25-30, 11-14: many)."""
    last_two = n % 100
    if 11 <= last_two <= 14:
        return many
    return {1: one, 2: few, 3: few, 4: few}.get(n % 10, many)


COUNTS = (1, 2, 5, 11, 21, 22, 25)


@pytest.mark.parametrize("n", COUNTS)
def test_russian_counts_agree(n):
    c = run_words.RunCounts(3, n + 1, 1, 1, n, n, 1, 0)
    with use("ru"):
        work = run_words.work_words(c)
        leaves = ngettext_leaves(n)
    pruned = ru_form(n, "отсечён {n} лист", "отсечено {n} листа", "отсечено {n} листьев")
    cuts = ru_form(n, "{n} отсечение", "{n} отсечения", "{n} отсечений")
    assert work == f"{pruned} за {cuts}".format(n=n)
    assert leaves == ru_form(n, "{n} лист", "{n} листа", "{n} листьев").format(n=n)
    m = mcts_tree(SAMPLE, n, 0)
    with use("ru"):
        head = mcts_words.mcts_headline(m, 3)
        first = mcts_words.mcts_sentences(m)[0]
        node = mcts_words.board_node_words(n, 0.5, "white")
    its = ru_form(n, "{n} итерацию", "{n} итерации", "{n} итераций").format(n=n)
    assert f"MCTS выполнил {its}," in head
    its = ru_form(n, "{n} итерация", "{n} итерации", "{n} итераций").format(n=n)
    assert first.startswith(f"Поиск по дереву методом Монте-Карло: {its},")
    visits = ru_form(n, "посещение", "посещения", "посещений")
    assert f"N = {n} ({n} {visits})" in node


def ngettext_leaves(n: int) -> str:
    """The metric "minimax evaluates": the leaves of a run with ``n`` leaves."""
    tree = parse_brackets("(" + " ".join(str(v) for v in range(n)) + ")")
    return run_words.metrics(search_tree(tree), "Minimax")[0][1]


def test_russian_and_chinese_sentences_of_the_sample():
    """The statement's sample, step by step, as a class in Yekaterinburg and Chongqing reads
    it: the cut-off at C and the headline."""
    run = search_tree(SAMPLE)
    k = next(i for i, e in enumerate(run.events, start=1) if e.kind == "cut")
    with use("ru"):
        assert describe(run, k) == (
            "Узел MIN C: β = 2 ≤ α = 3, поэтому его листья 5 и 6 со значениями 4 и 6 отсечены."
        )
        assert run_words.headline(run, "Alpha-beta") == (
            "MAX может добиться 3; альфа-бета: просмотрено 7 из 9 листьев "
            "(отсечено 2 листа за 1 отсечение)."
        )
    with use("zh"):
        assert describe(run, k) == (
            "MIN 节点 C：β = 2 ≤ α = 3，所以它值为 4 和 6 的叶子 5 和 6 被剪掉。"
        )
        assert describe(run, 0) == "按“下一步”，从根节点（MAX）开始搜索。"


def test_the_typed_answers_of_each_language_are_read():
    """A student answers in their own language: да / нет, 是 / 否, нижняя граница, 上界."""
    run = search_tree(SAMPLE)
    prune = next(q for q in questions(run) if q.kind == "prune")
    for yes, no in (("да", "нет"), ("是", "否"), ("yes", "no")):
        assert prune.check(yes if prune.answer else no).correct
        assert not prune.check(no if prune.answer else yes).correct
    res = deepen(chase.ChaseGame(solve_table(4)), chase.ChasePosition(4, (0, 0), (3, 3)), 4)
    tb = questions(res.iterations[-1].run, ("table bound",))
    assert tb
    words = {"lower": ("нижняя граница", "下界"), "upper": ("верхняя", "上界")}
    words["exact"] = ("точное значение", "精确值")
    for q in tb:
        for said in words[q.answer]:
            assert q.check(said).correct, (said, q.answer)


def test_the_sample_has_each_kind_of_sentence():
    """The trees above reach what they are meant to: a re-search, a table hit, an
    alpha = beta that the strict rule does not cut, a list cut short."""
    all_runs = list(runs())
    assert any(e.tag == RE_SEARCH for r in all_runs for e in r.events)
    assert any(e.kind == TABLE and e.value is not None for r in all_runs for e in r.events)
    said = [describe(r, k) for r in all_runs for k in range(len(r.events) + 1)]
    assert any("the strict rule cuts only" in s for s in said)
    assert any("and 3 more with values" in s for s in said)
