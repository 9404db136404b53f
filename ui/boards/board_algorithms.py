"""A board lab's search tab: its algorithm menu (the names and runs are
:mod:`engine.algorithms`', the words :mod:`teach.algorithms`') and the race table of the
position (engine.race.race_position).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.algorithms import ALPHABETA, DEPTH_LIMITED, ESTIMATES, WHOLE_GAME
from engine.race import race_position
from teach.algorithms import BOARD_HELP, BOARD_LABELS
from teach.i18n import N_, _
from teach.search_words import race_summary
from ui.common.link_codec import choice
from ui.common.share import publish, restore
from ui.common.table import show_table
from ui.tree.algorithm_choice import algorithm_menu
from ui.tree.race_panel import COLUMNS, race_rows


def run_token(base: Any, algorithm: str) -> Any:
    """The search tab's token (ui.boards.board_search) of the run of ``algorithm`` from the
    position named by ``base``: ``base`` itself for alpha-beta (the tab's first search, whose
    token it has always been), else ``(base, algorithm)``."""
    return base if algorithm == ALPHABETA else (base, algorithm)


def algo_box(key: str, depth_limited: bool) -> str:
    """The algorithm menu of a search tab (deepening only for a depth-limited search; MCTS
    last, an estimate beside the exact ones), kept in the link as ``?algo=`` (absent for
    alpha-beta) and read back once per session."""
    opts = (DEPTH_LIMITED if depth_limited else WHOLE_GAME) + ESTIMATES
    restore(
        "algo",
        decode=choice(opts, N_("algorithm")),
        default=ALPHABETA,
        what=N_("algorithm"),
        state_key=key,
    )
    ss = st.session_state
    if ss.get(key) not in opts:
        ss[key] = ALPHABETA
    got = algorithm_menu(st, opts, key, BOARD_LABELS, BOARD_HELP)
    algo = got if got in opts else ALPHABETA
    publish(algo=None if algo == ALPHABETA else algo)
    return algo


def race_table_rows(game: Any, state: Any, depth: int, max_nodes: int) -> tuple[list[dict], str]:
    """The race on a position: rows (as the tree labs') and the words; SearchError when the
    full tree is too big."""
    table = race_position(game, state, depth, max_nodes=max_nodes)
    rows = race_rows(table)
    for r, row in zip(table.rows, rows, strict=True):
        row[_("algorithm")] = _(BOARD_LABELS.get(r.algorithm, r.algorithm))
    return rows, " ".join(race_summary(table))


def race_panel(got: tuple[list[dict], str] | str, key: str) -> None:
    """The race table (a cached :func:`race_table_rows`, or why it could not run)."""
    box = st.container(key=key)
    if isinstance(got, str):
        box.info(_("No race here: {why}.", why=got))
        return
    rows, words = got
    show_table(rows, tuple(_(c) for c in COLUMNS), box=box, cards=f"{key}.table")
    box.caption(
        _(
            "Every exact algorithm finds the same value; only the work differs. {summary}",
            summary=words,
        )
    )
