"""The fast solvers and the traced search agree exactly with independent references written
from the statements in this folder (reference_*.py: pawn chess by a memoised recursion over
a string board, the chase by value iteration, the searches as textbook recursions): every
solution of every pawn preset and of the positions along their games, random positions,
every entry of the chase tables, and every event of the searches."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import SearchTooLarge
from engine.games import chase, pawn
from engine.games.chase_solver import retrograde, solve_table
from engine.games.pawn_solver import solve
from engine.search import ALGORITHMS, VARIANTS, search_game, search_tree
from engine.trace import Event
from engine.tree import complete_tree
from tests.engine import reference_chase_solver as ref_chase
from tests.engine import reference_pawn_solver as ref_pawn
from tests.engine import reference_search as ref_search
from tests.strategies import complete_cases, random_trees

CAP = 80_000  # explored nodes, as on the pawn page
PRESETS = {
    "Sample 1": "4x4w:.ppp/..../.PPP/....",
    "Sample 2": "4x4w:...p/...p/pP.P/...P",
    "4 vs 4 start": "4x4w:pppp/..../..../PPPP",
    "Hexapawn 3x3": "3x3w:ppp/.../PPP",
    "5x5 start": "5x5w:ppppp/...../...../...../PPPPP",
}


def same(pos: pawn.PawnPosition, reference: ref_pawn.Solver | None = None) -> None:
    new = solve(pos)
    old = (reference or ref_pawn.Solver(pos.rows, pos.cols)).solve(pos)
    assert (new.winner, new.plies, new.moves, new.pv) == (old.winner, old.plies, old.moves, old.pv)


def positions_after(pos: pawn.PawnPosition, plies: int) -> list[pawn.PawnPosition]:
    """Every undecided position up to ``plies`` plies from ``pos``."""
    out, frontier = [], [pos]
    for _ in range(plies):
        nxt = []
        for p in frontier:
            for mv in pawn.legal_moves(p):
                q = pawn.play(p, mv)
                if pawn.winner_now(q) is None and q not in nxt:
                    nxt.append(q)
        out += nxt
        frontier = nxt
    return out


@pytest.fixture(scope="module")
def reference_5x5():
    """One reference solver for the 5x5 tests: it remembers every position it solved."""
    return ref_pawn.Solver(5, 5)


@pytest.mark.parametrize("name", list(PRESETS))
def test_pawn_presets_agree(name, reference_5x5):
    pos = pawn.from_code(PRESETS[name])
    same(pos, reference_5x5 if pos.rows == pos.cols == 5 else None)


@pytest.mark.parametrize("name", [n for n in PRESETS if not n.startswith("5x5")])
def test_pawn_positions_of_small_presets_agree(name):
    """Every position two plies into each 3x3/4x4 preset (and both sides to move)."""
    for p in positions_after(pawn.from_code(PRESETS[name]), 2):
        same(p)
        q = pawn.with_side(p, not p.white_to_move)
        if not pawn.problems(q) and pawn.winner_now(q) is None:
            same(q)


def test_pawn_5x5_start_lines_agree(reference_5x5):
    """The positions after each of white's first moves on 5x5, each solved on its own."""
    start = pawn.from_code(PRESETS["5x5 start"])
    for mv in pawn.legal_moves(start):
        same(pawn.play(start, mv), reference_5x5)


@st.composite
def pawn_positions(draw):
    """Dense boards up to 5x4, sparse ones (at most 6 pawns) up to 8x8, where the two
    bitboards no longer fit in one 64-bit key."""
    rows, cols = draw(st.integers(3, 8)), draw(st.integers(3, 8))
    cells = ["."] * (rows * cols)
    dense = rows * cols <= 20
    squares = st.integers(0, rows * cols - 1)
    for i in draw(st.lists(squares, max_size=rows * cols if dense else 6, unique=True)):
        r = i // cols
        choices = ("P" if r > 0 else "") + ("p" if r < rows - 1 else "")
        if choices:
            cells[i] = draw(st.sampled_from(choices))
    return pawn.PawnPosition(rows, cols, "".join(cells), draw(st.booleans()))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pawn_positions())
def test_pawn_random_positions_agree(pos):
    if pawn.problems(pos) or pawn.winner_now(pos) is not None:
        return
    same(pos)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 10, 16, 23, 31, 40])
def test_chase_tables_agree(n):
    new_o, new_p = retrograde(n)
    old_o, old_p = ref_chase.retrograde(n)
    assert np.array_equal(new_o, old_o) and np.array_equal(new_p, old_p)


# ---- the traced search: every event as the textbook recursions record it ---------------
FIELDS = [f.name for f in dataclasses.fields(Event)]


def same_run(new, old: ref_search.Run) -> None:
    assert new.value == old.value
    assert (new.leaves_evaluated, new.nodes_visited) == (old.leaves, old.nodes)
    for f in ("parent", "children", "values", "depth", "labels"):
        assert getattr(new.tree, f) == getattr(old, f)
    assert new.states == old.states
    assert len(new.events) == len(old.events)
    for i, (a, b) in enumerate(zip(new.events, old.events, strict=True)):
        assert type(a) is Event and tuple(a.path) == tuple(b.path), i
        assert [getattr(a, f) for f in FIELDS] == [getattr(b, f) for f in FIELDS], (i, a, b)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["Sample 1", "Sample 2", "Hexapawn 3x3", "4 vs 4 start"])
def test_search_game_events_agree_on_pawn_presets(name, variant):
    pos = pawn.from_code(PRESETS[name])
    try:
        old = ref_search.search_game(pawn.PawnGame(), pos, None, variant=variant, max_nodes=CAP)
    except ref_search.TooLarge:
        with pytest.raises(SearchTooLarge):
            search_game(pawn.PawnGame(), pos, None, variant=variant, max_nodes=CAP)
        return
    same_run(search_game(pawn.PawnGame(), pos, None, variant=variant, max_nodes=CAP), old)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["Sample 2", "Hexapawn 3x3"])
def test_minimax_events_agree_on_small_pawn_presets(name, variant):
    pos = pawn.from_code(PRESETS[name])
    old = ref_search.search_game(pawn.PawnGame(), pos, None, "minimax", variant)
    same_run(search_game(pawn.PawnGame(), pos, None, "minimax", variant), old)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_search_game_events_agree_on_the_chase(depth, algorithm, variant):
    """Depth-limited searches: a frontier node scores what the solved table knows of it."""
    game = chase.ChaseGame(solve_table(8))
    for pos in (chase.ChasePosition(8, (1, 1), (6, 5)), chase.ChasePosition(8, (3, 3), (3, 5))):
        old = ref_search.search_game(game, pos, depth, algorithm, variant)
        same_run(search_game(game, pos, depth, algorithm, variant), old)


@settings(max_examples=60, deadline=None)
@given(
    complete_cases(),
    st.sampled_from(ALGORITHMS),
    st.sampled_from(VARIANTS),
)
def test_search_tree_events_agree_on_random_trees(case, algorithm, variant):
    branching, leaves = case
    tree = complete_tree(leaves, branching)
    same_run(
        search_tree(tree, algorithm, variant), ref_search.search_tree(tree, algorithm, variant)
    )


@settings(max_examples=80, deadline=None)
@given(random_trees(max_nodes=30), st.sampled_from(ALGORITHMS), st.sampled_from(VARIANTS))
def test_search_tree_events_agree_on_trees_of_any_shape(tree, algorithm, variant):
    same_run(
        search_tree(tree, algorithm, variant), ref_search.search_tree(tree, algorithm, variant)
    )
