"""The interface's language (teach.i18n), chosen the usual way, first match wins:

1. the person's own choice on the language menu (this session);
2. the link's ``?lang=zh|ru|en`` (read once per session, share.restore);
3. the browser's language (``st.context.locale``, e.g. ``zh-CN``);
4. English.

:func:`choose` runs first in every page run (app.py), before the navigation's titles are
made. A choice on the menu or in the link is written to the link (``lang=ru``), so a copied
link opens in the same language; the browser's is not. A link without ``lang`` opens in
the reader's own language: the rest of the link does not depend on it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import streamlit as st

from teach import i18n
from teach.i18n import N_, _
from ui.common.keys import Lang
from ui.common.link_codec import choice
from ui.common.share import publish, restore

PARAM = "lang"
CODES = tuple(i18n.LANGUAGES)


def _link_decoder():
    """The link's ``lang``: one of ours (the pseudo ``xx`` too, for tests)."""
    return choice((*CODES, i18n.PSEUDO), N_("the language"))


def choose() -> str:
    """Set this run's language (see the module), name the browser's tab in it, and return
    it."""
    ss = st.session_state
    link = restore(
        PARAM, decode=_link_decoder(), default=None, what=N_("language"), state_key=Lang.link
    )
    asked = ss.get(Lang.chosen) or link
    lang = i18n.negotiate(asked, st.context.locale)
    i18n.set_language(lang)
    ss[Lang.current] = lang
    publish(**{PARAM: asked})
    st.set_page_config(page_title=_("Game Tree Lab"))  # app.py's, before the language is known
    return lang


def session_language() -> str:
    """The language of this session's last run: a callback, which runs before the page
    sets its language, words what it says in it (``with i18n.use(session_language()):``)."""
    return st.session_state.get(Lang.current, i18n.DEFAULT)


def fragment(body: Callable[..., Any]) -> Callable[..., Any]:
    """``st.fragment`` that speaks the page's language: a fragment rerun alone (a tap of a
    board, a class page woken) does not run app.py, where :func:`choose` sets the run's
    language, so its words came out in English; the fragment sets it first."""

    @st.fragment
    @functools.wraps(body)
    def run(*args: Any, **kwargs: Any) -> Any:
        i18n.set_language(session_language())
        return body(*args, **kwargs)

    return run


def _chosen() -> None:
    st.session_state[Lang.chosen] = st.session_state[Lang.menu]


def menu() -> None:
    """The language menu (each language named in itself), for the page's title row: a
    button named in the page's language that opens the list. A menu button, not a select
    box: its code is 22 KB where a select box's is 140 KB, fetched by every first visit to
    a page that has no other select box (bench/bench_wire.py)."""
    shown = i18n.current() if i18n.current() in CODES else i18n.DEFAULT
    st.menu_button(
        i18n.LANGUAGES[shown],
        CODES,
        format_func=i18n.LANGUAGES.__getitem__,
        key=Lang.menu,
        on_click=_chosen,
        help=_("Language"),
    )
