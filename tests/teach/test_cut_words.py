"""The cut-off kept on the tree: its note ("β 2 ≤ α 3, from A"), its sentence, and the
ancestor whose bound it compared, checked against a replay of the run (issue 22)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engine.mtdf import join_passes, mtdf
from engine.node_types import ALPHA_CUT, BY_MOVE, BY_PROBE, BY_TABLE, classify
from engine.pvs import pvs
from engine.search import VARIANTS, search_tree
from engine.trace import ENTER, NULL_WINDOW, Replayer
from engine.tree import complete_tree
from engine.tree_text import parse_brackets
from teach.cut_words import cut_notes
from tests.strategies import random_trees

SAMPLE = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
A_CUT = (
    "Alpha-cut at MIN node C: its beta fell to 2 {le} alpha = 3, which MAX node A holds from "
    "a better move, so MAX never lets play reach C: its other 2 children are pruned."
)


@pytest.mark.parametrize("variant", ["statement", "fail-hard", "strict", "negamax"])
def test_the_sample_cut_in_every_variant(variant):
    (note,) = cut_notes(search_tree(SAMPLE, "alphabeta", variant))
    assert (note.step, note.node, note.cause, note.cause_row) == (18, 2, 0, "a")
    assert note.skipped == (8, 9)
    strict = variant == "strict"
    assert note.note == ("β 2 < α 3, from A" if strict else "β 2 ≤ α 3, from A")
    said = "Step 18, a cut-off: " + A_CUT.format(le="<" if strict else "<=")
    if variant == "negamax":  # MAX's view, as everywhere, and the negamax view beside it
        said += " (Negamax view at C: alpha = -2 >= beta = -3.)"
    assert note.text == said


def test_pvs_and_mtdf_name_where_the_bound_came_from():
    (note,) = cut_notes(pvs(SAMPLE))  # C is probed with (3, 4): its α is still A's
    assert note.note == "β 2 ≤ α 3, from A"
    notes = cut_notes(join_passes(mtdf(SAMPLE).passes))
    assert [n.note for n in notes] == [
        "α 3 ≥ β 0, from the pass's test window",
        "β 3 ≤ α 3, from the pass's test window",
        "β 2 ≤ α 3, from the pass's test window",
    ]
    assert all(n.cause == -1 and n.cause_row == "" for n in notes)
    assert "the bound of the pass's test window" in notes[0].text


def test_a_probe_bound():
    # A MAX root whose second child B is probed with (5, 6): under B, MAX node D reaches
    # 7 >= 6, the probe's edge, a bound no move of A holds.
    tree = parse_brackets("(5 ((7 1) 9))")
    probes = [c for c in classify(pvs(tree)).cuts if c.via == BY_PROBE]
    assert probes
    (note,) = [n for n in cut_notes(pvs(tree)) if n.note.endswith("'s probe")]
    assert note.note == "α 7 ≥ β 6, from A's probe"
    assert note.cause_row == ""
    assert "the edge of the null window MAX node A probes with" in note.text


def _check_cause(run):
    """Every cut's bound is what its cause holds at that step (a replay), or the edge of the
    null window its cause entered a child with, or the start window's."""
    rp = Replayer(run)
    tree = run.tree
    for cut in classify(run).cuts:
        e = run.events[cut.step]
        bound = e.alpha if cut.kind == ALPHA_CUT else e.beta
        assert bound == cut.bound
        snap = rp.snapshot(cut.step + 1)
        if cut.cause < 0:
            root = next(x for x in run.events[: cut.step][::-1] if x.kind == ENTER and x.node == 0)
            assert bound == (root.alpha if cut.kind == ALPHA_CUT else root.beta)
            continue
        assert cut.cause in snap.path  # an ancestor (or the node) on the current path
        if cut.via == BY_PROBE:
            below = snap.path[snap.path.index(cut.cause) + 1]
            enter = next(
                x for x in run.events[: cut.step][::-1] if x.kind == ENTER and x.node == below
            )
            assert enter.tag == NULL_WINDOW
            assert bound == (enter.alpha if cut.kind == ALPHA_CUT else enter.beta)
        else:
            assert cut.via in (BY_MOVE, BY_TABLE)
            held = snap.alpha[cut.cause] if cut.kind == ALPHA_CUT else snap.beta[cut.cause]
            assert held == bound
            assert tree.is_max(cut.cause) == (cut.kind == ALPHA_CUT) or cut.cause == cut.node


@settings(max_examples=60, deadline=None)
@given(random_trees())
def test_every_cut_names_the_bound_it_compared(tree):
    for variant in VARIANTS:
        _check_cause(search_tree(tree, "alphabeta", variant))
    _check_cause(pvs(tree))
    _check_cause(join_passes(mtdf(tree).passes))
    assert len(cut_notes(pvs(tree))) == len(classify(pvs(tree)).cuts)
