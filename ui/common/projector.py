"""Projector mode: one switch at the top of every page, remembered in the link.

:func:`page_header` draws the page's title with a "Projector" switch beside it and returns
whether the page is in projector mode. What decides the mode, first match wins:

1. the person's own click on the switch (this session);
2. the link's ``?view=projector`` or ``?view=desk`` (read once per session, share.restore);
3. the window: a wide, short window (:func:`wide_and_short`: a projector, a low laptop
   screen, a browser zoomed to 150 %) starts in projector mode. A tiny browser component
   (the probe) measures the window and tells the server only when its answer differs from
   what the server knows, so a desk window (the usual case) costs no script run.

An explicit choice (1 or 2) is written to the link as ``view=projector`` / ``view=desk``,
so a copied link opens the same way on another screen; the window's default is not.

In projector mode the sidebar starts collapsed (``st.set_page_config``, and the probe closes
it once when the mode turns on, since Streamlit applies a later run's collapsed sidebar only
some of the time), the page's top
margin and title shrink, the tree canvas draws its figure larger (ui/common/canvas.py sends
``view``; game_tree_lab/tree_canvas/plugins/projector.js scales the figure to the window's height) and
the boards are sized to the window (:func:`board_px`).
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from teach.i18n import N_, _
from ui.common.figures import FIGURES
from ui.common.keys import RESULT, SETUP_ROW, THIRDS, View, css
from ui.common.language import menu as language_menu
from ui.common.link_codec import choice
from ui.common.share import publish, restore

PARAM = "view"
PROJECTOR, DESK = "projector", "desk"
VIEWS = (PROJECTOR, DESK)

# A window is wide and short when it is at least WIDE times as wide as it is high and at most
# SHORT CSS px high (1280 x 720 at 100 % or 150 %, 1366 x 768; not 1400 x 900, not a phone).
WIDE, SHORT, NARROWEST = 1.5, 800, 700

_PROBE_JS = f"""
export default function ({{ data, setStateValue }}) {{
  // Tell the server when the window's shape differs from what it knows (data.short), once
  // the page's run is over: a report during a run would interrupt it, and an interrupted
  // run loses the values it gave its widgets.
  // Turned on (a click, a link, the window): close the sidebar once. Streamlit applies
  // set_page_config's collapsed sidebar on a later run only some of the time; a person who
  // opens it again in projector mode keeps it open.
  const was = window.__gtlProjectorOn === true;
  window.__gtlProjectorOn = data.want === true;
  if (data.want === true && !was) {{
    const bar = document.querySelector('[data-testid="stSidebar"]');
    const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
    if (bar && close && bar.getBoundingClientRect().right > 0) close.click();
  }}
  // The modules of what the page will draw (data.preload: the tree canvas's entry module,
  // ui.common.canvas.canvas_files), imported now, while the page's run goes on, not when their
  // element arrives at its end: the same URL Streamlit imports it from (with every module it
  // imports), so each is fetched once.
  for (const href of data.preload || []) {{
    import(new URL(href, window.location.href).href).catch(() => {{}});
  }}
  let timer = null;
  const since = Date.now();
  // Idle: the run is over and no element is still loading its code (Streamlit's skeleton):
  // a widget whose code has not arrived (a first visit, an empty cache) has not told the
  // frontend its value, and a report then reran the page without it, so the server forgot
  // it: the alpha-beta lab opened on a projector with its leaves box empty and branching 2
  // under the statement's tree. A skeleton that stays (code that never loads) is waited
  // for 10 s at most.
  const idle = () => {{
    const app = document.querySelector('[data-testid="stApp"]');
    if (app && app.dataset.testScriptState === "running") return false;
    return !document.querySelector('[data-testid="stSkeleton"]') || Date.now() - since > 10000;
  }};
  const check = () => {{
    timer = null;
    if (!idle()) {{ timer = setTimeout(check, 150); return; }}
    const w = window.innerWidth, h = window.innerHeight;
    const short = w >= {WIDE} * h && h <= {SHORT} && w >= {NARROWEST};
    // in projector mode the boards are sized to the window: its size too, when it moved
    const size = data.size, need = short || data.want;
    const moved = need && (!size || Math.abs(size[0] - w) > 0.08 * w || Math.abs(size[1] - h) > 0.08 * h);
    const tell = short !== (data.short === true) || moved;
    // what the probe did, for the layout tests (gtl_dev.pages.probe_settled): "told" the
    // server (a run follows, and this code runs again with its data), or the window is
    // what the server knows ("still"); "waiting" until it has looked
    window.__gtlProbe = tell ? "told" : "still";
    if (tell) setStateValue("window", {{ short, w, h }});
  }};
  const later = () => {{ window.__gtlProbe = "waiting"; clearTimeout(timer); timer = setTimeout(check, 300); }};
  later();
  window.addEventListener("resize", later);
  return () => {{ clearTimeout(timer); window.removeEventListener("resize", later); }};
}}
"""
_PROBE = st.components.v2.component("gtl_window_probe", js=_PROBE_JS)

# The page in projector mode: less room above the title, a smaller title (st.html with only a
# <style> takes no room on the page).
_PROJECTOR_CSS = """<style>
[data-testid="stMain"] .stMainBlockContainer { padding-top: 3.4rem; padding-bottom: 2rem; }
[data-testid="stMain"] h1 { font-size: 2.1rem; padding-top: .25rem; padding-bottom: .25rem; }
</style>"""
# A touch screen: every control a finger may tap is at least 44x44 CSS px (WCAG 2.5.5; the
# tree canvas's own are in its plugins/touch.css): buttons, fields, the number steppers, tabs,
# toggles and checkboxes (their label is the target), the help marks (a wider box around the
# same mark), the sidebar's and the tabs' arrows. A desk's mouse keeps Streamlit's sizes.
_TOUCH_CSS = """@media (pointer: coarse) {
  [data-testid="stApp"] button { min-height: 44px; min-width: 44px; }
  [data-testid="stApp"] [data-baseweb="input"], [data-testid="stNumberInputContainer"] { height: auto; }
  [data-testid="stApp"] [data-baseweb="select"] > div { min-height: 44px; }
  [data-testid="stApp"] input:not([type="checkbox"]):not([type="radio"]) { min-height: 44px; }
  [data-testid="stNumberInputContainer"] button { height: auto; align-self: stretch; }
  [data-testid="stCheckbox"] label, [data-testid="stRadio"] label { min-height: 44px; align-items: center; }
  [data-testid="stTab"], [data-testid="stExpander"] summary,
  [data-testid="stPageLink"] a { min-height: 44px; }
  [data-testid="stTooltipHoverTarget"] button { min-height: 44px; min-width: 44px; margin: -14px 0; }
  [data-testid="stMenuButtonBody"] [role="menuitem"] { min-height: 44px; display: flex; align-items: center; }
}"""
# Every page: the probe takes no room; a tree lab's answer line is large, its figures
# (ui.common.figures, one element) share a row and wrap two by two on a phone, their labels
# whole on two lines; a row keyed THIRDS holds three
# fields to a line (two on a phone) in one container, one keyed SETUP_ROW three fields 4:5:2
# (one under the other on a phone); a figure's value shrinks with its box
# (a container query) and wraps between words, so "24,845" or "2 levels of 3" is never cut at
# 150 %; pills and segmented controls wrap (Streamlit scrolls them sideways, hiding the last
# options), and so do widget labels (Streamlit cuts a toggle's with an ellipsis: "Practice:
# predict eac…") and buttons' words ("Leave pra…", "Re…" in a narrow column: issue 21). A
# Chinese title breaks at its spaces, not inside a word (剪|枝), unless a word alone is wider
# than the line.
_PAGE_CSS = f"""<style>
{css(View.probe)} {{ display: none; }}
{css(RESULT)} p {{ font-size: 1.5rem; font-weight: 600; color: #1f2933; margin: .2rem 0 .4rem; }}
[data-testid="stHtml"] dl.{FIGURES} {{ display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: 0 0 .5rem; padding: 0; }}
.{FIGURES} > div {{ flex: 1 1 8.5rem; min-width: 8.5rem; container-type: inline-size; }}
.{FIGURES} dt {{ font-size: .875rem; font-weight: 400; opacity: .8; overflow-wrap: break-word; }}
.{FIGURES} dd {{ margin: 0; font-size: min(2.25rem, 19cqi); line-height: 1.25; }}
{css(THIRDS)} > div {{ flex: 1 1 calc(33.333% - 1rem); min-width: 8rem; }}
{css(SETUP_ROW)} > div:nth-child(1) {{ flex: 4 1 0; min-width: 12rem; align-self: center; }}
{css(SETUP_ROW)} > div:nth-child(2) {{ flex: 5 1 0; min-width: 15rem; }}
{css(SETUP_ROW)} > div:nth-child(3) {{ flex: 2 1 0; min-width: 7rem; }}
[data-testid="stButtonGroup"] > div {{ flex-wrap: wrap; row-gap: .4rem; }}
[data-testid="stWidgetLabel"] [data-testid="stMarkdownContainer"],
[data-testid="stWidgetLabel"] [data-testid="stMarkdownContainer"] p {{ white-space: normal; }}
[data-testid="stApp"] button .stMarkdownEllipsis, [data-testid="stApp"] button .stMarkdownEllipsis p {{ white-space: normal; }}
[data-testid="stMarkdownContainer"] table {{ max-width: 100%; }}
[data-testid="stPageLink"] a span {{ white-space: normal; }}
:lang(zh) h1 {{ word-break: keep-all; overflow-wrap: anywhere; }}
@media (max-width: 960px) {{
  [data-testid="stMarkdownContainer"] table th, [data-testid="stMarkdownContainer"] table td {{
    padding: .25rem .35rem; overflow-wrap: anywhere; }}
}}
{_TOUCH_CSS}
</style>"""


def wide_and_short(width: float, height: float) -> bool:
    """The window rule of the probe (the same numbers as its JS): projector by default."""
    return width >= WIDE * height and height <= SHORT and width >= NARROWEST


def _chosen() -> None:
    st.session_state[View.chosen] = bool(st.session_state.get(View.toggle))


def _probed() -> None:
    state = st.session_state.get(View.probe) or {}
    window = state.get("window")
    if not isinstance(window, dict):  # the browser's message is not trusted
        return
    short, w, h = window.get("short"), window.get("w"), window.get("h")
    if isinstance(short, bool):
        st.session_state[View.short] = short
    if all(
        isinstance(x, int | float) and not isinstance(x, bool) and 0 < x < 20_000 for x in (w, h)
    ):
        st.session_state[View.size] = (int(w), int(h))


def decide(chosen: bool | None, link: str | None, short: bool | None) -> bool:
    """Projector mode or not: the person's choice, else the link's, else the window's."""
    if chosen is not None:
        return chosen
    if link is not None:
        return link == PROJECTOR
    return bool(short)


def link_value(chosen: bool | None, link: str | None) -> str | None:
    """What the link says: an explicit choice (the person's, else the link's), else nothing."""
    if chosen is not None:
        return PROJECTOR if chosen else DESK
    return link


def is_on() -> bool:
    """Projector mode on this run (after :func:`page_header`)."""
    return bool(st.session_state.get(View.on))


def page_style(on: bool = False) -> None:
    """The pages' own CSS (touch targets, words that wrap; ``on``: projector mode's smaller
    top), for every page: :func:`page_header` draws it, and the class pages (which have no
    projector switch) call it themselves."""
    st.html(_PAGE_CSS + (_PROJECTOR_CSS if on else ""))


def page_header(title: str, preload: Sequence[str] = ()) -> bool:
    """The page's title with the language menu and the projector switch; True in projector
    mode (see the module). ``preload``: the URL paths of files the page's elements will need
    (ui.common.canvas.canvas_files), which the window probe has the browser fetch at once."""
    ss = st.session_state
    link = restore(
        PARAM,
        decode=choice(VIEWS, N_("the view")),
        default=None,
        what=N_("view"),
        state_key=View.link,
    )
    chosen = ss.get(View.chosen)
    on = decide(chosen, link, ss.get(View.short))
    ss[View.on] = on
    ss[View.toggle] = on
    st.set_page_config(initial_sidebar_state="collapsed" if on else "auto")
    page_style(on)
    with st.container(horizontal=True, vertical_alignment="center", key=View.head):
        st.title(title, width="stretch")
        language_menu()
        st.toggle(
            _("Projector"),
            key=View.toggle,
            on_change=_chosen,
            help=_(
                "A class layout: sidebar closed, larger tree and boards, everything on one "
                "screen. The link remembers it."
            ),
        )
        probe = {"short": ss.get(View.short), "size": ss.get(View.size), "want": on}
        if preload:
            probe["preload"] = list(preload)
        _PROBE(key=View.probe, data=probe, on_window_change=_probed)
    publish(**{PARAM: link_value(chosen, link)})
    return on


# A board in projector mode is sized to the window the probe measured: its column's share of
# the page's width (no sidebar; PAD_PX of margin each side), at most the window's height below
# FOLD_PX (Streamlit's header and a margin: the board fits on one screen once scrolled to).
# Never under BOARD_MIN: a phone held sideways (844x390) is a short window too.
PAD_PX, FOLD_PX, BOARD_MIN = 80, 120, 200
# The board component's own fold in projector mode (game_tree_lab/board/index.css's --fold):
# what must share the window with a board once it is scrolled to its mode switch: Streamlit's
# header (60 px) and the switch with its label (76 px) above it, the pawn board's last row of
# words (30 px) below it, and a margin.
BOARD_FOLD_PX = 170


def board_px(desk: int, projector: int, share: float) -> int:
    """A board's size in px: ``desk``; in projector mode, the largest that fits the board's
    column (``share`` of the page's width) and the window's height, at most ``projector``.
    Its squares' text is sized from this, so it is a little under what the browser gives."""
    if not is_on():
        return desk
    size = st.session_state.get(View.size)
    if not size:
        return projector
    w, h = size
    pad = PAD_PX if w >= 1000 else 24
    room = min((w - 2 * pad) * share - 24, h - FOLD_PX - 40)
    return int(max(BOARD_MIN, min(projector, 0.92 * room)))
