"""Pawn chess lab (UVA 10838): build a position by clicking, see who wins and why, play it."""

import streamlit as st

from engine.games import pawn
from teach.i18n import N_, _, ngettext
from teach.play_words import pawn_problem_words, verdict_words
from ui.boards import board_lab as bl
from ui.boards import board_links as bk
from ui.boards import pawn_lab as pl
from ui.common.keys import PAWN as K
from ui.common.language import fragment
from ui.common.plain_text import plain_text
from ui.common.projector import page_header
from ui.common.share import publish, restore
from viz.pawn_board import pawn_picture


def set_pos(pos: pawn.PawnPosition) -> None:
    st.session_state[K.pos] = pos
    st.session_state.pop(K.game.session, None)


page_header(_("Pawn chess"), preload=bl.search_files(K.tabs))
st.caption(
    _(
        "Pawns step one square forward or capture one square diagonally forward. White moves "
        "up, black down; reaching the far rank wins, and a side with no legal move loses."
    )
)
pos: pawn.PawnPosition = restore(
    "p", decode=pl.from_link, default=pl.DEFAULT, what=N_("position"), state_key=K.pos
)
playable = not pawn.problems(pos) and not bl.pawn_too_big(pos)
bk.restore_play(K, pos, pl.GAME, pl.reply, bk.pawn_token, bl.MODES, playable)
playing = bl.mode_switch(K.mode)


@fragment
def lab(playing: bool) -> None:
    """Everything a tap of the board changes, as a fragment: a tap, a preset or a control
    reruns this only, not the page's head (issue 21: each element a run sends costs a phone's
    browser a render). The mode switch, above it, reruns the page."""
    pos: pawn.PawnPosition = st.session_state[K.pos]
    left, right = st.columns([5, 6], gap="large")

    with right:
        if not playing:
            pos = pl.editor(pos, set_pos)
        bad = pawn_problem_words(pos)
        too_big = bl.pawn_too_big(pos)
        sol = None
        if bad:
            st.error(_("This position cannot be solved: {problems}.", problems="; ".join(bad)))
        elif too_big:
            st.warning(too_big)
        elif not playing:
            with st.spinner(_("Solving every reachable position…")):
                sol = pl.solved(pawn.to_code(pos))
            bl.verdict(
                sol.winner,
                sol.plies,
                ngettext(
                    "Exact: {n:,} position solved.", "Exact: {n:,} positions solved.", sol.positions
                ),
                _("**Every move, best first** (fast wins, slow losses)"),
            )
            bl.move_table("white" if pos.white_to_move else "black", sol.moves, "pawn.moves")
        if playing and not bad and not too_big:
            game = bl.play_panel(
                K.game,
                pos,
                pl.GAME,
                pl.reply,
                pl.outcome,
                pl.HOW_TO_PLAY,
                ranked=pl.ranked,
                end_reason=pl.end_reason,
            )
        elif playing:
            st.info(_("Fix the position in edit mode to play it."))

    with left:
        if playing and not bad and not too_big:
            pl.play_board(game)
        else:
            best = sol.pv[:1] if sol and sol.pv else ()
            cap = _("arrow: the best move") if best else ""
            pic = pawn_picture(pos, arrows=best, caption=cap)
            say = verdict_words(sol.winner, sol.plies) if sol else ""
            bl.edit_board(
                K.board,
                pl.spec(pos),
                pic,
                ver=pawn.to_code(pos),
                say=say,
                on_square=lambda sq: set_pos(bl.pawn_click(pos, sq)),
                after=pl.edit_after(pos),
            )
        shown = game.position if playing and not bad and not too_big else pos
        plain_text(pawn.format_board(shown), key=K.text)

    played = game if playing and not bad and not too_big else None
    publish(p=pawn.to_code(pos), **bk.play_params(played, pl.GAME, bk.pawn_token))
    if sol is None or playing:
        bk.drop_search()
        return

    bl.result_tabs(K.tabs, lambda: pl.line_tab(pos, sol), lambda: pl.tree_tab(pos, sol))


lab(playing)
