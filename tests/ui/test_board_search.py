"""The search tab's plain parts: node clicks, the principal variation, value words."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_

from engine.games import chase, pawn
from engine.games.chase_solver import solve_position, solve_table
from engine.games.pawn_solver import solve
from engine.search import search_game
from engine.trace import DONE, PRUNED, Replayer
from ui.boards.board_search import TreeView, pv_nodes, status_words, tree_click, value_outcome

SAMPLE_1 = "4x4w:.ppp/..../.PPP/...."


def _pawn_run(code: str):
    pos = pawn.from_code(code)
    run = search_game(pawn.PawnGame(), pos)
    return pos, run, Replayer(run)


def test_tree_click_selects_nodes_and_opens_summaries():
    v = TreeView(focus=3, selected=None)
    assert tree_click(v, (7, False), 10) == TreeView(3, 7)
    assert tree_click(v, (5, True), 10) == TreeView(5, 5)  # "+N nodes": drill down
    assert tree_click(v, None, 10) == v
    assert tree_click(v, (10, False), 10) == v  # off the tree: ignored


def test_value_outcome_and_words():
    assert value_outcome(993, "white", "black") == ("white", 7)
    assert value_outcome(-998, "white", "black") == ("black", 2)
    assert value_outcome(0, "white", "black") == (None, 0)
    assert status_words(PRUNED, None, "white", "black").startswith("Pruned")
    assert "White wins at ply 7" in status_words(DONE, 993, "white", "black")


def test_principal_variation_is_a_line_of_equal_values_to_a_leaf():
    _, run, rep = _pawn_run(SAMPLE_1)
    values = rep.final_values()
    pv = pv_nodes(run, values)
    assert pv[0] == 0 and all(run.tree.parent[b] == a for a, b in zip(pv, pv[1:], strict=False))
    assert all(values[v] == run.value for v in pv)
    assert not run.tree.children[pv[-1]]
    # alpha-beta's root value is plain minimax's over the whole game
    pos = pawn.from_code(SAMPLE_1)
    full = search_game(pawn.PawnGame(), pos, algorithm="minimax")
    assert full.value == run.value and full.nodes_visited > run.nodes_visited


POSITIONS = [SAMPLE_1, "4x4w:...p/...p/pP.P/...P", "3x3w:ppp/.../PPP", "3x3b:ppp/.../PPP"]


def test_pawn_search_value_is_the_exact_answer():
    for code in POSITIONS:
        pos, run, _ = _pawn_run(code)
        sol = solve(pos)
        sides = ("white", "black") if pos.white_to_move else ("black", "white")
        assert value_outcome(run.value, *sides) == (sol.winner, sol.plies), code


@settings(max_examples=25, deadline=None)
@given(st_.integers(2, 6), st_.data())
def test_chase_search_to_any_depth_agrees_with_retrograde(n, data):
    cells = data.draw(st_.lists(st_.integers(0, n * n - 1), min_size=2, max_size=2, unique=True))
    depth = data.draw(st_.integers(1, 4))
    white_moves = data.draw(st_.booleans())
    pos = chase.ChasePosition(n, divmod(cells[0], n), divmod(cells[1], n), white_moves)
    run = search_game(chase.ChaseGame(solve_table(pos.n)), pos, depth)
    sol = solve_position(pos, solve_table(pos.n))
    sides = ("white", "black") if white_moves else ("black", "white")
    assert value_outcome(run.value, *sides) == ((sol.winner or "").lower() or None, sol.plies)
