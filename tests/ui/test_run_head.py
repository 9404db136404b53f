"""Issue 22, 1: every count a tree lab shows above its canvas is the run's it shows, for every
ordering, alpha-beta variant and algorithm (a property over random trees).

The counts are read back out of the words (the headline and the metrics) and checked against
counts taken another way: the replayed run's last snapshot (which leaves are done), its raw
events (evaluations, cut-offs) and the tree (its leaves)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import algorithms as ea
from engine.search import VARIANTS
from engine.trace import DONE
from engine.values import plural
from teach import run_words as rw
from teach.algorithms import LABELS
from teach.mcts_words import mcts_headline
from tests.strategies import random_trees
from ui.tree import tree_lab as tl


def _independent(lab: tl.Lab) -> dict[str, int]:
    run, tree = lab.run, lab.run.tree
    last = lab.replayer.snapshot(len(run.events))
    leaves = [v for v in range(len(tree)) if tree.is_leaf(v)]
    done = sum(1 for v in leaves if last.status[v] == DONE)
    return {
        "leaves": len(leaves),
        "looked": done,
        "evaluations": run.leaves_evaluated,
        "cutoffs": sum(1 for e in run.events if e.kind == "cut"),
    }


def _numbers(line: str) -> dict[str, int]:
    got = {}
    m = re.search(r"looked at (\d+) of (\d+) lea", line)
    assert m, line
    got["looked"], got["leaves"] = int(m[1]), int(m[2])
    m = re.search(r"([\d,]+) leaf evaluations? in all", line)
    got["evaluations"] = int(m[1].replace(",", "")) if m else got["looked"]
    m = re.search(r"\((\d+) lea(?:f|ves) pruned(?: by (\d+) cut-offs?)?\)", line)
    if m:
        got["pruned"], got["cutoffs"] = int(m[1]), int(m[2] or 0)
    else:
        assert "(nothing pruned)" in line, line
        got["pruned"] = 0
    return got


@settings(max_examples=40, deadline=None)
@given(
    random_trees(max_nodes=18, min_nodes=2),
    st.sampled_from(tl.ORDERINGS),
    st.sampled_from(VARIANTS),
    st.integers(0, 3),
)
def test_every_count_shown_is_the_runs(tree, ordering, variant, seed):
    for algo in ea.choices(tree):
        lab = tl.make_lab(tl.ordered(tree, ordering, seed), variant, algo)
        if lab.mcts is not None:  # an estimate: its iterations and nodes, counted apart
            line = mcts_headline(lab.mcts, 0)
            iterations = sum(1 for e in lab.run.events if e.tag == "playout")
            assert f"MCTS ran {plural(iterations, 'iteration')}" in line, line
            continue
        truth = _independent(lab)
        label = LABELS[lab.run.algorithm]
        line = rw.headline(lab.run, label)
        got = _numbers(line)
        assert got["looked"] == truth["looked"], line
        assert got["leaves"] == truth["leaves"], line
        assert got["evaluations"] == truth["evaluations"], line
        assert got["pruned"] == truth["leaves"] - truth["looked"], line
        if got["pruned"] and "cutoffs" in got:
            assert got["cutoffs"] == truth["cutoffs"], line
        shown = dict(rw.metrics(lab.run, label))
        assert shown["minimax evaluates"].split()[0] == str(truth["leaves"])
        assert shown[f"{rw.in_sentence(label)} evaluates"].split()[0] == str(truth["looked"])
        if lab.run.algorithm == ea.ALPHABETA and variant == "statement":
            assert rw.statement_answer(lab.run) == f"[{lab.run.value}, {truth['looked']}]"


def test_headline_words():
    from engine.tree import complete_tree

    sample = complete_tree((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    line = rw.headline(tl.make_lab(sample).run, "Alpha-beta")
    assert (
        line
        == "MAX can force 3; alpha-beta looked at 7 of 9 leaves (2 leaves pruned by 1 cut-off)."
    )
    one = complete_tree((4, 1), 2)  # the root (MAX) over two leaves: nothing pruned
    assert rw.headline(tl.make_lab(one).run, "Alpha-beta").endswith("2 leaves (nothing pruned).")
    mtdf = tl.make_lab(tl.ordered(sample, "worst-first"), algorithm=ea.MTDF).run
    assert rw.headline(mtdf, "MTD(f)") == (
        "MAX can force 3; MTD(f) looked at 9 of 9 leaves, over 3 passes, 11 leaf evaluations in "
        "all (nothing pruned)."
    )
