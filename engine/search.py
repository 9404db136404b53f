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

Everything is iterative (an explicit stack), so a 100,000-node chain is fine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from engine.game import Game, score
from engine.trace import CUT, ENTER, EXIT, INF, LEAF, UPDATE, Event, NodePath, PathTable, SearchRun
from engine.tree import GameTree, minimax

ALGORITHMS = ("minimax", "alphabeta")
VARIANTS = ("statement", "fail-hard", "strict", "negamax")
REORDER_MODES = ("best-first", "worst-first", "shuffled")


class SearchError(ValueError):
    """A search cannot run as asked (unknown option, inconsistent game, too large)."""


class SearchTooLarge(SearchError):
    """The explored tree would exceed ``max_nodes``."""


def _check(algorithm: str, variant: str) -> None:
    if algorithm not in ALGORITHMS:
        raise SearchError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}")
    if variant not in VARIANTS:
        raise SearchError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")


def _run(
    expand: Callable[[int], int | tuple[int, ...]],
    is_max: Callable[[int], bool],
    table: PathTable,
    algorithm: str,
    variant: str,
) -> tuple[list[Event], int]:
    """The search loop. ``expand(node)`` returns a leaf's value (MAX's view) or its children.

    Returns the events and the root value. Internally windows and values are in the node's
    "own view": MAX's view for every variant but negamax, the mover's view for negamax.
    """
    prune = algorithm == "alphabeta"
    neg = variant == "negamax"
    hard = variant == "fail-hard"
    strict = variant == "strict"
    events: list[Event] = []
    emit = events.append

    def ev(kind, node, mx, a, b, value=None, child=None, best=None, skipped=()):
        path = NodePath(table, node)
        if not neg:
            return Event(kind, node, path, a, b, value, child, best, skipped)
        if mx:
            return Event(kind, node, path, a, b, value, child, best, skipped, a, b, value, best)
        return Event(
            kind,
            node,
            path,
            -b,
            -a,
            None if value is None else -value,
            child,
            None if best is None else -best,
            skipped,
            a,
            b,
            value,
            best,
        )

    # frame: [node, mx, alpha0, beta0, alpha, beta, best, kids, next child index]
    stack: list[list[Any]] = []
    pending: int | None = 0
    pa, pb = -INF, INF
    ret = 0
    while True:
        if pending is not None:
            node, pending = pending, None
            r = expand(node)
            mx = is_max(node)
            emit(ev(ENTER, node, mx, pa, pb))
            if not isinstance(r, tuple):
                ret = r if (mx or not neg) else -r
                emit(ev(LEAF, node, mx, pa, pb, value=ret))
                continue
            stack.append([node, mx, pa, pb, pa, pb, None, r, 0])
            pending = r[0]
            if neg:
                pa, pb = -pb, -pa
            continue
        if not stack:
            return events, ret
        f = stack[-1]
        node, mx, a0, b0, a, b, best, kids, i = f
        v = -ret if neg else ret
        if neg or mx:
            best = v if best is None or v > best else best
            if prune and best > a:
                a = best
        else:
            best = v if best is None or v < best else best
            if prune and best < b:
                b = best
        child = kids[i]
        i += 1
        emit(ev(UPDATE, node, mx, a, b, value=v, child=child, best=best))
        stop = prune and (a > b if strict else a >= b)
        if stop and i < len(kids):
            emit(ev(CUT, node, mx, a, b, best=best, skipped=tuple(kids[i:])))
        elif i < len(kids):
            f[4], f[5], f[6], f[8] = a, b, best, i
            pending = kids[i]
            pa, pb = (-b, -a) if neg else (a, b)
            continue
        out = min(max(best, a0), b0) if hard else best
        emit(ev(EXIT, node, mx, a, b, value=out, best=best))
        stack.pop()
        ret = out


def _finish(
    tree: GameTree,
    events: list[Event],
    value: int,
    algorithm: str,
    variant: str,
    states: list | None = None,
) -> SearchRun:
    return SearchRun(
        tree=tree,
        events=events,
        value=value,
        leaves_evaluated=sum(1 for e in events if e.kind == LEAF),
        nodes_visited=sum(1 for e in events if e.kind == ENTER),
        algorithm=algorithm,
        variant=variant,
        states=states,
    )


def search_tree(
    tree: GameTree, algorithm: str = "alphabeta", variant: str = "statement"
) -> SearchRun:
    """Search an explicit tree (root MAX, levels alternating), recording every step."""
    _check(algorithm, variant)
    if tree.has_chance:
        raise SearchError("the tree has chance nodes: use expectimax (engine.expectimax)")
    children = tree.children
    values = tree.values

    def expand(node: int) -> int | tuple[int, ...]:
        kids = children[node]
        if kids:
            return kids
        v = values[node]
        if v is None:
            raise SearchError(f"leaf {node + 1} has no value")
        return v

    events, value = _run(expand, tree.is_max, PathTable.of_tree(tree), algorithm, variant)
    return _finish(tree, events, value, algorithm, variant)


def search_game(
    game: Game,
    state: Any,
    depth: int | None = None,
    algorithm: str = "alphabeta",
    variant: str = "statement",
    max_nodes: int = 200_000,
) -> SearchRun:
    """Search a game position, building the explored tree as it goes.

    The side to move in ``state`` is MAX. The run's tree holds every visited node and, as
    leaves with value None ("never explored"), the moves a cut skipped. Labels are move
    names (the root is ``"root"``); ``run.states[node]`` is the game state at the node. A
    decided state scores ``WIN - ply`` for its winner (``engine.game.score``); at ``depth``
    plies (None = no limit) an undecided state scores what ``game.frontier`` knows of it.
    Raises :class:`SearchTooLarge` past ``max_nodes``.
    """
    _check(algorithm, variant)
    if depth is not None and depth < 0:
        raise SearchError(f"depth must be at least 0, not {depth}")
    max_side = game.to_move(state)
    parent: list[int] = [-1]
    index: list[int] = [0]
    kids: list[tuple[int, ...]] = [()]
    values: list[int | None] = [None]
    plies: list[int] = [0]
    labels: list[str] = ["root"]
    states: list[Any] = [state]

    def expand(node: int) -> int | tuple[int, ...]:
        s = states[node]
        ply = plies[node]
        side = game.to_move(s)
        if (side == max_side) != (ply % 2 == 0):
            raise SearchError(
                f"the game does not alternate: at ply {ply} the side to move is "
                f"{'MAX' if side == max_side else 'MIN'}"
            )
        who = game.winner(s)
        tv: int | None = None
        if who is not None:
            tv = score(who, ply, max_side)
        elif depth is not None and ply >= depth:
            who, togo = game.frontier(s)
            tv = score(who, ply + togo, max_side)
        if tv is not None:
            values[node] = tv
            return tv
        moves: list[Hashable] = list(game.moves(s))
        if not moves:
            raise SearchError(f"a state at ply {ply} has no moves but is not terminal")
        if len(parent) + len(moves) > max_nodes:
            raise SearchTooLarge(
                f"the search would explore more than {max_nodes:,} nodes; "
                "lower the depth or start from a smaller position"
            )
        first = len(parent)
        for j, m in enumerate(moves):
            parent.append(node)
            index.append(j)
            kids.append(())
            values.append(None)
            plies.append(ply + 1)
            labels.append(game.move_name(s, m))
            states.append(game.play(s, m))
        kids[node] = tuple(range(first, len(parent)))
        return kids[node]

    events, value = _run(
        expand, lambda n: plies[n] % 2 == 0, PathTable(parent, index), algorithm, variant
    )
    tree = GameTree(
        parent=tuple(parent),
        children=tuple(kids),
        values=tuple(values),
        depth=tuple(plies),
        labels=tuple(labels),
    )
    return _finish(tree, events, value, algorithm, variant, states)


def reorder(tree: GameTree, mode: str, seed: int = 0) -> GameTree:
    """A copy of ``tree`` (same node ids) with every node's children reordered.

    ``best-first``: by exact minimax value, best for the side to move first (ties keep their
    order); ``worst-first``: the reverse preference; ``shuffled``: random, from ``seed``.
    """
    if mode not in REORDER_MODES:
        raise SearchError(f"unknown order {mode!r}; choose one of {', '.join(REORDER_MODES)}")
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
