"""The chase lab (CQOI 2013): place two pieces, see who wins, why, and play it out."""

import streamlit as st

from engine.games import chase
from teach.i18n import N_, _
from teach.play_words import chase_end_reason
from ui.boards import board_lab as bl
from ui.boards import board_links as bk
from ui.boards import chase_lab as cl
from ui.common.keys import CHASE as K
from ui.common.language import fragment
from ui.common.projector import page_header
from ui.common.share import publish, restore


def set_edit(edit: bl.ChaseEdit) -> None:
    st.session_state[K.pos] = edit.pos
    st.session_state.pop(K.game.session, None)


page_header(_("The chase"), preload=bl.search_files(K.tabs))
st.caption(
    _(
        "White steps one square up, down, left or right; black moves one or two squares in a "
        "straight line. Moving onto the other piece captures it. White moves first unless you "
        "say so."
    )
)
pos: chase.ChasePosition = restore(
    "c", decode=chase.from_code, default=cl.DEFAULT, what=N_("position"), state_key=K.pos
)
bk.restore_play(K, pos, cl.GAME, cl.reply, bk.chase_token, bl.MODES)
playing = bl.mode_switch(K.mode)


@fragment
def lab(playing: bool) -> None:
    """Everything a tap of the board changes, as a fragment: a tap, a preset or a control
    reruns this only, not the page's head (issue 21: each element a run sends costs a phone's
    browser a render). The mode switch, above it, reruns the page."""
    pos: chase.ChasePosition = st.session_state[K.pos]
    left, right = st.columns([6, 5], gap="large")
    with right:
        if not playing:
            pos, piece = cl.editor(pos, set_edit)
            with st.spinner(_("Solving every position of the {n}x{n} board…", n=pos.n)):
                sol = cl.solved(pos)
            cl.answer(pos, sol)
        else:
            game = bl.play_panel(
                K.game,
                pos,
                cl.GAME,
                cl.reply,
                cl.outcome,
                cl.HOW_TO_PLAY,
                ranked=cl.ranked,
                end_reason=chase_end_reason,
            )

    with left:
        if playing:
            cl.play_board(game)
        else:
            cl.edit_board(pos, sol, piece, set_edit)

    publish(
        c=chase.to_code(pos), **bk.play_params(game if playing else None, cl.GAME, bk.chase_token)
    )
    if playing:
        bk.drop_search()
        return

    bl.result_tabs(K.tabs, lambda: cl.line_tab(pos), lambda: cl.tree_tab(pos, sol))


lab(playing)
