"""Boxes (an expander, a popover) whose contents are made only while they are open.

A closed box's contents cost a first visit as much as open ones: each element is a render
in the browser, and each new kind of element a chunk of Streamlit's code to fetch and run
first (issue 21). A lazy box is declared with ``on_change="rerun"``: opening or closing it
reruns the script, and its contents are made only in a run where it is open. What a person
typed inside is kept while it is closed where its widgets say so (``persist_state``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from teach.i18n import _


def lazy_box(kind: Callable[..., Any], label: str, make: Callable[[], Any], **kw: Any) -> None:
    """A box of ``kind`` (``st.expander``, ``st.popover`` or a container's) labelled
    ``label`` (``kw``: its key, icon, width), with ``make()`` run inside it only while it is
    open."""
    box = kind(label, on_change="rerun", **kw)
    with box:
        if box.open:
            make()


def downloads(make: Callable[[], Any], key: str) -> None:
    """The "Download" box under a lab's tree: its download buttons (``make``) only while it
    is open; closed, a first visit's run has no download button (their code is not fetched)."""
    lazy_box(st.expander, _("Download"), make, key=key, icon=":material/download:")
