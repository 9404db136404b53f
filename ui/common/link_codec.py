"""Share-link codecs, pure (no Streamlit): a link is untrusted input, and every parameter is
read by one decoder per kind:

- :func:`ascii_int` / :func:`int_in`: a whole number in ASCII digits within the range the
  page's control offers (a number outside it gives the nearest one, with a warning);
- :func:`nearest_of`: one of a control's whole numbers (another gives the nearest one);
- :func:`choice`: one of a control's options, verbatim;
- :func:`leaves_hidden`: the tree labs' ``leaves=`` (``hidden``: leaves revealed as evaluated);
- the page's own decoders (a tree, a board code) for the rest, each raising ``InputError``
  (or :class:`Fallback` to offer the nearest valid state).

:func:`decode_param` runs a decoder on one value and turns whatever it raises into the words
of a warning. Reading the URL and writing it (once per session, with the warning shown on the
page) is ui.common.share.

Words (issue 24): each message is a whole sentence in the run's language (teach.i18n). A
decoder's ``name`` ("the depth") and a caller's ``what`` ("search depth") are English noun
phrases marked with ``N_`` where they are written and translated here; each is only ever
the subject of its sentence, or a quoted name (the Russian puts it in «» in the nominative),
so no language has to inflect it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from engine.errors import InputError
from teach.engine_words import reason
from teach.i18n import N_, _, ngettext

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


def too_long(raw: str, most: int) -> str:
    """ "is 600,000 characters long (a link holds at most 524,288)": a value over ``most``."""
    return ngettext(
        "is {n} character long (a link holds at most {most})",
        "is {n} characters long (a link holds at most {most})",
        len(raw),
        n=f"{len(raw):,}",
        most=f"{most:,}",
    )


def _not_between(name: str, v: int, lo: int, hi: int) -> str:
    return _(
        "{name} {value} is not between {lo} and {hi}",
        name=_(name),
        value=f"{v:,}",
        lo=f"{lo:,}",
        hi=f"{hi:,}",
    )


def _whole(raw: str, name: str, lo: int, hi: int, sign: bool) -> int:
    t = raw.strip()
    digits = t[1:] if sign and t[:1] == "-" else t
    if not digits or not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        raise InputError(
            _(
                "{name} {value} is not a whole number from {lo} to {hi}",
                name=_(name),
                value=quoted(t),
                lo=f"{lo:,}",
                hi=f"{hi:,}",
            )
        )
    return int(t)


def ascii_int(raw: str, name: str, lo: int, hi: int) -> int:
    """``raw`` as a whole number from ``lo`` to ``hi`` in ASCII digits (a minus sign only when
    ``lo`` is negative); otherwise InputError naming ``name`` (an ``N_``-marked noun
    phrase) and the range."""
    v = _whole(raw, name, lo, hi, sign=lo < 0)
    if not lo <= v <= hi:
        raise InputError(_not_between(name, v, lo, hi))
    return v


def int_in(
    lo: int, hi: int, name: str = N_("the number"), clamp: bool = True
) -> Callable[[str], int]:
    """A decoder for ``restore`` of a number control from ``lo`` to ``hi``: as
    :func:`ascii_int`; a number outside the range gives the nearest end of it
    (:class:`Fallback`) with ``clamp``, else the default."""

    def decode(raw: str) -> int:
        v = _whole(raw, name, lo, hi, sign=True)
        if not lo <= v <= hi:
            problem = _not_between(name, v, lo, hi)
            if clamp:
                raise Fallback(problem, min(max(v, lo), hi))
            raise InputError(problem)
        return v

    return decode


def nearest_of(options: Sequence[int], name: str = N_("the number")) -> Callable[[str], int]:
    """A decoder for ``restore`` of a control offering the whole numbers ``options`` (a
    speed box): as :func:`ascii_int`; a number it does not offer gives the nearest one it
    does (:class:`Fallback`)."""
    lo, hi = min(options), max(options)

    def decode(raw: str) -> int:
        v = _whole(raw, name, lo, hi, sign=False)
        if v not in options:
            nearest = min(options, key=lambda o: (abs(o - v), o))
            offered = ", ".join(map(str, options))
            problem = _(
                "{name} {value} is not one of {options}",
                name=_(name),
                value=f"{v:,}",
                options=offered,
            )
            raise Fallback(problem, nearest)
        return v

    return decode


def choice(options: Sequence[str], name: str = N_("the value")) -> Callable[[str], str]:
    """A decoder for ``restore``: one of ``options`` verbatim (the link's own values,
    English: they are quoted as they are)."""

    def decode(raw: str) -> str:
        if raw not in options:
            raise InputError(
                _(
                    "{name} {value} is not one of {options}",
                    name=_(name),
                    value=quoted(raw),
                    options=", ".join(options),
                )
            )
        return raw

    return decode


LEAVES_HIDDEN, LEAVES_SHOWN = "hidden", "shown"  # the tree labs' ``leaves=`` values


def leaves_hidden(raw: str) -> bool:
    """The tree labs' ``leaves=``: ``hidden`` (every leaf value hidden until the search
    evaluates it) is True, ``shown`` False; anything else InputError."""
    if raw == LEAVES_HIDDEN:
        return True
    if raw == LEAVES_SHOWN:
        return False
    raise InputError(
        _(
            "{name} {value} is not one of {options}",
            name=_("leaves"),
            value=quoted(raw),
            options=f"{LEAVES_HIDDEN}, {LEAVES_SHOWN}",
        )
    )


def decode_param(raw: str, decode: Callable[[str], T], what: str) -> tuple[T | None, str | None]:
    """(value, None) or (nearest or None, the warning's words) for one link value;
    ``what`` is the caller's ``N_``-marked name of the value ("tree")."""
    if len(raw) > MAX_PARAM:
        return None, too_long(raw, MAX_PARAM)
    try:
        return decode(raw), None
    except Fallback as e:
        return e.nearest, reason(e)
    except InputError as e:
        return None, reason(e)
    except Exception:  # noqa: BLE001 - a link is untrusted input: never a traceback
        return None, _("{value} is not a valid {what}", value=quoted(raw), what=_(what))
