"""Every string a page shows, read in AppTest (the pseudo-language tests of the tree labs:
tests/ui/test_lang_trees.py): titles, markdown, captions, alerts, widget labels, help,
placeholders and options, metrics, expanders and tabs, the tree canvas's own words."""

from __future__ import annotations

import json
import re

from streamlit.testing.v1 import AppTest

from teach.i18n import LANGUAGES
from ui.common.canvas import NAME as CANVAS_COMPONENT

_FIELDS = ("label", "help", "placeholder", "body")
_LETTERS = re.compile(r"[^\W\d_]{2,}")  # a word: two letters or more


def _proto_strings(proto) -> list[tuple[str, str]]:
    out = []
    for name in (*_FIELDS, "options"):
        field = proto.DESCRIPTOR.fields_by_name.get(name)
        if field is None:
            continue
        value = getattr(proto, name)
        if isinstance(value, str):
            out.append((name, value))
        else:  # a repeated field: the options
            out += [(name, v) for v in value if isinstance(v, str)]
    return out


def canvas_words(payload: dict) -> list[str]:
    """The canvas's own words (viz.canvas_ui) in a payload: every word and plural form."""
    ui = payload["ui"]
    words = [v for k, v in ui.items() if k not in ("plural", "lang")]
    return words + [f for forms in ui["plural"].values() for f in forms.values()]


def visible_strings(at: AppTest) -> list[tuple[str, str]]:
    """(where, text) for every string the page shows that holds a word (numbers, signs and
    the language menu's names of languages aside)."""
    out: list[tuple[str, str]] = []

    def walk(node) -> None:
        for child in getattr(node, "children", {}).values():
            walk(child)
        proto = getattr(node, "proto", None)
        if proto is None or not hasattr(proto, "DESCRIPTOR"):
            return
        kind = getattr(node, "type", type(node).__name__)
        if kind == "bidi_component":
            if proto.component_name == CANVAS_COMPONENT:
                data = json.loads(proto.json)
                out.extend(("canvas", w) for w in canvas_words(data["p"]))
            return
        out.extend((f"{kind}.{name}", text) for name, text in _proto_strings(proto))

    walk(at._tree)
    return [
        (where, text)
        for where, text in out
        if _LETTERS.search(text) and text not in LANGUAGES.values()
    ]


_WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)")  # a markdown link's address (not read)


def unwrapped(text: str) -> str:
    """What is left of ``text`` once every wrapped (translated) part is taken out, nested
    ones too: in the pseudo-language, only names and numbers should be left."""
    while True:
        left = _WRAPPED.sub(" ", text)
        if left == text:
            return text
        text = left


def escaped(text: str, names: tuple[str, ...] = ()) -> bool:
    """True when ``text`` holds a word that escaped translation (``names`` aside)."""
    rest = unwrapped(_LINK_TARGET.sub("]", text))
    for name in names:
        rest = rest.replace(name, " ")
    return bool(_LETTERS.search(rest))
