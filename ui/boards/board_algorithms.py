"""The algorithm a board lab's search tab steps: alpha-beta, minimax, PVS, MTD(f), and on a
depth-limited search iterative deepening with and without the transposition table; and the
race table of the position (engine.race.race_position).

:func:`board_run` gives one traced :class:`~engine.trace.SearchRun` with the game state of
every node (the node board reads ``run.states``): alpha-beta and minimax build the tree as
they search (engine.search.search_game); PVS and MTD(f) run on the full depth-limited tree
(minimax's), so their nodes have states too; iterative deepening shows its last, deepest
iteration (the earlier ones ordered its moves and, with the table, filled the table).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pandas as pd
import streamlit as st

from engine.deepening import deepen
from engine.race import race_position
from engine.search import SearchError, search_game
from engine.trace import SearchRun
from engine.values import plural
from teach.search_words import race_summary
from ui.common.link_codec import choice
from ui.common.share import publish, restore
from ui.tree.algorithm_choice import ALPHABETA, MINIMAX, MTDF, PVS, algorithm_menu, join_passes
from ui.tree.race_panel import COLUMNS, race_rows, table_height

DEEPENING, DEEPENING_TABLE = "deepening", "deepening+table"
WHOLE_GAME = (ALPHABETA, MINIMAX, PVS, MTDF)
DEPTH_LIMITED = (*WHOLE_GAME, DEEPENING, DEEPENING_TABLE)
LABELS = {
    ALPHABETA: "Alpha-beta",
    MINIMAX: "Minimax",
    PVS: "PVS",
    MTDF: "MTD(f)",
    DEEPENING: "Iterative deepening",
    DEEPENING_TABLE: "Deepening + table",
    "mtdf+deepening": "MTD(f) + deepening",
}
HELP = (
    "PVS and MTD(f) run on the full tree to this depth; iterative deepening searches depth "
    "1, 2, ... and shows its deepest iteration, the previous best move tried first (with the "
    "table: every position's stored bound and best move too)."
)


def board_run(
    game: Any, state: Any, depth: int | None, algorithm: str, max_nodes: int
) -> SearchRun:
    """``algorithm`` traced from ``state`` (``depth`` plies, None: the whole game); raises
    SearchError (SearchTooLarge past ``max_nodes``)."""
    if algorithm in (ALPHABETA, MINIMAX):
        return search_game(game, state, depth, algorithm=algorithm, max_nodes=max_nodes)
    if algorithm in (PVS, MTDF):
        full = search_game(game, state, depth, algorithm=MINIMAX, max_nodes=max_nodes)
        if algorithm == PVS:
            from engine.pvs import pvs

            run = pvs(full.tree)
        else:
            from engine.mtdf import mtdf

            run = join_passes(mtdf(full.tree).passes)
        return replace(run, states=full.states)
    if algorithm in (DEEPENING, DEEPENING_TABLE):
        if depth is None:
            raise SearchError("iterative deepening needs a depth limit")
        res = deepen(game, state, depth, table=algorithm == DEEPENING_TABLE, max_nodes=max_nodes)
        return res.iterations[-1].run
    raise SearchError(f"unknown algorithm {algorithm!r}")


def run_token(base: Any, algorithm: str) -> Any:
    """The search tab's token (ui.boards.board_search) of the run of ``algorithm`` from the
    position named by ``base``: ``base`` itself for alpha-beta (the tab's first search, whose
    token it has always been), else ``(base, algorithm)``."""
    return base if algorithm == ALPHABETA else (base, algorithm)


def searched_words(algorithm: str, depth: int | None) -> str:
    """``Alpha-beta, 3 plies deep`` / ``PVS, whole game`` / ``Iterative deepening, depth 3
    (its last iteration)``."""
    name = LABELS.get(algorithm, algorithm)
    if depth is None:
        return f"{name}, whole game"
    deep = f"{plural(depth, 'ply', 'plies')} deep"
    if algorithm in (DEEPENING, DEEPENING_TABLE):
        return f"{name} to {deep} (its last iteration)"
    return f"{name}, {deep}"


def algo_box(key: str, depth_limited: bool) -> str:
    """The algorithm menu of a search tab (deepening only for a depth-limited search), kept
    in the link as ``?algo=`` (absent for alpha-beta) and read back once per session."""
    opts = DEPTH_LIMITED if depth_limited else WHOLE_GAME
    restore(
        "algo", decode=choice(opts, "algorithm"), default=ALPHABETA, what="algorithm", state_key=key
    )
    ss = st.session_state
    if ss.get(key) not in opts:
        ss[key] = ALPHABETA
    got = algorithm_menu(st, opts, key, LABELS, HELP)
    algo = got if got in opts else ALPHABETA
    publish(algo=None if algo == ALPHABETA else algo)
    return algo


def race_table_rows(game: Any, state: Any, depth: int, max_nodes: int) -> tuple[list[dict], str]:
    """The race on a position: rows (as the tree labs') and the words; SearchError when the
    full tree is too big."""
    table = race_position(game, state, depth, max_nodes=max_nodes)
    rows = race_rows(table)
    for r, row in zip(table.rows, rows, strict=True):
        row["algorithm"] = LABELS.get(r.algorithm, r.algorithm)
    return rows, " ".join(race_summary(table))


def race_panel(got: tuple[list[dict], str] | str, key: str) -> None:
    """The race table (a cached :func:`race_table_rows`, or why it could not run)."""
    box = st.container(key=key)
    if isinstance(got, str):
        box.info(f"No race here: {got}.")
        return
    rows, words = got
    box.dataframe(
        pd.DataFrame(rows, columns=list(COLUMNS)),
        hide_index=True,
        width="content",
        height=table_height(len(rows)),
    )
    box.caption("Every exact algorithm finds the same value; only the work differs. " + words)
