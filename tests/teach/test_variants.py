"""Variants side by side and the pseudocode line each event executes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from engine.trace import CUT, ENTER, EXIT, LEAF, UPDATE
from engine.tree import complete_tree, minimax
from teach.exercise import solution
from teach.variants import ALL, compare_variants, line_for_event, pseudocode
from tests.strategies import complete_cases

# First MIN node returns 3, so alpha = 3 at the root; the second MIN node's first leaf is 3:
# beta = 3 = alpha. The statement rule cuts (3 leaves), strict (alpha > beta) does not (4).
TIE = [3, 5, 3, 1]


def test_leaf_counts_where_strict_and_statement_differ():
    res = {r.name: r for r in compare_variants(complete_tree(TIE, 2))}
    assert list(res) == list(ALL)
    assert {r.value for r in res.values()} == {3}
    leaves = {n: r.leaves_evaluated for n, r in res.items()}
    assert leaves == {"minimax": 4, "statement": 3, "fail-hard": 3, "strict": 4, "negamax": 3}
    assert res["statement"].cuts == 1 and res["strict"].cuts == 0 and res["minimax"].cuts == 0


@settings(max_examples=60, deadline=None)
@given(complete_cases(values=(-3, 3)))
def test_variants_agree_on_value_and_order_their_work(case):
    b, leaves = case
    t = complete_tree(leaves, b)
    res = {r.name: r for r in compare_variants(t)}
    assert {r.value for r in res.values()} == {minimax(t).value}
    n = res["statement"].leaves_evaluated
    assert n == solution(t).leaves_evaluated
    assert res["fail-hard"].leaves_evaluated == res["negamax"].leaves_evaluated == n
    assert n <= res["strict"].leaves_evaluated <= res["minimax"].leaves_evaluated == len(leaves)


WORDS = {ENTER: "function", LEAF: "leaf", EXIT: "return", CUT: "break"}


@pytest.mark.parametrize("variant", ALL)
def test_every_event_maps_to_its_line(variant):
    lines = pseudocode(variant)
    t = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    run = next(r.run for r in compare_variants(t) if r.name == variant)
    seen = set()
    for e in run.events:
        i = line_for_event(variant, e)
        text = lines[i]
        seen.add(e.kind)
        if e.kind == UPDATE:
            want = "max" if (variant == "negamax" or t.is_max(e.node)) else "min"
            assert f"best = {want}" in text
        else:
            assert WORDS[e.kind] in text, (e.kind, text)
        if e.kind == EXIT:
            assert i == len(lines) - 1
    assert seen == ({ENTER, LEAF, UPDATE, EXIT} | ({CUT} if variant != "minimax" else set()))
    assert (">" in lines[line_for_event(variant, run.events[0])]) is False


def test_pseudocode_differences_and_errors():
    assert any("alpha > beta" in x for x in pseudocode("strict"))
    assert not any("alpha > beta" in x for x in pseudocode("statement"))
    assert any("alpha0" in x for x in pseudocode("fail-hard"))
    assert any("-negamax" in x for x in pseudocode("negamax"))
    with pytest.raises(ValueError):
        pseudocode("bogus")
