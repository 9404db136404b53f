"""The interface's languages: English, simplified Chinese and Russian (issue 24).

Every string a person reads goes through :func:`_` or :func:`ngettext` as a whole sentence
with named placeholders, so that a translator can reorder it::

    _("Open the {lab} lab", lab=name)
    ngettext("{n} student joined", "{n} students joined", count)

The English text is the message id; the translations are gettext catalogues managed with Babel
(``make messages`` extracts the ids from the code into
``game_tree_lab/locales/messages.pot`` and updates ``zh`` and ``ru``'s ``messages.po``).
Each catalogue is compiled from its ``.po`` file when this module is imported (Babel's
``write_mo`` into memory), so what runs is always what the repository holds: no compiled
file to forget. Plural forms are the catalogue's (Russian has three: 1 лист, 2 листа, 5
листьев; Chinese one).

The language of the text being made is the run's: :func:`set_language` at the start of a
page run (``ui.common.language``), or ``with use(lang):`` around work done for another
language. Text made inside a cached function depends on the language: such a function takes
the language as an argument (part of its cache key) and makes its text under :func:`use`.

``xx`` is a pseudo-language for tests: every translated string comes back wrapped in ⟦ ⟧, so a
page in ``xx`` shows at a glance (and to a test) every string that escaped translation.

:func:`N_` marks a string for extraction where it is defined (a table of labels); it is
translated where it is shown, with ``_(text)``.
"""

from __future__ import annotations

import contextvars
import gettext
import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from importlib import resources
from types import MappingProxyType

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DEFAULT = "en"
PSEUDO = "xx"
# code -> the language's own name (the menu shows each language in itself, never translated)
LANGUAGES = {"en": "English", "zh": "中文", "ru": "Русский"}
TRANSLATED = ("zh", "ru")  # the catalogues in game_tree_lab/locales/
DOMAIN = "messages"
OPEN, CLOSE = "⟦", "⟧"

_language: contextvars.ContextVar[str] = contextvars.ContextVar("gtl_language", default=DEFAULT)


def current() -> str:
    """The language of the text being made: ``en``, ``zh``, ``ru`` (or the pseudo ``xx``)."""
    return _language.get()


def _known(lang: str | None) -> bool:
    """One of ours: a language of LANGUAGES or the pseudo-language."""
    return lang in LANGUAGES or lang == PSEUDO


def set_language(lang: str) -> None:
    """Make ``lang`` the language of what this thread (a page run) makes from now on."""
    _language.set(lang if _known(lang) else DEFAULT)


@contextmanager
def use(lang: str) -> Iterator[None]:
    """Make text in ``lang`` inside the block, then go back to the language before it."""
    token = _language.set(lang if _known(lang) else DEFAULT)
    try:
        yield
    finally:
        _language.reset(token)


def negotiate(asked: str | None, browser: str | None) -> str:
    """The language to speak: ``asked`` (the link's or the menu's) when it is one of ours,
    else the browser's (a BCP 47 tag such as ``zh-CN``, ``ru-RU``, ``zh-Hans-CN``; only its
    language counts), else English."""
    if _known(asked):
        return asked
    primary = (browser or "").replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else DEFAULT


def _compile(lang: str) -> gettext.GNUTranslations:
    """The compiled catalogue of ``lang`` (one of TRANSLATED), read from its ``.po`` file."""
    po = resources.files("game_tree_lab") / "locales" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as f:
        cat = read_po(f, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


# Every catalogue, compiled once when this module is first imported: read-only data that the
# sessions of a server share, as they share the code (no cache that fills as they go).
CATALOGUES: Mapping[str, gettext.GNUTranslations] = MappingProxyType(
    {lang: _compile(lang) for lang in TRANSLATED}
)


def _fill(text: str, params: dict[str, object]) -> str:
    return text.format(**params) if params else text


def _(msgid: str, /, **params: object) -> str:
    """``msgid`` in the run's language, its ``{name}`` placeholders filled from ``params``
    (a string with placeholders and no params is returned unfilled)."""
    lang = current()
    if lang == PSEUDO:
        text = f"{OPEN}{msgid}{CLOSE}"
    elif lang in TRANSLATED:
        text = CATALOGUES[lang].gettext(msgid)
    else:
        text = msgid
    return _fill(text, params)


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The form of a sentence about ``n`` things in the run's language (``{n}`` is filled
    with ``n`` unless ``params`` says otherwise)."""
    params.setdefault("n", n)
    lang = current()
    if lang == PSEUDO:
        text = f"{OPEN}{singular if n == 1 else plural}{CLOSE}"
    elif lang in TRANSLATED:
        text = CATALOGUES[lang].ngettext(singular, plural, n)
    else:
        text = singular if n == 1 else plural
    return _fill(text, params)


def pgettext(context: str, msgid: str, /, **params: object) -> str:
    """``msgid`` in the run's language as said in ``context``: one English word another
    language says two ways (the tree editor's "Undo" is no chess move taken back)."""
    lang = current()
    if lang == PSEUDO:
        text = f"{OPEN}{msgid}{CLOSE}"
    elif lang in TRANSLATED:
        text = CATALOGUES[lang].pgettext(context, msgid)
    else:
        text = msgid
    return _fill(text, params)


def N_(msgid: str, /) -> str:  # noqa: N802 - gettext's name for "mark, translate later"
    """``msgid`` itself: marks a string for extraction where it is defined."""
    return msgid
