"""The chase: statement samples and facts, an independent plain-Python solver, pv replays,
heatmaps, the Game adapter and parse errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.game import WIN
from engine.games.chase import (
    ChaseGame,
    ChasePosition,
    from_code,
    legal_moves,
    move_name,
    play,
    to_code,
)
from engine.games.chase_solver import solve_position as _solve_position
from engine.games.chase_solver import solve_table
from engine.judge import chase_answer as judge_answer
from engine.judge import judge_chase as cli_chase
from engine.judge import parse_chase_case as parse_case
from engine.search import search_game

_TABLES: dict = {}  # the tests' own tables, one per board size (the engine keeps none)


def table_of(n: int):
    if n not in _TABLES:
        _TABLES[n] = solve_table(n)
    return _TABLES[n]


def solve_position(pos: ChasePosition):
    return _solve_position(pos, table_of(pos.n))


def squares(n: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(n) for c in range(n)]


# ---- statement samples and facts ---------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "answer"),
    [("2 1 1 2 2", "BLACK 2"), ("3 1 1 3 3", "BLACK 6"), ("3 1 1 1 2", "WHITE 1")],
)
def test_samples(line: str, answer: str) -> None:
    assert cli_chase(line) == answer


def test_known_20x20_corners() -> None:
    assert cli_chase("20 1 1 20 20") == "BLACK 56"


def test_cli_many_cases_blank_lines_and_whitespace() -> None:
    text = "\n2 1 1 2 2\n\n  3 1 1 3 3   \n3 1 1 1 2\n\n"
    assert cli_chase(text) == "BLACK 2\nBLACK 6\nWHITE 1"


@pytest.mark.parametrize("n", range(2, 7))
def test_white_wins_in_one_exactly_when_adjacent(n: int) -> None:
    table = solve_table(n)
    for w in squares(n):
        for b in squares(n):
            if w == b:
                continue
            winner, plies = table.lookup(ChasePosition(n, w, b))
            adjacent = abs(w[0] - b[0]) + abs(w[1] - b[1]) == 1
            if adjacent:
                assert (winner, plies) == ("WHITE", 1)
            else:
                assert winner == "BLACK" and plies % 2 == 0 and plies >= 2
    assert judge_answer(solve_position(ChasePosition(n, (0, 0), (0, 1)))) == "WHITE 1"


# ---- an independent solver: plain-Python forward value iteration ---------------------------


def _ref_moves(n: int, side: int, w: tuple[int, int], b: tuple[int, int]):
    """(new white, new black, captured) for every move, written from the rules."""
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if side == 1:
        steps = steps + [(2 * dr, 2 * dc) for dr, dc in steps]
    me, other = (w, b) if side == 0 else (b, w)
    for dr, dc in steps:
        t = (me[0] + dr, me[1] + dc)
        if 0 <= t[0] < n and 0 <= t[1] < n:
            yield (t, b, t == b) if side == 0 else (w, t, t == w)


def reference_values(n: int) -> dict[tuple[int, tuple, tuple], tuple[int, int]]:
    """{(side, w, b): (outcome for the mover, plies)} by depth-limited negamax with distance to
    mate, deepened one ply at a time until nothing changes (a draw stays 0)."""
    big = 10_000
    states = [(s, w, b) for s in (0, 1) for w in squares(n) for b in squares(n) if w != b]
    val = dict.fromkeys(states, 0)  # V_0: nothing known
    while True:
        new = {}
        for s, w, b in states:
            best = -big
            for w2, b2, cap in _ref_moves(n, s, w, b):
                if cap:
                    v = big - 1
                else:
                    t = val[(1 - s, w2, b2)]
                    v = -(t - 1) if t > 0 else (-t - 1 if t < 0 else 0)
                best = max(best, v)
            new[(s, w, b)] = best
        if new == val:
            break
        val = new
    return {
        k: (0, -1) if v == 0 else ((1, big - v) if v > 0 else (-1, big + v)) for k, v in val.items()
    }


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_table_matches_independent_solver(n: int) -> None:
    ref = reference_values(n)
    table = solve_table(n)
    for (s, w, b), (o, p) in ref.items():
        wi, bi = w[0] * n + w[1], b[0] * n + b[1]
        assert (int(table.outcome[s, wi, bi]), int(table.plies[s, wi, bi])) == (o, p), (s, w, b)
    diag = np.arange(n * n)
    assert (table.outcome[:, diag, diag] == 0).all() and (table.plies[:, diag, diag] == -1).all()


# ---- solutions, pv, ranked moves -----------------------------------------------------------


@st.composite
def positions(draw, max_n: int = 12) -> ChasePosition:
    n = draw(st.integers(2, max_n))
    w = (draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)))
    b = draw(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda sq: sq != w))
    return ChasePosition(n, w, b, draw(st.booleans()))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_pv_and_move_values_agree_with_table(pos: ChasePosition) -> None:
    table = solve_table(pos.n)
    sol = solve_position(pos)
    assert (sol.winner, sol.plies) == table.lookup(pos)
    assert sol.winner is not None  # no draws on these boards
    # The pv captures after exactly `plies` plies, and only its last move captures.
    cur = pos
    for i, m in enumerate(sol.pv):
        assert not cur.captured
        cur = play(cur, m)
        if i < len(sol.pv) - 1:
            assert table.lookup(cur) == (sol.winner, sol.plies - i - 1)
    assert cur.captured and len(sol.pv) == sol.plies
    assert ("BLACK" if cur.white_to_move else "WHITE") == sol.winner
    # Every legal move is listed once, with its own exact value; the first is the best.
    assert sorted(m for m, *_ in sol.moves) == sorted(legal_moves(pos))
    for m, name, winner, plies in sol.moves:
        assert name == move_name(pos, m)
        after = play(pos, m)
        if after.captured:
            assert (winner, plies) == (pos.mover, 1) and name.endswith(" x")
        else:
            w2, p2 = table.lookup(after)
            assert (winner, plies) == (w2, p2 + 1)
    assert sol.moves[0][2:] == (sol.winner, sol.plies)
    assert sol.pv[0] == sol.moves[0][0]


def test_move_names_and_order() -> None:
    pos = ChasePosition(5, (2, 2), (2, 4), white_to_move=False)
    names = [move_name(pos, m) for m in legal_moves(pos)]
    assert names == ["B up", "B down", "B left", "B up 2", "B down 2", "B left 2 x"]
    pos = ChasePosition(5, (0, 0), (1, 0))
    assert [move_name(pos, m) for m in legal_moves(pos)] == ["W down x", "W right"]
    with pytest.raises(ValueError):
        play(pos, (-1, 0))


def test_captured_position_is_final() -> None:
    pos = play(ChasePosition(3, (0, 0), (0, 1)), (0, 1))
    assert pos.captured and legal_moves(pos) == []
    sol = solve_position(pos)
    assert (sol.winner, sol.plies, sol.moves, sol.pv) == ("WHITE", 0, [], [])


# ---- the table: read-only, cached, heatmaps ---------------------------------------------------


def test_table_is_read_only_range_checked_and_not_cached_by_the_engine() -> None:
    t = solve_table(6)
    assert solve_table(6) is not t  # the caller keeps its tables: one cache, in ui
    assert not hasattr(solve_table, "cache_clear")
    import engine.games.chase_solver as solver

    assert not [f for f in vars(solver).values() if hasattr(f, "cache_clear")]
    assert t.outcome.shape == (2, 36, 36) and t.plies.dtype == np.int16
    with pytest.raises(ValueError):
        t.outcome[0, 0, 1] = 0
    for bad in (1, 41, 0, -3, 2.5, "4", True):
        with pytest.raises(InputError):
            solve_table(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("side", [0, 1])
def test_heatmaps_agree_with_lookup(side: int) -> None:
    n = 7
    t = solve_table(n)
    for fixed in [(0, 0), (3, 2), (6, 5)]:
        bvals, bocc = t.heatmap("white", fixed, side)
        wvals, wocc = t.heatmap("black", fixed, side)
        assert bocc.sum() == 1 and bocc[fixed] and wocc[fixed]
        assert bvals[fixed] == 0 and wvals[fixed] == 0
        for sq in squares(n):
            if sq == fixed:
                continue
            for vals, pos in (
                (bvals, ChasePosition(n, fixed, sq, side == 0)),
                (wvals, ChasePosition(n, sq, fixed, side == 0)),
            ):
                winner, plies = t.lookup(pos)
                assert vals[sq] == (plies if winner == "BLACK" else -plies)
    with pytest.raises(ValueError):
        t.heatmap("white", (7, 0), 0)


# ---- the Game -------------------------------------------------------------------------------


def _minimax(game: ChaseGame, state: ChasePosition, max_side: str, ply: int, depth: int) -> int:
    """Plain minimax on the Game protocol with the table's results at the depth limit."""
    who = game.winner(state)
    if who is not None:
        return WIN - ply if who == max_side else -(WIN - ply)
    if depth == 0:
        who, togo = game.frontier(state)
        if who is None:
            return 0
        return WIN - ply - togo if who == max_side else -(WIN - ply - togo)
    vals = [
        _minimax(game, game.play(state, m), max_side, ply + 1, depth - 1) for m in game.moves(state)
    ]
    return max(vals) if game.to_move(state) == max_side else min(vals)


@settings(max_examples=40, deadline=None)
@given(positions(max_n=9), st.integers(0, 3))
def test_game_search_reproduces_exact_value(pos: ChasePosition, depth: int) -> None:
    game = ChaseGame(table_of(pos.n))
    winner, plies = table_of(pos.n).lookup(pos)
    expected = WIN - plies if winner == pos.mover else -(WIN - plies)
    assert _minimax(game, pos, game.to_move(pos), 0, depth) == expected
    assert search_game(game, pos, depth).value == expected


def test_game_sides_winner_and_names() -> None:
    pos = ChasePosition(4, (1, 1), (1, 3), white_to_move=False)
    game = ChaseGame()
    after = game.play(pos, (0, -2))
    assert game.to_move(pos) == "black" and game.to_move(after) == "white"
    assert game.winner(pos) is None and game.winner(after) == "black"
    assert game.moves(after) == []
    assert game.move_name(pos, (0, -2)) == "B left 2 x"
    assert game.frontier(pos) == (None, 0)  # no table: nothing known
    assert ChaseGame(table_of(4)).frontier(pos) == ("black", 1)


def test_bad_positions_are_input_errors() -> None:
    for args in [
        (1, (0, 0), (0, 0)),
        (41, (0, 0), (1, 1)),
        (3, (3, 0), (0, 0)),
        (3, (1, 1), (1, 1)),
    ]:
        with pytest.raises(InputError):
            ChasePosition(*args)
    with pytest.raises(InputError):
        play(ChasePosition(3, (0, 0), (2, 2)), (-1, 0))
    with pytest.raises(InputError):
        table_of(3).lookup(ChasePosition(3, (0, 0), (0, 0), True, True))
    with pytest.raises(InputError):
        solve_position_with_wrong_table()
    with pytest.raises(InputError):
        ChaseGame(table_of(3)).frontier(ChasePosition(4, (0, 0), (3, 3)))


def solve_position_with_wrong_table() -> None:
    _solve_position(ChasePosition(4, (0, 0), (3, 3)), table_of(3))


# ---- parse errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3 1 1 3", "line 1: expected 5 numbers `n r1 c1 r2 c2`, got 4"),
        ("\n3 1 1 3 3 1", "line 2: expected 5 numbers `n r1 c1 r2 c2`, got 6"),
        ("3 1 1 3 3\n3 a 1 3 3", "line 2: r1 must be an integer, got 'a'"),
        ("3 1 1 3 3.0", "line 1: c2 must be an integer, got '3.0'"),
        ("1 1 1 1 1", "line 1: board size n must be between 2 and 40, got 1"),
        ("41 1 1 2 2", "line 1: board size n must be between 2 and 40, got 41"),
        ("\n\n3 0 1 3 3", "line 3: white square (0, 1) is off the 3 x 3 board"),
        ("3 1 1 3 4", "line 1: black square (3, 4) is off the 3 x 3 board"),
        ("4 2 2 2 2", "line 1: both pieces on one square (2, 2)"),
        ("\n  \n", "line 1: no cases: expected lines `n r1 c1 r2 c2`"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        cli_chase(text)
    assert str(err.value) == message


def test_parse_case_is_one_based() -> None:
    assert parse_case(" 5 1 2 5 4 ", 7) == ChasePosition(5, (0, 1), (4, 3), True)


# ---- the share code ------------------------------------------------------------------------
def test_the_code_is_one_based_like_the_judge():
    assert to_code(ChasePosition(20, (0, 0), (19, 19))) == "20-1.1-20.20-w"
    assert from_code(" 8-2.2-7.6-b ") == ChasePosition(8, (1, 1), (6, 5), False)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), st.data())
def test_the_code_round_trips(n, data):
    sq = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    w, b = data.draw(sq), data.draw(sq)
    if w == b:
        return
    pos = ChasePosition(n, w, b, data.draw(st.booleans()))
    assert from_code(to_code(pos)) == pos


@pytest.mark.parametrize(
    "code", ["", "20-1.1-20.20", "1-1.1-1.1-w", "41-1.1-2.2-w", "3-1.1-1.1-w", "3-4.1-1.1-b", "x"]
)
def test_bad_codes_raise_input_error(code):
    with pytest.raises(InputError):
        from_code(code)
