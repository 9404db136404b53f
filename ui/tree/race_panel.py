"""The race table of a tree lab: every algorithm on the tree shown, under the current,
perfect and worst ordering of the children (engine.race), in a table and in words."""

from __future__ import annotations

import streamlit as st

from engine.race import RaceTable, race_tree
from engine.values import fmt_value
from teach.algorithms import LABELS
from teach.search_words import minimal_tree_note, race_summary
from ui.common.table import show_table
from ui.tree.tree_lab import AS_GIVEN, ordered, tree_of

ORDER_LABELS = {"current": "as shown", "perfect": "perfect (best first)", "worst": "worst first"}
COLUMNS = (
    "algorithm",
    "ordering",
    "value",
    "leaves",
    "nodes",
    "null windows",
    "re-searches",
    "table hits",
)


def race_rows(table: RaceTable) -> list[dict]:
    """One row per algorithm and ordering, in the table's order, values formatted."""
    return [
        {
            "algorithm": LABELS.get(r.algorithm, r.algorithm),
            "ordering": ORDER_LABELS.get(r.ordering, r.ordering),
            "value": fmt_value(r.value),
            "leaves": r.leaves,
            "nodes": r.nodes,
            "null windows": r.null_windows,
            "re-searches": r.re_searches,
            "table hits": r.table_hits,
        }
        for r in table.rows
    ]


@st.cache_data(max_entries=32, show_spinner="Racing the searches…")
def cached_race(
    source: str, ordering: str = AS_GIVEN, seed: int = 0
) -> tuple[list[dict], list[str], str | None]:
    """Rows, sentences and the minimal-tree note of the race on a source's tree, its
    children in ``ordering`` (the lab's: the "as shown" rows are the run shown)."""
    tree = ordered(tree_of(source), ordering, seed)
    table = race_tree(tree)
    return race_rows(table), race_summary(table), minimal_tree_note(tree, table)


def minimal_note(source: str) -> str | None:
    """Knuth and Moore's minimal tree beside alpha-beta's count (None: not a complete tree)."""
    return cached_race(source)[2]


def race_panel(source: str, key: str, ordering: str = AS_GIVEN, seed: int = 0) -> None:
    """The race table of the tree named by ``source`` (ui.tree.tree_source) in the lab's
    ``ordering``, with words, in a container keyed ``key`` (a TreeLab's ``race``)."""
    rows, words, _ = cached_race(source, ordering, seed)
    box = st.container(key=key)
    show_table(rows, COLUMNS, box=box, cards=f"{key}.table")
    box.caption(
        "Every exact algorithm finds the same value; only the work differs. " + " ".join(words)
    )
