"""Download buttons for the explored tree of a search (GraphML and node-link JSON)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from engine.trace import SearchRun
from ui.common.keys import Export
from viz.export import graphml_bytes, node_link_bytes, search_graph


def export_buttons(run: SearchRun, keys: Export, state_text: Callable[[Any], str] = str) -> None:
    """Two download buttons side by side (keyed ``keys.graphml`` and ``keys.json``); the files
    are built only when one is clicked (streamlit runs the callable then, off the script
    thread)."""
    row = st.container(horizontal=True)
    row.download_button(
        "Download tree (GraphML)",
        data=lambda: graphml_bytes(search_graph(run, state_text)),
        file_name="search-tree.graphml",
        mime="application/graphml+xml",
        key=keys.graphml,
        help="The explored tree with every node's value, window and pruned flag, "
        "for networkx, Gephi or yEd.",
    )
    row.download_button(
        "Download tree (JSON)",
        data=lambda: node_link_bytes(search_graph(run, state_text)),
        file_name="search-tree.json",
        mime="application/json",
        key=keys.json,
        help='networkx node-link JSON: networkx.node_link_graph(data, edges="edges").',
    )
