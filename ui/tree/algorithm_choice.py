"""The algorithm a tree lab steps on its canvas: minimax, alpha-beta, PVS, MTD(f), or
expectimax on a tree with chance nodes.

:func:`algorithm_run` turns a tree and a choice into one :class:`~engine.trace.SearchRun`
the canvas (viz.tree_payload) and its sentences read: MTD(f)'s null-window passes over the
same tree are joined into one run, each pass's root entered with the null-window tag, and
:func:`describer` says at each pass's end what it proved and where the bounds stand.
:func:`node_types` gives the PV / CUT / ALL overlay of a run with windows. Pure functions
(no Streamlit) but :func:`algorithm_box` and :func:`algorithm_menu`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import streamlit as st

from engine.mtdf import MtdfPass, mtdf
from engine.node_types import classify
from engine.search import search_tree
from engine.trace import ENTER, EXIT, NULL_WINDOW, SearchRun
from engine.tree import GameTree
from teach.explain import describe
from teach.search_words import mtdf_pass_sentence

MINIMAX, ALPHABETA, PVS, MTDF, EXPECTIMAX = "minimax", "alphabeta", "pvs", "mtdf", "expectimax"
TREE_ALGOS = (MINIMAX, ALPHABETA, PVS, MTDF)
CHANCE_ALGOS = (EXPECTIMAX,)
ALL_ALGOS = TREE_ALGOS + CHANCE_ALGOS
DEFAULT = ALPHABETA
LABELS = {
    MINIMAX: "Minimax",
    ALPHABETA: "Alpha-beta",
    PVS: "PVS",
    MTDF: "MTD(f)",
    EXPECTIMAX: "Expectimax",
}
HELP = (
    "Minimax looks at every leaf; alpha-beta prunes with a window (α, β); PVS probes every "
    "move after the first with a null window and searches again only when the probe fails "
    "high; MTD(f) runs null-window passes with a memory of bounds until they meet; "
    "expectimax averages over chance nodes."
)


def choices(tree: GameTree) -> tuple[str, ...]:
    """The algorithms that run on ``tree``: expectimax only when it has chance nodes."""
    return CHANCE_ALGOS if tree.has_chance else TREE_ALGOS


def usable(tree: GameTree, algorithm: str) -> str:
    """``algorithm`` when it runs on ``tree``, else the first that does."""
    opts = choices(tree)
    return algorithm if algorithm in opts else (DEFAULT if DEFAULT in opts else opts[0])


def join_passes(passes: tuple[MtdfPass, ...]) -> SearchRun:
    """MTD(f)'s passes over one tree as one run: the events one after the other, each pass's
    root ENTER tagged as a null-window probe (it is one: (β − 1, β)); counts summed."""
    events = []
    for p in passes:
        evs = p.run.events
        events += [replace(evs[0], tag=NULL_WINDOW), *evs[1:]]
    last = passes[-1].run
    return SearchRun(
        tree=last.tree,
        events=events,
        value=last.value,
        leaves_evaluated=sum(p.run.leaves_evaluated for p in passes),
        nodes_visited=sum(p.run.nodes_visited for p in passes),
        algorithm=MTDF,
        variant="statement",
        counts={
            "null_windows": len(passes),
            "passes": len(passes),
            "table_hits": sum(p.run.counts.get("table_hits", 0) for p in passes),
        },
    )


@dataclass(frozen=True)
class AlgoRun:
    """A run of one algorithm and what its sentences need (MTD(f)'s passes)."""

    run: SearchRun
    passes: tuple[MtdfPass, ...] = ()


def algorithm_run(tree: GameTree, algorithm: str, variant: str = "statement") -> AlgoRun:
    """``algorithm`` (one of :data:`ALL_ALGOS`) traced on ``tree``; ``variant`` is alpha-beta's."""
    if algorithm == ALPHABETA:
        return AlgoRun(search_tree(tree, ALPHABETA, variant))
    if algorithm == MINIMAX:
        return AlgoRun(search_tree(tree, MINIMAX))
    if algorithm == PVS:
        from engine.pvs import pvs

        return AlgoRun(pvs(tree))
    if algorithm == MTDF:
        res = mtdf(tree)
        return AlgoRun(join_passes(res.passes), res.passes)
    if algorithm == EXPECTIMAX:
        from engine.expectimax import expectimax

        return AlgoRun(expectimax(tree))
    raise ValueError(f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALL_ALGOS)}")


def pass_ends(run: SearchRun) -> list[int]:
    """The steps (1-based) at which each MTD(f) pass ends: its root's EXIT."""
    return [k for k, e in enumerate(run.events, start=1) if e.kind == EXIT and e.node == 0]


def describer(got: AlgoRun) -> Callable[[SearchRun, int], str]:
    """teach.explain.describe, with MTD(f)'s pass results said at each pass's end."""
    if not got.passes:
        return describe
    ends = {k: i for i, k in enumerate(pass_ends(got.run))}
    starts = {
        k: i
        for i, k in enumerate(
            k for k, e in enumerate(got.run.events, start=1) if e.kind == ENTER and e.node == 0
        )
    }
    passes = got.passes

    def say(run: SearchRun, k: int) -> str:
        if k in ends:
            i = ends[k]
            return mtdf_pass_sentence(i + 1, passes[i], last=i == len(passes) - 1)
        text = describe(run, k)
        if k in starts:
            return f"Pass {starts[k] + 1} of MTD(f). {text}"
        return text

    return say


def node_types(run: SearchRun) -> dict[int, str]:
    """PV / CUT / ALL of every node the run visited (engine.node_types.classify); none for
    searches without windows (minimax, expectimax)."""
    if run.algorithm in (MINIMAX, EXPECTIMAX):
        return {}
    return classify(run).types


def algorithm_box(where, tree: GameTree, key: str) -> str:
    """The algorithm menu (a segmented control, state under ``key``); the choice that runs
    on ``tree`` (a link's or an earlier choice that does not run here falls back)."""
    opts = choices(tree)
    ss = st.session_state
    if ss.get(key) not in opts:
        ss[key] = usable(tree, ss.get(key) or DEFAULT)
    return usable(tree, algorithm_menu(where, opts, key) or DEFAULT)


def algorithm_menu(
    where, opts: tuple[str, ...], key: str, labels: dict[str, str] = LABELS, help: str = HELP
) -> str | None:
    """The "Algorithm" segmented control of every lab (one choice always on, kept for the
    session under ``key``): the tree labs' and the board search tabs'."""
    return where.segmented_control(
        "Algorithm",
        opts,
        key=key,
        format_func=labels.get,
        required=True,
        help=help,
        persist_state="session",
    )
