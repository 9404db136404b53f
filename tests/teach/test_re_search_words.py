"""PVS's re-searches as the tree draws them (issue 22): each names its probe's failure and
its full-window search, checked against the trace's events and the engine's own count."""

from __future__ import annotations

from hypothesis import given, settings

from engine.pvs import pvs
from engine.search import reorder
from engine.trace import ENTER, EXIT, LEAF, NULL_WINDOW, RE_SEARCH
from engine.tree import complete_tree
from engine.values import fmt_value
from teach.search_words import re_searches
from tests.strategies import random_trees

SAMPLE = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)


def test_the_sample_worst_first():
    got = re_searches(pvs(reorder(SAMPLE, "worst-first")))
    assert [(r.failed, r.start, r.end, r.probe_words, r.full_words) for r in got] == [
        (7, 8, 9, "probe (5, 6) failed low: 4 ≤ 5", "re-search (−∞, 6)"),
        (12, 13, 14, "probe (3, 4) failed low: 2 ≤ 3", "re-search (−∞, 4)"),
        (46, 47, 48, "probe (11, 12) failed low: 8 ≤ 11", "re-search (2, 12)"),
        (51, 52, 53, "probe (7, 8) failed low: 3 ≤ 7", "re-search (2, 8)"),
        (40, 41, 55, "probe (2, 3) failed high: 3 ≥ 3", "re-search (2, +∞)"),
    ]
    assert re_searches(pvs(SAMPLE)) == []  # as given: every probe holds


@settings(max_examples=60, deadline=None)
@given(random_trees())
def test_every_re_search_is_a_failed_probe_then_a_full_window(tree):
    run = pvs(tree)
    ev = run.events
    got = re_searches(run)
    assert len(got) == run.counts.get("re_searches", 0)
    for r in got:
        back, again, done = ev[r.failed - 1], ev[r.start - 1], ev[r.end - 1]
        assert back.node == again.node == done.node == r.node
        assert back.kind in (LEAF, EXIT) and done.kind in (LEAF, EXIT)
        assert again.kind == ENTER and again.tag == RE_SEARCH
        # the probe: the node's last null-window entry before it failed
        probe = next(e for e in ev[: r.failed][::-1] if e.kind == ENTER and e.node == r.node)
        assert probe.tag == NULL_WINDOW and probe.beta == probe.alpha + 1
        a, b = probe.alpha, probe.beta
        assert back.value >= b or back.value <= a  # outside its window, MAX's view
        high = tree.is_max(tree.parent[r.node])
        side = f"failed high: {fmt_value(back.value)} ≥ {fmt_value(b)}"
        if not high:
            side = f"failed low: {fmt_value(back.value)} ≤ {fmt_value(a)}"
        assert r.probe_words == f"probe ({fmt_value(a)}, {fmt_value(b)}) {side}"
        assert r.full_words == f"re-search ({fmt_value(again.alpha)}, {fmt_value(again.beta)})"
        assert r.failed < r.start <= r.end


def test_the_re_search_sentence_says_it_from_max_view():
    """issue 22: under a MIN node a probe fails low in MAX's view, as its pill says."""
    from teach.explain import describe

    run = pvs(reorder(SAMPLE, "worst-first"))
    got = {r.start: r for r in re_searches(run)}
    assert describe(run, 8).startswith("Re-search: the null window of leaf 2 failed low,")
    assert "failed low" in got[8].probe_words
    assert describe(run, 41).startswith("Re-search: the null window of MIN node D failed high,")
    assert "failed high" in got[41].probe_words
