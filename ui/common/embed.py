"""The "Copy embed code" box of every lab: the lab as its link holds it now (the same query a
share link carries) plus Streamlit's ``embed=true`` (no app menus), as an ``<iframe>`` a
teacher pastes into a web page, a Moodle page or a course site; and the framed page's own
look (:func:`frame_chrome`: no sidebar, no navigation).

The code is written in the browser, from the address bar as it is when it is drawn, when
the address changes and when the button copies it: the canvas keeps its step in the link
(``?k=``) with no server run, so the server's copy of the query can be older than the step
on screen. The address is the app's public base URL (ui.common.public_url:
``GTL_PUBLIC_URL``, else the address this page was opened at), the rest is the page's.
``allow="clipboard-write"`` lets the framed pages' copy buttons (a teacher's link) work.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import streamlit as st

from classroom.lan import is_loopback_host
from teach.i18n import _
from ui.common.boxes import lazy_box
from ui.common.plain_text import COPIED, REFUSED
from ui.common.public_url import PUBLIC_ENV, bad_setting, page_address, public_base_url
from ui.common.registry import PAGES

HEIGHT = 720  # CSS px: a lab's tree and its step buttons in a slide-sized frame


# The box: the code in a <pre> (selectable, wrapped on a phone) and a button that copies it,
# written from the address each time (tests/browser/test_embed.py reads the code back with
# an HTML parser and frames it).
_JS = """
const esc = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;")
  .replace(/</g, "&lt;").replace(/>/g, "&gt;");

function code(d) {
  const q = new URLSearchParams();
  for (const [k, v] of new URL(window.location.href).searchParams) {
    if (k !== "embed" && k !== "embed_options") q.append(k, v);
  }
  q.append("embed", "true");
  const src = d.base + "/" + d.page + "?" + q.toString();
  return '<iframe src="' + esc(src) + '" width="100%" height="' + d.height +
    '" style="border:0" allow="clipboard-write" title="' + esc(d.title) + '"></iframe>';
}

export default function ({ parentElement, data }) {
  let pre = parentElement.querySelector("pre");
  let btn = parentElement.querySelector("button");
  if (!pre) {
    pre = document.createElement("pre");
    pre.tabIndex = 0;
    btn = document.createElement("button");
    btn.type = "button";
    parentElement.append(pre, btn);
  }
  const show = () => { pre.textContent = code(data); };
  show();
  btn.textContent = data.words.copy;
  btn.onclick = async () => {
    show();
    let ok;
    try { await navigator.clipboard.writeText(pre.textContent); ok = true; } catch (e) {
      const area = document.createElement("textarea");
      area.value = pre.textContent;
      area.style.position = "fixed"; area.style.opacity = "0";
      parentElement.appendChild(area); area.select();
      try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
      area.remove();
    }
    btn.textContent = ok ? data.words.copied : data.words.refused;
    setTimeout(() => { btn.textContent = data.words.copy; }, 2500);
  };
  // the canvas writes its step into the address with replaceState: follow it
  const nav = window.navigation;
  if (nav && nav.addEventListener) {
    nav.addEventListener("currententrychange", show);
    return () => nav.removeEventListener("currententrychange", show);
  }
  return undefined;
}
"""
_CSS = """
pre { margin: 0 0 .5rem; padding: .75rem 1rem; border-radius: .5rem; white-space: pre-wrap;
  overflow-wrap: anywhere; background: #f0f2f6; color: #31333f;
  font: .875rem/1.5 ui-monospace, "DejaVu Sans Mono", SFMono-Regular, Menlo, Consolas, monospace; }
pre:focus-visible { outline: 2px solid #1c5fb8; outline-offset: 2px; }
button { font: inherit; font-size: .875rem; min-height: 2.75rem; padding: .25rem .75rem;
  border-radius: .5rem; cursor: pointer; border: 1px solid rgba(49, 51, 63, .2);
  background: #fff; color: #31333f; }
button:hover { border-color: #c0392b; color: #a12a1e; }
"""
_CODE = st.components.v2.component("gtl_embed_code", js=_JS, css=_CSS)


def code_data(base: str, page: str, title: str, height: int = HEIGHT) -> dict:
    """What the box's script writes the code from (besides the address's query): the app's
    base, the page's path, the frame's title (for screen readers on the host page) and
    height."""
    return {"base": base.rstrip("/"), "page": page, "title": title, "height": int(height)}


# In a frame the sidebar holds only the pages' hidden scripts (ui.common.reconnect, the
# teacher's link): it is not shown, nor its button. Its elements still run.
_FRAME_CSS = """<style>
[data-testid="stSidebar"], [data-testid="stExpandSidebarButton"] { display: none; }
</style>"""


def frame_chrome() -> bool:
    """True when the page is opened with ``?embed=true`` (framed by another site: Streamlit
    then hides its own toolbar and footer); then the page hides the sidebar too, and app.py
    hides the navigation: a framed lab is that lab alone."""
    embedded = bool(st.context.is_embedded)
    if embedded:
        st.html(_FRAME_CSS)
    return embedded


def embed_box(key: str) -> None:
    """The closed "Copy embed code" box (below a lab's Download box); its code is made only
    while it is open."""
    lazy_box(
        st.expander,
        _("Copy embed code"),
        lambda: _contents(f"{key}.code"),
        key=key,
        icon=":material/code:",
    )


def _title(page: str) -> str:
    shown = next((spec.shown_title for spec in PAGES if page and spec.url_path == page), "")
    return _("Game Tree Lab: {page}", page=shown) if shown else "Game Tree Lab"


def _contents(key: str) -> None:
    base = public_base_url()
    page = page_address()[1]
    words = {"copy": _("Copy embed code"), "copied": _(COPIED), "refused": _(REFUSED)}
    _CODE(data={**code_data(base, page, _title(page)), "words": words}, key=key)
    st.caption(
        _(
            "Paste this code into a web page, a Moodle page (the editor's HTML source) or a "
            "course site: the lab opens there as its link holds it now (its tree, step and "
            "choices), without the app's menus."
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
    if is_loopback_host(urlsplit(base).hostname):
        st.info(
            _(
                "This address opens only on this computer. For another site, open the app "
                "at its network or public address, or set {name} on the server.",
                name=PUBLIC_ENV,
            )
        )
