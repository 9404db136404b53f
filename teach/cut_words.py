"""Why a cut-off happened, in words the tree keeps: the full sentence of each cut-off and the
short note its pruned edge carries after the step ("β 2 ≤ α 3, from A").

Every cut-off compares two bounds at the node where it happens: at a MIN node its β with the α
a MAX ancestor holds (an alpha-cut), at a MAX node its α with the β a MIN ancestor holds (a
beta-cut). engine.node_types.classify names that ancestor (``Cut.cause``) and where its
bound came from (a move it searched, a null window it probed a child with, a table entry);
the words here say it. Bounds are always said from MAX's point of view, as every other
sentence of the app; a negamax run adds its own view as an aside.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.node_types import ALPHA_CUT, BY_PROBE, BY_TABLE, Cut, classify
from engine.trace import Event, SearchRun
from engine.values import fmt_value
from teach.explain import node_name
from teach.search_words import node_who

# The canvas's legend entry for the notes (its plugins/cuts.js): a sample note and its words.
CUT_WORDS = {
    "sample": "β ≤ α, from A",
    "legend": "on a pruned edge: the bounds its cut-off compared and whose bound it was "
    "(point at it or tap it for the sentence)",
}


@dataclass(frozen=True)
class CutNote:
    """One cut-off as the tree canvas shows it (viz.tree_payload's ``cuts``).

    ``step``: the step (1-based) of the CUT event; ``node`` where it happened; ``cause`` the
    node whose bound it compared (-1: the window the search started with); ``cause_row``
    "a" or "b", the row of ``cause``'s box that holds that bound ("" when no box does: a
    probe's or the start window's bound); ``skipped`` the children pruned; ``note`` the
    edge's short note; ``text`` the full sentence (a hover, a tap, the tree view)."""

    step: int
    node: int
    cause: int
    cause_row: str
    skipped: tuple[int, ...]
    note: str
    text: str


def _start_window(run: SearchRun) -> str:
    return "the pass's test window" if run.algorithm == "mtdf" else "the search's first window"


def _signs(run: SearchRun) -> tuple[str, str, str, str]:
    """(≤ or <, ≥ or >) as drawn, and the same as typed: the strict variant cuts only on a
    strict inequality."""
    if run.variant == "strict":
        return "<", ">", "<", ">"
    return "≤", "≥", "<=", ">="


def cut_note(run: SearchRun, cut: Cut) -> str:
    """The pruned edge's note: "β 2 ≤ α 3, from A" (a MIN node's beta fell to the alpha MAX
    node A holds), "α 6 ≥ β 5, from B", "..., from A's probe", "..., from the pass's test
    window"."""
    tree, e = run.tree, run.events[cut.step]
    le, ge = _signs(run)[:2]
    a, b = fmt_value(e.alpha), fmt_value(e.beta)
    rule = f"β {b} {le} α {a}" if cut.kind == ALPHA_CUT else f"α {a} {ge} β {b}"
    if cut.cause < 0:
        return f"{rule}, from {_start_window(run)}"
    name = node_name(tree, cut.cause)
    if cut.via == BY_PROBE:
        return f"{rule}, from {name}'s probe"
    if cut.via == BY_TABLE:
        return f"{rule}, from {name}'s table entry"
    return f"{rule}, from {name}"


def cut_sentence(run: SearchRun, cut: Cut, event: Event) -> str:
    """The "why pruned" arrow in words, for the CUT ``event`` of ``cut``: "Alpha-cut at MIN
    node C: its beta fell to 2 <= alpha = 3, which MAX node A holds from a better move, so
    MAX never lets play reach C: its other 2 children are pruned." """
    tree = run.tree
    who = node_who(tree, cut.node)
    name = node_name(tree, cut.node) if tree.labels is None else "here"
    n = len(cut.skipped)
    rest = f"its other {n} child{'ren are' if n != 1 else ' is'} pruned"
    a, b = fmt_value(event.alpha), fmt_value(event.beta)
    le, ge = _signs(run)[2:]
    alpha = cut.kind == ALPHA_CUT
    side = "MAX" if alpha else "MIN"
    if cut.cause < 0:
        held = f"the bound of {_start_window(run)}"
    elif cut.via == BY_PROBE:
        held = (
            f"the edge of the null window {node_who(tree, cut.cause)} probes with (only whether "
            "the value passes it is asked)"
        )
    elif cut.via == BY_TABLE:
        held = f"which {node_who(tree, cut.cause)} knows from its table entry"
    else:
        better = "a better move" if alpha else "a move better for MIN"
        held = f"which {node_who(tree, cut.cause)} holds from {better}"
    if alpha:
        text = f"Alpha-cut at {who}: its beta fell to {b} {le} alpha = {a}, {held}"
    else:
        text = f"Beta-cut at {who}: its alpha rose to {a} {ge} beta = {b}, {held}"
    text += f", so {side} never lets play reach {name}: {rest}."
    if run.variant == "negamax" and event.nm_alpha is not None:
        text += (
            f" (Negamax view at {node_name(tree, cut.node)}: alpha = "
            f"{fmt_value(event.nm_alpha)} {ge} beta = {fmt_value(event.nm_beta)}.)"
        )
    return text


def cut_sentences(run: SearchRun) -> dict[int, str]:
    """For every CUT event (by its index in ``run.events``), why it happened."""
    return {c.step: cut_sentence(run, c, run.events[c.step]) for c in classify(run).cuts}


def cut_notes(run: SearchRun) -> list[CutNote]:
    """Every cut-off of ``run`` as the canvas draws it (see :class:`CutNote`)."""
    out = []
    for c in classify(run).cuts:
        row = ""
        if c.cause >= 0 and c.via != BY_PROBE:
            row = "a" if c.kind == ALPHA_CUT else "b"
        text = f"Step {c.step + 1}, a cut-off: {cut_sentence(run, c, run.events[c.step])}"
        out.append(CutNote(c.step + 1, c.node, c.cause, row, c.skipped, cut_note(run, c), text))
    return out
