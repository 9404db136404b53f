"""Share links: a page's whole state lives in the URL query string. This is the Streamlit half:
reading a parameter once per session and writing the ones that changed. The decoders (one per
kind of value, pure) are ui.common.link_codec.

Usage in a page::

    tree_text = restore("t", decode=parse_brackets_text, default=PRESET, what="tree",
                        state_key=keys.AlphaBeta.setup)
    ...
    publish(t=encode(tree), k=str(step))

``restore`` reads a parameter once per session (the first run that sees it) and returns the
decoded value, or the default (or the nearest valid value) with a warning shown on the page
when the link is malformed. ``publish`` writes parameters only when they changed, so it never
causes a rerun loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import streamlit as st

from ui.common.keys import SHARE_SEEN
from ui.common.link_codec import decode_param, plain, quoted

T = TypeVar("T")


def _read(param: str, decode: Callable[[str], T], what: str) -> tuple[bool, T | None]:
    """(given, value) of the link's ``param``: (False, None) when the link has none; the
    decoded value, or the nearest valid one (a ``Fallback``), or None when it could not
    be read, with a warning naming the parameter; a parameter given twice uses the last,
    with a warning."""
    given = st.query_params.get_all(param)
    if not given:
        return False, None
    if len(given) > 1:
        st.warning(f"The link gives `{param}` {len(given)} times; the last one is used.")
    value, problem = decode_param(given[-1], decode, what)
    if problem is not None:
        instead = "the nearest valid one" if value is not None else "the default"
        st.warning(
            f"The link's {what} could not be read (`{param}`: {plain(problem)}); showing "
            f"{instead} instead."
        )
    return True, value


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
    gives ``default`` (or the nearest valid value, for a ``Fallback``) and a warning naming
    the parameter and what was wrong; a parameter given twice uses the last, with a warning.
    """
    key = state_key
    seen: set[str] = st.session_state.setdefault(SHARE_SEEN, set())
    if key in st.session_state and param in seen:
        return st.session_state[key]
    seen.add(param)
    given, value = _read(param, decode, what)
    if not given:
        st.session_state.setdefault(key, default)
        return st.session_state[key]
    st.session_state[key] = default if value is None else value
    return st.session_state[key]


def read_once(param: str, *, decode: Callable[[str], T], what: str) -> T | None:
    """The link's ``param`` decoded (as :func:`restore`: the nearest valid value or a warning)
    on the first run of a session that reads it, None on every later run and when the link
    has none: for state the page applies itself (a drill-down view, a quiz's score)."""
    seen: set[str] = st.session_state.setdefault(SHARE_SEEN, set())
    if param in seen:
        return None
    seen.add(param)
    return _read(param, decode, what)[1]


def check_bound(param: str, options: Sequence[str], what: str) -> None:
    """Warn (once per session) when the link's ``param`` of a widget bound to the URL
    (``bind="query-params"``) is not one of ``options``: Streamlit then shows the first
    option without a word. Call it before drawing the widget."""
    seen: set[str] = st.session_state.setdefault(SHARE_SEEN, set())
    if param in seen:
        return
    seen.add(param)
    given = st.query_params.get_all(param)
    if given and given[-1] not in options:
        st.warning(
            f"The link's {what} could not be read (`{param}`: {plain(quoted(given[-1]))} is "
            f"not one of {', '.join(options)}); showing {options[0]} instead."
        )


def publish(**params: str | None) -> None:
    """Set query parameters (None removes one), touching only those that changed."""
    for name, value in params.items():
        current = st.query_params.get(name)
        if value is None:
            if current is not None:
                del st.query_params[name]
        elif current != value:
            st.query_params[name] = value
