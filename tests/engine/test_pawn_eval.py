"""The pawn evaluation (engine.games.pawn_eval) on hand-made positions, and depth-limited
searches with it against a depth-limited minimax written here: board strings, the reference
solver's move generator (tests/engine/reference_pawn_solver.py) and the evaluation counted
again from the statement of it, not from the engine's code."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.deepening import deepen
from engine.game import EVAL_BOUND, WIN, from_node, to_node
from engine.games import pawn
from engine.games.pawn_eval import EvaluatedPawnGame, evaluate, features
from engine.mtdf import mtdf_deepen
from engine.race import race_position
from engine.search import search_game
from tests.engine.reference_pawn_solver import Solver

GAME = EvaluatedPawnGame()


@pytest.mark.parametrize(
    "code, white",
    [
        ("4x4w:pppp/..../..../PPPP", 0),  # the start: even
        # white a1 b1 d1 (advance 0) and c2 (advance 1), 4 moves (every pawn steps);
        # black b4 c4 d4 (advance 0), 3 moves
        ("4x4w:.ppp/..../..P./PP.P", 3 * (4 - 3) + (1 - 0) + (4 - 3)),
        # white b2 (advance 1: b3, bxc3) and d1 (advance 0: d2): 3 moves; black a4
        # (advance 0: a3) and c3 (advance 1: c2, cxb2): 3 moves
        ("4x4b:p.../..p./.P../...P", 3 * 0 + (1 - 1) + (3 - 3)),
        # white a3 (advance 2, blocked by a4) and d1 (d2): 1 move; black a4 blocked: 0
        ("4x4w:p.../P.../..../...P", 3 * (2 - 1) + (2 - 0) + (1 - 0)),
    ],
)
def test_evaluation_values_by_hand(code, white):
    pos = pawn.from_code(code)
    assert evaluate(pos, "white") == white
    assert evaluate(pos, "black") == -white


def test_features_of_a_hand_made_position():
    pos = pawn.from_code("4x4w:.ppp/..../..P./PP.P")
    assert features(pos) == {"material": (4, 3), "advance": (1, 0), "mobility": (4, 3)}


def test_the_evaluation_stays_below_any_win_and_to_node_keeps_it():
    crowded = pawn.from_code(
        "8x8w:pp....../PPPPPPPP/PPPPPPPP/......../......../......../......../........"
    )
    assert evaluate(crowded, "white") == EVAL_BOUND - 1  # clamped
    for v in (0, 5, -5, EVAL_BOUND - 1, -(EVAL_BOUND - 1)):
        assert to_node(v, 7) == v == from_node(v, 7)  # an evaluation is not a path length
    assert to_node(WIN - 9, 3) == WIN - 6


# ---- the independent depth-limited minimax ---------------------------------------------
def ref_eval(solver: Solver, cells: str, white_view: bool) -> int:
    """3 per pawn + rows ahead of the own back rank + moves, white's minus black's."""
    rows, cols = solver.rows, solver.cols
    total = 0
    for i, ch in enumerate(cells):
        r = i // cols
        if ch == "P":
            total += 3 + (rows - 1 - r)
        elif ch == "p":
            total -= 3 + r
    total += len(solver.moves(cells, True)) - len(solver.moves(cells, False))
    total = max(-(EVAL_BOUND - 1), min(EVAL_BOUND - 1, total))
    return total if white_view else -total


def ref_minimax(solver: Solver, cells: str, white: bool, depth: int, root_white: bool, ply=0):
    """The value for the root's side: a decided position WIN - ply for its winner, the
    evaluation at the depth limit, else max / min over the moves."""
    w_home, b_home = solver.reached_goal(cells)
    moves = solver.moves(cells, white)
    winner = None
    if w_home and b_home:
        winner = not white  # the side that just moved
    elif w_home or b_home:
        winner = w_home
    elif not moves:
        winner = not white
    if winner is not None:
        return WIN - ply if winner == root_white else -(WIN - ply)
    if ply == depth:
        return ref_eval(solver, cells, root_white)
    vals = [
        ref_minimax(solver, solver.after(cells, i, j), not white, depth, root_white, ply + 1)
        for i, j, _ in moves
    ]
    return max(vals) if white == root_white else min(vals)


CASES = [
    ("3x3w:ppp/.../PPP", 4),
    ("4x4w:pppp/..../..../PPPP", 4),
    ("4x4b:.ppp/..../.PPP/....", 3),
    ("5x5w:ppppp/...../...../...../PPPPP", 3),
    ("4x4w:p.../..p./.P../...P", 5),
]


@pytest.mark.parametrize("code, depth", CASES)
def test_every_depth_limited_search_equals_the_reference(code, depth):
    pos = pawn.from_code(code)
    solver = Solver(pos.rows, pos.cols)
    for d in range(1, depth + 1):
        want = ref_minimax(solver, pos.cells, pos.white_to_move, d, pos.white_to_move)
        for algo in ("minimax", "alphabeta"):
            assert search_game(GAME, pos, d, algo, max_nodes=200_000).value == want
    for table in (True, False):
        res = deepen(GAME, pos, depth, table=table, record=False, max_nodes=200_000)
        for it in res.iterations:
            want = ref_minimax(solver, pos.cells, pos.white_to_move, it.depth, pos.white_to_move)
            assert it.run.value == want
    assert mtdf_deepen(GAME, pos, depth, record=False, max_nodes=200_000).value == want
    race = race_position(GAME, pos, depth, max_nodes=200_000)
    assert {r.value for r in race.rows} == {want}


def _boards():
    cell = st.sampled_from(".Pp")
    return st.tuples(st.lists(cell, min_size=16, max_size=16), st.booleans()).map(
        lambda t: pawn.PawnPosition(4, 4, "".join(t[0]), t[1])
    )


@settings(max_examples=40, deadline=None)
@given(_boards(), st.integers(1, 4))
def test_random_positions_agree_with_the_reference(pos, depth):
    solver = Solver(4, 4)
    want = ref_minimax(solver, pos.cells, pos.white_to_move, depth, pos.white_to_move)
    assert search_game(GAME, pos, depth, max_nodes=200_000).value == want
    res = deepen(GAME, pos, depth, table=True, record=False, max_nodes=200_000)
    assert res.value == want
