"""The race table: every search on the same tree or position, side by side.

One :class:`RaceRow` per algorithm and ordering: the value (the same for every exact
algorithm: minimax's), leaves evaluated, nodes visited, null-window searches, re-searches and
table hits. Orderings: ``current`` (the tree as given), ``perfect`` (every node's best child
first: on a complete tree alpha-beta then evaluates exactly Knuth and Moore's minimal tree;
on an irregular tree best-first is not always the fewest leaves, since a cheap leaf may
refute a move as well as a deep subtree) and ``worst`` (worst first). Pure data: pages put it
in a table, teach puts it in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.deepening import deepen
from engine.expectimax import expectimax
from engine.mtdf import mtdf, mtdf_deepen
from engine.node_types import minimal_leaves, perfect_order, worst_order
from engine.pvs import pvs
from engine.search import search_game, search_tree
from engine.tree import GameTree, minimax

CURRENT, PERFECT, WORST = "current", "perfect", "worst"
ORDERINGS = (CURRENT, PERFECT, WORST)
TREE_ALGOS = ("minimax", "alphabeta", "pvs", "mtdf")


@dataclass(frozen=True)
class RaceRow:
    algorithm: str
    ordering: str
    value: Any  # an int, or a Fraction for expectimax
    leaves: int
    nodes: int
    null_windows: int = 0
    re_searches: int = 0
    table_hits: int = 0
    passes: int = 1  # MTD(f)'s null-window passes, deepening's iterations


@dataclass(frozen=True)
class RaceTable:
    rows: tuple[RaceRow, ...]
    minimal_leaves: int | None  # Knuth-Moore's count when the tree is complete, else None

    def row(self, algorithm: str, ordering: str = CURRENT) -> RaceRow:
        return next(r for r in self.rows if (r.algorithm, r.ordering) == (algorithm, ordering))


def complete_shape(tree: GameTree) -> tuple[int, int] | None:
    """``(branching, depth)`` when every inner node has the same number of children and
    every leaf the same depth; else None."""
    widths = {len(k) for k in tree.children if k}
    depths = {tree.depth[n] for n in range(len(tree)) if not tree.children[n]}
    if len(widths) > 1 or len(depths) != 1:
        return None
    d = depths.pop()
    return (widths.pop(), d) if widths else None


def tree_row(tree: GameTree, algorithm: str, ordering: str = CURRENT) -> RaceRow:
    """One algorithm on ``tree`` (already in the ordering named), counted without a trace."""
    if algorithm == "expectimax":
        run = expectimax(tree, record=False)
        return RaceRow(algorithm, ordering, run.value, run.leaves_evaluated, run.nodes_visited)
    if algorithm == "pvs":
        run = pvs(tree, record=False)
        return RaceRow(
            algorithm,
            ordering,
            run.value,
            run.leaves_evaluated,
            run.nodes_visited,
            null_windows=run.counts["null_windows"],
            re_searches=run.counts["re_searches"],
        )
    if algorithm == "mtdf":
        res = mtdf(tree, record=False)
        return RaceRow(
            algorithm,
            ordering,
            res.value,
            res.leaves_evaluated,
            res.nodes_visited,
            null_windows=len(res.passes),
            table_hits=res.table_hits,
            passes=len(res.passes),
        )
    if algorithm == "minimax":  # visits everything, whatever the order: no search needed
        n_leaves = sum(1 for k in tree.children if not k)
        return RaceRow(algorithm, ordering, minimax(tree).value, n_leaves, len(tree))
    run = search_tree(tree, algorithm, record=False)
    return RaceRow(algorithm, ordering, run.value, run.leaves_evaluated, run.nodes_visited)


def race_tree(tree: GameTree, algorithms: tuple[str, ...] = TREE_ALGOS) -> RaceTable:
    """Every algorithm under every ordering; a tree with chance nodes gets expectimax only
    (orderings do not change a search that prunes nothing)."""
    if tree.has_chance:
        return RaceTable((tree_row(tree, "expectimax"),), None)
    trees = {CURRENT: tree, PERFECT: perfect_order(tree), WORST: worst_order(tree)}
    rows = tuple(tree_row(trees[o], a, o) for a in algorithms for o in ORDERINGS)
    shape = complete_shape(tree)
    return RaceTable(rows, minimal_leaves(*shape) if shape else None)


def race_position(game: Any, state: Any, depth: int, max_nodes: int = 60_000) -> RaceTable:
    """The race on a game position searched ``depth`` plies deep: the tree algorithms on the
    full depth-limited tree (so perfect and worst orderings are known), plus iterative
    deepening with and without the transposition table and MTD(f) with iterative deepening
    on the game itself (``passes`` = iterations, or MTD(f)'s passes over all iterations;
    leaves and nodes summed over them)."""
    full = search_game(game, state, depth, "minimax", max_nodes=max_nodes, record=False).tree
    table = race_tree(full)
    extra = []
    for use, name in ((True, "deepening+table"), (False, "deepening")):
        res = deepen(game, state, depth, table=use, record=False, max_nodes=max_nodes)
        extra.append(
            RaceRow(
                name,
                CURRENT,
                res.value,
                res.total("leaves"),
                res.total("nodes"),
                table_hits=res.total("table_hits"),
                passes=len(res.iterations),
            )
        )
    md = mtdf_deepen(game, state, depth, record=False, max_nodes=max_nodes)
    extra.append(
        RaceRow(
            "mtdf+deepening",
            CURRENT,
            md.value,
            md.total("leaves"),
            md.total("nodes"),
            null_windows=md.total("passes"),
            table_hits=md.total("table_hits"),
            passes=md.total("passes"),
        )
    )
    return RaceTable(table.rows + tuple(extra), table.minimal_leaves)
