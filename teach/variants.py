"""Practice mode for class: the variants side by side, and their pseudocode.

The rest of practice mode lives in :mod:`teach.quiz` (predict each step) and
:mod:`teach.exercise` (fill in a whole tree); :mod:`teach.exam` makes printable sheets.

``pseudocode(variant)`` lists the lines of each formulation; ``line_for_event(variant,
event)`` gives the 0-based index of the line an event executes, so a page can highlight
``pseudocode(variant)[line_for_event(variant, event)]`` while stepping through a run.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.search import VARIANTS, search_tree
from engine.trace import CUT, ENTER, EXIT, LEAF, UPDATE, Event, SearchRun
from engine.tree import GameTree
from engine.values import MINUS_INF, PLUS_INF
from teach.i18n import N_, _

MINIMAX = "minimax"
ALL = (MINIMAX, *VARIANTS)  # minimax, statement, fail-hard, strict, negamax

# The one name of each variant that people read (menus, tables, headings), in English:
# :func:`label` says it in the run's language (teach.i18n).
LABELS = {
    MINIMAX: N_("Minimax"),
    "statement": N_("Statement (fail-soft, α ≥ β cuts)"),
    "fail-hard": N_("Fail-hard (clamp to the window)"),
    "strict": N_("Strict (only α > β cuts)"),
    "negamax": N_("Negamax (one rule, both sides)"),
}

DESCRIPTION = {  # in English; :func:`description` in the run's language
    MINIMAX: N_("plain minimax: every node is searched, nothing is cut"),
    "statement": N_("alpha-beta as in the statement: fail-soft, cut when alpha >= beta"),
    "fail-hard": N_("like the statement, but a node's value is clamped into its window"),
    "strict": N_("cuts only when alpha > beta: ties keep searching"),
    "negamax": N_("one rule for both sides: scores negated at each level, cut when alpha >= beta"),
}


def label(name: str) -> str:
    """Variant ``name``'s label (:data:`LABELS`) in the run's language."""
    return _(LABELS[name])


def description(name: str) -> str:
    """What variant ``name`` does (:data:`DESCRIPTION`) in the run's language."""
    return _(DESCRIPTION[name])


@dataclass(frozen=True)
class VariantResult:
    """One variant's run on a tree: root value, leaves evaluated, nodes visited, cut-offs."""

    name: str
    description: str
    value: int
    leaves_evaluated: int
    nodes_visited: int
    cuts: int
    run: SearchRun


def run_variant(tree: GameTree, name: str) -> SearchRun:
    """Search ``tree`` with ``name`` from :data:`ALL` (ValueError for another name)."""
    if name == MINIMAX:
        return search_tree(tree, algorithm="minimax")
    if name not in VARIANTS:
        raise ValueError(f"unknown variant {name!r}; choose one of {', '.join(ALL)}")
    return search_tree(tree, algorithm="alphabeta", variant=name)


def compare_variants(tree: GameTree) -> list[VariantResult]:
    """Every variant of :data:`ALL` on ``tree``, in that order."""
    out = []
    for name in ALL:
        run = run_variant(tree, name)
        out.append(
            VariantResult(
                name=name,
                description=DESCRIPTION[name],
                value=run.value,
                leaves_evaluated=run.leaves_evaluated,
                nodes_visited=run.nodes_visited,
                cuts=sum(1 for e in run.events if e.kind == CUT),
                run=run,
            )
        )
    return out


def _two_sided(cut_test: str, header: str, ret: str, save: list[str]) -> list[str]:
    return [
        header,
        "    if node is a leaf: return value(node)",
        *save,
        "    if node is MAX:",
        f"        best = {MINUS_INF}",
        "        for child in children(node):",
        "            v = alphabeta(child, alpha, beta)",
        "            best = max(best, v); alpha = max(alpha, best)",
        f"            if {cut_test}: break",
        "    else:",
        f"        best = {PLUS_INF}",
        "        for child in children(node):",
        "            v = alphabeta(child, alpha, beta)",
        "            best = min(best, v); beta = min(beta, best)",
        f"            if {cut_test}: break",
        ret,
    ]


_CODE: dict[str, list[str]] = {
    MINIMAX: [
        "function minimax(node):",
        "    if node is a leaf: return value(node)",
        "    if node is MAX:",
        f"        best = {MINUS_INF}",
        "        for child in children(node):",
        "            best = max(best, minimax(child))",
        "    else:",
        f"        best = {PLUS_INF}",
        "        for child in children(node):",
        "            best = min(best, minimax(child))",
        "    return best",
    ],
    "statement": _two_sided(
        "alpha >= beta", "function alphabeta(node, alpha, beta):", "    return best", []
    ),
    "fail-hard": _two_sided(
        "alpha >= beta",
        "function alphabeta(node, alpha, beta):",
        "    return min(max(best, alpha0), beta0)   # clamped into the window given",
        ["    alpha0, beta0 = alpha, beta"],
    ),
    "strict": _two_sided(
        "alpha > beta", "function alphabeta(node, alpha, beta):", "    return best", []
    ),
    "negamax": [
        "function negamax(node, alpha, beta):   # scores for the side to move",
        "    if node is a leaf: return sign(node) * value(node)   # +1 at MAX, -1 at MIN",
        f"    best = {MINUS_INF}",
        "    for child in children(node):",
        "        v = -negamax(child, -beta, -alpha)",
        "        best = max(best, v); alpha = max(alpha, best)",
        "        if alpha >= beta: break",
        "    return best",
    ],
}


# The pseudocode's comments, said in the run's language (the code itself stays as it is).
_NOTE = "   # "
_COMMENTS = frozenset(
    {
        N_("clamped into the window given"),
        N_("scores for the side to move"),
        N_("+1 at MAX, -1 at MIN"),
    }
)


def _said(line: str) -> str:
    code, note, comment = line.partition(_NOTE)
    return code + note + _(comment) if comment in _COMMENTS else line


def pseudocode(variant: str) -> list[str]:
    """The lines of ``variant``'s pseudocode (a fresh list), its comments in the run's
    language. ValueError for an unknown name."""
    if variant not in _CODE:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(ALL)}")
    return [_said(line) for line in _CODE[variant]]


def _find(lines: list[str], text: str, start: int = 0) -> int:
    return next(i for i in range(start, len(lines)) if text in lines[i])


def line_for_event(variant: str, event: Event) -> int:
    """0-based index into ``pseudocode(variant)`` of the line ``event`` executes.

    ENTER -> the function header, LEAF -> the leaf return, UPDATE -> the best/alpha/beta
    update line (the MAX or MIN branch by the node's depth), CUT -> the cut test, EXIT -> the
    final return. For minimax, whose trace has no CUT, a CUT maps to the loop line.
    """
    lines = pseudocode(variant)
    kind = event.kind
    if kind == ENTER:
        return 0
    if kind == LEAF:
        return 1
    if kind == EXIT:
        return len(lines) - 1
    if kind not in (UPDATE, CUT):
        raise ValueError(f"unknown event kind {kind!r}")
    is_max = len(event.path) % 2 == 0
    if variant == "negamax":
        return _find(lines, "best = max" if kind == UPDATE else "if alpha")
    start = 0 if is_max else _find(lines, "else:")
    if variant == MINIMAX:
        return _find(lines, "best = m" if kind == UPDATE else "for child", start)
    return _find(lines, "best = m" if kind == UPDATE else "break", start)
