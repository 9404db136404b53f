"""The list of algorithms a lab can step, by name, and how each runs: below every page.

A tree lab steps one of :data:`TREE_ALGOS` (minimax, alpha-beta, PVS, MTD(f)) or MCTS
(:data:`ESTIMATES`) on a tree, or expectimax (:data:`CHANCE_ALGOS`), always offered: on a
tree with chance nodes it is the only one, on a tree without it gives minimax's values; a board lab's search tab steps one of
:data:`WHOLE_GAME`, and on a depth-limited search also iterative deepening with and without
the transposition table (:data:`DEPTH_LIMITED`). :func:`tree_run` and :func:`game_run` give
the one traced :class:`~engine.trace.SearchRun` a canvas and its sentences read (MTD(f)'s
passes joined into one run by :func:`engine.mtdf.join_passes`, kept in :class:`AlgoRun` for
the words of each pass). The words (labels, help, pass sentences, pseudocode) are
:mod:`teach.algorithms`'; the picker is ui's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.deepening import deepen
from engine.errors import SearchError
from engine.expectimax import expectimax
from engine.game import Game
from engine.mcts import Mcts, MctsParams, mcts_game, mcts_tree
from engine.mtdf import MtdfPass, join_passes, mtdf
from engine.node_types import classify
from engine.pvs import pvs
from engine.search import search_game, search_tree
from engine.trace import EXIT, SearchRun
from engine.tree import GameTree

MINIMAX, ALPHABETA, PVS, MTDF, EXPECTIMAX = "minimax", "alphabeta", "pvs", "mtdf", "expectimax"
DEEPENING, DEEPENING_TABLE = "deepening", "deepening+table"
MCTS = "mcts"  # Monte Carlo tree search (UCT): its parameters are an MctsParams
TREE_ALGOS = (MINIMAX, ALPHABETA, PVS, MTDF)  # the exact ones
ESTIMATES = (MCTS,)  # searches that estimate the value (offered beside the exact ones)
CHANCE_ALGOS = (EXPECTIMAX,)
ALL_ALGOS = TREE_ALGOS + CHANCE_ALGOS + ESTIMATES
DEFAULT = ALPHABETA
WHOLE_GAME = (ALPHABETA, MINIMAX, PVS, MTDF)  # a board lab's, in its menu's order
DEPTH_LIMITED = (*WHOLE_GAME, DEEPENING, DEEPENING_TABLE)


@dataclass(frozen=True)
class AlgoRun:
    """A run of one algorithm and what its sentences need (MTD(f)'s passes)."""

    run: SearchRun
    passes: tuple[MtdfPass, ...] = ()
    mcts: Mcts | None = None  # MCTS's record: visits, totals, each iteration's choices


def choices(tree: GameTree) -> tuple[str, ...]:
    """The algorithms that run on ``tree``: expectimax alone when it has chance nodes, every
    one (expectimax last: there it gives minimax's values) when it has none."""
    return CHANCE_ALGOS if tree.has_chance else TREE_ALGOS + ESTIMATES + CHANCE_ALGOS


def usable(tree: GameTree, algorithm: str) -> str:
    """``algorithm`` when it runs on ``tree``, else the first that does."""
    opts = choices(tree)
    return algorithm if algorithm in opts else (DEFAULT if DEFAULT in opts else opts[0])


def tree_run(
    tree: GameTree, algorithm: str, variant: str = "statement", params: MctsParams | None = None
) -> AlgoRun:
    """``algorithm`` (one of :data:`ALL_ALGOS`, or :data:`MCTS` with ``params``) traced on
    ``tree``; ``variant`` is alpha-beta's."""
    if algorithm == MCTS:
        p = params or MctsParams()
        got = mcts_tree(tree, p.iterations, p.seed, p.c, p.policy)
        return AlgoRun(got.run, mcts=got)
    if algorithm == ALPHABETA:
        return AlgoRun(search_tree(tree, ALPHABETA, variant))
    if algorithm == MINIMAX:
        return AlgoRun(search_tree(tree, MINIMAX))
    if algorithm == PVS:
        return AlgoRun(pvs(tree))
    if algorithm == MTDF:
        res = mtdf(tree)
        return AlgoRun(join_passes(res.passes), res.passes)
    if algorithm == EXPECTIMAX:
        return AlgoRun(expectimax(tree))
    raise SearchError(
        "unknown algorithm {algorithm}; choose one of {choices}",
        algorithm=repr(algorithm),
        choices=", ".join(ALL_ALGOS),
    )


def game_run(
    game: Game, state: Any, depth: int | None, algorithm: str, max_nodes: int
) -> SearchRun:
    """``algorithm`` traced from ``state`` (``depth`` plies, None: the whole game), with the
    game state of every node (``run.states``): alpha-beta and minimax build the tree as they
    search; PVS and MTD(f) run on the full depth-limited tree (minimax's); iterative
    deepening gives its last, deepest iteration (the earlier ones ordered its moves and,
    with the table, filled the table). Raises SearchError (SearchTooLarge past
    ``max_nodes``)."""
    if algorithm in (ALPHABETA, MINIMAX):
        return search_game(game, state, depth, algorithm=algorithm, max_nodes=max_nodes)
    if algorithm in (PVS, MTDF):
        full = search_game(game, state, depth, MINIMAX, max_nodes=max_nodes, record=False)
        run = pvs(full.tree) if algorithm == PVS else join_passes(mtdf(full.tree).passes)
        return replace(run, states=full.states)
    if algorithm in (DEEPENING, DEEPENING_TABLE):
        if depth is None:
            raise SearchError("iterative deepening needs a depth limit")
        res = deepen(game, state, depth, table=algorithm == DEEPENING_TABLE, max_nodes=max_nodes)
        return res.iterations[-1].run
    raise SearchError("unknown algorithm {algorithm}", algorithm=repr(algorithm))


def mcts_run(
    game: Game, state: Any, depth: int | None, params: MctsParams, max_nodes: int
) -> AlgoRun:
    """MCTS traced from ``state`` (``depth`` plies, None: the whole game; playouts stop
    there too), its record in ``AlgoRun.mcts``."""
    p = params
    got = mcts_game(game, state, p.iterations, p.seed, p.c, p.policy, depth, max_nodes)
    return AlgoRun(got.run, mcts=got)


def pass_ends(run: SearchRun) -> list[int]:
    """The steps (1-based) at which each MTD(f) pass of a joined run ends: its root's EXIT."""
    return [k for k, e in enumerate(run.events, start=1) if e.kind == EXIT and e.node == 0]


def node_types(run: SearchRun) -> dict[int, str]:
    """PV / CUT / ALL of every node the run visited (engine.node_types.classify); none for
    searches without windows (minimax, expectimax)."""
    if run.algorithm in (MINIMAX, EXPECTIMAX, MCTS):
        return {}
    return classify(run).types
