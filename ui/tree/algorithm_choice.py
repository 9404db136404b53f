"""The algorithm picker of every lab: a segmented control over the names of
:mod:`engine.algorithms` (which runs them) labelled with :mod:`teach.algorithms`' words."""

from __future__ import annotations

from urllib.parse import quote, urlencode

import streamlit as st

from engine.algorithms import DEFAULT, EXPECTIMAX, choices, usable
from engine.tree import GameTree
from teach.algorithms import (
    CHANCE_PRESET_TREE,
    EXPECTIMAX_LINK,
    HELP,
    LABELS,
    expectimax_plain,
)
from teach.i18n import _


def algorithm_box(where, tree: GameTree, key: str, on_change=None) -> str:  # noqa: ANN001
    """The algorithm menu (a segmented control, state under ``key``); the choice that runs
    on ``tree`` (a link's or an earlier choice that does not run here falls back).
    ``on_change``: called when a person picks another (the editor's expectimax preset)."""
    opts = choices(tree)
    ss = st.session_state
    if ss.get(key) not in opts:
        ss[key] = usable(tree, ss.get(key) or DEFAULT)
    return usable(tree, algorithm_menu(where, opts, key, on_change=on_change) or DEFAULT)


def expectimax_offer(where, tree: GameTree, algo: str) -> None:  # noqa: ANN001
    """Under the menu of a page whose trees have no chance nodes (alpha-beta's complete
    trees): expectimax chosen gives minimax's values; the sentence says so and links the
    editor's preset with chance nodes, run with expectimax."""
    if algo != EXPECTIMAX or tree.has_chance:
        return
    query = urlencode({"t": CHANCE_PRESET_TREE, "algo": EXPECTIMAX}, quote_via=quote)
    where.info(f"{expectimax_plain()} [{_(EXPECTIMAX_LINK)}](tree?{query})")


def algorithm_menu(
    where,
    opts: tuple[str, ...],
    key: str,
    labels: dict[str, str] = LABELS,
    help: tuple[str, ...] = HELP,
    on_change=None,  # noqa: ANN001
) -> str | None:
    """The "Algorithm" segmented control of every lab (one choice always on, kept for the
    session under ``key``): the tree labs' and the board search tabs'."""
    return where.segmented_control(
        _("Algorithm"),
        opts,
        key=key,
        format_func=lambda o: _(labels[o]) if o in labels else o,
        required=True,
        help=" ".join(_(paragraph) for paragraph in help),
        persist_state="session",
        on_change=on_change,
    )
