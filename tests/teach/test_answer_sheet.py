"""The answer sheet the browser sends from the tree: read without trust, marked without
telling the answers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.tree import complete_tree
from teach.answer_sheet import MAX_TEXT, read_sheet, read_value, sheet_marks
from teach.exercise import grade, solution
from teach.quiz import node_names

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]  # A = 0; B, C, D = 1, 2, 3; leaves 4..12
TREE = complete_tree(SAMPLE, 3)
NAMES = node_names(TREE)


def test_a_sheet_as_the_canvas_sends_it():
    raw = {"v": {"0": "3", "1": " 3 ", "2": "−2", "3": "+2"}, "cut": [[2, 8], [2, 9]]}
    s = read_sheet(TREE, raw, NAMES)
    assert s.values == {0: 3, 1: 3, 2: -2, 3: 2} and s.problems == ()
    assert s.pruned == {(2, 8), (2, 9)}
    assert s.texts == {0: "3", 1: "3", 2: "−2", 3: "+2"}  # given back as typed


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (None, "could not be read"),
        ("3,3,2,2", "could not be read"),
        ({"v": [3, 3]}, "node values could not be read"),
        ({"v": {str(i): "1" for i in range(99)}}, "node values could not be read"),
        ({"cut": "2,8"}, "marked edges could not be read"),
        ({"cut": [[2, 8]] * 100}, "marked edges could not be read"),
        ({"v": {"1": "three"}}, "B: 'three' is not a whole number"),
        ({"v": {"1": "1.5"}}, "B: '1.5' is not a whole number"),
        ({"v": {"1": "٣"}}, "not a whole number"),  # a non-ASCII digit
        ({"v": {"1": "9" * 12}}, "B: 999999999999 is out of range"),
        ({"v": {"1": "x" * 10_000}}, "B: 'xxxxxxxxxxxx' is not a whole number"),
        ({"v": {"99": "3"}}, "1 answer named no node or edge of this tree: was ignored"),
        ({"v": {"4": "3", "-1": "2"}}, "2 answers named no node"),  # a leaf; no such node
        ({"v": {"1": 3}}, "1 answer named no node"),  # not text
        ({"cut": [[0, 5], [1, 2, 3], "x", [True, 1]]}, "4 answers named no node"),
    ],
)
def test_anything_else_is_ignored_with_a_message(raw, words):
    s = read_sheet(TREE, raw, NAMES)  # never raises
    assert any(words in p for p in s.problems), s.problems
    assert all(not TREE.is_leaf(n) for n in s.values) and all(
        abs(v) <= 10**6 for v in s.values.values()
    )
    assert all(TREE.parent[c] == p for p, c in s.pruned)
    assert all(len(t) <= MAX_TEXT for t in s.texts.values())


@settings(max_examples=200, deadline=None)
@given(
    hs.recursive(
        hs.none() | hs.booleans() | hs.integers() | hs.floats() | hs.text(max_size=20),
        lambda kids: (
            hs.lists(kids, max_size=5) | hs.dictionaries(hs.text(max_size=4), kids, max_size=5)
        ),
        max_leaves=20,
    )
)
def test_no_json_the_browser_can_send_raises(raw):
    for sheet in (raw, {"v": raw, "cut": raw}):
        s = read_sheet(TREE, sheet, NAMES)
        grade(TREE, s.values, s.pruned)


def test_read_value():
    assert [read_value(t) for t in ("0", "-7", "−7", "–7", " 12 ", "+4", "- 3")] == [
        0,
        -7,
        -7,
        -7,
        12,
        4,
        -3,
    ]
    assert [read_value(t) for t in ("", "-", "3-", "1e3", "inf", "0x10", "²")] == [None] * 7


def test_marks_say_right_or_wrong_of_what_was_given_and_never_the_answer():
    sol = solution(TREE)
    s = read_sheet(TREE, {"v": {"0": "3", "2": "5"}, "cut": [[2, 8], [0, 1]]}, NAMES)
    m = sheet_marks(grade(TREE, s.values, s.pruned, sol))
    assert m == {"v": {"0": "right", "2": "wrong"}, "cut": [[2, 8, "right"], [0, 1, "wrong"]]}
    # B and D (left empty) and the missed cut C -> leaf 6 are not marked: only counted
    assert "1" not in m["v"] and [2, 9] not in [c[:2] for c in m["cut"]]
    assert set(m["v"].values()) <= {"right", "wrong"}  # no value in it: C's 2 is not told
