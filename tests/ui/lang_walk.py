"""Every string a page shows, read in AppTest (the pseudo-language tests of the tree labs:
tests/ui/test_lang_trees.py): titles, markdown, captions, alerts, widget labels, help,
placeholders and options, figures (their HTML), expanders and tabs, the tree canvas's own words."""

from __future__ import annotations

import json
import re

from streamlit.testing.v1 import AppTest

from teach.i18n import LANGUAGES
from tests.canvas_data import opened
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


def canvas_words(data: dict) -> list[str]:
    """The canvas's own words in a canvas's data (viz.canvas_ui: every word and plural form
    of the payload's ``ui`` and of the plugins' ``w``; the tree view's, teach.access_words)."""
    words: list[str] = []
    for ui in (data["p"]["ui"], data.get("w") or {}):
        words += [v for k, v in ui.items() if k not in ("plural", "lang")]
        words += [f for forms in ui.get("plural", {}).values() for f in forms.values()]
    acc = data["p"].get("acc", {})  # the tree view's words (teach.access_words)
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
                data = opened(json.loads(proto.json))
                out.extend(("canvas", w) for w in canvas_words(data))
            return
        out.extend((f"{kind}.{name}", text) for name, text in _proto_strings(proto))

    walk(at._tree)
    return [
        (where, text)
        for where, text in out
        if _LETTERS.search(text) and text not in LANGUAGES.values()
    ]


_LINK_TARGET = re.compile(r"\]\([^)\s]*\)")  # a markdown link's address (not read)
# Streamlit's markdown directives (a colour, small text): markup, not words
_DIRECTIVE = re.compile(
    r":(?:red|orange|yellow|green|blue|violet|gray|grey|rainbow|primary|small)\["
)


def id_patterns(ids) -> list[re.Pattern]:
    """Each message id of the catalogue (singular and plural forms) as a pattern of its text
    once filled, each ``{name}`` a group that catches what filled it."""
    flat = {x for i in ids for x in (i if isinstance(i, tuple) else (i,)) if x}
    out = []
    for msgid in sorted(flat, key=len, reverse=True):
        parts = re.split(r"\{\w+\}", msgid)
        out.append(re.compile("(?s:" + "(.*)".join(re.escape(p) for p in parts) + ")", re.I))
    return out


def _top_segments(text: str) -> tuple[str, list[str]]:
    """``text`` with each outermost wrapped part replaced by a space, and those parts."""
    outside, parts, depth, start = [], [], 0, 0
    for i, ch in enumerate(text):
        if ch == "⟦":
            if depth == 0:
                start = i + 1
            depth += 1
        elif ch == "⟧" and depth:
            depth -= 1
            if depth == 0:
                parts.append(text[start:i])
                outside.append(" ")
        elif depth == 0:
            outside.append(ch)
    return "".join(outside), parts


def untranslated(text: str, patterns: list[re.Pattern], names: tuple[str, ...] = ()) -> list[str]:
    """What of ``text`` escaped translation in the pseudo-language: words outside every
    wrapped part, words a wrapped message was filled with that are not wrapped themselves
    (an English sentence given as a placeholder's value), and wrapped parts that no message
    of the catalogue makes (given to ``_`` but never extracted). Names aside."""
    text = re.sub(r"\\(.)", r"\1", _LINK_TARGET.sub("]", text))  # markdown's escapes
    text = _DIRECTIVE.sub(" ", text)
    outside, parts = _top_segments(text)
    outside = re.sub(r"\{\w+\}", " ", outside)  # a placeholder the browser fills: "{n}"
    for name in names:
        outside = outside.replace(name, " ")
    found = _LETTERS.findall(outside) and [outside.strip()]
    for part in parts:
        # the message that made the part: one whose fills are translated too (a text may
        # match several: "2 levels of 3" is also "{k} of {n}" filled with "2 levels")
        best = None
        for p in patterns:
            if (m := p.fullmatch(part)) is None:
                continue
            left = [w for g in m.groups() for w in untranslated(g, patterns, names)]
            if best is None or len(left) < len(best):
                best = left
            if not best:
                break
        found += [f"not a message: {part}"] if best is None else best
    return found
