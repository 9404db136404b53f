"""A search you can take away: one self-contained HTML file with the tree canvas, its payload
and its styles, that opens from disk in any browser (no server, no network) and steps with
the same buttons and keys as the app.

The canvas is the app's own: the bundle the app serves (game_tree_lab/dist/tree_canvas/, one
ES module and one style sheet made from the modules by scripts/build_js.mjs) goes into the
file as text, turned into a module by the page itself (a Blob URL) and mounted as the app
mounts it, with the data ui.common.canvas sends (no link parameters, nothing reported: a
"+N nodes" marker needs the app to open). The style sheet is inlined.
A "slide" switch draws it in projector mode (larger, the tree's height fitted to the window).
Pure: the payload (viz.tree_payload) in, a string out.
"""

from __future__ import annotations

import html
import json
from importlib.resources import files

from teach.i18n import DEFAULT, PSEUDO, _, use
from viz.canvas_ui import plugin_words, plugins_on

ENTRY, STYLES = "index.js", "index.css"


def bundle(name: str = ENTRY) -> str:
    """A file of the canvas's bundle: its module (``index.js``) or its sheet (``index.css``)."""
    return (files("game_tree_lab") / "dist" / "tree_canvas" / name).read_text(encoding="utf-8")


def _script_json(value) -> str:
    """JSON safe inside a <script> element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


BOOT = """
const code = JSON.parse(document.getElementById("gtl-canvas").textContent);
const data = JSON.parse(document.getElementById("gtl-data").textContent);
const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
const { default: component } = await import(url);
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
<style>{bundle(STYLES)}</style>
</head>
<body>
<header>
<h1>{html.escape(title)}</h1>
<p>{html.escape(about)}</p>
<label><input type="checkbox" id="gtl-slide"> {html.escape(slide)}</label>
</header>
<main id="gtl-tree"></main>
<p style="font-size:.85rem;color:#52606d">{html.escape(note)}</p>
<script type="application/json" id="gtl-canvas">{_script_json(bundle())}</script>
<script type="application/json" id="gtl-data">{_script_json(data)}</script>
<script type="module">{BOOT}</script>
</body>
</html>
"""
