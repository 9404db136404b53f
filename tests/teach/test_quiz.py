"""Step quiz: questions placed before the right events, answers graded sensibly."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pvs import pvs
from engine.search import VARIANTS, search_tree
from engine.trace import CUT, EXIT, LEAF, UPDATE
from engine.tree import complete_tree
from teach.exercise import solution
from teach.quiz import (
    ALL_KINDS,
    BOUND,
    PRUNE,
    REVEALED,
    RIGHT,
    SKIPPED,
    VALUE,
    WRONG,
    QuizState,
    node_names,
    parse_number,
    parse_yes_no,
    questions,
)
from tests.strategies import complete_cases, random_trees

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]  # PROBLEMS.md, first sample: [3, 7]


def sample_run(variant: str = "statement"):
    return search_tree(complete_tree(SAMPLE, 3), variant=variant)


def find(qs, kind, node, pred=lambda q: True):
    return next(q for q in qs if q.kind == kind and q.node == node and pred(q))


def test_names_are_bfs_letters_and_leaves_left_to_right():
    t = complete_tree(SAMPLE, 3)
    names = node_names(t)
    assert names[:4] == ["A", "B", "C", "D"]
    assert [names[n] for n in t.leaves()] == [f"leaf {i}" for i in range(1, 10)]


def test_second_min_node_cut_is_a_yes_pruned_question():
    run = sample_run()
    qs = questions(run)
    q = find(qs, PRUNE, 2)  # C, the second MIN node: sees 2 with alpha = 3
    assert q.answer is True
    assert run.events[q.step].kind == CUT and run.events[q.step].node == 2
    assert "C" in q.prompt and "leaf 5" in q.prompt and "leaf 6" in q.prompt
    for text in ("yes", " Y ", "pruned", "Yes."):
        assert q.check(text).correct, text
    g = q.check("no")
    assert g.valid and not g.correct and "3 >= beta = 2" in g.reason
    g = q.check("maybe")
    assert not g.valid and not g.correct and "yes" in g.reason


def test_a_no_pruned_question_at_the_first_min_node():
    qs = questions(sample_run())
    q = find(qs, PRUNE, 1)  # B after leaf 1: alpha = -inf < beta = 3
    assert q.answer is False
    assert q.check("n").correct and q.check("searched").correct
    assert not q.check("yes").correct


def test_value_questions_graded_right_and_wrong():
    qs = questions(sample_run())
    b = find(qs, VALUE, 1)
    assert b.answer == 3 and "B" in b.prompt
    assert b.check("3").correct and b.check(" 3 ").correct and b.check("3.0").correct
    g = b.check("12")
    assert g.valid and not g.correct and "3, 12, 8" in g.reason
    assert b.check("inf").valid and not b.check("inf").correct
    g = b.check("three")
    assert not g.valid and "number" in g.reason
    assert not b.check("").valid
    c = find(qs, VALUE, 2)
    assert c.answer == 2 and "bound" in c.explanation
    root = find(qs, VALUE, 0)
    assert root.answer == 3 and root.step == len(sample_run().events) - 1


def test_bound_questions_ask_alpha_at_max_and_beta_at_min():
    qs = questions(sample_run())
    a = find(qs, BOUND, 0)  # B's 3 arrives at A
    assert "alpha" in a.prompt and a.answer == 3
    assert a.check("3").correct and not a.check("-inf").correct
    d = [q for q in qs if q.kind == BOUND and q.node == 3]  # D sees 14, 5, 2
    assert [q.answer for q in d] == [14, 5, 2]
    assert all("beta" in q.prompt for q in d)
    assert not d[1].check("14").correct and "min(14, 5)" in d[1].check("14").reason


def test_fail_hard_value_is_clamped():
    c = find(questions(sample_run("fail-hard")), VALUE, 2)
    assert c.answer == 3 and "clamped" in c.explanation


def test_parsers():
    assert parse_number("∞") == math.inf and parse_number("+inf") == math.inf
    assert parse_number("−∞") == -math.inf and parse_number(" -INF ") == -math.inf
    assert parse_number("-2") == -2 and parse_number("+4") == 4
    for bad in ("3.5", "x", "", "1e999", "nan", "3 4x"):
        assert parse_number(bad) is None, bad
    assert parse_yes_no("Y") is True and parse_yes_no("no!") is False
    assert parse_yes_no("perhaps") is None


def test_minimax_run_asks_only_values():
    run = search_tree(complete_tree(SAMPLE, 3), algorithm="minimax")
    qs = questions(run)
    assert {q.kind for q in qs} == {VALUE} and len(qs) == 4


def test_leaf_questions_on_request():
    qs = questions(sample_run(), kinds=[VALUE], include_leaves=True)
    leafq = [q for q in qs if q.node >= 4]
    assert [q.answer for q in leafq] == [3, 12, 8, 2, 14, 5, 2]


@settings(max_examples=60, deadline=None)
@given(complete_cases(values=(-5, 5)))
def test_questions_agree_with_the_trace_and_an_independent_search(case):
    b, leaves = case
    tree = complete_tree(leaves, b)
    run = search_tree(tree)
    sol = solution(tree)  # written independently of engine.search
    qs = questions(run)
    ev = run.events
    assert [q.step for q in qs] == sorted(q.step for q in qs)
    for q in qs:
        e = ev[q.step]
        if q.kind == VALUE:
            assert e.kind == EXIT and q.answer == sol.values[q.node]
        elif q.kind == BOUND:
            assert e.kind == UPDATE and q.answer == (e.alpha if tree.is_max(q.node) else e.beta)
        else:
            assert ev[q.step - 1].kind == UPDATE and q.answer == (e.kind == CUT)
        assert q.check(q.answer_text).correct
    assert sum(q.answer is True for q in qs if q.kind == PRUNE) == sol.cuts
    assert not any(e.kind == LEAF for e in (ev[q.step] for q in qs))


@settings(max_examples=60, deadline=None)
@given(random_trees(), st.sampled_from(VARIANTS), st.sets(st.sampled_from(ALL_KINDS)))
def test_a_quiz_of_some_kinds_is_the_whole_quiz_without_the_others(tree, variant, kinds):
    """Each kind's questions stand alone: asking fewer kinds leaves the rest as they were,
    in the same order (step order)."""
    for run in (search_tree(tree, variant=variant), pvs(tree)):
        every = questions(run, ALL_KINDS, include_leaves=True)
        assert [q.step for q in every] == sorted(q.step for q in every)
        assert questions(run, kinds, include_leaves=True) == [q for q in every if q.kind in kinds]


def test_quiz_state_flow():
    run = sample_run()
    s0 = QuizState.start(run)
    assert s0.current is not None and s0.step == s0.current.step
    q0 = s0.current
    s1 = s0.answer("banana")  # unreadable: no outcome, same question
    assert s1.index == 0 and s1.outcomes[0] is None and not s1.feedback.grade.valid
    wrong = "7" if q0.answer_text != "7" else "8"
    s2 = s1.answer(wrong)
    assert s2.index == 0 and s2.outcomes[0] == WRONG and not s2.feedback.grade.correct
    s3 = s2.retry()
    assert s3.feedback is None and s3.index == 0
    s4 = s3.answer(q0.answer_text)
    assert s4.index == 1 and s4.outcomes[0] == WRONG and s4.feedback.grade.correct
    s5 = s4.answer(s4.current.answer_text)
    assert s5.outcomes[1] == RIGHT
    s6 = s5.reveal()
    assert s6.outcomes[2] == REVEALED and s6.feedback.revealed
    assert s6.current is not None and s5.current.answer_text in s6.feedback.grade.reason
    s7 = s6.skip()
    assert s7.outcomes[3] == SKIPPED and s7.index == 4
    assert s0.index == 0 and s0.outcomes[0] is None  # old states unchanged
    sc = s7.score
    assert (sc.right, sc.wrong, sc.revealed, sc.skipped, sc.total) == (
        1,
        1,
        1,
        1,
        len(s0.questions),
    )
    s = s7
    while not s.finished:
        s = s.answer(s.current.answer_text)
    assert s.step == len(run.events) and s.current is None
    assert s.score.right == len(s0.questions) - 3
    assert s.answer("3").index == s.index and s.skip() == s and s.reveal() == s


def test_feedback_writes_infinities_as_the_one_notation():
    qs = questions(sample_run())
    a = find(qs, BOUND, 0)  # alpha at A was -inf before B's 3 arrived
    reason = a.check("4").reason
    assert "max(−∞, 3)" in reason and "inf" not in reason
    q = find(qs, PRUNE, 1)  # B after leaf 1: alpha = -inf < beta = 3
    assert "alpha = −∞ < beta = 3" in q.check("yes").reason
