"""Declaring the project's custom components (components v2): the tree canvas
(ui.common.canvas) and the boards (ui.common.board), each an ``index.js`` and
``index.css`` in its asset_dir of the installed package (pyproject's
[[tool.streamlit.component.components]]): the bundles of game_tree_lab/dist/."""

from __future__ import annotations

import functools
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException

# Each component's entry files in its asset_dir: its ES module and its style sheet.
JS, CSS = "index.js", "index.css"


def module_url(name: str) -> str:
    """The URL path the browser imports component ``name``'s ES module from (Streamlit's
    ``/_stcore/bidi-components/NAME/index.js``, under the server's base path)."""
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    root = f"/{base}" if base else ""
    return f"{root}/_stcore/bidi-components/{name}/{JS}"


@functools.lru_cache(maxsize=8)
def declare(name: str, what: str) -> Any:
    """The component ``name``, declared on its first mount in the process (Streamlit scans
    the installed packages' manifests when its runtime starts, so it cannot be declared when
    a module is imported) and kept: declaring resolves its two files' paths, a quarter of a
    woken class page's script time when done on every mount (py-spy). Streamlit registers a
    kept declaration again on a runtime that lacks it (a new AppTest). ``what`` names it in
    the error a checkout that was not installed gets (not kept: the next mount tries again)."""
    try:
        return st.components.v2.component(name, js=JS, css=CSS)
    except StreamlitAPIException as e:
        raise RuntimeError(
            f"{what} needs the project installed: run `pip install -e .` in the project's "
            "folder (README), then start the app again."
        ) from e
