"""The fast solvers and the traced search agree exactly with the old ones, kept in this
folder as the reference (reference_*.py): every solution of every pawn preset and of the
positions along their games, random positions, every entry of the chase tables, and every
event of the searches."""

from __future__ import annotations

import numpy as np
import pytest
import reference_chase_solver as ref_chase
import reference_pawn_solver as ref_pawn
import reference_search as ref_search
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import complete_cases

from engine.errors import SearchTooLarge
from engine.games import chase, pawn
from engine.games.chase_solver import retrograde, solve_table
from engine.games.pawn_solver import solve
from engine.search import ALGORITHMS, VARIANTS, search_game, search_tree
from engine.tree import complete_tree

CAP = 80_000  # explored nodes, as on the pawn page
PRESETS = {
    "Sample 1": "4x4w:.ppp/..../.PPP/....",
    "Sample 2": "4x4w:...p/...p/pP.P/...P",
    "4 vs 4 start": "4x4w:pppp/..../..../PPPP",
    "Hexapawn 3x3": "3x3w:ppp/.../PPP",
    "5x5 start": "5x5w:ppppp/...../...../...../PPPPP",
}


def same(pos: pawn.PawnPosition) -> None:
    new, old = solve(pos), ref_pawn.solve(pos)
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


@pytest.mark.parametrize("name", list(PRESETS))
def test_pawn_presets_agree(name):
    same(pawn.from_code(PRESETS[name]))


@pytest.mark.parametrize("name", [n for n in PRESETS if not n.startswith("5x5")])
def test_pawn_positions_of_small_presets_agree(name):
    """Every position two plies into each 3x3/4x4 preset (and both sides to move)."""
    for p in positions_after(pawn.from_code(PRESETS[name]), 2):
        same(p)
        q = pawn.with_side(p, not p.white_to_move)
        if not pawn.problems(q) and pawn.winner_now(q) is None:
            same(q)


def test_pawn_5x5_start_lines_agree():
    """The positions after each of white's first moves on 5x5 (the old solver's slowest)."""
    start = pawn.from_code(PRESETS["5x5 start"])
    for mv in pawn.legal_moves(start)[:2]:
        same(pawn.play(start, mv))


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


# ---- the traced search: events identical to the old search's -------------------------
def same_run(new, old) -> None:
    assert new.value == old.value
    assert (new.leaves_evaluated, new.nodes_visited) == (old.leaves_evaluated, old.nodes_visited)
    for f in ("parent", "children", "values", "depth", "labels"):
        assert getattr(new.tree, f) == getattr(old.tree, f)
    assert new.states == old.states
    assert len(new.events) == len(old.events)
    for a, b in zip(new.events, old.events, strict=True):
        assert a == b and type(a) is type(b) and tuple(a.path) == tuple(b.path)
        assert vars(a).keys() == vars(b).keys()  # every field set, ``tag`` too


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["Sample 1", "Sample 2", "Hexapawn 3x3", "4 vs 4 start"])
def test_search_game_events_agree_on_pawn_presets(name, variant):
    pos = pawn.from_code(PRESETS[name])
    try:
        old = ref_search.search_game(pawn.PawnGame(), pos, None, variant=variant, max_nodes=CAP)
    except ref_search.SearchTooLarge:
        with pytest.raises(SearchTooLarge):
            search_game(pawn.PawnGame(), pos, None, variant=variant, max_nodes=CAP)
        return
    same_run(search_game(pawn.PawnGame(), pos, None, variant=variant, max_nodes=CAP), old)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_search_game_events_agree_on_the_chase(depth):
    pos = chase.ChasePosition(8, (1, 1), (6, 5))
    game = chase.ChaseGame(solve_table(pos.n))
    same_run(search_game(game, pos, depth), ref_search.search_game(game, pos, depth))


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
