"""Whole-tree exercises: the solution against engine.search, the grader item by item."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.search import search_tree
from engine.trace import CUT, EXIT, LEAF
from engine.tree import complete_tree, from_parents, minimax
from teach.exercise import (
    CUT_FOUND,
    CUT_MISSED,
    CUT_WRONG,
    MISSING,
    NOT_GRADED,
    RIGHT,
    WRONG,
    grade,
    marks,
    marks_line,
    solution,
)
from tests.strategies import complete_cases

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]


def test_statement_sample_solution():
    t = complete_tree(SAMPLE, 3)
    s = solution(t)
    assert (s.value, s.leaves_evaluated) == (3, 7)  # the statement's answer [3, 7]
    # the second MIN node (id 2) sees leaf 2 and cuts its last two leaves (ids 8, 9)
    assert s.pruned_edges == {(2, 8), (2, 9)} and s.cuts == 1
    assert s.values == {0: 3, 1: 3, 2: 2, 3: 2}


def test_grader_reports_wrong_value_missing_cut_and_wrong_cut_separately():
    t = complete_tree(SAMPLE, 3)
    values = {0: 3, 1: 3, 2: 2, 3: 5}  # D returns 2, not 5
    pruned = {(2, 8), (3, 10)}  # (2, 9) missed; D's edge to leaf 7 is searched
    r = grade(t, values, pruned)
    assert (r.values_right, r.values_wrong, r.values_missing) == (3, 1, 0)
    assert (r.cuts_found, r.cuts_missed, r.cuts_wrong) == (1, 1, 1)
    # 6 marks (4 values, 2 cuts): 3 right values + 1 cut found - 1 wrong cut
    assert r.points == 3 and r.max_points == 6 and not r.perfect
    assert r.summary() == (
        "3 of 6 right: 1 value wrong, 1 pruned edge not marked, 1 searched edge marked pruned"
    )
    by = {(it.kind, it.node if it.kind == "value" else it.edge): it for it in r.items}
    assert by[("value", 3)].status == WRONG and by[("value", 3)].expected == 2
    assert by[("value", 0)].status == RIGHT
    assert by[("cut", (2, 8))].status == CUT_FOUND
    assert by[("cut", (2, 9))].status == CUT_MISSED
    assert by[("cut", (3, 10))].status == CUT_WRONG and "searched" in by[("cut", (3, 10))].reason


def test_perfect_answer_and_missing_value():
    t = complete_tree(SAMPLE, 3)
    s = solution(t)
    r = grade(t, dict(s.values), s.pruned_edges)
    assert r.perfect and r.score == 1.0
    r = grade(t, {0: 3, 1: None, 2: 2, 3: 2}, s.pruned_edges)
    assert r.values_missing == 1 and r.for_node(1).status == MISSING and r.for_node(1).expected == 3


def deep_cut_tree():
    # MAX root; MIN child B = min(5, 3) = 3 -> alpha 3; MIN child C: its first MAX child
    # returns 2 <= alpha, so C's second MAX child (id 6, leaves 9 and 1) is never visited.
    return complete_tree([5, 5, 3, 3, 2, 2, 9, 1], 2)


def test_pruned_inner_subtree_is_not_graded_and_inner_marks_are_flagged():
    t = deep_cut_tree()
    s = solution(t)
    assert s.pruned_edges == {(2, 6)} and {6, 13, 14} <= s.skipped
    values = dict(s.values)
    values[6] = 9  # a value inside the pruned subtree: ignored
    r = grade(t, values, {(2, 6), (6, 13), (0, 99)})
    assert r.for_node(6).status == NOT_GRADED
    assert r.values_wrong == 0 and r.cuts_found == 1 and r.cuts_wrong == 2
    reasons = " ".join(it.reason for it in r.items if it.status == CUT_WRONG)
    assert "top edge" in reasons and "no edge" in reasons


def test_wrong_minimax_value_on_a_cut_node_gets_a_hint():
    # B: MIN sees 1 then 9 -> returns 1; C: MIN sees 0 (alpha 1 >= beta 0) and skips -5,
    # so it returns the bound 0 although its minimax value is -5.
    t = complete_tree([1, 9, 0, -5], 2)
    s = solution(t)
    assert s.values[2] == 0 and s.minimax[2] == -5
    r = grade(t, {0: 1, 1: 1, 2: -5}, s.pruned_edges)
    assert r.for_node(2).status == WRONG and "bound" in r.for_node(2).reason


def test_explicit_irregular_tree():
    # root(0) -> inner 1 (leaves 3:7, 4:2), inner 2 (leaf 5:1, inner 6 with leaf 7:8)
    t = from_parents([-1, 0, 0, 1, 1, 2, 2, 6], [None, None, None, 7, 2, 1, None, 8])
    s = solution(t)
    assert s.value == minimax(t).value == 2
    assert s.pruned_edges == {(2, 6)}


@settings(max_examples=80, deadline=None)
@given(complete_cases(values=(-4, 4)))
def test_solution_matches_engine_search(case):
    b, leaves = case
    t = complete_tree(leaves, b)
    s = solution(t)
    run = search_tree(t)
    assert s.value == run.value == minimax(t).value
    assert s.leaves_evaluated == run.leaves_evaluated == sum(e.kind == LEAF for e in run.events)
    assert s.values == {e.node: e.value for e in run.events if e.kind == EXIT}
    edges = {(e.node, c) for e in run.events if e.kind == CUT for c in e.skipped}
    assert s.pruned_edges == edges
    assert grade(t, dict(s.values), set(s.pruned_edges)).perfect


# ---- an independent reference: statement-rule alpha-beta written out on its own ----------
def reference_solution(tree):
    """(value, inner values, pruned edges, leaves evaluated), iteratively, without the
    engine's search: the code teach.exercise used before it read the traced search."""
    inf = math.inf
    if tree.is_leaf(0):
        return tree.values[0], {}, set(), 1
    values, pruned, leaves = {}, set(), 0
    stack = [[0, -inf, inf, None, 0]]  # node, alpha, beta, best, next child index
    ret = None
    while stack:
        fr = stack[-1]
        node, alpha, beta, best, i = fr
        kids = tree.children[node]
        if ret is not None:  # a child's value arrives
            v, ret = ret, None
            if tree.is_max(node):
                best = v if best is None else max(best, v)
                alpha = max(alpha, best)
            else:
                best = v if best is None else min(best, v)
                beta = min(beta, best)
            fr[1], fr[2], fr[3] = alpha, beta, best
            if alpha >= beta and i < len(kids):
                pruned.update((node, c) for c in kids[i:])
                i = len(kids)
        if i >= len(kids):
            stack.pop()
            values[node] = best
            ret = best
            continue
        child = kids[i]
        fr[4] = i + 1
        if tree.is_leaf(child):
            leaves += 1
            ret = tree.values[child]
        else:
            stack.append([child, alpha, beta, None, 0])
    return values[0], values, pruned, leaves


@settings(max_examples=120, deadline=None)
@given(complete_cases(values=(-4, 4)))
def test_solution_matches_an_independent_alpha_beta(case):
    b, leaves = case
    t = complete_tree(leaves, b)
    s = solution(t)
    value, values, pruned, evaluated = reference_solution(t)
    assert (s.value, s.values, set(s.pruned_edges), s.leaves_evaluated) == (
        value,
        values,
        pruned,
        evaluated,
    )


def test_one_leaf_tree():
    t = from_parents([-1], [5])
    s = solution(t)
    assert (s.value, s.values, s.leaves_evaluated, s.minimax) == (5, {}, 1, {0: 5})
    assert reference_solution(t)[0] == 5


def test_solution_comes_from_the_traced_search(monkeypatch):
    """One alpha-beta in production: the exercise answers are engine.search's."""
    import teach.exercise as ex

    calls = []
    real = ex.search_tree

    def spy(tree, *a, **k):
        calls.append(tree)
        return real(tree, *a, **k)

    monkeypatch.setattr(ex, "search_tree", spy)
    t = complete_tree(SAMPLE, 3)
    assert ex.solution(t).value == 3 and calls == [t]


# ---- the grade against the reference: a fixed total, wrong cuts cost a mark ---------------
@settings(max_examples=120, deadline=None)
@given(complete_cases(values=(-4, 4)), hs.randoms(use_true_random=False))
def test_grade_counts_marks_as_the_reference_says(case, rnd):
    b, leaves = case
    t = complete_tree(leaves, b)
    _, ref_values, ref_pruned, _ = reference_solution(t)
    inner = [n for n in range(len(t)) if not t.is_leaf(n)]
    # a student: some values right, some off by one, some left out; some edges marked
    values: dict[int, int | None] = {}
    for n in inner:
        roll = rnd.random()
        if roll < 0.15:
            continue  # left out
        values[n] = None if roll < 0.25 else ref_values.get(n, 0) + (roll < 0.5)
    all_edges = [(t.parent[c], c) for c in range(1, len(t))]
    marked = {e for e in all_edges if rnd.random() < 0.25} | {
        e for e in ref_pruned if rnd.random() < 0.5
    }
    r = grade(t, values, marked)
    right = sum(1 for n, v in ref_values.items() if values.get(n) == v)
    found = len(marked & ref_pruned)
    wrong_cuts = len(marked - ref_pruned)
    assert r.max_points == len(ref_values) + len(ref_pruned)  # fixed by the tree
    assert r.points == max(0, right + found - wrong_cuts)
    assert (r.values_right, r.cuts_found, r.cuts_wrong) == (right, found, wrong_cuts)
    assert r.perfect == (right == len(ref_values) and found == len(ref_pruned) and not wrong_cuts)


def test_the_total_is_fixed_across_tries_and_said_before_the_first():
    t = complete_tree(SAMPLE, 3)
    s = solution(t)
    assert marks(s) == (4, 2) and marks_line(s) == "6 marks: 4 node values, 2 pruned edges"
    tries = [
        ({}, set()),  # nothing yet
        ({0: 3, 1: 7}, {(0, 1), (0, 2), (0, 3), (1, 4)}),  # guesses and wrong cuts
        ({0: 3, 1: 3, 2: 2, 3: 2}, {(2, 8), (2, 9)}),  # all right
    ]
    reps = [grade(t, v, p, s) for v, p in tries]
    assert [r.max_points for r in reps] == [6, 6, 6]
    assert [r.points for r in reps] == [0, 0, 6]  # never below 0
    assert reps[0].summary() == "0 of 6 right: 4 values missing, 2 pruned edges not marked"
    assert reps[1].summary() == (
        "0 of 6 right: 1 value wrong, 2 values missing, 2 pruned edges not marked, 4 searched "
        "edges marked pruned"
    )
    assert (
        reps[2].perfect and reps[2].summary() == "6 of 6 right: every value and every pruned edge"
    )


def test_one_vocabulary_a_cut_off_is_the_event_a_pruned_edge_its_result():
    """Issue 22, 5: the exercise's marks name what they count (pruned edges); "cut" alone
    never names an edge; the solution says how many cut-offs pruned how many edges."""
    import re

    from teach.exercise import exercise_intro, solution_words

    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    sol = solution(tree)
    wrong = grade(tree, {}, [(0, 1)], sol)  # nothing filled in, A-B marked: searched
    words = [marks_line(sol), exercise_intro(sol), wrong.summary(), solution_words(sol, 9)]
    for text in words:
        assert not re.search(r"\bcuts?\b(?!-off)", text), text
    assert marks_line(sol) == "6 marks: 4 node values, 2 pruned edges"
    assert (
        solution_words(sol, 9) == "Root value 3; 7 of 9 leaves evaluated; 1 cut-off pruned 2 edges."
    )
    assert "1 searched edge marked pruned" in wrong.summary()
