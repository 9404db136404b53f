"""Issue 22, 3 and 4: one definition of the node types (teach.search_words), said by the
legend, the help and the quiz; labels, quiz answers and the CLI's counts agree; and only a
search that makes null-window probes draws a null window."""

from __future__ import annotations

import json

from hypothesis import given, settings

from engine import algorithms as ea
from engine.judge import search_answer
from engine.node_types import ALL, CUT_NODE, PV, classify
from engine.tree import complete_tree
from teach.quiz import node_type_questions
from teach.search_words import NODE_TYPES_DEFINITION, NODE_TYPES_LEGEND, canvas_words
from tests.strategies import random_trees
from ui.tree import tree_lab as tl

SAMPLE = complete_tree((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)


def test_one_definition_in_the_legend_the_help_and_the_canvas():
    for text in (NODE_TYPES_DEFINITION, NODE_TYPES_LEGEND):
        assert "failed high" in text and "failed low" in text and "side to move" in text
        assert "α" in text and "β" in text  # a MIN node fails high at α: said, not implied
    assert "a cut)" not in NODE_TYPES_LEGEND  # the old "failed high (a cut)"
    payload = tl.canvas_payload(tl.make_lab(SAMPLE))
    assert payload["words"] == canvas_words()
    assert payload["nodes"]["ty"]


@settings(max_examples=40, deadline=None)
@given(random_trees(max_nodes=20, min_nodes=2))
def test_labels_quiz_and_cli_agree(tree):
    if tree.has_chance:
        return
    lab = tl.make_lab(tree)
    nt = classify(lab.run)
    assert lab.types == nt.types
    asked = {q.node: q.answer for q in node_type_questions(lab.run)}
    assert all(lab.types[n] == t for n, t in asked.items())
    got = search_answer(tree, "alphabeta")
    inner = {
        k: sum(1 for n, t in lab.types.items() if t == k and tree.children[n])
        for k in (PV, CUT_NODE, ALL)
    }
    assert (got["pv"], got["cut"], got["all"]) == (inner[PV], inner[CUT_NODE], inner[ALL])
    json.dumps(got)


def test_plain_alpha_beta_draws_no_null_window_and_pvs_does():
    worst = tl.ordered(SAMPLE, "worst-first")
    ab = tl.canvas_payload(tl.make_lab(worst))
    windows = {
        (ab["vals"][s[j + 2]], ab["vals"][s[j + 3]])
        for s in ab["steps"]
        for j in range(0, len(s), 5)
        if s[j + 2] >= 0
    }
    assert ("2", "3") in windows  # D's window is one wide here, by chance
    assert ab["nw"] == []  # ... but plain alpha-beta makes no null-window probe
    for algo in (ea.PVS, ea.MTDF):
        assert tl.canvas_payload(tl.make_lab(worst, algorithm=algo))["nw"], algo


def test_mtdf_sends_its_pass_history_and_the_others_none():
    """Issue 22, 6: the passes' tests, results and bounds beside MTD(f)'s tree."""
    lab = tl.make_lab(SAMPLE, algorithm=ea.MTDF)
    hist = tl.canvas_payload(lab)["hist"]
    assert [r["cells"] for r in hist["rows"]] == [
        ["1", "value ≥ 0? window (-1, 0)", "3: failed high (≥ 0)", "[3, +∞]"],
        ["2", "value ≥ 4? window (3, 4)", "3: failed low (< 4)", "[3, 3]"],
    ]
    ends = [k for k, e in enumerate(lab.run.events, 1) if e.kind == "exit" and e.node == 0]
    assert [r["at"] for r in hist["rows"]] == ends and hist["rows"][0]["from"] == 1
    for algo in (ea.ALPHABETA, ea.PVS, ea.MINIMAX):
        assert tl.canvas_payload(tl.make_lab(SAMPLE, algorithm=algo))["hist"] is None
