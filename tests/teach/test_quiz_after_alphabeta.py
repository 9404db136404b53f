"""Quiz questions after alpha-beta: node types, null-window probes, table bounds; and the step
sentences of the new searches."""

from __future__ import annotations

from hypothesis import assume, given, settings

from engine.deepening import deepen
from engine.expectimax import expectimax
from engine.games import chase
from engine.games.chase_solver import solve_table
from engine.mtdf import mtdf
from engine.node_types import classify
from engine.pvs import pvs
from engine.search import search_tree
from engine.trace import ENTER, NULL_WINDOW, TABLE
from engine.tree import complete_tree, minimax
from engine.tree_text import parse_brackets
from teach.explain import describe
from teach.quiz import (
    KINDS,
    NODE_TYPE,
    RE_SEARCH_Q,
    TABLE_BOUND,
    VALUE,
    QuizState,
    more_kinds,
    node_type_questions,
    parse_choice,
    questions,
    re_search_questions,
    table_bound_questions,
)
from tests.strategies import chance_trees, random_trees

SAMPLE = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)


def test_node_types_of_the_sample():
    qs = node_type_questions(search_tree(SAMPLE))
    assert [(q.node, q.answer) for q in qs] == [(1, "PV"), (2, "CUT"), (3, "CUT"), (0, "PV")]
    c = qs[1]
    assert c.kind == NODE_TYPE and "[3, +∞]" in c.prompt
    assert "2 <= alpha = 3" in c.explanation and "the cut-off pruned" in c.explanation
    assert "nothing was left to prune" in qs[2].explanation  # D: its last child did it
    assert "Knuth" not in c.explanation  # one definition: the actual types, not K&M's numbers
    assert c.check("cut").correct and c.check("CUT node").correct
    assert not c.check("Type 2").valid
    assert not c.check("all").correct and c.check("all").valid
    assert not c.check("maybe").valid
    assert c.answer_text == "CUT"


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_node_type_answers_are_the_classification(tree):
    run = search_tree(tree)
    types = classify(run).types
    asked = node_type_questions(run)
    assume(asked)  # a lone leaf is asked nothing
    for q in asked:
        assert q.answer == types[q.node] and run.events[q.step].node == q.node
        assert q.node in q.hide


def test_re_search_questions():
    run = pvs(parse_brackets("((1 2) (5 6))"))
    qs = re_search_questions(run)
    c = run.tree.children[0][1]
    (qc,) = [q for q in qs if q.node == c]
    assert qc.kind == RE_SEARCH_Q and qc.answer is True
    assert "1 < 2 < +∞" in qc.explanation
    assert qc.check("yes").correct and not qc.check("no").correct
    assert qc.answer_text == "yes, re-searched"
    assert all(q.answer is False for q in qs if q.node != c)
    assert run.events[qc.step].kind == ENTER and run.events[qc.step].tag == NULL_WINDOW


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_re_search_answers_count_the_re_searches(tree):
    run = pvs(tree)
    qs = re_search_questions(run)
    assert len(qs) == run.counts["null_windows"]
    assert sum(q.answer for q in qs) == run.counts["re_searches"]


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_table_bound_answers_are_sound(tree):
    run = search_tree(tree)
    exact = minimax(tree).node_values
    asked = table_bound_questions(run)
    assume(asked)  # a lone leaf is asked nothing
    for q in asked:
        v = run.events[q.step].value
        assert q.kind == TABLE_BOUND
        assert {"exact": exact[q.node] == v, "lower": exact[q.node] >= v}.get(
            q.answer, exact[q.node] <= v
        )
        assert q.check(q.answer).correct and q.check(f"{q.answer} bound").correct


def test_table_bound_questions_on_deepening():
    pos = chase.ChasePosition(4, (0, 0), (3, 3))
    res = deepen(chase.ChaseGame(solve_table(4)), pos, 4)
    run = res.iterations[-1].run
    qs = table_bound_questions(run)
    assert qs and {q.answer for q in qs} <= {"exact", "lower", "upper"}
    answered = {e.node for e in run.events if e.kind == TABLE and e.value is not None}
    assert not answered & {q.node for q in qs}
    assert more_kinds(run) == (TABLE_BOUND,)
    assert questions(run, (TABLE_BOUND,)) == qs
    state = QuizState(tuple(qs), len(run.events), 0, (None,) * len(qs))
    state = state.answer(qs[0].answer)
    assert state.score.right == 1


def test_parse_choice():
    choices = ("exact", "lower", "upper")
    assert parse_choice(" At most. ", choices) == "upper"
    assert parse_choice("LOWER BOUND", choices) == "lower"
    assert parse_choice("pv", choices) is None


def test_sentences_of_the_new_searches():
    run = pvs(parse_brackets("((1 2) (5 6))"))
    text = [describe(run, k) for k in range(len(run.events) + 1)]
    assert any(t.startswith("Probe MIN node C with a null window") for t in text)
    assert any("failed high" in t and "again with the full window" in t for t in text)
    assert any("alpha = 1" in t for t in text)  # windows are shown for PVS
    for p in mtdf(parse_brackets("((1 2) (5 6))")).passes:
        for k, e in enumerate(p.run.events, start=1):
            if e.kind == TABLE:
                assert "bound" in describe(p.run, k)
    run = expectimax(parse_brackets("(?(1/3:(3 1) 2/3:4) 2)"))
    text = [describe(run, k) for k in range(len(run.events) + 1)]
    assert "Go down to chance node B." in text
    assert any("with probability 2/3: the expected value so far is 3." in t for t in text)


@settings(max_examples=40, deadline=None)
@given(chance_trees())
def test_every_expectimax_step_has_a_sentence(tree):
    run = expectimax(tree)
    assert all(describe(run, k) for k in range(len(run.events) + 1))


# ---- in the step quiz --------------------------------------------------------------------
def test_the_quiz_offers_each_search_its_own_kinds():
    assert more_kinds(search_tree(SAMPLE)) == (NODE_TYPE,)
    assert more_kinds(search_tree(SAMPLE, "minimax")) == ()
    assert more_kinds(pvs(SAMPLE)) == (RE_SEARCH_Q,)
    assert more_kinds(mtdf(SAMPLE).passes[0].run) == ()  # its memory narrows windows: not asked
    for p in mtdf(SAMPLE).passes:  # null windows at the root, no parent: none (it raised)
        assert re_search_questions(p.run) == []


@settings(max_examples=60, deadline=None)
@given(random_trees())
def test_a_quiz_with_node_types_asks_them_after_the_values_in_step_order(tree):
    """The three kinds' questions and the node types' interleave by step; at one step the
    value question comes first (the node's type asked first would show what it returns)."""
    run = search_tree(tree)
    base = questions(run, KINDS)
    types = node_type_questions(run)
    both = questions(run, (*KINDS, NODE_TYPE))
    assert set(both) == set(base) | set(types)
    assert len(both) == len(base) + len(types)
    assert [q.step for q in both] == sorted(q.step for q in both)
    for a, b in zip(both, both[1:], strict=False):
        if a.step == b.step and {a.kind, b.kind} == {VALUE, NODE_TYPE}:
            assert (a.kind, b.kind) == (VALUE, NODE_TYPE)
    assert questions(run, (NODE_TYPE,)) == types
    assert questions(pvs(tree), (NODE_TYPE,)) == []  # not a PVS run's kind


def test_a_pvs_quiz_asks_the_re_searches():
    run = pvs(parse_brackets("((1 2) (5 6))"))
    qs = questions(run, (VALUE, RE_SEARCH_Q))
    assert [q for q in qs if q.kind == RE_SEARCH_Q] == re_search_questions(run)
    assert [q.step for q in qs] == sorted(q.step for q in qs)


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_re_search_explanations_speak_from_maxs_view(tree):
    """A probed leaf scores its own value for MAX, under a MIN node too (the engine keeps
    the parent's negamax view, where a MIN node's scores are negated), and the question
    names the window's edge the side to move probes at: alpha for MAX, beta for MIN."""
    run = pvs(tree)
    asked = re_search_questions(run)
    assume(asked)  # a tree with a probe (most of them)
    for q in asked:
        p = tree.parent[q.node]
        assert q.prompt.startswith("MAX node" if tree.is_max(p) else "MIN node")
        assert ("at its alpha" if tree.is_max(p) else "at its beta") in q.prompt
        if tree.is_leaf(q.node):
            assert q.explanation.startswith(f"The probe scores {tree.values[q.node]} (for MAX)")
