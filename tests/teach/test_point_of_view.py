"""Issue 22, 2: the step sentences speak from MAX's point of view, with the negamax view as a
correct aside, for every algorithm and alpha-beta variant (a property over random trees).

"so best = X" is only said when X is the best value (MAX's view: the largest at a MAX node,
the smallest at a MIN node) of the children seen so far in that visit of the node; PVS keeps
a node's score at its window's bound when no child beats it, and then says so with the bound
(alpha at a MAX node, beta at a MIN node). The negamax aside is the same quantities from the
side to move: negated at a MIN node. Checked against the events, read independently."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import algorithms as ea
from engine.search import VARIANTS
from engine.trace import ENTER, UPDATE
from engine.tree import complete_tree
from engine.values import fmt_value
from teach.algorithms import describer
from tests.strategies import random_trees

_MAIN = re.compile(r"so (?:best|its score) = ([^,.\s]+(?:\.\d+)?)")
_BOUND = re.compile(r"its score stays at the bound, (\S+) \(")
_NEGA = re.compile(r"\(Negamax view: it gets (\S+), (?:best|its score) = ([^.)\s]+)\.\)")


def _check(got: ea.AlgoRun) -> None:
    run, tree = got.run, got.run.tree
    say = describer(got)
    seen: dict[int, list] = {}
    for k, e in enumerate(run.events, start=1):
        if e.kind == ENTER:
            seen[e.node] = []
        if e.kind != UPDATE or tree.is_chance(e.node):
            continue
        seen[e.node].append(e.value)
        mx = tree.is_max(e.node)
        text = say(run, k)
        main, _, aside = text.partition("(Negamax view")
        top = max(seen[e.node]) if mx else min(seen[e.node])
        if m := _MAIN.search(main):
            assert m[1] == fmt_value(top), (k, text)
            assert m[1] == fmt_value(e.best), (k, text)
        else:
            m = _BOUND.search(main)
            assert m, (k, text)
            assert run.algorithm == ea.PVS, (k, text)
            assert m[1] == fmt_value(e.alpha if mx else e.beta) == fmt_value(e.best), (k, text)
        if aside:
            n = _NEGA.search("(Negamax view" + aside)
            assert n, (k, text)
            sign = 1 if mx else -1
            assert n[1] == fmt_value(sign * e.value), (k, text)
            assert n[2] == fmt_value(sign * e.best), (k, text)


@settings(max_examples=40, deadline=None)
@given(random_trees(max_nodes=20, min_nodes=2), st.sampled_from(VARIANTS))
def test_sentences_speak_from_maxs_view_with_a_true_negamax_aside(tree, variant):
    for algo in ea.choices(tree):
        _check(ea.tree_run(tree, algo, variant))


def test_pvs_at_step_24_of_the_statement_sample():
    sample = complete_tree((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    got = ea.tree_run(sample, ea.PVS)
    text = describer(got)(got.run, 24)
    assert text.startswith(
        "MIN node D sees leaf 7 (value 14), no better for MIN than its beta = 4, so its score "
        "stays at the bound, 4"
    )
    assert "(Negamax view: it gets -14, its score = -4.)" in text
