"""Minimax and alpha-beta that record a trace, over an explicit tree or any game.

Variants (``variant=``), for teaching how common formulations of alpha-beta differ. All of
them search children left to right from the window (-inf, +inf) and give the same root value;
they differ in what an inner node returns and when it cuts:

================  ==================================================================  =========
variant           rule at a node, after each child's value v                          returns
================  ==================================================================  =========
``statement``     PROBLEMS.md problem 1: MAX: best = max(best, v), alpha =            best
                  max(alpha, best); MIN: best = min(best, v), beta = min(beta, best);  (fail-soft)
                  skip the remaining children as soon as alpha >= beta.
``fail-hard``     the same updates and cuts, but the node returns best clamped to      clamp(best,
                  the window it was given: never below alpha nor above beta.           alpha0, beta0)
``strict``        the same updates, but cut only when alpha > beta (equal bounds       best
                  keep searching: never fewer leaves than ``statement``).
``negamax``       one rule for both sides: every node maximises its own score (MAX's   best
                  score negated at MIN nodes), children get the window                 (own view)
                  (-beta, -alpha) and their value is negated. Cuts when alpha >= beta.
================  ==================================================================  =========

``algorithm="minimax"`` visits every node; windows stay (-inf, +inf) and nothing is cut.

Events (see ``engine.trace``), values and windows always from MAX's point of view (negamax
also fills ``nm_alpha``/``nm_beta``/``nm_value``/``nm_best`` with its own view of the node):

- a leaf gets ``ENTER`` (the window passed down) then ``LEAF`` (its value; a leaf returns with
  its LEAF event, there is no EXIT);
- an inner node gets ``ENTER``, then per child: the child's events, then ``UPDATE`` (value =
  the child's returned value, best = the node's best so far, alpha/beta = its window after the
  update); a ``CUT`` right after the UPDATE that made alpha >= beta (alpha > beta for
  ``strict``) when children remain, ``skipped`` = those children; finally ``EXIT`` (value =
  the returned value, best = the node's best, alpha/beta = its final window).

The definition is :func:`alphabeta`, on the machinery of :mod:`engine.machine` (a driver
with an explicit stack, so a 100,000-node chain is fine) over a space of
:mod:`engine.explore` (an explicit tree, or a game explored as it goes).
"""

from __future__ import annotations

import random
from types import GeneratorType
from typing import Any

from engine.errors import SearchError
from engine.explore import Explorer, TreeSpace
from engine.game import Game
from engine.machine import Call, Recorder, drive
from engine.trace import CUT, ENTER, EXIT, INF, LEAF, UPDATE, SearchRun
from engine.tree import GameTree, minimax

ALGORITHMS = ("minimax", "alphabeta")
VARIANTS = ("statement", "fail-hard", "strict", "negamax")
REORDER_MODES = ("best-first", "worst-first", "shuffled")

__all__ = [  # the errors live in engine.errors, imported from there by every caller
    "ALGORITHMS",
    "REORDER_MODES",
    "VARIANTS",
    "alphabeta",
    "reorder",
    "search_game",
    "search_tree",
]


def _check(algorithm: str, variant: str) -> None:
    if algorithm not in ALGORITHMS:
        raise SearchError(
            "unknown algorithm {algorithm}; choose one of {choices}",
            algorithm=repr(algorithm),
            choices=", ".join(ALGORITHMS),
        )
    if variant not in VARIANTS:
        raise SearchError(
            "unknown variant {variant}; choose one of {choices}",
            variant=repr(variant),
            choices=", ".join(VARIANTS),
        )


def alphabeta(space: Any, rec: Recorder, algorithm: str, variant: str) -> Any:
    """Minimax or an alpha-beta variant from node 0 of ``space`` (the module's table), steps
    told to ``rec``; returns the root's value. Windows and values in the node's own view:
    MAX's for every variant but negamax, the side to move's for negamax."""
    prune = algorithm == "alphabeta"
    neg = variant == "negamax"
    hard = variant == "fail-hard"
    strict = variant == "strict"
    visit, emit = space.visit, rec.emit

    def search(n: int, mx: bool, a: float, b: float) -> Any:
        """A leaf's value at once (no generator), else the generator of the node's search.
        (``mx`` alternates: no chance nodes here.)"""
        r = visit(n)
        emit(ENTER, n, mx, a, b)
        if type(r) is not tuple:
            if neg and not mx:
                r = -r
            emit(LEAF, n, mx, a, b, r)
            return r
        return inner(n, mx, a, b, r)

    def inner(n: int, mx: bool, a: float, b: float, kids: tuple[int, ...]) -> Call:
        a0, b0 = a, b
        best = None
        last = len(kids) - 1
        for i, c in enumerate(kids):
            v = search(c, not mx, -b, -a) if neg else search(c, not mx, a, b)
            if type(v) is GeneratorType:  # an inner node: the driver runs it (a leaf's value
                v = yield v  # needs no round trip through the driver)
            if neg:
                v = -v
            if neg or mx:
                if best is None or v > best:
                    best = v
                if prune and best > a:
                    a = best
            else:
                if best is None or v < best:
                    best = v
                if prune and best < b:
                    b = best
            emit(UPDATE, n, mx, a, b, v, c, best)
            if prune and (a > b if strict else a >= b):
                if i < last:
                    emit(CUT, n, mx, a, b, None, None, best, kids[i + 1 :])
                break
        out = min(max(best, a0), b0) if hard else best
        emit(EXIT, n, mx, a, b, out, None, best)
        yield out  # the node's value: ended by a yield, not a return (see engine.machine)

    return drive(search(0, space.is_max(0), -INF, INF))


def _search(space: Any, algorithm: str, variant: str, record: bool) -> SearchRun:
    rec = Recorder(space.path_table(), negamax=variant == "negamax", record=record)
    value = alphabeta(space, rec, algorithm, variant)
    return rec.run(space.tree(), value, algorithm, variant, space.states)


def search_tree(
    tree: GameTree, algorithm: str = "alphabeta", variant: str = "statement", record: bool = True
) -> SearchRun:
    """Search an explicit tree (root MAX, levels alternating), recording every step
    (``record=False``: counting only)."""
    _check(algorithm, variant)
    if tree.has_chance:
        raise SearchError("the tree has chance nodes: use expectimax (engine.expectimax)")
    return _search(TreeSpace(tree), algorithm, variant, record)


def search_game(
    game: Game,
    state: Any,
    depth: int | None = None,
    algorithm: str = "alphabeta",
    variant: str = "statement",
    max_nodes: int = 200_000,
    record: bool = True,
) -> SearchRun:
    """Search a game position, building the explored tree as it goes.

    The side to move in ``state`` is MAX. The run's tree holds every visited node and, as
    leaves with value None ("never explored"), the moves a cut skipped. Labels are move
    names (the root is ``"root"``); ``run.states[node]`` is the game state at the node. A
    decided state scores ``WIN - ply`` for its winner (``engine.game.score``); at ``depth``
    plies (None = no limit) an undecided state scores what ``game.frontier`` knows of it.
    Raises :class:`SearchTooLarge` past ``max_nodes``. ``record=False``: counting only.
    """
    _check(algorithm, variant)
    if depth is not None and depth < 0:
        raise SearchError("depth must be at least 0, not {depth}", depth=depth)
    return _search(Explorer(game, state, max_nodes, depth), algorithm, variant, record)


def reorder(tree: GameTree, mode: str, seed: int = 0) -> GameTree:
    """A copy of ``tree`` (same node ids) with every node's children reordered.

    ``best-first``: by exact minimax value, best for the side to move first (ties keep their
    order); ``worst-first``: the reverse preference; ``shuffled``: random, from ``seed``.
    """
    if mode not in REORDER_MODES:
        raise SearchError(
            "unknown order {mode}; choose one of {choices}",
            mode=repr(mode),
            choices=", ".join(REORDER_MODES),
        )
    if mode == "shuffled":
        rng = random.Random(seed)
        new = []
        for ch in tree.children:
            lst = list(ch)
            rng.shuffle(lst)
            new.append(tuple(lst))
    else:
        if any(v is None for n, v in enumerate(tree.values) if not tree.children[n]):
            raise SearchError("cannot order by value: some leaves were never explored")
        val = minimax(tree).node_values
        new = []
        for n, ch in enumerate(tree.children):
            desc = tree.is_max(n) == (mode == "best-first")
            new.append(tuple(sorted(ch, key=lambda c: -val[c] if desc else val[c])))
    return GameTree(
        parent=tree.parent,
        children=tuple(new),
        values=tree.values,
        depth=tree.depth,
        labels=tree.labels,
        kinds=tree.kinds,
        probs=tree.probs,
    )
