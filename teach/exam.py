"""Seeded exercise generation for exam sheets.

Everything is deterministic for a seed: each call builds its own ``random.Random(seed)``
and never touches the global generator, so the same seed gives the same sheet on every
machine and in every Streamlit session.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.errors import InputError
from engine.tree import GameTree, complete_tree
from teach.exercise import Solution, solution
from teach.i18n import _, ngettext

MAX_TRIES = 400  # candidate leaf vectors tried per exercise when aiming at target_cuts
MAX_EXERCISE_LEAVES = 243  # 3^5: the widest tree a person is asked to fill in (on screen)
MAX_SHEET_LEAVES = 27  # the widest tree the printed A4 sheet draws readably (viz.exam_sheet)
MAX_SHEET_EXERCISES = 20


@dataclass(frozen=True)
class Exercise:
    """One generated exercise.

    ``cuts`` is the number of cut-offs (nodes where alpha >= beta skipped children).
    ``target_met`` tells whether ``cuts == target_cuts`` (always True without a target);
    ``tries`` is how many candidate leaf vectors were drawn.
    """

    seed: int
    branching: int
    depth: int
    leaves: tuple[int, ...]
    tree: GameTree
    solution: Solution
    target_cuts: int | None
    target_met: bool
    tries: int

    @property
    def cuts(self) -> int:
        return self.solution.cuts

    @property
    def value(self) -> int:
        return self.solution.value

    def describe(self) -> str:
        """One line for a page or a report, e.g. why the target was not met."""
        s = ngettext(
            "seed {seed}: branching {branching}, depth {depth}, value {value}, {n} cut-off, "
            "{evaluated} of {leaves} leaves evaluated",
            "seed {seed}: branching {branching}, depth {depth}, value {value}, {n} cut-offs, "
            "{evaluated} of {leaves} leaves evaluated",
            self.cuts,
            seed=self.seed,
            branching=self.branching,
            depth=self.depth,
            value=self.value,
            evaluated=self.solution.leaves_evaluated,
            leaves=len(self.leaves),
        )
        if self.target_cuts is not None and not self.target_met:
            s += " " + _(
                "(asked for {target} cut-offs; closest found in {tries} tries)",
                target=self.target_cuts,
                tries=self.tries,
            )
        return s


def check_shape(branching: int, depth: int, lo: int, hi: int, target_cuts: int | None) -> None:
    """Raise InputError (no line) when the requested shape cannot make an exercise."""
    if not 2 <= branching <= 5:
        raise InputError(_("branching must be between 2 and 5, not {b}", b=branching))
    if not 1 <= depth <= 5:
        raise InputError(_("depth must be between 1 and 5, not {d}", d=depth))
    if branching**depth > MAX_EXERCISE_LEAVES:
        raise InputError(
            _(
                "{b}^{d} = {n} leaves is too many for an exercise (at most {most})",
                b=branching,
                d=depth,
                n=branching**depth,
                most=MAX_EXERCISE_LEAVES,
            )
        )
    if lo > hi:
        raise InputError(_("lowest leaf value {lo} is above the highest {hi}", lo=lo, hi=hi))
    if target_cuts is not None and target_cuts < 0:
        raise InputError(_("target cut-offs must be 0 or more, not {n}", n=target_cuts))


def check_printable(branching: int, depth: int) -> None:
    """Raise InputError when a tree of this shape does not fit on a printed sheet. The one
    check of what prints: :func:`make_sheet`, the exam panel and the printer
    (``viz.exam_sheet.render_sheet``) all use it."""
    n = branching**depth
    if n > MAX_SHEET_LEAVES:
        raise InputError(
            _(
                "{n} leaves do not fit on a printed sheet (at most {most}; e.g. branching 3 "
                "depth 3 or branching 2 depth 4)",
                n=n,
                most=MAX_SHEET_LEAVES,
            )
        )


def check_sheet(
    count: int, branching: int, depth: int, lo: int, hi: int, target_cuts: int | None
) -> None:
    """Raise InputError (no line) when these parameters cannot make a printable sheet."""
    if not 1 <= count <= MAX_SHEET_EXERCISES:
        raise InputError(
            _("a sheet holds 1 to {most} exercises, not {n}", most=MAX_SHEET_EXERCISES, n=count)
        )
    check_shape(branching, depth, lo, hi, target_cuts)
    check_printable(branching, depth)


def make_exercise(
    seed: int,
    branching: int = 3,
    depth: int = 2,
    lo: int = 0,
    hi: int = 20,
    target_cuts: int | None = None,
    max_tries: int = MAX_TRIES,
) -> Exercise:
    """A complete tree with random leaves in [lo, hi], deterministic for ``seed``.

    With ``target_cuts`` set, draws up to ``max_tries`` leaf vectors and keeps the first one
    with exactly that many cut-offs, else the first with the closest count.
    """
    check_shape(branching, depth, lo, hi, target_cuts)
    rng = random.Random(seed)
    n = branching**depth
    best: tuple[int, tuple[int, ...], Solution] | None = None  # (distance, leaves, solution)
    tries = 0
    top = max_cuts(branching, depth)  # a target above it cannot be met: stop at the bound
    for attempt in range(1, max(1, max_tries) + 1):
        tries = attempt
        leaves = tuple(rng.randint(lo, hi) for _ in range(n))
        sol = solution(complete_tree(leaves, branching))
        dist = 0 if target_cuts is None else abs(sol.cuts - target_cuts)
        if best is None or dist < best[0]:
            best = (dist, leaves, sol)
        if dist == 0 or (target_cuts is not None and target_cuts > top == sol.cuts):
            break
    assert best is not None
    dist, leaves, sol = best
    return Exercise(
        seed=seed,
        branching=branching,
        depth=depth,
        leaves=leaves,
        tree=complete_tree(leaves, branching),
        solution=sol,
        target_cuts=target_cuts,
        target_met=dist == 0,
        tries=tries,
    )


def make_sheet(
    seed: int,
    count: int,
    branching: int = 3,
    depth: int = 2,
    lo: int = 0,
    hi: int = 20,
    target_cuts: int | None = None,
) -> list[Exercise]:
    """``count`` exercises of one shape; exercise i gets its own seed drawn from ``seed``."""
    check_sheet(count, branching, depth, lo, hi, target_cuts)
    rng = random.Random(seed)
    seeds = [rng.randrange(2**31) for _ in range(count)]
    return [make_exercise(s, branching, depth, lo, hi, target_cuts) for s in seeds]


def max_cuts(branching: int, depth: int) -> int:
    """An upper bound on cut-offs. Every inner node cuts at most once, and the nodes on the
    leftmost path never do: they all search with the window (-inf, +inf)."""
    inner = sum(branching**d for d in range(depth))
    return inner - depth
