"""Pawn chess: rules, text forms, the exact solver against independent searches, the judge CLI."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.game import WIN
from engine.games.pawn import (
    Move,
    PawnGame,
    PawnPosition,
    format_board,
    from_code,
    legal_moves,
    move_name,
    parse_board,
    play,
    problems,
    start,
    to_code,
    toggled,
    winner_now,
    with_cell,
)
from engine.games.pawn_solver import solve
from engine.judge import judge_pawn as cli_pawn

SAMPLE_IN = "2\n\n.ppp\n....\n.PPP\n....\n\n...p\n...p\npP.P\n...P\n"


# ---- an independent reference: rules on a grid of chars, (winner, plies) by plain recursion
def ref_moves(grid: tuple[str, ...], white: bool) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    me, them, dr = ("P", "p", -1) if white else ("p", "P", 1)
    out = []
    for r, line in enumerate(grid):
        for c, ch in enumerate(line):
            if ch != me or not 0 <= r + dr < len(grid):
                continue
            ahead = grid[r + dr]
            if ahead[c] == ".":
                out.append(((r, c), (r + dr, c)))
            for dc in (-1, 1):
                if 0 <= c + dc < len(line) and ahead[c + dc] == them:
                    out.append(((r, c), (r + dr, c + dc)))
    return out


def ref_play(grid: tuple[str, ...], frm: tuple[int, int], to: tuple[int, int]) -> tuple[str, ...]:
    rows = [list(line) for line in grid]
    rows[to[0]][to[1]] = rows[frm[0]][frm[1]]
    rows[frm[0]][frm[1]] = "."
    return tuple("".join(r) for r in rows)


def ref_solve(grid: tuple[str, ...], white: bool, memo: dict) -> tuple[str, int, dict]:
    """(winner, plies, {(from, to): (winner, plies)}) with its own rules and comparisons."""
    key = (grid, white)
    if key in memo:
        return memo[key]
    mover, other = ("white", "black") if white else ("black", "white")
    if "P" in grid[0]:
        res = ("white", 0, {})
    elif "p" in grid[-1]:
        res = ("black", 0, {})
    else:
        per = {}
        for frm, to in ref_moves(grid, white):
            w, n, _ = ref_solve(ref_play(grid, frm, to), not white, memo)
            per[(frm, to)] = (w, n + 1)
        if not per:
            res = (other, 0, {})
        else:
            wins = [n for w, n in per.values() if w == mover]
            res = (mover, min(wins), per) if wins else (other, max(n for _, n in per.values()), per)
    memo[key] = res
    return res


def plain_minimax(game: PawnGame, state: PawnPosition, max_side: str, ply: int = 0) -> int:
    """Un-memoised minimax over the Game protocol (scores WIN - ply)."""
    who = game.winner(state)
    if who is not None:
        return WIN - ply if who == max_side else -(WIN - ply)
    vals = [plain_minimax(game, game.play(state, m), max_side, ply + 1) for m in game.moves(state)]
    return max(vals) if game.to_move(state) == max_side else min(vals)


@st.composite
def positions(draw, sizes=((3, 3), (3, 4), (4, 3), (4, 4)), max_pawns=4):
    """Solvable positions: pawns of both sides, none on its goal rank, either side to move."""
    rows, cols = draw(st.sampled_from(sizes))
    squares = [(r, c) for r in range(rows) for c in range(cols)]
    white_sq = [(r, c) for r, c in squares if r != 0]
    chosen_w = draw(
        st.lists(st.sampled_from(white_sq), min_size=1, max_size=max_pawns, unique=True)
    )
    black_sq = [(r, c) for r, c in squares if r != rows - 1 and (r, c) not in chosen_w]
    chosen_b = draw(
        st.lists(st.sampled_from(black_sq), min_size=1, max_size=max_pawns, unique=True)
    )
    cells = ["."] * (rows * cols)
    for r, c in chosen_w:
        cells[r * cols + c] = "P"
    for r, c in chosen_b:
        cells[r * cols + c] = "p"
    return PawnPosition(rows, cols, "".join(cells), draw(st.booleans()))


def mirrored(pos: PawnPosition) -> PawnPosition:
    """Flip the board top to bottom and swap the colours and the side to move."""
    rows = [pos.row(r).swapcase() for r in reversed(range(pos.rows))]
    return PawnPosition(pos.rows, pos.cols, "".join(rows), not pos.white_to_move)


# ---- samples ---------------------------------------------------------------------------
def test_statement_samples():
    assert cli_pawn(SAMPLE_IN) == "white (7)\nblack (2)"


def test_cli_tolerates_blank_lines_whitespace_and_crlf():
    squashed = "2\n.ppp\n....\n.PPP\n....\n...p\n...p\npP.P\n...P"
    assert cli_pawn(squashed) == "white (7)\nblack (2)"
    roomy = "\n 2 \r\n\n\n.ppp  \r\n....\n.PPP\n....\n\n\n\n...p\n...p\npP.P\n...P\n\n\n"
    assert cli_pawn(roomy) == "white (7)\nblack (2)"
    assert cli_pawn("0\n") == ""


# ---- against independent searches ---------------------------------------------------
@settings(max_examples=250, deadline=None)
@given(positions())
def test_solve_matches_reference_including_every_move(pos):
    grid = tuple(pos.row(r) for r in range(pos.rows))
    winner, plies, per = ref_solve(grid, pos.white_to_move, {})
    sol = solve(pos)
    assert (sol.winner, sol.plies) == (winner, plies)
    got = {(m.from_sq, m.to_sq): (w, n) for m, _, w, n in sol.moves}
    assert got == per
    assert {(m.from_sq, m.to_sq) for m in legal_moves(pos)} == set(
        ref_moves(grid, pos.white_to_move)
    )
    assert [name for m, name, _, _ in sol.moves] == [move_name(pos, m) for m, *_ in sol.moves]
    # best first: wins fastest first, then losses slowest first
    mover = "white" if pos.white_to_move else "black"
    keys = [(0, n) if w == mover else (1, -n) for _, _, w, n in sol.moves]
    assert keys == sorted(keys)
    if sol.moves:
        assert (sol.moves[0][2], sol.moves[0][3]) == (sol.winner, sol.plies)
    else:
        assert sol.plies == 0 and sol.winner != mover


@settings(max_examples=150, deadline=None)
@given(positions(sizes=((3, 3),), max_pawns=3))
def test_solve_matches_plain_minimax_on_the_game_protocol(pos):
    game = PawnGame()
    sol = solve(pos)
    expect = WIN - sol.plies
    mover = "white" if pos.white_to_move else "black"
    assert game.to_move(pos) == mover
    assert plain_minimax(game, pos, mover) == (expect if sol.winner == mover else -expect)


@settings(max_examples=200, deadline=None)
@given(positions(sizes=((3, 3), (4, 4), (3, 5), (5, 3)), max_pawns=4))
def test_parity_pv_and_mirror(pos):
    sol = solve(pos)
    mover = "white" if pos.white_to_move else "black"
    assert (sol.plies % 2 == 1) == (sol.winner == mover)
    # the pv, replayed, decides the game after exactly `plies` plies, each step one closer
    assert len(sol.pv) == sol.plies
    cur = pos
    for k, mv in enumerate(sol.pv):
        assert winner_now(cur) is None
        assert mv in legal_moves(cur)
        assert solve(cur).plies == sol.plies - k
        cur = play(cur, mv)
    assert winner_now(cur) == sol.winner
    # colour symmetry: the mirrored position has the mirrored answer
    other = solve(mirrored(pos))
    assert other.plies == sol.plies
    assert other.winner == ("black" if sol.winner == "white" else "white")


def test_black_to_move_flips_parity():
    pos = from_code("4x4b:pppp/..../..../PPPP")
    sol = solve(pos)
    assert (sol.plies % 2 == 1) == (sol.winner == "black")
    assert sol.moves[0][1].endswith("3")  # a black pawn steps from rank 4 to rank 3


def test_start_position_is_solved_with_a_full_pv():
    pos = start()
    sol = solve(pos)
    assert sol.positions > 0 and len(sol.pv) == sol.plies
    assert len(sol.moves) == len(legal_moves(pos)) == 4


def test_hexapawn_is_a_win_for_the_second_player():
    # a well-known fact: 3x3 pawns-only chess (Hexapawn) is won by the side moving second
    assert solve(start(3, 3)).winner == "black"
    assert solve(PawnPosition(3, 3, "ppp...PPP", False)).winner == "white"


def test_decided_positions_solve_to_zero_plies():
    done = PawnPosition(4, 4, "P...........p...", False)  # white just reached the top
    assert winner_now(done) == "white"
    sol = solve(done)
    assert (sol.winner, sol.plies, sol.moves, sol.pv) == ("white", 0, (), ())
    blocked = parse_board("....\n.p..\n.P..\n....")  # white to move, no move: lost now
    assert legal_moves(blocked) == [] and winner_now(blocked) == "black"
    assert (solve(blocked).winner, solve(blocked).plies) == ("black", 0)
    both = PawnPosition(3, 3, "P.....p..", True)  # both on goal: the side that just moved
    assert winner_now(both) == "black" and legal_moves(both) == []


# ---- rules ---------------------------------------------------------------------------
def test_move_order_names_and_play():
    pos = parse_board("....\n....\np.p.\n.P..")
    names = [move_name(pos, m) for m in legal_moves(pos)]
    assert names == ["b1-b2", "b1xa2", "b1xc2"]
    after = play(pos, legal_moves(pos)[2])
    assert format_board(after) == "....\n....\np.P.\n...." and not after.white_to_move
    assert Move((3, 1), (2, 2), True) == legal_moves(pos)[2]
    assert [move_name(start(), m) for m in legal_moves(start())][0] == "a1-a2"


def test_problems_every_case():
    assert problems(start()) == []
    assert problems(parse_board("....\n.p..\n.P..\n....")) == []  # no legal move is fine
    (msg,) = problems(parse_board("P...\n.p..\n....\n...."))
    assert "already over" in msg and "white" in msg and "a4" in msg
    (msg,) = problems(parse_board("....\n.P..\n....\n..p."))
    assert "already over" in msg and "black" in msg and "c1" in msg
    assert problems(parse_board("....\n.p..\n....\n....")) == ["white has no pawns"]
    assert problems(parse_board("....\n....\n.P..\n....")) == ["black has no pawns"]
    assert any("2x4" in p for p in problems(PawnPosition(2, 4, "p......P")))
    assert any("9x3" in p for p in problems(PawnPosition(9, 3, "p.." + "." * 21 + ".P.")))
    assert len(problems(PawnPosition(3, 3, "........."))) == 2


def test_toggled_cycles_and_with_cell():
    pos = start()
    once = toggled(pos, 1, 2)
    assert once.at(1, 2) == "P"
    assert toggled(once, 1, 2).at(1, 2) == "p"
    assert toggled(toggled(once, 1, 2), 1, 2) == pos
    assert with_cell(pos, 0, 0, ".").cells == ".ppp" + "." * 8 + "PPPP"
    with pytest.raises(InputError, match="off the 4x4 board"):
        toggled(pos, 4, 0)
    with pytest.raises(InputError, match="unknown piece"):
        with_cell(pos, 0, 0, "K")
    with pytest.raises(InputError):
        PawnPosition(4, 4, "ppp")


def test_positions_are_hashable_and_immutable():
    assert len({start(), start(), toggled(start(), 1, 1)}) == 2
    with pytest.raises(AttributeError):
        start().cells = "x"  # type: ignore[misc]


# ---- text forms ------------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(positions(sizes=((3, 3), (4, 4), (3, 8), (8, 5))))
def test_round_trips(pos):
    assert parse_board(format_board(pos), pos.white_to_move) == pos
    assert from_code(to_code(pos)) == pos
    assert from_code(to_code(pos).replace("/", "")) == pos


def test_code_forms_and_errors():
    assert to_code(start()) == "4x4w:pppp/..../..../PPPP"
    assert from_code("pppp/..../..../PPPP") == start()
    assert from_code("b:ppp/.../PPP") == PawnPosition(3, 3, "ppp...PPP", False)
    for bad in [
        "",
        "4x4w:ppp",
        "4x4q:pppp/..../..../PPPP",
        "9x9w:" + "." * 81,
        "pppp....PPPP",
        "4x4w:pppp/..../..../PPP",
        "4x4w:pppp/..x./..../PPPP",
        "2x2w:pP..",
    ]:
        with pytest.raises(InputError, match="code|size"):
            from_code(bad)


def test_parse_board_errors_name_the_line():
    assert parse_board("\n\n...\n.p.\nP..\n\n") == PawnPosition(3, 3, "....p.P..")
    cases = [
        ("....\n..x.\n....", 2, "unknown character 'x'"),
        ("....\n...\n....", 2, "expected 4 characters"),
        ("....\n\n....\n....", 2, "blank line"),
        ("....\n....", 2, "3 to 8 rows"),
        (".........\n.........\n.........", 1, "3 to 8 squares"),
        ("\n\n", None, "no board"),
    ]
    for text, line, words in cases:
        with pytest.raises(InputError, match=words) as err:
            parse_board(text)
        assert err.value.line == line


# ---- judge CLI errors ------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, line, words",
    [
        ("two\n", 1, "number of cases"),
        ("\n-1\n", 2, "must not be negative"),
        ("", 1, "empty input"),
        ("2\n\n.ppp\n....\n.PPP\n....\n", 7, "input ended inside case 2"),
        ("1\n\n....\n.pp\n", 4, "expected 4 characters, got 3"),
        ("1\n\n..x.\n....\n....\n....\n", 3, "unknown character 'x'"),
        ("1\n\nP...\n.p..\n....\n....\n", 3, "already over"),
        ("1\n\n....\n....\n.P..\n....\n", 3, "black has no pawns"),
        ("1\n\n....\n.p..\n.P..\n....\n", 3, "white has no legal move"),
        ("1\n\n....\n.p..\n\n.P..\n....\n", 5, "blank line inside"),
        ("1\n\n.ppp\n....\n.PPP\n....\n\n....\n", 8, "unexpected text"),
    ],
)
def test_cli_errors(text, line, words):
    with pytest.raises(InputError, match=words) as err:
        cli_pawn(text)
    assert err.value.line == line
    assert str(err.value).startswith(f"line {line}: ")
