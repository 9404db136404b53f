"""Download buttons for the explored tree of a search (GraphML and node-link JSON), and the
search itself to take away: one HTML file that steps it with no server (viz.standalone)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from engine.trace import SearchRun
from teach.i18n import _
from ui.common.keys import Export
from viz.export import graphml_bytes, node_link_bytes, search_graph
from viz.standalone import standalone_html


def export_buttons(run: SearchRun, keys: Export, state_text: Callable[[Any], str] = str) -> None:
    """Two download buttons side by side (keyed ``keys.graphml`` and ``keys.json``); the files
    are built only when one is clicked (streamlit runs the callable then, off the script
    thread)."""
    row = st.container(horizontal=True)
    row.download_button(
        _("Download tree (GraphML)"),
        data=lambda: graphml_bytes(search_graph(run, state_text)),
        file_name="search-tree.graphml",
        mime="application/graphml+xml",
        key=keys.graphml,
        help=_(
            "The explored tree with every node's value, window and pruned flag, "
            "for networkx, Gephi or yEd."
        ),
    )
    row.download_button(
        _("Download tree (JSON)"),
        data=lambda: node_link_bytes(search_graph(run, state_text)),
        file_name="search-tree.json",
        mime="application/json",
        key=keys.json,
        help=_('networkx node-link JSON: networkx.node_link_graph(data, edges="edges").'),
    )


def take_away(payload: dict, keys: Export, *, extra: dict | None = None, title: str) -> None:
    """ "Download this search": the canvas of ``payload`` (with the plugins' ``extra``) in one
    self-contained HTML file, built when the button is clicked."""
    st.download_button(
        _("Download this search (HTML)"),
        data=lambda: standalone_html(payload, extra=extra, title=title).encode("utf-8"),
        file_name="search.html",
        mime="text/html",
        key=keys.html,
        icon=":material/download:",
        help=_(
            "One file that opens in any browser with no network and steps the search with "
            "the same buttons and keys; its SVG and PNG buttons save the tree at the step shown."
        ),
    )
