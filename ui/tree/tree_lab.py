"""Shared logic of the two tree-lab pages: cached runs, the tree canvas block (with
its practice switch).

The block that shows a run is :func:`run_player`: the tree canvas (ui.common.canvas, stepped
in the browser), or, with ``practice=True`` and the switch on, ui.practice.quiz_panel's
questions beside a still of the quiz's step with no forward controls. Where a tree comes from (setups, share
links, cache sources) is ui.tree.tree_source, pure; its names are re-exported here for the
pages, beside :func:`tree_of`, the cache of the tree a source names.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import streamlit as st

from engine import algorithms as ea
from engine.mcts import Mcts
from engine.search import REORDER_MODES, reorder
from engine.trace import ENTER, Replayer, SearchRun
from engine.tree import GameTree, complete_depth, complete_tree, minimax
from engine.tree_text import parse_brackets
from teach import run_words as rw
from teach.algorithms import BOARD_LABELS, LABELS, describer
from teach.cut_words import cut_notes
from teach.explain import describe, node_name
from teach.i18n import N_, _, current, ngettext, use
from teach.mcts_words import mcts_headline, mcts_metrics
from teach.quiz import Question
from teach.search_words import canvas_words, pass_history, re_searches
from ui.common.boxes import downloads
from ui.common.canvas import follow_run, set_step, tree_canvas
from ui.common.embed import embed_box
from ui.common.export import export_buttons, take_away
from ui.common.figures import figures
from ui.common.keys import RESULT, Canvas, TreeLab
from ui.practice.quiz_panel import practice_or_player, question_payload
from ui.tree.mcts_link import split_key
from ui.tree.tree_source import (
    LINK_LIMIT,
    Complete,
    complete_from,
    decode_complete,
    decode_tree,
    encode_tree,
    random_complete,
    source_of_complete,
    source_of_tree,
)
from viz.mcts_view import visits_extra
from viz.tree_payload import tree_payload

__all__ = [  # the pages' and tests' names (ui.tree.tree_source's re-exported)
    "AS_GIVEN",
    "BUDGET",
    "LINK_LIMIT",
    "ORDERINGS",
    "ORDER_WORDS",
    "REORDER_MODES",
    "Complete",
    "Lab",
    "cached_lab",
    "complete_depth",
    "complete_from",
    "result_line",
    "decode_complete",
    "decode_tree",
    "encode_tree",
    "enter_steps",
    "make_lab",
    "new_run",
    "ordered",
    "random_complete",
    "run_head",
    "run_player",
    "searched",
    "source_of_complete",
    "source_of_tree",
    "tree_of",
]

AS_GIVEN = "as given"
ORDERINGS = (AS_GIVEN, *REORDER_MODES)
ORDER_WORDS = {  # translated where shown
    AS_GIVEN: N_("as given (left to right)"),
    "best-first": N_("best move first"),
    "worst-first": N_("worst move first"),
    "shuffled": N_("shuffled"),
}
BUDGET = 1500  # markers the tree canvas draws at most (viz collapses the rest)


# ---- pure helpers ---------------------------------------------------------------------------
def ordered(tree: GameTree, ordering: str, seed: int = 0) -> GameTree:
    """``tree`` with children in ``ordering`` (one of :data:`ORDERINGS`)."""
    return tree if ordering == AS_GIVEN else reorder(tree, ordering, seed)


def enter_steps(run: SearchRun) -> dict[int, int]:
    """For each visited node, the step (1-based) at which the search enters it."""
    out: dict[int, int] = {}
    for i, e in enumerate(run.events):
        if e.kind == ENTER and e.node not in out:
            out[e.node] = i + 1
    return out


@dataclass(frozen=True)
class Lab:
    """Everything cached about one run: the run, its replayer, node names, PV, steps, the
    step sentences (``describe(run, k)``) and the node types (PV / CUT / ALL, the canvas's
    overlay; empty for a search without windows)."""

    run: SearchRun
    replayer: Replayer
    names: list[str]
    pv: list[int]
    enter: dict[int, int]
    describe: Callable[[SearchRun, int], str] = describe
    types: dict[int, str] = field(default_factory=dict)
    history: dict | None = None  # MTD(f)'s passes beside the tree (teach.search_words)
    mcts: Mcts | None = None  # MCTS's record (visits, totals, iterations), else None
    exact: object = None  # with MCTS, minimax's exact value of the tree (its headline's)
    # the sentences with leaves revealed as evaluated (no pruned leaf's value said)
    describe_hidden: Callable[[SearchRun, int], str] = describe


def make_lab(tree: GameTree, variant: str = "statement", algorithm: str = ea.DEFAULT) -> Lab:
    """The lab of ``algorithm`` (engine.algorithms; alpha-beta in ``variant``) on
    ``tree``; an algorithm that does not run on the tree falls back to one that does.
    MCTS's parameters come in the name (``mcts:200,1.41,0,random``: ui.tree.mcts_link)."""
    name, params = split_key(algorithm)
    got = ea.tree_run(tree, ea.usable(tree, name), variant, params)
    run = got.run
    names = [node_name(tree, v) for v in range(len(tree))]
    best = None if tree.has_chance else minimax(tree)
    pv = [0] if best is None else best.principal_variation()
    if got.mcts is not None:
        pv = [0]  # MCTS's figure draws no principal variation: it estimates
    return Lab(
        run,
        Replayer(run),
        names,
        pv,
        enter_steps(run),
        describer(got),
        ea.node_types(run),
        pass_history(run, got.passes),
        got.mcts,
        best.value if got.mcts is not None and best is not None else None,
        describer(got, leaf_values=False),
    )


def _title(lab: Lab) -> str:
    """The downloaded search's heading: ``Alpha-beta (statement) on a tree of 13 nodes``."""
    run = lab.run
    name = _(BOARD_LABELS[run.algorithm]) if run.algorithm in BOARD_LABELS else run.algorithm
    if run.algorithm == ea.ALPHABETA and run.variant:
        name = _("{algorithm} ({variant})", algorithm=name, variant=run.variant)
    n = len(run.tree)
    return ngettext(
        "{name} on a tree of {n} node", "{name} on a tree of {n} nodes", n, name=name, n=f"{n:,}"
    )


# ---- cached work ----------------------------------------------------------------------------
# Bounded in entries and so in memory: a tree from any source has at most 20,000 nodes
# (tree_source), whose lab holds about 7 MB and whose figure about 9 MB (see README's budget).
@st.cache_resource(max_entries=16, show_spinner=False)
def tree_of(source: str) -> GameTree:
    """The tree a source string names (ui.tree.tree_source; built once per process)."""
    kind, _, body = source.partition("|")
    if kind == "c":
        setup = decode_complete(body)
        return complete_tree(setup.leaves, setup.branching)
    return parse_brackets(body)


@st.cache_resource(max_entries=24, show_spinner=False)
def cached_lab(
    source: str, variant: str, ordering: str, seed: int, algorithm: str = ea.DEFAULT
) -> Lab:
    """The lab of a source's tree in one ordering (a big run is built once and shared by
    every session; cache_resource hands out the object itself, never a copy)."""
    return make_lab(ordered(tree_of(source), ordering, seed), variant, algorithm)


def searched(
    source: str, variant: str, ordering: str, seed: int, algorithm: str = ea.DEFAULT
) -> Lab:
    """:func:`cached_lab`, saying "Searching the tree…" in the page's language meanwhile."""
    with st.spinner(_("Searching the tree…")):
        return cached_lab(source, variant, ordering, seed, algorithm)


def new_run(keys: TreeLab, run_key: Hashable) -> bool:
    """Remember the run shown (``run_key`` = cache_args); True when it is another run than
    the last one shown, and then the figure shows the whole tree again."""
    ss = st.session_state
    changed = ss.get(keys.run) not in (None, run_key)
    if changed:
        ss[keys.focus] = 0
    ss[keys.run] = run_key
    return changed


# ---- the run block --------------------------------------------------------------------------
def result_line(text: str, where=st) -> None:  # noqa: ANN001
    """The lab's answer in one large line in ``where``: markdown in a container keyed
    RESULT, whose style is in every page's style sheet (ui.common.projector; no raw HTML in
    markdown, whose renderer a first visit would load, and no style element of its own:
    each element a run sends is a render in the browser, issue 21)."""
    where.container(key=RESULT).markdown(text)


def run_head(
    where,
    lab: Lab,
    *,
    call: str | None = None,
    verdict: str | None = None,
    more: Sequence[tuple[str, str]] = (),
) -> None:
    """The run's headline and figures in ``where`` (teach.run_words: every count is the
    lab's run's); ``call`` labels a first figure with the statement's function call."""
    label = LABELS.get(lab.run.algorithm, lab.run.algorithm)
    if lab.mcts is not None:  # an estimate: the exact value, then what MCTS did
        result_line(mcts_headline(lab.mcts, lab.exact, verdict), where)
        items = mcts_metrics(lab.mcts)
    else:
        result_line(rw.headline(lab.run, label, verdict), where)
        items = [(call, rw.statement_answer(lab.run))] if call else []
        items += rw.metrics(lab.run, label)
    figures([*items, *more], where)


def canvas_payload(
    lab: Lab,
    focus: int = 0,
    step: int | None = None,
    question: Question | None = None,
    hide: bool = False,
) -> dict:
    """The tree canvas's payload of the lab's run (viz.tree_payload), seen from ``focus``;
    with ``step``, the still of a practice question's step (ui.practice.quiz_panel: what
    ``question`` asks for is not in it); ``hide``: leaves revealed as evaluated."""
    if step is not None:
        return question_payload(lab.run, lab.names, step, question, pv=lab.pv, hide_leaves=hide)
    return tree_payload(
        lab.run,
        lab.describe_hidden if hide else lab.describe,
        lab.names,
        focus=focus,
        budget=BUDGET,
        pv=lab.pv,
        types=lab.types or None,
        words=canvas_words() if lab.types else None,
        history=lab.history,
        cuts=cut_notes(lab.run) if lab.types else (),
        hide_leaves=hide,
        research=re_searches(lab.run) if lab.run.algorithm == ea.PVS else (),
    )


@st.cache_resource(max_entries=16, show_spinner=False)
def _cached_payload(
    source: str,
    variant: str,
    ordering: str,
    seed: int,
    algorithm: str,
    focus: int,
    step: int | None = None,
    question: Question | None = None,
    hide: bool = False,
    lang: str = "en",
) -> dict:
    """The payload of a cached lab's run in ``lang`` (its sentences and the canvas's words:
    the language is part of the cache key)."""
    lab = cached_lab(source, variant, ordering, seed, algorithm)
    with use(lang):
        return canvas_payload(lab, focus, step, question, hide)


def _payload(lab: Lab, cache_args, focus: int = 0, step=None, question=None, hide=False) -> dict:
    if cache_args is not None:
        return _cached_payload(*cache_args, focus, step, question, hide, current())
    return canvas_payload(lab, focus, step, question, hide)


def _focus(keys: Canvas, lab: Lab) -> int:
    """The subtree drawn (a "+N nodes" marker opened), with a way back to the whole tree."""
    ss = st.session_state
    where = st.container()
    focus = int(ss.get(keys.focus, 0))
    if not 0 <= focus < len(lab.run.tree):
        focus = 0
    if focus:  # in a container that is always there: the canvas keeps its place (and step)
        path = [focus]
        while path[-1] > 0:
            path.append(lab.run.tree.parent[path[-1]])
        c1, c2 = where.columns([1, 4], vertical_alignment="center")
        if c1.button(_("Whole tree"), key=keys.unfocus, icon=":material/zoom_out_map:"):
            ss[keys.focus] = 0
            st.rerun()
        names = " › ".join(lab.names[v] for v in reversed(path))
        c2.caption(_("Showing the subtree of {path}", path=names))
    return focus


def run_player(
    lab: Lab,
    *,
    keys: TreeLab,
    cache_args: tuple[str, str, str, int, str] | None = None,
    on_node: Callable[[int], None] | None = None,
    caption: str | None = None,
    selected: int | None = None,
    token: Hashable | None = None,
    practice: bool = False,
    extra: dict | None = None,
    events: dict[str, Callable[[object], None]] | None = None,
    hide_leaves: bool = False,
) -> int:
    """The run on the tree canvas (ui.common.canvas): figure, first/back/next/last, keys,
    slider, autoplay and the step's sentence, all in the browser. Returns the step the server
    knows (the browser reports it, debounced).

    The step lives in ``session_state[keys.canvas.step]``, so it survives page switches and
    unrelated widgets; a new ``token`` starts the run from step 0, a shorter run clamps it.
    ``cache_args`` = (source, variant, ordering, seed, algorithm) lets payloads be cached; ``on_node(node)``
    handles clicks on nodes (default: jump to the step where the search reaches the node);
    ``selected`` gets a ring; ``extra`` / ``events`` go to the canvas's plugins (the editor's);
    ``hide_leaves``: leaves revealed as evaluated, on the canvas and the question's stills.

    ``practice=True`` adds ui.practice.quiz_panel's practice switch (state under ``keys.quiz``):
    when it is on, the question panel sits beside a still of the quiz's step (no controls; the
    payload holds nothing of what the open question asks for), so nothing steps past the open
    question; leaving practice shows the canvas at that step.
    """
    ck = keys.canvas
    n, first = len(lab.run.events), st.session_state.get(ck.n) is None
    if first and st.session_state.get(ck.step, 0) > n:  # a link's step past the end
        st.warning(
            _(
                "The link's step is past this search's last step ({n}); showing step 0.",
                n=f"{n:,}",
            )
        )
        set_step(ck, 0, n)

    def player() -> int:
        follow_run(ck, n, token)
        focus = _focus(ck, lab)

        def drill(node: int) -> None:
            st.session_state[ck.focus] = node

        if lab.mcts is not None:  # the visits beside the nodes (plugins/mcts.js)
            extra_x = {**(extra or {}), **visits_extra(lab.mcts)}
        else:
            extra_x = extra
        payload = _payload(lab, cache_args, focus, hide=hide_leaves)
        step = tree_canvas(
            payload,
            keys=ck,
            on_drill=drill,
            on_select=on_node,
            selected=selected,
            extra=extra_x,
            events=events,
        )
        if caption:
            st.caption(caption)

        def files() -> None:
            export_buttons(lab.run, keys.export)
            take_away(payload, keys.export, extra=extra_x, title=_title(lab))

        downloads(files, keys.export.box)
        embed_box(keys.export.embed)  # the lab as its link holds it, for another site
        return step

    if not practice:
        return player()

    def figure(k: int, question: Question | None) -> dict:
        return _payload(lab, cache_args, step=k, question=question, hide=hide_leaves)

    return practice_or_player(lab.run, keys.quiz, player=player, figure=figure, player_keys=ck)
