"""Sentences for cuts, node types and the race table."""

from __future__ import annotations

from hypothesis import given, settings

from engine.node_types import classify
from engine.race import race_tree
from engine.search import search_tree
from engine.tree import complete_tree
from engine.tree_text import parse_brackets
from teach.cut_words import cut_sentences
from teach.search_words import (
    minimal_tree_note,
    node_type_sentence,
    race_summary,
)
from tests.strategies import random_trees

SAMPLE = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)


def test_the_sample_in_words():
    run = search_tree(SAMPLE)
    (text,) = cut_sentences(run).values()
    assert text == (
        "Alpha-cut at MIN node C: its beta fell to 2 <= alpha = 3, which MAX node A holds from "
        "a better move, so MAX never lets play reach C: its other 2 children are pruned."
    )
    nt = classify(run)
    assert node_type_sentence(nt, 2) == (
        "MIN node C is a CUT node: it was given [3, +∞]; it failed high for MIN (2 <= alpha = "
        "3): the cut-off pruned the children left."
    )
    # issue 22, 4: D fails high on its last child: a CUT node, and nothing was pruned under it
    assert node_type_sentence(nt, 3) == (
        "MIN node D is a CUT node: it was given [3, +∞]; it failed high for MIN (2 <= alpha = "
        "3): its last child did it, so nothing was left to prune."
    )
    table = race_tree(SAMPLE)
    note = minimal_tree_note(SAMPLE, table)
    assert note and "3^1 + 3^1 − 1 = 5 leaves" in note and "exactly 5" in note
    lines = race_summary(table)
    assert lines[1] == (
        "alphabeta: value 3, 7 leaves evaluated (5 with perfect ordering, 9 with the worst)."
    )
    assert any(line.startswith("pvs:") and "re-searches" in line for line in lines)
    assert (
        minimal_tree_note(parse_brackets("((1 2) 3)"), race_tree(parse_brackets("((1 2) 3)")))
        is None
    )


def test_beta_cut_words():
    tree = parse_brackets("((5 (6 1)) (2 3))")  # D = MAX under MIN B: 6 >= beta 5
    run = search_tree(tree)
    texts = list(cut_sentences(run).values())
    assert any(t.startswith("Beta-cut at MAX node") and "6 >= beta = 5" in t for t in texts)


@settings(max_examples=60, deadline=None)
@given(random_trees())
def test_every_cut_and_node_has_words(tree):
    run = search_tree(tree)
    nt = classify(run)
    assert len(cut_sentences(run)) == len(nt.cuts)
    for n in nt.types:
        assert node_type_sentence(nt, n)
    assert race_summary(race_tree(tree))
