"""The words of the algorithms: pseudocode lines for the searches after alpha-beta (every
event maps onto its line), MTD(f)'s passes told pass by pass, a board search's words."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings

from engine.algorithms import ALPHABETA, DEEPENING_TABLE, MTDF, PVS, pass_ends, tree_run
from engine.deepening import deepen
from engine.expectimax import expectimax
from engine.games import pawn
from engine.mtdf import mtdf
from engine.pvs import pvs
from engine.trace import NULL_WINDOW, RE_SEARCH
from engine.tree import complete_tree
from engine.tree_text import parse_brackets
from teach.algorithms import code_line, describer, pseudocode, searched_words
from teach.explain import describe
from tests.strategies import chance_trees, random_trees


def lines_of(run):
    code = pseudocode(run.algorithm)
    return [code[code_line(run, k)] for k in range(len(run.events))]


def test_pvs_lines():
    run = pvs(parse_brackets("((1 2) (5 6))"))
    got = lines_of(run)
    for e, line in zip(run.events, got, strict=True):
        if e.tag == NULL_WINDOW:
            assert "null window" in line
        if e.tag == RE_SEARCH:
            assert "re-search" in line
    assert got[0].startswith("function pvs") and "return α" in got[-1]


@settings(max_examples=60, deadline=None)
@given(random_trees())
def test_every_event_has_a_line(tree):
    lines_of(pvs(tree))
    for p in mtdf(tree).passes:
        lines_of(p.run)


@settings(max_examples=40, deadline=None)
@given(chance_trees())
def test_expectimax_lines(tree):
    run = expectimax(tree)
    said = [
        line
        for e, line in zip(run.events, lines_of(run), strict=True)
        if e.kind == "update" and tree.is_chance(e.node)
    ]
    assume(said)  # a tree with a chance node (most of them)
    for line in said:
        assert "sum(p(c)" in line


def test_deepening_lines():
    for use in (True, False):
        for it in deepen(pawn.PawnGame(), pawn.start(3, 3), 4, table=use).iterations:
            lines_of(it.run)
    with pytest.raises(ValueError):
        pseudocode("sss*")


def test_mtdf_passes_are_told_pass_by_pass():
    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    got = tree_run(tree, MTDF)
    run = got.run
    say = describer(got)
    ends = pass_ends(run)
    assert say(run, ends[0]).startswith("Pass 1 asked")
    assert "failed high" in say(run, ends[0])  # first guess 0, the value is 3
    assert say(run, ends[-1]).endswith("the value of the game is 3.")
    assert say(run, 1).startswith("Pass 1 of MTD(f). Probe")
    assert say(run, 2) == describe(run, 2)
    assert describer(tree_run(tree, PVS)) is describe


def test_board_search_words():
    assert searched_words(ALPHABETA, 3) == "Alpha-beta, 3 plies deep"
    assert searched_words(PVS, None) == "PVS, whole game"
    assert (
        searched_words(DEEPENING_TABLE, 1) == "Deepening + table to 1 ply deep (its last iteration)"
    )
