"""The chase page's blocks: the shared table, the editor, the boards, the two tabs.

The page (pages/chase.py) wires them together; the blocks shared with pawn chess are in
ui.boards.board_lab and ui.boards.board_search.
"""

from __future__ import annotations

from collections.abc import Callable

import plotly.graph_objects as go
import streamlit as st

from engine.games import chase
from engine.games.chase_solver import solve_table
from engine.play import PlaySession, Rules, chase_target, click_move
from engine.search import SearchError, search_game
from engine.trace import Replayer, SearchRun
from ui.boards import board_lab as bl
from ui.boards import board_search as bs
from viz.board import animated_figure
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


@st.cache_resource(max_entries=6, show_spinner=False)
def table(n: int):
    """The retrograde table of the whole n x n board (shared by every session)."""
    return solve_table(n)


def solved(pos: chase.ChasePosition) -> chase.ChaseSolution:
    """The exact solution of ``pos`` (after the shared table of its board is built)."""
    table(pos.n)
    return chase.solve_position(pos)


def outcome(pos: chase.ChasePosition) -> tuple[str | None, int]:
    """(winner, plies) of ``pos`` with perfect play."""
    sol = solved(pos)
    return sol.winner, sol.plies


@st.cache_resource(max_entries=16, show_spinner=False)
def searched(code: str, depth: int) -> tuple[SearchRun, Replayer] | str:
    """Alpha-beta to ``depth`` plies, the frontier scored exactly, and its replayer."""
    pos = bl.chase_from_code(code)
    table(pos.n)
    try:
        run = search_game(chase.ChaseGame.for_root(pos), pos, depth, max_nodes=60_000)
    except SearchError as e:
        return str(e)
    return run, Replayer(run)


def editor(
    pos: chase.ChasePosition, set_edit: Callable[[bl.ChaseEdit], None]
) -> tuple[chase.ChasePosition, str]:
    """Presets, board size, palette and side to move; returns (position, piece a click places)."""
    st.markdown("**Presets** (the statement's samples)")
    row = st.container(horizontal=True)
    for i, (name, code) in enumerate(PRESETS.items()):
        row.button(
            name,
            key=f"chase_preset_{i}",
            on_click=set_edit,
            args=(bl.ChaseEdit(bl.chase_from_code(code)),),
        )
    big = st.checkbox("Allow big boards (up to 40x40)", key="chase_big", value=pos.n > 20)
    top = 40 if big else 20
    n = st.slider("Board size n", 2, top, min(pos.n, top), key=f"chase_n_{bl.chase_code(pos)}")
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
            key="chase_piece",
        )
        or "black"
    )
    side = c2.segmented_control(
        "Side to move",
        ["White", "Black"],
        default="White" if pos.white_to_move else "Black",
        key=f"chase_side_{bl.chase_code(pos)}",
    )
    if side and (side == "White") != pos.white_to_move:
        pos = chase.ChasePosition(pos.n, pos.white, pos.black, side == "White")
        set_edit(bl.ChaseEdit(pos))
    return pos, piece


def answer(pos: chase.ChasePosition, sol: chase.ChaseSolution) -> None:
    """The verdict, every move, and the judge's input and answer."""
    bl.verdict(sol.winner, sol.plies)
    (r1, c1), (r2, c2) = pos.white, pos.black
    st.markdown("**Every move, best first** (fast wins, slow losses)")
    bl.move_table(pos.mover, sol.moves, "chase_moves")
    st.code(
        f"{pos.n} {r1 + 1} {c1 + 1} {r2 + 1} {c2 + 1}  →  {chase.judge_answer(sol)}",
        language=None,
    )


def edit_board(
    pos: chase.ChasePosition,
    sol: chase.ChaseSolution,
    piece: str,
    set_edit: Callable[[bl.ChaseEdit], None],
) -> None:
    """The editable board, optionally coloured with every square's outcome (the colour
    control goes under the board, so the board starts high on the page)."""
    board = st.container()
    heat = st.segmented_control("Colour the squares", HEAT, default=HEAT[1], key="chase_heat")
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
            "chase_board", fig, lambda sq: set_edit(bl.chase_click(bl.ChaseEdit(pos, piece), sq))
        )
    if kw:
        other = kw["heat_piece"]
        st.caption(
            f"Each number: plies to the capture if the {other} piece stood on that square "
            f"(the other piece stays put, {pos.mover.lower()} to move). Blue: black wins; "
            "orange: white wins — only next to white. The arrow is the best move."
        )


def play_board(game: PlaySession, rules: Rules) -> None:
    """The board of a game against the engine: click the square to move to."""
    cur = game.position
    last = None
    if game.plies:
        prev = game.history[-2]
        mv = next(m for m in chase.legal_moves(prev) if chase.play(prev, m) == cur)
        last = chase_move_squares(prev, mv)

    def on_play(sq: int) -> None:
        s, _ = click_move(
            st.session_state.chase_game_session, None, divmod(sq, cur.n), rules, chase_target
        )
        st.session_state.chase_game_session = s

    bl.clickable_board("chase_board", chase_figure(cur, last=last), on_play)


@st.cache_resource(max_entries=16, show_spinner=False)
def line_parts(code: str) -> tuple[go.Figure, list[str], str]:
    """The best line of the position ``code``: its animated board, the plies' names and the
    verdict. Built once per position and shared by every session (on a 40 x 40 board the
    animation is most of a page run; st.plotly_chart only reads the figure)."""
    pos = bl.chase_from_code(code)
    sol = solved(pos)
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
    words = f"{bl.verdict_words(sol.winner, sol.plies)} (judge: {chase.judge_answer(sol)})"
    return animated_figure(pics, files=files, ranks=ranks, frame_ms=500), names, words


def line_tab(pos: chase.ChasePosition) -> None:
    """The best line: numbered plies and an animated board."""
    fig, names, words = line_parts(bl.chase_code(pos))
    bl.best_line("chase_line", fig, names, words)


def tree_tab(pos: chase.ChasePosition, sol: chase.ChaseSolution) -> None:
    """Depth-limited alpha-beta (frontier scored exactly) in the step player."""
    depth = st.slider("Search depth (plies)", 1, 6, 3, key="chase_depth")
    code = bl.chase_code(pos)
    with st.spinner("Searching…"):
        got = searched(code, depth)
    bs.search_tab(
        "chase_search",
        got,
        token=(code, depth),
        sides=("white", "black") if pos.white_to_move else ("black", "white"),
        exact=(sol.winner, sol.plies),
        exact_text=chase.judge_answer(sol),
        searched_what=f"Alpha-beta, {depth} pl{'y' if depth == 1 else 'ies'} deep",
        board=bl.chase_node_board,
        about=CYCLES,
    )
