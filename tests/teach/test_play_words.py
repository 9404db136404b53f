"""What the board labs say: a position's verdict and a move's outcome; in a game against the
engine why a click is not a move, why the game ended, and how it went against the engine's
prediction."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games import chase, pawn
from teach.play_words import (
    GAME_OVER,
    chase_end_reason,
    chase_targets,
    chase_why_not,
    game_summary,
    outcome_words,
    pawn_end_reason,
    pawn_problem_words,
    pawn_targets,
    pawn_why_not,
    verdict_words,
)

SAMPLE1 = pawn.from_code("4x4w:.ppp/..../.PPP/....")


def test_pawn_targets_are_exactly_the_legal_moves_of_that_pawn():
    for r in range(SAMPLE1.rows):
        for c in range(SAMPLE1.cols):
            want = sorted(m.to_sq for m in pawn.legal_moves(SAMPLE1) if m.from_sq == (r, c))
            assert sorted(pawn_targets(SAMPLE1, (r, c))) == want
    assert pawn_targets(SAMPLE1, (0, 1)) == []  # black's pawn: not white's to move


@pytest.mark.parametrize(
    ("picked", "square", "words"),
    [
        (None, (0, 1), "b4 holds a black pawn: you play White"),
        (None, (3, 0), "No white pawn can move to a1"),
        ((2, 1), (0, 3), "b2 to d4 is not a pawn move: a white pawn steps one square up"),
        ((2, 1), (1, 2), "a pawn moves diagonally only to capture, and c3 is empty"),
    ],
)
def test_pawn_why_not(picked, square, words):
    assert words in pawn_why_not(SAMPLE1, picked, square)


def test_pawn_why_not_a_blocked_pawn_and_a_taken_square():
    pos = pawn.from_code("3x3w:p../P../..P")
    assert "The pawn on a2 cannot move: the square ahead (a3) is taken" in pawn_why_not(
        pos, None, (1, 0)
    )
    pos = pawn.from_code("4x4w:p.../..../pp../.P..")
    assert "b1 to b2 is not a move: b2 is taken, and a pawn captures only diagonally" in (
        pawn_why_not(pos, (3, 1), (2, 1))
    )
    two = pawn.from_code("3x3w:p.p/.../P.P")
    assert "can both move" not in pawn_why_not(two, None, (1, 1))  # none reach b2
    both = pawn.from_code("3x3w:.p./.../P.P")
    assert pawn_why_not(both, None, (1, 1)).startswith("No white pawn can move to b2")


def test_pawn_end_reasons():
    assert pawn_end_reason(pawn.from_code("3x3b:.P./.../p..")) == (
        "the white pawn reached b3, the far rank"
    )
    stuck = pawn.from_code("3x3w:.../p../P..")
    assert pawn.winner_now(stuck) == "black"
    assert pawn_end_reason(stuck) == "White has no legal move"
    assert pawn_why_not(stuck, None, (2, 0)) == GAME_OVER


def test_chase_targets_and_why_not():
    pos = chase.ChasePosition(5, (2, 2), (4, 4))
    assert sorted(chase_targets(pos)) == [(1, 2), (2, 1), (2, 3), (3, 2)]
    assert chase_why_not(pos, (2, 2)).startswith("That is your piece (White)")
    assert "is 2 squares away: White steps one square" in chase_why_not(pos, (0, 2))
    assert "not in a straight line" in chase_why_not(pos, (3, 3))
    black = chase.ChasePosition(5, (0, 0), (4, 4), white_to_move=False)
    assert "is 3 squares away: Black moves one or two squares" in chase_why_not(black, (1, 4))


def test_chase_end_reason_names_the_capture():
    pos = chase.play(chase.ChasePosition(3, (0, 0), (0, 1)), (0, 1))
    assert chase_end_reason(pos, 1) == "White captured the black piece on row 1, col 2"
    assert chase_why_not(pos, (2, 2)) == GAME_OVER


def test_game_summary_against_the_prediction():
    same = game_summary("white", 7, "white", "the white pawn reached b4", ("White", 7))
    assert same.startswith("**White won in 7 plies**: the white pawn reached b4; you won!")
    assert "Just as the engine predicted from the start: White wins in 7 plies." in same
    slow = game_summary("white", 9, "white", "r", ("white", 7))
    assert "perfect play wins 2 plies sooner" in slow
    quick = game_summary("black", 3, "white", "r", ("black", 5))
    assert "the engine won." in quick and "the slowest defence lasts 2 plies longer" in quick
    slip = game_summary("black", 6, "white", "r", ("white", 7))
    assert "a slip of yours let it win" in slip
    one = game_summary("white", 1, "white", "White captured the black piece", ("white", 1))
    assert "in 1 ply**" in one


def test_the_verdict_and_a_move_s_outcome_in_words():
    assert verdict_words("white", 7) == "White wins in 7 plies"
    assert verdict_words("BLACK", 1) == "Black wins in 1 ply"
    assert verdict_words("black", 0) == "Black has already won"
    assert verdict_words(None, -1) == "Draw: neither side can force a capture"
    assert outcome_words("white", "white", 5) == "wins in 5"
    assert outcome_words("BLACK", "WHITE", 4) == "loses in 4"
    assert outcome_words("white", None, 0) == "draw"


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 9),
    st.integers(2, 9),
    st.data(),
)
def test_the_problems_in_words_are_the_engines_in_english(rows, cols, data):
    """pawn_problem_words says, in the run's language, what engine.games.pawn.problems says
    (the English, clause for clause, whatever the board)."""
    cells = "".join(
        data.draw(st.lists(st.sampled_from("Pp."), min_size=rows * cols, max_size=rows * cols))
    )
    pos = pawn.PawnPosition(rows, cols, cells, data.draw(st.booleans()))
    assert pawn_problem_words(pos) == pawn.problems(pos)
