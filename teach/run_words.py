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
from engine.values import fmt_value, plural

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


def in_sentence(label: str) -> str:
    """An algorithm's label inside a sentence: "alpha-beta", "minimax", but "PVS", "MTD(f)"."""
    return label if label.isupper() or label.startswith("MTD") else label.lower()


def work_words(c: RunCounts) -> str:
    """ "2 leaves pruned by 1 cut-off" / "nothing pruned" (the result, then the event)."""
    if c.pruned <= 0:
        return "nothing pruned"
    by = f" by {plural(c.cutoffs, 'cut-off')}" if c.cutoffs else ""
    return f"{plural(c.pruned, 'leaf', 'leaves')} pruned{by}"


def headline(run: SearchRun, label: str, verdict: str | None = None) -> str:
    """``MAX can force 3; alpha-beta looked at 7 of 9 leaves (2 leaves pruned by 1 cut-off).``

    ``label`` names the algorithm (teach.algorithms.LABELS); ``verdict`` replaces "MAX can
    force 3" (the editor's "Value +1: the first player wins with perfect play")."""
    c = run_counts(run)
    name = in_sentence(label)
    if verdict is None:
        if run.algorithm == EXPECTIMAX:
            verdict = f"The expected value for MAX is {fmt_value(c.value)}"
        else:
            verdict = f"MAX can force {fmt_value(c.value)}"
    again = []
    if c.passes > 1:
        again.append(f"over {plural(c.passes, 'pass', 'passes')}")
    if c.evaluations != c.looked_at:
        again.append(f"{plural(c.evaluations, 'leaf evaluation')} in all")
    extra = f", {', '.join(again)}" if again else ""
    return (
        f"{verdict}; {name} looked at {c.looked_at} of {plural(c.leaves, 'leaf', 'leaves')}"
        f"{extra} ({work_words(c)})."
    )


def metrics(run: SearchRun, label: str) -> list[tuple[str, str]]:
    """(label, value) of the counts a lab shows as metrics, all of ``run``: the leaves minimax
    evaluates (all of them) and the leaves ``label`` looked at."""
    c = run_counts(run)
    return [
        ("minimax evaluates", plural(c.leaves, "leaf", "leaves")),
        (f"{in_sentence(label)} evaluates", plural(c.looked_at, "leaf", "leaves")),
    ]


def statement_answer(run: SearchRun) -> str:
    """``[3, 7]``: what the statement's ``alpha_beta(leaves, branching)`` returns, read from
    ``run`` (alpha-beta, statement rule, children as given): the value and the leaves."""
    c = run_counts(run)
    return f"[{fmt_value(c.value)}, {c.looked_at}]"
