"""Share links: a page's whole state lives in the URL query string, and a link is untrusted
input. Every parameter is read here, by one decoder per kind:

- :func:`ascii_int` / :func:`int_in`: a whole number in ASCII digits within the range the
  page's control offers (a number outside it gives the nearest one, with a warning);
- :func:`nearest_of`: one of a control's whole numbers (another gives the nearest one);
- :func:`choice`: one of a control's options, verbatim;
- the page's own decoders (a tree, a board code) for the rest, each raising ``InputError``
  (or :class:`Fallback` to offer the nearest valid state).

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
from typing import Any, TypeVar

import streamlit as st

from engine.errors import InputError
from ui.common.keys import SHARE_SEEN

T = TypeVar("T")

# Characters of one parameter read at most (a longer one is refused before any decoding):
# Streamlit drops a whole query string past 524,288 characters, so no working link is longer.
MAX_PARAM = 524_288
_SHOWN = 24  # characters of a bad value quoted back in a warning
_PROBLEM = 240  # characters of a decoder's message shown at most
_MARKDOWN = set("\\`*_[]<>#|~$")


class Fallback(InputError):  # noqa: N818 - an InputError that carries what to show instead
    """A link value the page does not offer, and the nearest value it does."""

    def __init__(self, message: str, nearest: Any) -> None:
        super().__init__(message)
        self.nearest = nearest


def quoted(raw: str) -> str:
    """A link value quoted for a message: short and on one line."""
    return repr(raw if len(raw) <= _SHOWN else raw[:_SHOWN] + "…")


def plain(problem: str) -> str:
    """A decoder's message for a warning: at most _PROBLEM characters (a parser may quote
    the whole link), markdown and HTML characters escaped (it may quote a link's text)."""
    text = problem if len(problem) <= _PROBLEM else problem[:_PROBLEM] + "…"
    return "".join("\\" + ch if ch in _MARKDOWN else ch for ch in text)


def _whole(raw: str, name: str, lo: int, hi: int, sign: bool) -> int:
    t = raw.strip()
    digits = t[1:] if sign and t[:1] == "-" else t
    if not digits or not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        raise InputError(f"{name} {quoted(t)} is not a whole number from {lo:,} to {hi:,}")
    return int(t)


def ascii_int(raw: str, name: str, lo: int, hi: int) -> int:
    """``raw`` as a whole number from ``lo`` to ``hi`` in ASCII digits (a minus sign only when
    ``lo`` is negative); otherwise InputError naming ``name`` and the range."""
    v = _whole(raw, name, lo, hi, sign=lo < 0)
    if not lo <= v <= hi:
        raise InputError(f"{name} {v:,} is not between {lo:,} and {hi:,}")
    return v


def int_in(lo: int, hi: int, name: str = "the number", clamp: bool = True) -> Callable[[str], int]:
    """A decoder for ``restore`` of a number control from ``lo`` to ``hi``: as
    :func:`ascii_int`; a number outside the range gives the nearest end of it
    (:class:`Fallback`) with ``clamp``, else the default."""

    def decode(raw: str) -> int:
        v = _whole(raw, name, lo, hi, sign=True)
        if not lo <= v <= hi:
            problem = f"{name} {v:,} is not between {lo:,} and {hi:,}"
            if clamp:
                raise Fallback(problem, min(max(v, lo), hi))
            raise InputError(problem)
        return v

    return decode


def nearest_of(options: Sequence[int], name: str = "the number") -> Callable[[str], int]:
    """A decoder for ``restore`` of a control offering the whole numbers ``options`` (a
    speed box): as :func:`ascii_int`; a number it does not offer gives the nearest one it
    does (:class:`Fallback`)."""
    lo, hi = min(options), max(options)

    def decode(raw: str) -> int:
        v = _whole(raw, name, lo, hi, sign=False)
        if v not in options:
            nearest = min(options, key=lambda o: (abs(o - v), o))
            offered = ", ".join(map(str, options))
            raise Fallback(f"{name} {v:,} is not one of {offered}", nearest)
        return v

    return decode


def choice(options: Sequence[str], name: str = "the value") -> Callable[[str], str]:
    """A decoder for ``restore``: one of ``options`` verbatim."""

    def decode(raw: str) -> str:
        if raw not in options:
            raise InputError(f"{name} {quoted(raw)} is not one of {', '.join(options)}")
        return raw

    return decode


def decode_param(raw: str, decode: Callable[[str], T], what: str) -> tuple[T | None, str | None]:
    """(value, None) or (nearest or None, the warning's words) for one link value."""
    if len(raw) > MAX_PARAM:
        return None, f"is {len(raw):,} characters long (a link holds at most {MAX_PARAM:,})"
    try:
        return decode(raw), None
    except Fallback as e:
        return e.nearest, str(e)
    except InputError as e:
        return None, str(e)
    except Exception:  # noqa: BLE001 - a link is untrusted input: never a traceback
        return None, f"{quoted(raw)} is not a valid {what}"


def _read(param: str, decode: Callable[[str], T], what: str) -> tuple[bool, T | None]:
    """(given, value) of the link's ``param``: (False, None) when the link has none; the
    decoded value, or the nearest valid one (:class:`Fallback`), or None when it could not
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
    gives ``default`` (or the nearest valid value, for :class:`Fallback`) and a warning naming
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
