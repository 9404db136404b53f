"""Plain text in a monospace box, with an optional copy button: the editor's export text,
the chase's judge line, the pawn board's text.

``st.code`` would load Streamlit's syntax highlighter (about 1.5 MB of JS, the first time a
page shows one) for text that has no syntax to colour, and a markdown code fence loads the
same highlighter. This is a tiny components-v2 component instead, its JS and CSS files in
game_tree_lab/plain_text/ (declared with an asset_dir like the boards: the browser fetches
them once, they do not ride in every run's message, which a board's tap reruns), and the
component machinery it needs is already loaded on every page that has a tree canvas or a
board. The box is a ``<pre>`` (selectable; focusable when it is wider
than the page, so a keyboard can scroll it); the button copies the whole text.
"""

from __future__ import annotations

from teach.i18n import N_, _
from ui.common.component import declare

# The button's words (in English; said in the run's language when the box is drawn).
COPY = N_("Copy the text")
COPIED = N_("Copied")
REFUSED = N_("This browser refused to copy: select the text instead")

NAME = "game-tree-lab.plain_text"


def plain_text(text: str, *, key: str, copy: bool = False, wrap: bool = False) -> None:
    """``text`` in a monospace box; ``copy`` adds a button that copies it whole; ``wrap``
    wraps long lines (else the box scrolls sideways)."""
    words = {"copy": _(COPY), "copied": _(COPIED), "refused": _(REFUSED)}
    declare(NAME, "The plain-text box")(
        data={"text": text, "copy": copy, "wrap": wrap, "words": words}, key=key
    )
