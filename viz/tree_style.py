"""Colours, symbols and words of the tree figures (projector-friendly, colour-blind-safe)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import plotly.graph_objects as go

from engine.trace import ACTIVE, CUT, DONE, ENTER, EXIT, LEAF, PRUNED, UNSEEN, UPDATE, Event
from engine.values import fmt_value

# The figures build their traces from checked numpy arrays; plotly's per-element validation
# of 3,000 colour strings costs seconds, so it is switched off.
Scatter = partial(go.Scatter, _validate=False)

FONT = "Arial, Helvetica, sans-serif"
FONT_SIZE = 15  # px; nothing on a tree figure is smaller than 13 px (the legend)
LEGEND_FONT_SIZE = 13  # px: the whole legend fits one line from 1000 px wide
INK = "#1f2933"


@dataclass(frozen=True)
class NodeStyle:
    key: str  # legend group
    name: str  # legend text (short: the legend is one line on a projector)
    fill: str
    line: str
    text: str
    line_width: float = 1.5


# Node styles, in drawing order (later ones on top).
PLAIN = NodeStyle("plain", "node", "#cfe0f3", "#2b5d8f", INK)
STYLE_UNSEEN = NodeStyle("unseen", "not reached", "#eef2f6", "#9aa8b8", "#52606d")
STYLE_PRUNED = NodeStyle("pruned", "pruned", "#d9d9d9", "#b0b0b0", "#8f8f8f")
STYLE_DONE = NodeStyle("done", "done", "#2b6cb0", "#1a4273", "#ffffff")
STYLE_ACTIVE = NodeStyle("active", "on path", "#f6a623", "#a86400", INK)
STYLE_CURRENT = NodeStyle("current", "current", "#f6a623", "#000000", INK, line_width=4.0)
SUMMARY = NodeStyle("summary", "collapsed", "#f4f4f4", "#7b8794", INK)

STATUS_STYLES = {
    UNSEEN: STYLE_UNSEEN,
    PRUNED: STYLE_PRUNED,
    DONE: STYLE_DONE,
    ACTIVE: STYLE_ACTIVE,
}


@dataclass(frozen=True)
class EdgeStyle:
    key: str
    color: str
    width: float
    dash: str = "solid"


EDGE_PLAIN = EdgeStyle("plain", "#6b7c93", 2.0)
EDGE_UNSEEN = EdgeStyle("unseen", "#b8c4d2", 1.6)
EDGE_DONE = EdgeStyle("done", "#2b5d8f", 2.4)
EDGE_ACTIVE = EdgeStyle("active", "#e08a00", 5.0)
EDGE_PRUNED = EdgeStyle("pruned", "#b5b5b5", 1.8, "dash")
EDGE_SUMMARY = EdgeStyle("summary", "#9aa5b1", 1.5, "dot")
EDGE_PV = EdgeStyle("pv", "rgba(46, 160, 67, 0.55)", 11.0)
PV_NAME = "best play"  # the principal variation

LEGEND_MAX = "MAX"
LEGEND_MIN = "MIN"
LEGEND_LEAF = "leaf"

SYMBOL_MAX = "triangle-up"
SYMBOL_MIN = "triangle-down"
SYMBOL_LEAF = "circle"
SYMBOL_STUB = "circle-open"
SYMBOL_SUMMARY = "square"


def kind_word(is_leaf: bool, is_max: bool) -> str:
    if is_leaf:
        return "leaf"
    return "MAX" if is_max else "MIN"


def event_phrase(ev: Event | None, name: str, kind: str) -> str:
    """A short phrase for the step text inside the figure (pages write the full sentence)."""
    if ev is None:
        return "start: nothing searched yet"
    a, b = fmt_value(ev.alpha, missing=""), fmt_value(ev.beta, missing="")
    if ev.kind == ENTER:
        return f"enter {kind} {name} with α={a}, β={b}"
    if ev.kind == LEAF:
        return f"leaf {name} = {fmt_value(ev.value, missing='')}"
    if ev.kind == UPDATE:
        best = "" if ev.best is None else f", best {fmt_value(ev.best, missing='')}"
        return f"{kind} {name} gets {fmt_value(ev.value, missing='')}{best}: α={a}, β={b}"
    if ev.kind == CUT:
        k = len(ev.skipped)
        return f"cut at {kind} {name}: α={a} ≥ β={b}, skip {k} child" + ("" if k == 1 else "ren")
    if ev.kind == EXIT:
        return f"{kind} {name} returns {fmt_value(ev.value, missing='')}"
    return f"{ev.kind} {name}"
