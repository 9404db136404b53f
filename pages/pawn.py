"""Pawn chess lab (UVA 10838): build a position by clicking, see who wins and why, play it."""

import streamlit as st

from engine import pawn
from engine.pawn_solve import solve
from engine.play import click_move, pawn_from, pawn_rules, pawn_target
from engine.search import SearchError, search_game
from engine.trace import Replayer, SearchRun
from ui import board_lab as bl
from ui import board_search as bs
from ui.share import publish, restore
from viz.board import pawn_figure, pawn_files, pawn_picture, pawn_ranks

PRESETS = {
    "Sample 1": "4x4w:.ppp/..../.PPP/....",
    "Sample 2": "4x4w:...p/...p/pP.P/...P",
    "4 vs 4 start": "4x4w:pppp/..../..../PPPP",
    "Hexapawn 3x3": "3x3w:ppp/.../PPP",
    "5x5 start": "5x5w:ppppp/...../...../...../PPPPP",
}
DEFAULT = pawn.from_code(PRESETS["4 vs 4 start"])
SEARCH_CAP = 80_000  # explored nodes; the 4-vs-4 start needs about 37,000


@st.cache_data(max_entries=512, show_spinner=False)
def solved(code: str):
    return solve(pawn.from_code(code))


@st.cache_resource(max_entries=8, show_spinner=False)
def searched(code: str) -> tuple[SearchRun, Replayer] | str:
    """Alpha-beta over the whole game from ``code`` and its replayer (shared by sessions)."""
    pos = pawn.from_code(code)
    try:
        run = search_game(pawn.PawnGame(pos), pos, None, max_nodes=SEARCH_CAP)
    except SearchError as e:
        return str(e)
    return run, Replayer(run)


def outcome(pos: pawn.PawnPosition) -> tuple[str | None, int]:
    sol = solved(pawn.to_code(pos))
    return sol.winner, sol.plies


def set_pos(pos: pawn.PawnPosition) -> None:
    st.session_state.pawn_pos = pos
    st.session_state.pop("pawn_game_session", None)


st.title("Pawn chess")
st.caption(
    "Pawns step one square forward or capture one square diagonally forward. White moves up, "
    "black down; reaching the far rank wins, and a side with no legal move loses."
)
pos: pawn.PawnPosition = restore(
    "p", decode=pawn.from_code, default=DEFAULT, what="position", state_key="pawn_pos"
)
rules = pawn_rules(lambda p: solved(pawn.to_code(p)))
mode = (
    st.segmented_control(
        "Board",
        ["Edit the position", "Play against the engine"],
        default="Edit the position",
        key="pawn_mode",
    )
    or "Edit the position"
)
playing = mode.startswith("Play")
left, right = st.columns([5, 6], gap="large")

with right:
    if not playing:
        st.markdown("**Presets**")
        row = st.container(horizontal=True)
        for i, (name, code) in enumerate(PRESETS.items()):
            row.button(
                name,
                key=f"pawn_preset_{i}",
                on_click=set_pos,
                args=(pawn.from_code(code),),
            )
        c1, c2 = st.columns(2)
        sizes = [3, 4, 5]
        size = c1.segmented_control(
            "Board size",
            sizes,
            default=pos.rows if pos.rows == pos.cols else None,
            format_func=lambda n: f"{n}x{n}",
            key=f"pawn_size_{pawn.to_code(pos)}",
        )
        if size and size != pos.rows:
            set_pos(pos := pawn.start(size, size))
        side = c2.segmented_control(
            "Side to move",
            ["White", "Black"],
            default="White" if pos.white_to_move else "Black",
            key=f"pawn_side_{pawn.to_code(pos)}",
        )
        if side and (side == "White") != pos.white_to_move:
            set_pos(pos := pawn.with_side(pos, side == "White"))
        st.caption("Click a square: empty → white pawn → black pawn → empty.")
    bad = pawn.problems(pos)
    too_big = bl.pawn_too_big(pos)
    sol = None
    if bad:
        st.error("This position cannot be solved: " + "; ".join(bad) + ".")
    elif too_big:
        st.warning(too_big)
    elif not playing:
        with st.spinner("Solving every reachable position…"):
            sol = solved(pawn.to_code(pos))
        bl.verdict(
            sol.winner,
            sol.plies,
            f"Exact: {sol.positions:,} position{'s' * (sol.positions != 1)} solved.",
        )
        st.markdown("**Every move, best first** (fast wins, slow losses)")
        bl.move_table("white" if pos.white_to_move else "black", sol.moves, "pawn_moves")
    if playing and not bad and not too_big:
        game = bl.play_panel("pawn_game", pos, rules, outcome)
    elif playing:
        st.info("Fix the position in edit mode to play it.")

with left:
    if playing and not bad and not too_big:
        sel = st.session_state.get("pawn_selected")
        cur = game.position
        last = None
        if game.plies:
            prev = game.history[-2]
            last = next(m for m in pawn.legal_moves(prev) if pawn.play(prev, m) == cur)

        def on_play(sq: int) -> None:
            s, new_sel = click_move(
                st.session_state.pawn_game_session,
                st.session_state.get("pawn_selected"),
                divmod(sq, cur.cols),
                rules,
                pawn_target,
                pawn_from,
            )
            st.session_state.pawn_game_session = s
            st.session_state.pawn_selected = new_sel

        fig = pawn_figure(cur, px=400, last=last, selected=sel)
        bl.clickable_board("pawn_board", fig, on_play)
    else:
        best = sol.pv[:1] if sol and sol.pv else ()
        fig = pawn_figure(pos, px=400, arrows=best, caption="arrow: the best move" if best else "")
        bl.clickable_board("pawn_board", fig, lambda sq: set_pos(bl.pawn_click(pos, sq)))
    st.code(pawn.format_board(pos), language=None)

publish(p=pawn.to_code(pos))
if sol is None or playing:
    st.stop()

line_tab, tree_tab = st.tabs(
    ["The best line", "The search tree"], key="pawn_tabs", on_change="rerun"
)
if line_tab.open:
    with line_tab:
        positions, pics = [pos], []
        for mv in sol.pv:
            positions.append(pawn.play(positions[-1], mv))
        names = [pawn.move_name(p, m) for p, m in zip(positions, sol.pv, strict=False)]
        for k, p in enumerate(positions):
            last = sol.pv[k - 1] if k else None
            cap = "start" if k == 0 else f"ply {k}: {names[k - 1]}"
            pics.append(pawn_picture(p, last=last, arrows=[last] if last else [], caption=cap))
        words = bl.verdict_words(sol.winner, sol.plies)
        bl.best_line("pawn_line", pics, names, words, files=pawn_files(pos), ranks=pawn_ranks(pos))
if tree_tab.open:
    with tree_tab:
        st.caption(
            "Alpha-beta from this position to the end of the game. A win at ply k scores "
            "1000 − k, so the winner prefers fast wins and the loser slow losses. Grey: "
            "branches alpha-beta never had to look at; green: the best line."
        )
        code = pawn.to_code(pos)
        with st.spinner("Alpha-beta is searching the whole game…"):
            got = searched(code)
        bs.search_tab(
            "pawn_search",
            got,
            token=code,
            sides=("white", "black") if pos.white_to_move else ("black", "white"),
            exact=(sol.winner, sol.plies),
            exact_text=bl.verdict_words(sol.winner, sol.plies),
            searched_what="Alpha-beta, whole game",
            board=bl.pawn_node_board,
        )
