"""ui.boards.board_lab's plain helpers for the best line and the play panel."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games import chase, pawn
from engine.games.pawn import PawnGame
from engine.games.pawn_solver import solve
from engine.play import human_move, new_session
from ui.boards.board_lab import engine_reply, ply_rows, short_line

NAMES = st.lists(st.text("WBudlr x", min_size=1, max_size=8), max_size=60)


@settings(max_examples=200, deadline=None)
@given(NAMES)
def test_short_line_keeps_the_ends_and_says_how_many(names):
    line = short_line(names, head=4, tail=2)
    if len(names) <= 7:
        assert line == " → ".join(names)
    else:
        assert line.startswith(" → ".join(names[:4]) + " → … → ")
        assert line.endswith(" → ".join(names[-2:]) + f" ({len(names)} plies)")
        assert line.count(" → ") == 6


@settings(max_examples=100, deadline=None)
@given(NAMES)
def test_ply_rows_number_every_ply_and_alternate_sides(names):
    rows = ply_rows(names, ("White", "Black"))
    assert [r["ply"] for r in rows] == list(range(1, len(names) + 1))
    assert [r["move"] for r in rows] == names
    assert [r["side"] for r in rows] == [("White", "Black")[i % 2] for i in range(len(names))]
    assert all("side" not in r for r in ply_rows(names))


def test_engine_reply_names_the_engines_moves_since_the_persons_move():
    game = PawnGame()

    def reply(p):
        return solve(p).moves[0][0]

    start = pawn.from_code("4x4w:.ppp/..../.PPP/....")  # statement sample 1, white to move
    sess = new_session(start, "white", game, reply)
    assert sess.plies == 0 and engine_reply(sess, game) == []
    move = pawn.legal_moves(start)[0]
    after = human_move(sess, move, game, reply)
    assert after.plies == 2 and after.names[0] == pawn.move_name(start, move)
    assert engine_reply(after, game) == [after.names[1]]
    opened = new_session(start, "black", game, reply)  # the engine plays white and moves first
    assert opened.plies == 1 and engine_reply(opened, game) == [opened.names[0]]


def test_heat_caption_says_where_white_wins_in_each_mode():
    # In "White on every square" mode the caption said "only next to white" while the
    # orange squares surround the black piece (issue 12).
    from engine.games.chase_solver import solve_table
    from ui.boards.chase_lab import heat_caption

    pos = chase.ChasePosition(8, (1, 1), (6, 5))
    table = solve_table(8)
    for fixed, moving in (("white", "black"), ("black", "white")):
        vals, _ = table.heatmap(fixed, getattr(pos, fixed), 0)
        words = heat_caption(pos, fixed, vals)
        assert f"if the {moving} piece stood on that square" in words
        assert f"the {fixed} piece stays put" in words
        assert f"orange: white wins, only next to the {fixed} piece" in words
        fr, fc = getattr(pos, fixed)
        orange = [divmod(s, 8) for s, v in enumerate(vals.reshape(-1)) if v < 0]
        assert orange and all(abs(r - fr) + abs(c - fc) == 1 for r, c in orange)
    vals, _ = table.heatmap("white", pos.white, 1)  # black to move: white wins nowhere
    assert "no square where white wins" in heat_caption(
        chase.ChasePosition(8, (1, 1), (6, 5), False), "white", vals
    )


def _pawn_steps(cells: str, cols: int) -> dict[str, tuple[list[int], list[int]]]:
    """White's moves by hand: a step up onto an empty square, a capture up-left or up-right
    onto a black pawn; the pawns after each, by "from-to"."""
    out = {}
    for s, ch in enumerate(cells):
        if ch != "P" or s < cols:
            continue
        r, c = divmod(s, cols)
        for dc in (-1, 0, 1):
            if not 0 <= c + dc < cols:
                continue
            t = (r - 1) * cols + c + dc
            if cells[t] == ("." if dc == 0 else "p"):
                after = list(cells)
                after[s], after[t] = ".", "P"
                white = [i for i, x in enumerate(after) if x == "P"]
                out[f"{s}-{t}"] = (white, [i for i, x in enumerate(after) if x == "p"])
    return out


@settings(max_examples=150, deadline=None)
@given(st.text(".Pp", min_size=16, max_size=16))
def test_the_board_is_told_the_pawns_after_each_of_the_persons_moves(cells):
    from ui.boards import board_lab as bl
    from ui.boards.pawn_lab import RULES

    pos = pawn.PawnPosition(4, 4, cells, True)
    if pawn.problems(pos):
        return
    assert bl.moved(pos, RULES, 4) == _pawn_steps(cells, 4)


def test_the_board_is_told_the_pieces_after_each_chase_move_and_each_edit():
    from ui.boards import board_lab as bl
    from ui.boards.chase_lab import RULES

    n = 4
    for w in range(n * n):
        for b in range(n * n):
            if w == b:
                continue
            pos = chase.ChasePosition(n, divmod(w, n), divmod(b, n), True)
            want = {}
            r, c = divmod(w, n)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    t = (r + dr) * n + c + dc
                    want[f"{w}-{t}"] = ([t], [] if t == b else [b])
            assert bl.moved(pos, RULES, n) == want, (w, b)
            # the editor's taps: the palette's black piece to the square; onto white, a swap
            edit = bl.ChaseEdit(pos, "black")
            for t in range(n * n):
                got = RULES.pieces(bl.chase_click(edit, t).pos)
                assert got == ([b] if t == w else [w], [t]), (w, b, t)
