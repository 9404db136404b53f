"""The "Copy embed code" box of every lab: the lab as its link holds it now (the same query a
share link carries) plus Streamlit's ``embed=true`` (no app menus), as an ``<iframe>`` a
teacher pastes into a web page, a Moodle page or a course site.

The address is the app's public base URL (ui.common.public_url: ``GTL_PUBLIC_URL``, else the
address this page was opened at). The box is lazy (ui.common.boxes): its code is made in the
run that opens it, which carries the address bar's query as it is then, and again in every
run while it is open (a step the canvas reports, a choice), so it follows the lab.
``allow="clipboard-write"`` lets the framed pages' copy buttons (a teacher's link) work.
"""

from __future__ import annotations

import ipaddress
from html import escape
from urllib.parse import urlencode, urlsplit

import streamlit as st

from teach.i18n import _
from ui.common.boxes import lazy_box
from ui.common.public_url import PUBLIC_ENV, bad_setting, page_address, public_base_url
from ui.common.registry import PAGES

HEIGHT = 720  # CSS px: a lab's tree and its step buttons in a slide-sized frame
EMBED = ("embed", "true")  # Streamlit's own parameter: the page without the app's chrome


def snippet(
    base: str, page: str, query: list[tuple[str, str]], title: str, height: int = HEIGHT
) -> str:
    """The ``<iframe>`` of page ``page`` of the app at ``base`` with the link's ``query``
    (its pairs in order; any ``embed`` of its own is replaced) and ``embed=true``."""
    pairs = [(k, v) for k, v in query if k != EMBED[0]] + [EMBED]
    src = f"{base.rstrip('/')}/{page}?{urlencode(pairs)}"
    return (
        f'<iframe src="{escape(src)}" width="100%" height="{int(height)}" '
        f'style="border:0" allow="clipboard-write" title="{escape(title)}"></iframe>'
    )


def only_this_computer(base: str) -> bool:
    """True when ``base``'s host is this computer's own name (localhost, a loopback
    address): no other device or site's visitor can open it."""
    host = urlsplit(base).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def embed_box(key: str) -> None:
    """The closed "Copy embed code" box (below a lab's Download box); its code is made only
    while it is open."""
    lazy_box(st.expander, _("Copy embed code"), _contents, key=key, icon=":material/code:")


def _title(page: str) -> str:
    shown = next((spec.shown_title for spec in PAGES if spec.url_path == page), "")
    return _("Game Tree Lab: {page}", page=shown) if shown else "Game Tree Lab"


def _contents() -> None:
    base = public_base_url()
    page = page_address()[1]
    query = [(k, v) for k in st.query_params for v in st.query_params.get_all(k)]
    st.code(snippet(base, page, query, _title(page)), language="html", wrap_lines=True)
    st.caption(
        _(
            "Paste this code into a web page, a Moodle page (the editor's HTML source) or a "
            "course site: the lab opens there as its link holds it now (its tree, step and "
            "choices), without the app's menus. The button at the code's corner copies it."
        )
    )
    if bad := bad_setting():
        st.warning(
            _(
                "The server's {name} ({value}) is not an http:// or https:// address "
                "without a query: this code uses the page's own address instead.",
                name=PUBLIC_ENV,
                value=bad[:80],
            )
        )
    if only_this_computer(base):
        st.info(
            _(
                "This address opens only on this computer. For another site, open the app "
                "at its network or public address, or set {name} on the server.",
                name=PUBLIC_ENV,
            )
        )
