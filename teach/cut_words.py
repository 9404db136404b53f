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
from teach.i18n import DEFAULT, N_, _, current, ngettext
from teach.search_words import node_who

# The canvas's legend entry for the notes (its plugins/cuts.js): a sample note and its words.
CUT_WORDS = {
    "sample": N_("β ≤ α, from A"),
    "legend": N_(
        "on a pruned edge: the bounds its cut-off compared and whose bound it was "
        "(point at it or tap it for the sentence)"
    ),
}


def cut_words() -> dict[str, str]:
    """:data:`CUT_WORDS` in the run's language (the canvas's legend entry for the notes)."""
    return {key: _(text) for key, text in CUT_WORDS.items()}


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
        if run.algorithm == "mtdf":
            return _("{rule}, from the pass's test window", rule=rule)
        return _("{rule}, from the search's first window", rule=rule)
    name = node_name(tree, cut.cause)
    if cut.via == BY_PROBE:
        return _("{rule}, from {name}'s probe", rule=rule, name=name)
    if cut.via == BY_TABLE:
        return _("{rule}, from {name}'s table entry", rule=rule, name=name)
    return _("{rule}, from {name}", rule=rule, name=name)


# Why a cut-off happened: (alpha-cut?, whose bound it compared) -> the sentence. "start":
# the window the search (or MTD(f)'s pass) started with; "probe": the edge of a null window
# an ancestor probes with; "table": a table entry; "move": a move the ancestor searched.
_WHY = {
    (True, "start"): N_(
        "Alpha-cut at {who}: its beta fell to {beta} {le} alpha = {alpha}, the bound of the "
        "search's first window, so MAX never lets play reach {name}: {rest}"
    ),
    (True, "pass"): N_(
        "Alpha-cut at {who}: its beta fell to {beta} {le} alpha = {alpha}, the bound of the "
        "pass's test window, so MAX never lets play reach {name}: {rest}"
    ),
    (True, "probe"): N_(
        "Alpha-cut at {who}: its beta fell to {beta} {le} alpha = {alpha}, the edge of the "
        "null window {cause} probes with (only whether the value passes it is asked), so MAX "
        "never lets play reach {name}: {rest}"
    ),
    (True, "table"): N_(
        "Alpha-cut at {who}: its beta fell to {beta} {le} alpha = {alpha}, which {cause} "
        "knows from its table entry, so MAX never lets play reach {name}: {rest}"
    ),
    (True, "move"): N_(
        "Alpha-cut at {who}: its beta fell to {beta} {le} alpha = {alpha}, which {cause} "
        "holds from a better move, so MAX never lets play reach {name}: {rest}"
    ),
    (False, "start"): N_(
        "Beta-cut at {who}: its alpha rose to {alpha} {ge} beta = {beta}, the bound of the "
        "search's first window, so MIN never lets play reach {name}: {rest}"
    ),
    (False, "pass"): N_(
        "Beta-cut at {who}: its alpha rose to {alpha} {ge} beta = {beta}, the bound of the "
        "pass's test window, so MIN never lets play reach {name}: {rest}"
    ),
    (False, "probe"): N_(
        "Beta-cut at {who}: its alpha rose to {alpha} {ge} beta = {beta}, the edge of the "
        "null window {cause} probes with (only whether the value passes it is asked), so MIN "
        "never lets play reach {name}: {rest}"
    ),
    (False, "table"): N_(
        "Beta-cut at {who}: its alpha rose to {alpha} {ge} beta = {beta}, which {cause} "
        "knows from its table entry, so MIN never lets play reach {name}: {rest}"
    ),
    (False, "move"): N_(
        "Beta-cut at {who}: its alpha rose to {alpha} {ge} beta = {beta}, which {cause} "
        "holds from a move better for MIN, so MIN never lets play reach {name}: {rest}"
    ),
}


def cut_sentence(run: SearchRun, cut: Cut, event: Event) -> str:
    """The "why pruned" arrow in words, for the CUT ``event`` of ``cut``: "Alpha-cut at MIN
    node C: its beta fell to 2 <= alpha = 3, which MAX node A holds from a better move, so
    MAX never lets play reach C: its other 2 children are pruned." (in the run's language)"""
    tree = run.tree
    n = len(cut.skipped)
    # typed (<=) in English, as its sentences always were; drawn (≤) in the others
    le, ge = _signs(run)[2:] if current() == DEFAULT else _signs(run)[:2]
    alpha = cut.kind == ALPHA_CUT
    if cut.cause < 0:
        whose = "pass" if run.algorithm == "mtdf" else "start"
    elif cut.via == BY_PROBE:
        whose = "probe"
    elif cut.via == BY_TABLE:
        whose = "table"
    else:
        whose = "move"
    text = _(
        _WHY[alpha, whose],
        who=node_who(tree, cut.node),
        name=node_name(tree, cut.node) if tree.labels is None else _("here"),
        rest=ngettext("its other {n} child is pruned.", "its other {n} children are pruned.", n),
        alpha=fmt_value(event.alpha),
        beta=fmt_value(event.beta),
        le=le,
        ge=ge,
        cause=node_who(tree, cut.cause) if cut.cause >= 0 else "",
    )
    if run.variant == "negamax" and event.nm_alpha is not None:
        text += " " + _(
            "(Negamax view at {name}: alpha = {alpha} {ge} beta = {beta}.)",
            name=node_name(tree, cut.node),
            alpha=fmt_value(event.nm_alpha),
            ge=ge,
            beta=fmt_value(event.nm_beta),
        )
    return text


def cut_sentences(run: SearchRun) -> dict[int, str]:
    """For every CUT event (by its index in ``run.events``), why it happened."""
    return {c.step: cut_sentence(run, c, run.events[c.step]) for c in classify(run).cuts}


def cut_notes(run: SearchRun) -> list[CutNote]:
    """Every cut-off of ``run`` as the canvas draws it (see :class:`CutNote`), in the run's
    language."""
    out = []
    for c in classify(run).cuts:
        row = ""
        if c.cause >= 0 and c.via != BY_PROBE:
            row = "a" if c.kind == ALPHA_CUT else "b"
        text = _(
            "Step {k}, a cut-off: {text}",
            k=c.step + 1,
            text=cut_sentence(run, c, run.events[c.step]),
        )
        out.append(CutNote(c.step + 1, c.node, c.cause, row, c.skipped, cut_note(run, c), text))
    return out
