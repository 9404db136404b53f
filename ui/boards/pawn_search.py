"""The pawn lab's search tab's own pieces: its depth control (a depth limit, or the whole
game), the words on where the evaluation scored the frontier, and the race table (its
frontier the evaluation: engine.games.pawn_eval). ui.boards.pawn_lab's tree_tab puts them
around the shared search tab (ui.boards.board_search)."""

from __future__ import annotations

import streamlit as st

from engine.errors import SearchError
from engine.games import pawn
from engine.games.pawn_eval import EvaluatedPawnGame
from engine.trace import SearchRun
from teach import i18n
from teach.engine_words import reason
from teach.evaluation_words import evaluation_text, frontier_words
from teach.i18n import N_, _
from ui.boards import board_algorithms as ba
from ui.common.link_codec import int_in
from ui.common.share import read_once

MAX_DEPTH = 10
WHOLE = N_("whole game")  # the option's value; shown translated
OPTIONS = (*range(1, MAX_DEPTH + 1), WHOLE)
GAME = EvaluatedPawnGame()  # the frontier of a depth-limited search is the evaluation
RACE_CAP = 60_000  # explored nodes of the race's full depth-limited tree


def depth_box(key: str) -> int | None:
    """The search's depth (plies), None for the whole game (the default); in the link as
    ``?depth=`` (absent: the whole game), read once per session."""
    got = read_once("depth", decode=int_in(1, MAX_DEPTH, N_("the depth")), what=N_("search depth"))
    if got is not None:
        st.session_state[key] = got
    if st.session_state.get(key) not in OPTIONS:
        st.session_state[key] = WHOLE
    depth = st.select_slider(
        _("Search depth (plies)"),
        OPTIONS,
        key=key,
        format_func=lambda d: _(d) if d == WHOLE else str(d),
        help=_(
            "A depth limit scores the positions it reaches undecided with the evaluation; "
            "the whole game searches to the end (exact)."
        ),
    )
    return None if depth == WHOLE else int(depth)


def about(depth: int | None) -> str:
    """How to read the tab."""
    tail = _(
        "A win at ply k scores 1000 − k, so the winner prefers fast wins and the loser slow "
        "losses. Grey: branches alpha-beta never had to look at; green: the best line."
    )
    if depth is None:
        return _("Alpha-beta from this position to the end of the game. {rest}", rest=tail)
    return _(
        "The search looks {depth} plies ahead. {evaluation} {rest}",
        depth=depth,
        evaluation=evaluation_text(),
        rest=tail,
    )


def frontier_caption(run: SearchRun, depth: int | None) -> None:
    """Where the evaluation scored a leaf, and where the game's end did."""
    st.caption(frontier_words(run, GAME, depth))


@st.cache_data(max_entries=16, show_spinner=False)
def raced(code: str, depth: int, lang: str) -> tuple[list[dict], str] | str:
    """The race table of the position searched ``depth`` plies deep, or why not, in
    ``lang`` (its words are part of the cached value)."""
    with i18n.use(lang):
        try:
            return ba.race_table_rows(GAME, pawn.from_code(code), depth, RACE_CAP)
        except SearchError as e:
            return reason(e)


def race(code: str, depth: int | None, key: str) -> None:
    """The race table under the tree: every algorithm on this position, same depth."""
    st.subheader(_("Race: every algorithm on this position"))
    if depth is None:
        st.info(_("The race runs with a depth limit: pick a depth above."))
        return
    with st.spinner(_("Racing the searches…")):
        got = raced(code, depth, i18n.current())
    ba.race_panel(got, key)
