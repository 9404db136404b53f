"""Plain text in a monospace box, with an optional copy button: the editor's export text,
the chase's judge line, the pawn board's text.

``st.code`` would load Streamlit's syntax highlighter (about 1.5 MB of JS, the first time a
page shows one) for text that has no syntax to colour, and a markdown code fence loads the
same highlighter. This is a tiny components-v2 component instead: its few lines of JS ride
in the message, and the component machinery it needs is already loaded on every page that
has a tree canvas or a board. The box is a ``<pre>`` (selectable; focusable when it is wider
than the page, so a keyboard can scroll it); the button copies the whole text.
"""

from __future__ import annotations

import streamlit as st

from teach.i18n import N_, _

# The button's words (in English; said in the run's language when the box is drawn).
COPY = N_("Copy the text")
COPIED = N_("Copied")
REFUSED = N_("This browser refused to copy: select the text instead")

_JS = """
export default function ({ parentElement, data }) {
  let pre = parentElement.querySelector("pre");
  if (!pre) {
    pre = document.createElement("pre");
    pre.tabIndex = 0;
    parentElement.appendChild(pre);
  }
  pre.textContent = data.text;
  pre.className = data.wrap ? "gtl-text wrap" : "gtl-text";
  let btn = parentElement.querySelector("button");
  if (!data.copy) { if (btn) btn.remove(); return; }
  if (!btn) {
    btn = document.createElement("button");
    btn.type = "button";
    parentElement.appendChild(btn);
  }
  btn.textContent = data.words.copy;
  btn.onclick = async () => {
    let ok = false;
    try { await navigator.clipboard.writeText(data.text); ok = true; } catch (e) {
      const area = document.createElement("textarea");
      area.value = data.text;
      area.style.position = "fixed"; area.style.opacity = "0";
      parentElement.appendChild(area); area.select();
      try { ok = document.execCommand("copy"); } catch (e2) { ok = false; }
      area.remove();
    }
    btn.textContent = ok ? data.words.copied : data.words.refused;
    setTimeout(() => { btn.textContent = data.words.copy; }, 2500);
  };
}
"""
_CSS = """
pre { margin: 0 0 .5rem; padding: .75rem 1rem; border-radius: .5rem; overflow-x: auto;
  background: #f0f2f6; color: #31333f; font: .875rem/1.5 ui-monospace, "DejaVu Sans Mono",
  SFMono-Regular, Menlo, Consolas, monospace; }
pre.wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
pre:focus-visible { outline: 2px solid #1c5fb8; outline-offset: 2px; }
button { font: inherit; font-size: .875rem; min-height: 2.75rem; padding: .25rem .75rem;
  border-radius: .5rem; cursor: pointer; border: 1px solid rgba(49, 51, 63, .2);
  background: #fff; color: #31333f; }
button:hover { border-color: #c0392b; color: #a12a1e; }
"""
NAME = "gtl_plain_text"
_BOX = st.components.v2.component(NAME, js=_JS, css=_CSS)


def plain_text(text: str, *, key: str, copy: bool = False, wrap: bool = False) -> None:
    """``text`` in a monospace box; ``copy`` adds a button that copies it whole; ``wrap``
    wraps long lines (else the box scrolls sideways)."""
    words = {"copy": _(COPY), "copied": _(COPIED), "refused": _(REFUSED)}
    _BOX(data={"text": text, "copy": copy, "wrap": wrap, "words": words}, key=key)
