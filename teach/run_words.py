"""What a tree lab says above its canvas about the run it shows: the headline and the counts.

Every number here is read from the run itself (its events), never from another search of the
same tree: a lab that reorders the children, picks a variant or another algorithm shows that
run's counts. One vocabulary (DESIGN's): a *cut-off* is the event (alpha >= beta at a node,
its remaining children skipped), a *pruned* leaf or edge is its result (never evaluated,
never followed). A search that looks at a leaf again (PVS's re-searches, MTD(f)'s passes)
counts each leaf once in "looked at N of M leaves" and says its evaluations apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.trace import CUT, LEAF, RE_SEARCH, SearchRun
from engine.values import fmt_value
from teach.i18n import N_, _, ngettext

EXPECTIMAX = "expectimax"


@dataclass(frozen=True)
class RunCounts:
    """The counts of one run. ``leaves``: the tree's leaves with a value; ``looked_at``: the
    distinct leaves the run evaluated; ``evaluations``: its leaf evaluations (a leaf looked
    at again counts again); ``pruned``: leaves never evaluated; ``cutoffs``: its cut-offs;
    ``passes``: MTD(f)'s null-window passes (1 for the others); ``re_searches``: PVS's."""

    value: object
    leaves: int
    looked_at: int
    evaluations: int
    pruned: int
    cutoffs: int
    passes: int
    re_searches: int


def run_counts(run: SearchRun) -> RunCounts:
    """The counts of ``run``, from its events."""
    tree = run.tree
    leaves = sum(1 for v in range(len(tree)) if not tree.children[v] and tree.values[v] is not None)
    seen: set[int] = set()
    evaluations = cutoffs = re_searches = 0
    for e in run.events:
        if e.kind == LEAF and not tree.children[e.node]:
            evaluations += 1
            seen.add(e.node)
        elif e.kind == CUT:
            cutoffs += 1
        elif e.tag == RE_SEARCH:
            re_searches += 1
    passes = run.counts.get("passes", 1)
    return RunCounts(
        run.value,
        leaves,
        len(seen),
        evaluations,
        leaves - len(seen),
        cutoffs,
        passes,
        re_searches,
    )


# An algorithm's name inside a sentence, by the run's algorithm (the glossary's terms).
_IN_SENTENCE = {
    "minimax": N_("minimax"),
    "alphabeta": N_("alpha-beta"),
    "pvs": N_("PVS"),
    "mtdf": N_("MTD(f)"),
    "expectimax": N_("expectimax"),
    "deepening": N_("iterative deepening"),
    "deepening+table": N_("deepening + table"),
    "mcts": N_("MCTS"),
}


def in_sentence(label: str, algorithm: str | None = None) -> str:
    """An algorithm's label inside a sentence: "alpha-beta", "minimax", but "PVS", "MTD(f)"
    (by ``algorithm``, the run's, in the run's language when it is one of ours)."""
    if algorithm in _IN_SENTENCE:
        return _(_IN_SENTENCE[algorithm])
    return label if label.isupper() or label.startswith("MTD") else label.lower()


def _count(n: int) -> str:
    return f"{n:,}"


def work_words(c: RunCounts) -> str:
    """ "2 leaves pruned by 1 cut-off" / "nothing pruned" (the result, then the event)."""
    if c.pruned <= 0:
        return _("nothing pruned")
    if not c.cutoffs:
        return ngettext("{n} leaf pruned", "{n} leaves pruned", c.pruned, n=_count(c.pruned))
    return _(
        "{pruned} by {cutoffs}",
        pruned=ngettext("{n} leaf pruned", "{n} leaves pruned", c.pruned, n=_count(c.pruned)),
        cutoffs=ngettext("{n} cut-off", "{n} cut-offs", c.cutoffs, n=_count(c.cutoffs)),
    )


def headline(run: SearchRun, label: str, verdict: str | None = None) -> str:
    """``MAX can force 3; alpha-beta looked at 7 of 9 leaves (2 leaves pruned by 1 cut-off).``

    ``label`` names the algorithm (teach.algorithms.LABELS); ``verdict`` replaces "MAX can
    force 3" (the editor's "Value +1: the first player wins with perfect play"). In the
    run's language."""
    c = run_counts(run)
    name = in_sentence(label, run.algorithm)
    if verdict is None:
        if run.algorithm == EXPECTIMAX:
            verdict = _("The expected value for MAX is {value}", value=fmt_value(c.value))
        else:
            verdict = _("MAX can force {value}", value=fmt_value(c.value))
    looked = ngettext(
        "{name} looked at {looked} of {n} leaf",
        "{name} looked at {looked} of {n} leaves",
        c.leaves,
        n=_count(c.leaves),
        name=name,
        looked=c.looked_at,
    )
    passes = ngettext("over {n} pass", "over {n} passes", c.passes, n=_count(c.passes))
    evals = ngettext(
        "{n} leaf evaluation in all",
        "{n} leaf evaluations in all",
        c.evaluations,
        n=_count(c.evaluations),
    )
    work = work_words(c)
    if c.passes > 1 and c.evaluations != c.looked_at:
        msg = N_("{verdict}; {looked}, {passes}, {evals} ({work}).")
    elif c.passes > 1:
        msg = N_("{verdict}; {looked}, {passes} ({work}).")
    elif c.evaluations != c.looked_at:
        msg = N_("{verdict}; {looked}, {evals} ({work}).")
    else:
        msg = N_("{verdict}; {looked} ({work}).")
    return _(msg, verdict=verdict, looked=looked, passes=passes, evals=evals, work=work)


def metrics(run: SearchRun, label: str) -> list[tuple[str, str]]:
    """(label, value) of the counts a lab shows as figures, all of ``run``: the leaves minimax
    evaluates (all of them) and the leaves ``label`` looked at."""
    c = run_counts(run)
    leaves = ngettext("{n} leaf", "{n} leaves", c.leaves, n=_count(c.leaves))
    looked = ngettext("{n} leaf", "{n} leaves", c.looked_at, n=_count(c.looked_at))
    return [
        (_("minimax evaluates"), leaves),
        (_("{name} evaluates", name=in_sentence(label, run.algorithm)), looked),
    ]


def statement_answer(run: SearchRun) -> str:
    """``[3, 7]``: what the statement's ``alpha_beta(leaves, branching)`` returns, read from
    ``run`` (alpha-beta, statement rule, children as given): the value and the leaves."""
    c = run_counts(run)
    return f"[{fmt_value(c.value)}, {c.looked_at}]"
