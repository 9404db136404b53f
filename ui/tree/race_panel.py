"""The race table of a tree lab: every algorithm on the tree shown, under the current,
perfect and worst ordering of the children (engine.race), in a table and in words."""

from __future__ import annotations

import streamlit as st

from engine.race import RaceTable, race_tree
from engine.values import fmt_value
from teach.algorithms import LABELS
from teach.i18n import N_, _, current, use
from teach.search_words import minimal_tree_note, race_summary
from ui.common.table import show_table
from ui.tree.tree_lab import AS_GIVEN, ordered, tree_of

ORDER_LABELS = {  # translated where shown
    "current": N_("as shown"),
    "perfect": N_("perfect (best first)"),
    "worst": N_("worst first"),
}
COLUMNS = (  # the table's headers, in English (translated where shown)
    N_("algorithm"),
    N_("ordering"),
    N_("value"),
    N_("leaves"),
    N_("nodes"),
    N_("null windows"),
    N_("re-searches"),
    N_("table hits"),
)


def race_rows(table: RaceTable) -> list[dict]:
    """One row per algorithm and ordering, in the table's order, values formatted; its
    headers (COLUMNS) and words in the run's language."""
    rows = [
        {
            "algorithm": _(LABELS[r.algorithm]) if r.algorithm in LABELS else r.algorithm,
            "ordering": _(ORDER_LABELS[r.ordering]) if r.ordering in ORDER_LABELS else r.ordering,
            "value": fmt_value(r.value),
            "leaves": r.leaves,
            "nodes": r.nodes,
            "null windows": r.null_windows,
            "re-searches": r.re_searches,
            "table hits": r.table_hits,
        }
        for r in table.rows
    ]
    return [{_(k): v for k, v in row.items()} for row in rows]


@st.cache_data(max_entries=32, show_spinner=False)
def cached_race(
    source: str, ordering: str = AS_GIVEN, seed: int = 0, lang: str = "en"
) -> tuple[list[dict], list[str], str | None]:
    """Rows, sentences and the minimal-tree note of the race on a source's tree, its
    children in ``ordering`` (the lab's: the "as shown" rows are the run shown), in
    ``lang`` (part of the cache key)."""
    with use(lang):
        tree = ordered(tree_of(source), ordering, seed)
        table = race_tree(tree)
        return race_rows(table), race_summary(table), minimal_tree_note(tree, table)


def _race(source: str, ordering: str = AS_GIVEN, seed: int = 0):
    with st.spinner(_("Racing the searches…")):
        return cached_race(source, ordering, seed, current())


def minimal_note(source: str) -> str | None:
    """Knuth and Moore's minimal tree beside alpha-beta's count (None: not a complete tree)."""
    return _race(source)[2]


def race_panel(source: str, key: str, ordering: str = AS_GIVEN, seed: int = 0) -> None:
    """The race table of the tree named by ``source`` (ui.tree.tree_source) in the lab's
    ``ordering``, with words under it, one markdown element in a container keyed ``key`` (a
    TreeLab's ``race``; cards on a narrow page)."""
    rows, words, _note = _race(source, ordering, seed)
    note = _(
        "Every exact algorithm finds the same value; only the work differs. {more}",
        more=" ".join(words),
    )
    show_table(rows, tuple(_(c) for c in COLUMNS), cards=key, note=note)
