"""A search you can take away: one self-contained HTML file with the tree canvas, its payload
and its styles, that opens from disk in any browser (no server, no network) and steps with
the same buttons and keys as the app.

The canvas is the app's own: its ES modules (game_tree_lab/tree_canvas/, index.js and what it
imports) go into the file as text, each turned into a module by the page itself (a Blob URL,
its ``from "./x.js"`` imports pointed at the others' URLs), and mounted as the app mounts it,
with the data ui.common.canvas sends (no link parameters, nothing reported: a "+N nodes"
marker needs the app to open). The style sheets (index.css and its ``@import``s) are inlined.
A "slide" switch draws it in projector mode (larger, the tree's height fitted to the window).
Pure: the payload (viz.tree_payload) in, a string out.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from importlib.resources import files

from teach.i18n import DEFAULT, PSEUDO, _, use
from viz.canvas_ui import plugin_words, plugins_on

ENTRY, STYLES = "index.js", "index.css"
_IMPORT = re.compile(r'(\bfrom\s+|\bimport\s+)"(\.{1,2}/[^"]+)"')
_CSS_IMPORT = re.compile(r'@import\s+url\("([^"]+)"\);')
_MARK = "__gtl_module__:"


def _asset(path: str) -> str:
    return (files("game_tree_lab") / "tree_canvas" / path).read_text(encoding="utf-8")


def modules() -> dict[str, str]:
    """Every module of the canvas by its path under tree_canvas/, dependencies before the
    modules that import them, each relative import rewritten to ``"__gtl_module__:PATH"``."""
    out: dict[str, str] = {}

    def visit(path: str, stack: tuple[str, ...] = ()) -> None:
        if path in out:
            return
        if path in stack:
            raise ValueError(f"the canvas's modules import each other in a cycle at {path}")
        text = _asset(path)
        here = posixpath.dirname(path)

        def point(m: re.Match) -> str:
            dep = posixpath.normpath(posixpath.join(here, m.group(2)))
            visit(dep, (*stack, path))
            return f'{m.group(1)}"{_MARK}{dep}"'

        out[path] = _IMPORT.sub(point, text)

    visit(ENTRY)
    return out


def styles(path: str = STYLES) -> str:
    """The canvas's style sheet with its ``@import``s inlined."""
    here = posixpath.dirname(path)
    return _CSS_IMPORT.sub(
        lambda m: styles(posixpath.normpath(posixpath.join(here, m.group(1)))), _asset(path)
    )


def _script_json(value) -> str:
    """JSON safe inside a <script> element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


BOOT = """
const mods = JSON.parse(document.getElementById("gtl-modules").textContent);
const data = JSON.parse(document.getElementById("gtl-data").textContent);
const urls = {};
for (const [path, text] of Object.entries(mods)) {
  const src = text.replace(/"__gtl_module__:([^"]+)"/g, (_, dep) => JSON.stringify(urls[dep]));
  urls[path] = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
}
const { default: component } = await import(urls["index.js"]);
const host = document.getElementById("gtl-tree");
const slide = document.getElementById("gtl-slide");
const none = () => {};
const show = () => component({
  parentElement: host,
  data: { ...data, view: slide.checked ? "projector" : null },
  setStateValue: none,
  setTriggerValue: none,
});
slide.addEventListener("change", () => { show(); slide.blur(); }); // keys go to the canvas
show();
document.documentElement.dataset.ready = "1";
"""

PAGE_CSS = """
html, body { margin: 0; background: #fff; }
body { font-family: "Source Sans Pro", "Source Sans 3", Arial, Helvetica, sans-serif;
  color: #1f2933; padding: .6rem 1rem; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: .3rem 1.2rem; }
header h1 { font-size: 1.3rem; margin: 0; }
header p { margin: 0; font-size: .95rem; color: #52606d; }
header label { font-size: .95rem; display: inline-flex; gap: .3rem; align-items: center;
  min-height: 44px; }
"""


def standalone_html(
    payload: dict,
    *,
    extra: dict | None = None,
    title: str = "A search",
    about: str = "",
    lang: str = DEFAULT,
) -> str:
    """The page of one search: ``payload`` (viz.tree_payload) and the plugins' ``extra``
    (as ui.common.canvas.tree_canvas takes them), under ``title`` and a line ``about`` it;
    its own words in ``lang`` (the payload's are the language it was made in)."""
    data = {
        "p": payload,
        "step": 0,
        "seq": 0,
        "select": False,
        "param": None,
        "play": None,
        "fit": True,
        "x": extra or {},
        "w": plugin_words(plugins_on(extra, still=bool(payload.get("still"))), lang),
        "sel": None,
        "ask": None,
    }
    with use(lang):
        note = _(
            "Steps with the buttons, the slider or the keys Home, Left, Right and End. "
            "Made by Game Tree Lab; opens with no network."
        )
        slide = _("slide view (larger, fitted to the window)")
    tag = DEFAULT if lang == PSEUDO else lang
    return f"""<!doctype html>
<html lang="{tag}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title>
<style>{PAGE_CSS}</style>
<style>{styles()}</style>
</head>
<body>
<header>
<h1>{html.escape(title)}</h1>
<p>{html.escape(about)}</p>
<label><input type="checkbox" id="gtl-slide"> {html.escape(slide)}</label>
</header>
<main id="gtl-tree"></main>
<p style="font-size:.85rem;color:#52606d">{html.escape(note)}</p>
<script type="application/json" id="gtl-modules">{_script_json(modules())}</script>
<script type="application/json" id="gtl-data">{_script_json(data)}</script>
<script type="module">{BOOT}</script>
</body>
</html>
"""
