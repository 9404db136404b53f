"""The algorithm picker of every lab: a segmented control over the names of
:mod:`engine.algorithms` (which runs them) labelled with :mod:`teach.algorithms`' words."""

from __future__ import annotations

import streamlit as st

from engine.algorithms import DEFAULT, choices, usable
from engine.tree import GameTree
from teach.algorithms import HELP, LABELS


def algorithm_box(where, tree: GameTree, key: str) -> str:
    """The algorithm menu (a segmented control, state under ``key``); the choice that runs
    on ``tree`` (a link's or an earlier choice that does not run here falls back)."""
    opts = choices(tree)
    ss = st.session_state
    if ss.get(key) not in opts:
        ss[key] = usable(tree, ss.get(key) or DEFAULT)
    return usable(tree, algorithm_menu(where, opts, key) or DEFAULT)


def algorithm_menu(
    where, opts: tuple[str, ...], key: str, labels: dict[str, str] = LABELS, help: str = HELP
) -> str | None:
    """The "Algorithm" segmented control of every lab (one choice always on, kept for the
    session under ``key``): the tree labs' and the board search tabs'."""
    return where.segmented_control(
        "Algorithm",
        opts,
        key=key,
        format_func=labels.get,
        required=True,
        help=help,
        persist_state="session",
    )
