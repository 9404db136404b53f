"""The teacher's secret link kept off the projector.

The projector shows the browser's address bar, so the teacher's token never stays in it: the
page that opens with ``?t=<token>`` (a teacher link opened later, on any browser) keeps the
token in the session and replaces the address with ``?room=<code>``, a link that controls
nothing (without the token it is the join form of that code). A start from a lab lands on
``?room=`` directly. A reload (or a server restart: ui.common.reconnect) reopens the
teacher's view on that browser from a cookie the page sets (``gtl_teacher_<code>``, only for
this site, kept :data:`COOKIE_DAYS` days); the "Copy my teacher link" button hands the link
to another device without showing it. In a frame on another site (``?embed=true``), which
keeps no cookie of the app's and shows no address bar, the frame's address keeps ``?t=``.
"""

from __future__ import annotations

import json

import streamlit as st

from teach.i18n import _
from ui.classroom import shared as sh
from ui.common.keys import Classroom as K

ROOM = "room"  # the parameter of the link that shows in the address bar
COOKIE_DAYS = 30


def cookie_name(code: str) -> str:
    return f"gtl_teacher_{code}"


def keep(code: str, token: str) -> None:
    """This session's browser controls session ``code`` with ``token``."""
    st.session_state.setdefault(K.teachers, {})[code] = token


def teacher_token() -> str | None:
    """The teacher token this page opens with: the link's ``?t=``, else for ``?room=<code>``
    the one this session or this browser (its cookie) keeps; None otherwise."""
    token = sh.link_token(sh.TEACHER)
    if token:
        return token
    code = sh.link_token(ROOM)
    if not code:
        return None
    kept = st.session_state.get(K.teachers, {}).get(code)
    return kept or st.context.cookies.get(cookie_name(code)) or None


def room_code() -> str | None:
    """The code of a ``?room=`` link (the join form's code when no token is kept for it)."""
    return sh.link_token(ROOM)


# Run once per page (st.html keeps an unchanged element): the cookie, then the address bar
# without the token and without a history entry that holds it. In a frame (the page embedded
# in another site: ui.common.embed) the token stays in the frame's own address instead: a
# frame shows no address bar, and its cookie is refused there (browsers send no
# SameSite=Strict or Lax cookie in another site's frame and, with third-party cookies
# blocked, keep no SameSite=None one either), so a reload (a server restart) would
# otherwise open the join form.
_JS = """<span hidden></span><script>
(() => {{
  const u = new URL(location.href);
  if (window.self !== window.top) {{
    if (u.searchParams.get({t}) !== {token}) {{
      u.searchParams.delete({room});
      u.searchParams.set({t}, {token});
      history.replaceState(history.state, "", u);
    }}
    return;
  }}
  const secure = location.protocol === "https:" ? "; secure" : "";
  document.cookie = {name} + "=" + {token} + "; path=/; max-age={age}; samesite=strict" + secure;
  if (u.searchParams.has({t})) {{
    u.searchParams.delete({t});
    u.searchParams.set({room}, {code});
    history.replaceState(history.state, "", u);
  }}
}})();
</script>"""

# The copy button: the link is on the page only as data, never drawn; its words are in the data
# too, in the page's language (Python decides, the browser draws). navigator.clipboard
# needs a secure page (https or localhost); elsewhere the older execCommand copy is tried.
_COPY_JS = """
export default function ({ parentElement, data }) {
  const box = parentElement.querySelector("button") || document.createElement("button");
  if (!box.isConnected) {
    box.type = "button";
    box.className = "gtl-copy";
    parentElement.appendChild(box);
  }
  const label = data.label;
  box.textContent = label;
  box.onclick = async () => {
    let ok = false;
    try { await navigator.clipboard.writeText(data.link); ok = true; } catch (e) {
      const area = document.createElement("textarea");
      area.value = data.link;
      area.style.position = "fixed"; area.style.opacity = "0";
      document.body.appendChild(area); area.select();
      try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
      area.remove();
    }
    box.textContent = ok ? data.copied : data.refused;
    setTimeout(() => { box.textContent = label; }, 2500);
  };
}
"""
_COPY_CSS = """
.gtl-copy { font: inherit; font-size: .875rem; min-height: 2.5rem; padding: .25rem .75rem;
  border-radius: .5rem; cursor: pointer;
  border: 1px solid rgba(49, 51, 63, .2); background: #fff; color: inherit; }
.gtl-copy:hover { border-color: #ff4b4b; color: #ff4b4b; }
@media (pointer: coarse) { .gtl-copy { min-height: 44px; } }
"""
_COPY = st.components.v2.component("gtl_copy_link", js=_COPY_JS, css=_COPY_CSS)


def hide_secret(code: str, token: str) -> None:
    """After the teacher's view was drawn: keep the token (session and cookie) and take it
    out of the address bar."""
    keep(code, token)
    st.sidebar.html(  # in the (collapsed) sidebar: it takes no room on the projector
        _JS.format(
            name=json.dumps(cookie_name(code)),
            token=json.dumps(token),
            age=COOKIE_DAYS * 86400,
            t=json.dumps(sh.TEACHER),
            room=json.dumps(ROOM),
            code=json.dumps(code),
        ),
        unsafe_allow_javascript=True,
    )


def copy_button(token: str) -> None:
    """The button that copies the teacher link (it shows nothing of it)."""
    _COPY(
        data={
            "link": sh.page_link(**{sh.TEACHER: token}),
            "label": _("Copy my teacher link"),
            "copied": _("Copied: keep it secret"),
            "refused": _("This browser refused to copy"),
        },
        key=K.copy,
    )
