"""Share links: a page's whole state lives in the URL query string.

Usage in a page::

    tree_text = restore("t", decode=parse_brackets_text, default=PRESET, what="tree",
                        state_key=keys.AlphaBeta.setup)
    ...
    publish(t=encode(tree), k=str(step))

``restore`` reads a parameter once per session (the first run that sees it) and returns the
decoded value, or the default with a warning shown on the page when the link is malformed.
``publish`` writes parameters only when they changed, so it never causes a rerun loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from ui.common.keys import SHARE_SEEN

T = TypeVar("T")


def restore(
    param: str,
    *,
    decode: Callable[[str], T],
    default: T,
    what: str,
    state_key: str,
) -> T:
    """The value of query parameter ``param`` decoded, once per session.

    On the first run of a session that finds ``param`` in the URL the decoded value is
    stored under ``state_key`` (from ui.common.keys) in session_state and returned; later runs
    return the session value (so the page's own edits win). A value that fails to decode
    (any exception: a link is untrusted input) gives ``default`` and a warning naming what
    was wrong.
    """
    key = state_key
    seen: set[str] = st.session_state.setdefault(SHARE_SEEN, set())
    if key in st.session_state and param in seen:
        return st.session_state[key]
    seen.add(param)
    raw = st.query_params.get(param)
    if raw is None:
        st.session_state.setdefault(key, default)
        return st.session_state[key]
    try:
        value = decode(raw)
    except Exception as e:  # noqa: BLE001 - a malformed link must never raise
        st.warning(f"The link's {what} could not be read ({e}); showing the default instead.")
        value = default
    st.session_state[key] = value
    return value


def int_in(lo: int, hi: int) -> Callable[[str], int]:
    """A decoder for ``restore``: a whole number from ``lo`` to ``hi`` written in ASCII digits."""

    def decode(text: str) -> int:
        t = text.strip()
        digits = t[1:] if t.startswith("-") else t
        if not (digits.isascii() and digits.isdigit()) or len(t) > 12:
            raise ValueError(f"{t[:20]!r} is not a whole number from {lo} to {hi}")
        v = int(t)
        if not lo <= v <= hi:
            raise ValueError(f"{v} is not between {lo} and {hi}")
        return v

    return decode


def publish(**params: str | None) -> None:
    """Set query parameters (None removes one), touching only those that changed."""
    for name, value in params.items():
        current = st.query_params.get(name)
        if value is None:
            if current is not None:
                del st.query_params[name]
        elif current != value:
            st.query_params[name] = value
