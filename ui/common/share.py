"""Share links: a page's whole state lives in the URL query string. This is the Streamlit half:
reading a parameter once per session and writing the ones that changed. The decoders (one per
kind of value, pure) are ui.common.link_codec.

Usage in a page::

    tree_text = restore("t", decode=parse_brackets_text, default=PRESET, what=N_("tree"),
                        state_key=keys.AlphaBeta.setup)
    ...
    publish(t=encode(tree), k=str(step))

``restore`` reads a parameter once per session (the first run that sees it) and returns the
decoded value, or the default (or the nearest valid value) with a warning shown on the page
when the link is malformed. ``publish`` writes parameters only when they changed, so it never
causes a rerun loop.

Each warning is a whole sentence in the run's language (teach.i18n); ``what`` names the
value, an English noun phrase marked with ``N_`` where the page writes it ("tree",
"search depth") and translated here (see ui.common.link_codec).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import streamlit as st

from teach import i18n
from teach.i18n import _, ngettext
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
        st.warning(
            ngettext(
                "The link gives `{param}` {n} time; the last one is used.",
                "The link gives `{param}` {n} times; the last one is used.",
                len(given),
                param=param,
            )
        )
    value, problem = decode_param(given[-1], decode, what)
    if problem is not None:
        words = dict(what=_(what), param=param, problem=plain(problem))
        if value is not None:
            st.warning(
                _(
                    "The link's {what} could not be read (`{param}`: {problem}); showing the "
                    "nearest valid one instead.",
                    **words,
                )
            )
        else:
            st.warning(
                _(
                    "The link's {what} could not be read (`{param}`: {problem}); showing the "
                    "default instead.",
                    **words,
                )
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


def check_bound(
    param: str,
    options: Sequence[str],
    what: str,
    label: Callable[[str], str] = str,
) -> None:
    """Warn (once per session) when the link's ``param`` of a widget bound to the URL
    (``bind="query-params"``) is not one of ``options`` (the link's own values, English):
    Streamlit then shows the first option without a word. ``label`` is the widget's
    ``format_func`` (the first option as it is shown). Call it before drawing the widget."""
    seen: set[str] = st.session_state.setdefault(SHARE_SEEN, set())
    if param in seen:
        return
    seen.add(param)
    given = st.query_params.get_all(param)
    if given and given[-1] not in options:
        st.warning(
            _(
                "The link's {what} could not be read (`{param}`: {value} is not one of "
                "{options}); showing {first} instead.",
                what=_(what),
                param=param,
                value=plain(quoted(given[-1])),
                options=", ".join(options),
                first=label(options[0]),
            )
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


def link_tabs(
    param: str, values: Sequence[str], label: Callable[[str], str], *, key: str, what: str
) -> Sequence:
    """Tabs whose open one is in the link as ``?param=value`` (``values``: the link's own
    English words), each shown as ``label(value)`` in the run's language (issue 24): a link
    made in Russian opens in English when ``lang`` is removed, and old links keep working.

    ``bind="query-params"`` would write the shown label to the link, so the link is kept
    here: its value is read once per session (a bad one warns, as :func:`check_bound`, and
    opens the first tab); after that the open tab is the widget's (``key``), whose label, in
    whichever language it was shown, is read back to its value; the value is written to the
    link when it is not the first. Returns the tab containers (``.open`` as ``st.tabs``)."""
    ss = st.session_state
    value = None
    if param not in ss.get(SHARE_SEEN, ()):
        check_bound(param, values, what, label)  # marks ``param`` seen
        given = st.query_params.get_all(param)
        value = given[-1] if given and given[-1] in values else None
    if value is None:
        shown = ss.get(key)
        for lang in (*i18n.LANGUAGES, i18n.PSEUDO):  # the label of any language it was shown in
            with i18n.use(lang):
                value = next((v for v in values if label(v) == shown), None)
            if value is not None:
                break
    value = value if value is not None else values[0]
    ss[key] = label(value)
    tabs = st.tabs([label(v) for v in values], key=key, on_change="rerun")
    publish(**{param: None if value == values[0] else value})
    return tabs
