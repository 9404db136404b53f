"""The tree canvas's words for a screen reader (teach.access_words): each drawn node's kind,
a chance node read as one, and every placeholder the browser fills named in its template."""

from __future__ import annotations

import re

from engine.tree import complete_tree
from engine.tree_text import parse_brackets
from teach.access_words import KINDS, STATUSES, WORDS, canvas_words
from viz.tree_payload import KIND_LEAF, KIND_MAX, KIND_MIN
from viz.tree_payload import STATUSES as CODES


def test_a_chance_node_is_read_as_one_and_the_rest_by_their_drawn_kind():
    tree = parse_brackets("(?(1/2:1 1/2:2) (0 4))")
    nodes = list(tree.preorder())
    drawn = [
        KIND_LEAF if tree.is_leaf(v) else KIND_MAX if tree.is_max(v) else KIND_MIN for v in nodes
    ]
    words = canvas_words(tree, nodes, drawn)
    said = [words["kinds"][k] for k in words["ki"]]
    want = [
        "leaf"
        if tree.is_leaf(v)
        else "chance node"
        if tree.is_chance(v)
        else "MAX node"
        if tree.is_max(v)
        else "MIN node"
        for v in nodes
    ]
    assert said == want and "chance node" in said


def test_one_word_per_status_and_kind_and_the_placeholders_the_browser_fills():
    assert len(STATUSES) == len(CODES) and len(KINDS) == 5
    tree = complete_tree([3, 1], 2)
    words = canvas_words(tree, [0, 1, 2], [KIND_MAX, KIND_LEAF, KIND_LEAF])
    assert words["ki"] == [KIND_MAX, KIND_LEAF, KIND_LEAF]
    names = {k: set(re.findall(r"\{(\w+)\}", v)) for k, v in WORDS.items()}
    assert names["item"] == {"name", "kind", "status"}
    assert names["window"] == {"alpha", "beta", "value"}
    assert names["leaf"] == {"value"} and names["sum"] == {"label"}
    assert names["step"] == {"k", "n", "text"}
