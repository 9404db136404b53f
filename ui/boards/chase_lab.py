"""The chase page's blocks: the shared table, the editor, the boards, the two tabs.

The page (pages/chase.py) wires them together; the blocks shared with pawn chess are in
ui.boards.board_lab and ui.boards.board_search.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine.games import chase
from engine.games.chase_solver import (
    ChaseSolution,
    ChaseTable,
    best_move,
    solve_position,
    solve_table,
)
from engine.judge import chase_answer
from engine.play import PlaySession, click_move
from engine.search import SearchError
from engine.trace import Replayer, SearchRun
from ui.boards import board_algorithms as ba
from ui.boards import board_lab as bl
from ui.boards import board_search as bs
from ui.common.keys import CHASE as K
from viz.chase_board import chase_figure, chase_labels, chase_move_squares, chase_picture

PRESETS = {
    "2 1 1 2 2": "2-1.1-2.2-w",
    "3 1 1 3 3": "3-1.1-3.3-w",
    "3 1 1 1 2": "3-1.1-1.2-w",
    "20x20 corners": "20-1.1-20.20-w",
}
DEFAULT = bl.chase_from_code("8-2.2-7.6-w")
HOW_TO_PLAY = "Click the square your piece moves to (onto the other piece: capture)."
HEAT = ["No colours", "Black on every square", "White on every square"]
CYCLES = (
    "The chase has cycles: pieces can come back to squares they left, so a search that "
    "follows moves can run forever, and a depth-limited one cannot know what lies beyond its "
    "horizon. The exact answer comes from retrograde analysis: starting from every capture "
    "and working backwards over all positions at once. Here alpha-beta searches a few plies "
    "and scores the frontier with those exact values, so its root value agrees with the "
    "exact answer."
)


SEARCH_CAP = 60_000  # explored nodes of one search tab's run (or of the race's full tree)
GAME = chase.ChaseGame()  # for play against the engine: rules only


@st.cache_resource(max_entries=6, show_spinner=False)
def table(n: int) -> ChaseTable:
    """The retrograde table of the whole n x n board: the one cache of chase tables, shared
    by every session (the engine keeps none)."""
    return solve_table(n)


def solved(pos: chase.ChasePosition) -> ChaseSolution:
    """The exact solution of ``pos``, read from the shared table of its board."""
    return solve_position(pos, table(pos.n))


def reply(pos: chase.ChasePosition) -> chase.Move:
    """The engine's move when playing: perfect play from the shared table."""
    return best_move(pos, table(pos.n))


def outcome(pos: chase.ChasePosition) -> tuple[str | None, int]:
    """(winner, plies) of ``pos`` with perfect play."""
    sol = solved(pos)
    return sol.winner, sol.plies


@st.cache_resource(max_entries=16, show_spinner=False)
def searched(code: str, depth: int, algo: str = ba.ALPHABETA) -> tuple[SearchRun, Replayer] | str:
    """``algo`` (ui.boards.board_algorithms) to ``depth`` plies, the frontier scored exactly,
    and its replayer."""
    pos = bl.chase_from_code(code)
    try:
        run = ba.board_run(chase.ChaseGame(table(pos.n)), pos, depth, algo, SEARCH_CAP)
    except SearchError as e:
        return str(e)
    return run, Replayer(run)


@st.cache_data(max_entries=16, show_spinner="Racing the searches…")
def raced(code: str, depth: int) -> tuple[list[dict], str] | str:
    """The race table of the position searched ``depth`` plies deep, or why not."""
    pos = bl.chase_from_code(code)
    try:
        return ba.race_table_rows(chase.ChaseGame(table(pos.n)), pos, depth, SEARCH_CAP)
    except SearchError as e:
        return str(e)


def editor(
    pos: chase.ChasePosition, set_edit: Callable[[bl.ChaseEdit], None]
) -> tuple[chase.ChasePosition, str]:
    """Presets, board size, palette and side to move; returns (position, piece a click places)."""
    st.markdown("**Presets** (the statement's samples)")
    row = st.container(horizontal=True)
    for i, (name, code) in enumerate(PRESETS.items()):
        row.button(
            name,
            key=K.preset(i),
            on_click=set_edit,
            args=(bl.ChaseEdit(bl.chase_from_code(code)),),
        )
    big = st.checkbox("Allow big boards (up to 40x40)", key=K.big, value=pos.n > 20)
    top = 40 if big else 20
    n = st.slider("Board size n", 2, top, min(pos.n, top), key=K.size(bl.chase_code(pos)))
    if n != pos.n:
        w = (min(pos.white[0], n - 1), min(pos.white[1], n - 1))
        b = (n - 1, n - 1) if w != (n - 1, n - 1) else (0, 0)
        set_edit(bl.ChaseEdit(pos := chase.ChasePosition(n, w, b, pos.white_to_move)))
    c1, c2 = st.columns(2)
    piece = (
        c1.segmented_control(
            "A click places",
            ["black", "white"],
            default="black",
            format_func=str.title,
            key=K.piece,
        )
        or "black"
    )
    side = c2.segmented_control(
        "Side to move",
        ["White", "Black"],
        default="White" if pos.white_to_move else "Black",
        key=K.side(bl.chase_code(pos)),
    )
    if side and (side == "White") != pos.white_to_move:
        pos = chase.ChasePosition(pos.n, pos.white, pos.black, side == "White")
        set_edit(bl.ChaseEdit(pos))
    return pos, piece


def answer(pos: chase.ChasePosition, sol: ChaseSolution) -> None:
    """The verdict, every move, and the judge's input and answer."""
    bl.verdict(sol.winner, sol.plies)
    (r1, c1), (r2, c2) = pos.white, pos.black
    st.markdown("**Every move, best first** (fast wins, slow losses)")
    bl.move_table(pos.mover, sol.moves, K.moves)
    st.code(
        f"{pos.n} {r1 + 1} {c1 + 1} {r2 + 1} {c2 + 1}  →  {chase_answer(sol)}",
        language=None,
    )


def edit_board(
    pos: chase.ChasePosition,
    sol: ChaseSolution,
    piece: str,
    set_edit: Callable[[bl.ChaseEdit], None],
) -> None:
    """The editable board, optionally coloured with every square's outcome (the colour
    control goes under the board, so the board starts high on the page)."""
    board = st.container()
    heat = st.segmented_control("Colour the squares", HEAT, default=HEAT[1], key=K.heat)
    kw = {}
    if heat and heat != HEAT[0]:
        fixed = "white" if heat == HEAT[1] else "black"
        vals, _ = table(pos.n).heatmap(fixed, getattr(pos, fixed), 0 if pos.white_to_move else 1)
        kw = dict(
            heat=vals,
            heat_piece="black" if fixed == "white" else "white",
            longest=int(abs(vals).max()),
        )
    arrows = [chase_move_squares(pos, sol.pv[0])] if sol.pv else []
    fig = chase_figure(pos, arrows=arrows, **kw)
    with board:
        bl.clickable_board(
            K.board, fig, lambda sq: set_edit(bl.chase_click(bl.ChaseEdit(pos, piece), sq))
        )
    if kw:
        other = kw["heat_piece"]
        st.caption(
            f"Each number: plies to the capture if the {other} piece stood on that square "
            f"(the other piece stays put, {pos.mover.lower()} to move). Blue: black wins; "
            "orange: white wins — only next to white. The arrow is the best move."
        )


def play_board(game: PlaySession) -> None:
    """The board of a game against the engine: click the square to move to."""
    cur = game.position
    last = None
    if game.plies:
        prev = game.history[-2]
        mv = next(m for m in chase.legal_moves(prev) if chase.play(prev, m) == cur)
        last = chase_move_squares(prev, mv)

    def on_play(sq: int) -> None:
        ss = st.session_state
        s, _ = click_move(
            ss[K.game.session], None, divmod(sq, cur.n), GAME, reply, chase.move_target
        )
        ss[K.game.session] = s

    bl.clickable_board(K.board, chase_figure(cur, last=last), on_play)


def line_tab(pos: chase.ChasePosition, sol: ChaseSolution) -> None:
    """The best line: numbered plies and an animated board."""
    positions = [pos]
    for mv in sol.pv:
        positions.append(chase.play(positions[-1], mv))
    names = [chase.move_name(p, m) for p, m in zip(positions, sol.pv, strict=False)]
    pics = []
    for k, p in enumerate(positions):
        last = chase_move_squares(positions[k - 1], sol.pv[k - 1]) if k else None
        cap = "start" if k == 0 else f"ply {k}: {names[k - 1]}"
        pics.append(chase_picture(p, last=last, arrows=[last] if last else [], caption=cap))
    files, ranks = chase_labels(pos.n)
    words = f"{bl.verdict_words(sol.winner, sol.plies)} (judge: {chase_answer(sol)})"
    bl.best_line(K.line, K.line_plies, pics, names, words, files=files, ranks=ranks, frame_ms=500)


def tree_tab(pos: chase.ChasePosition, sol: ChaseSolution) -> None:
    """Depth-limited alpha-beta (frontier scored exactly) on the tree canvas."""
    depth = st.slider("Search depth (plies)", 1, 6, 3, key=K.depth)
    algo = ba.algo_box(K.algo, depth_limited=True)
    code = bl.chase_code(pos)
    with st.spinner("Searching…"):
        got = searched(code, depth, algo)
    bs.search_tab(
        K.search,
        got,
        token=ba.run_token((code, depth), algo),
        sides=("white", "black") if pos.white_to_move else ("black", "white"),
        exact=(sol.winner, sol.plies),
        exact_text=chase_answer(sol),
        searched_what=ba.searched_words(algo, depth),
        board=bl.chase_node_board,
        about=CYCLES,
    )
    st.subheader("Race: every algorithm on this position")
    ba.race_panel(raced(code, depth), K.race)
