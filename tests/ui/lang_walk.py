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
    """The canvas's own words in a payload (viz.canvas_ui: every word and plural form; the
    tree view's, teach.access_words)."""
    ui = payload["ui"]
    words = [v for k, v in ui.items() if k not in ("plural", "lang")]
    words += [f for forms in ui["plural"].values() for f in forms.values()]
    acc = payload.get("acc", {})  # the tree view's words (teach.access_words)
    words += [v for k, v in acc.items() if isinstance(v, str) and k != "sep"]
    words += [w for k in ("kinds", "status") for w in acc.get(k, [])]
    return words


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


def _segments(text: str) -> list[str]:
    """Every wrapped part of ``text`` (⟦…⟧, nested ones too), as it was wrapped."""
    out, starts = [], []
    for i, ch in enumerate(text):
        if ch == "⟦":
            starts.append(i)
        elif ch == "⟧" and starts:
            out.append(text[starts.pop() + 1 : i])
    return out


def _id_pattern(msgid: str) -> str:
    """A message id as a pattern of its text once filled: each ``{name}`` any text."""
    parts = re.split(r"\{\w+\}", msgid)
    return "(?s:" + ".*".join(re.escape(p) for p in parts) + ")"


def catalogue_matcher(ids) -> re.Pattern:
    """A pattern that matches a text made from any of the catalogue's message ``ids``
    (singular and plural forms)."""
    flat = [x for i in ids for x in (i if isinstance(i, tuple) else (i,)) if x]
    patterns = "|".join(_id_pattern(i) for i in sorted(flat, key=len, reverse=True))
    return re.compile(patterns, re.IGNORECASE)  # a label lowercased in a sentence: "alpha-beta"


def not_in_catalogue(text: str, matcher: re.Pattern) -> list[str]:
    """The wrapped parts of ``text`` that no message of the catalogue makes: a string given to
    ``_`` that ``make messages`` never extracts (a table's words not marked with ``N_``), which
    the pseudo-language wraps but no catalogue translates."""
    plain = re.compile(r"\\(.)")  # a markdown escape: "\\(" is "("
    return [s for s in _segments(text) if not matcher.fullmatch(plain.sub(r"\1", s))]
