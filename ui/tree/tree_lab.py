"""Shared logic of the two tree-lab pages: cached runs, the figure + step player block (with
its practice switch), and the move-ordering experiment.

The block that shows a run is :func:`run_player`: ui.common.stepper's step player around the
figure, or, with ``practice=True`` and the switch on, ui.practice.quiz_panel's questions beside a
figure of the quiz's step with no forward controls. Where a tree comes from (setups, share
links, cache sources) is ui.tree.tree_source; its names are re-exported here for the pages.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial

import plotly.graph_objects as go
import streamlit as st

from engine.search import REORDER_MODES, reorder, search_tree
from engine.trace import ENTER, Replayer, SearchRun
from engine.tree import GameTree, complete_depth, minimax
from teach.explain import describe, node_name
from teach.quiz import Question
from ui.common import stepper
from ui.common.clicks import clickable_chart
from ui.common.export import export_buttons
from ui.common.keys import TreeLab
from ui.practice.quiz_panel import hide_answer, practice_or_player
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
    tree_of,
)
from viz.animation import PLOTLY_CONFIG
from viz.tree_figure import click_target, tree_figure
from viz.tree_marks import add_names, mark_node

__all__ = [  # the pages' and tests' names (ui.tree.tree_source's re-exported)
    "AS_GIVEN",
    "BUDGET",
    "LINK_LIMIT",
    "ORDERINGS",
    "ORDER_WORDS",
    "REORDER_MODES",
    "Complete",
    "Lab",
    "cached_counts",
    "cached_lab",
    "complete_depth",
    "complete_from",
    "css",
    "decode_complete",
    "decode_tree",
    "encode_tree",
    "enter_steps",
    "make_lab",
    "new_run",
    "mark_node",
    "ordered",
    "random_complete",
    "result_words",
    "run_player",
    "source_of_complete",
    "source_of_tree",
    "step_figure",
    "step_words",
    "tree_of",
]

AS_GIVEN = "as given"
ORDERINGS = (AS_GIVEN, *REORDER_MODES)
ORDER_WORDS = {
    AS_GIVEN: "as given (left to right)",
    "best-first": "best move first",
    "worst-first": "worst move first",
    "shuffled": "shuffled",
}
ASKED_COLOR = "#c62828"  # the ring on the node a practice question is about
FULL_WIDTH = 1100  # px of a figure across the page (wide layout)
PRACTICE_WIDTH = 640  # px of the figure beside the question panel (3/5 of the page)
BUDGET = 3000  # markers drawn at most (viz collapses the rest)
AUTOPLAY_FRAMES = 120  # steps the in-browser autoplay covers from the current step


# ---- pure helpers ---------------------------------------------------------------------------
def result_words(value: int, evaluated: int, total: int, algorithm: str = "alpha-beta") -> str:
    """``MAX can force 3; alpha-beta looked at 7 of 9 leaves.``"""
    saved = total - evaluated
    tail = f" ({saved} pruned)" if saved > 0 else " (nothing pruned)"
    return f"MAX can force {value}; {algorithm} looked at {evaluated} of {total} leaves{tail}."


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
    """Everything cached about one run: the run, its replayer, node names, PV, steps."""

    run: SearchRun
    replayer: Replayer
    names: list[str]
    pv: list[int]
    enter: dict[int, int]


def make_lab(tree: GameTree, variant: str = "statement") -> Lab:
    run = search_tree(tree, "alphabeta", variant)
    names = [node_name(tree, v) for v in range(len(tree))]
    return Lab(run, Replayer(run), names, minimax(tree).principal_variation(), enter_steps(run))


def step_figure(
    lab: Lab,
    step: int,
    focus: int = 0,
    animate: bool = False,
    ms: int = 400,
    question: Question | None = None,
    width: int = FULL_WIDTH,
) -> go.Figure:
    """The tree figure at ``step``: the page-level work of one step (no Streamlit).
    ``question``: the practice question open at this step; the value it asks for is blanked
    (ui.practice.quiz_panel.hide_answer) and the node gets a ring. ``width``: the figure's expected
    width in px (markers and α/β labels are sized for it)."""
    run = lab.run
    n = len(run.events)
    step = max(0, min(step, n))
    snap = hide_answer(lab.replayer.snapshot(step), question)
    fig = tree_figure(
        run.tree,
        snap,
        focus=focus,
        budget=BUDGET,
        highlight=lab.pv if step == n else None,
        names=lab.names,
        animate=animate,
        snapshots=lab.replayer.snapshot if animate else None,
        n_steps=n,
        frame_ms=ms,
        max_frames=AUTOPLAY_FRAMES,
        width_hint=width,
    )
    add_names(fig, lab.run.tree, lab.names, width=width)
    if question is not None:
        mark_node(fig, question.node, "asked", ASKED_COLOR, scale=1.25)  # clear of α/β
    return fig


# ---- cached work ----------------------------------------------------------------------------
@st.cache_resource(max_entries=24, show_spinner="Searching the tree…")
def cached_lab(source: str, variant: str, ordering: str, seed: int) -> Lab:
    """The lab of a source's tree in one ordering (a big run is built once and shared by
    every session; cache_resource hands out the object itself, never a copy)."""
    return make_lab(ordered(tree_of(source), ordering, seed), variant)


@st.cache_data(max_entries=64, show_spinner=False)
def cached_counts(source: str, variant: str, seed: int) -> list[dict]:
    """Rows of the move-ordering table: leaves evaluated per ordering."""
    rows = []
    for ordering in ORDERINGS:
        run = cached_lab(source, variant, ordering, seed).run
        total = sum(1 for c in run.tree.children if not c)
        rows.append(
            {
                "children ordered": ORDER_WORDS[ordering],
                "alpha-beta leaves": run.leaves_evaluated,
                "minimax leaves": total,
                "pruned": total - run.leaves_evaluated,
                "value": run.value,
            }
        )
    return rows


@st.cache_resource(max_entries=8, show_spinner=False)
def _cached_figure(
    source: str,
    variant: str,
    ordering: str,
    seed: int,
    step: int,
    focus: int,
    animate: bool,
    ms: int,
    question: Question | None = None,
    width: int = FULL_WIDTH,
) -> go.Figure:
    lab = cached_lab(source, variant, ordering, seed)
    return step_figure(lab, step, focus, animate, ms, question, width)


def new_run(keys: TreeLab, run_key: Hashable) -> bool:
    """Remember the run shown (``run_key`` = cache_args); True when it is another run than
    the last one shown, and then the figure shows the whole tree again."""
    ss = st.session_state
    changed = ss.get(keys.run) not in (None, run_key)
    if changed:
        ss[keys.focus] = 0
    ss[keys.run] = run_key
    return changed


# ---- the step player block ------------------------------------------------------------------
_CSS = """<style>
.gtl-step {font-size: 1.35rem; line-height: 1.45; padding: .6rem .9rem; border-radius: .5rem;
  background: #fff8e6; border-left: 6px solid #f6a623; color: #1f2933; margin: .25rem 0 .5rem;}
.gtl-step b {color: #7a4a00;}
.gtl-result {font-size: 1.5rem; font-weight: 600; color: #1f2933; margin: .2rem 0 .4rem;}
</style>"""


def css() -> None:
    st.markdown(_CSS, unsafe_allow_html=True)


def _on_chart(
    keys: TreeLab, lab: Lab, on_node: Callable[[int], None] | None, hit: tuple[int, bool]
) -> None:
    """A click on the figure: a collapsed subtree opens; a node is handed to ``on_node``
    (default: jump to the step where the search reaches it)."""
    node, summary = hit
    if summary:
        st.session_state[keys.focus] = node
    elif on_node is not None:
        on_node(node)
    elif node in lab.enter:
        stepper.set_step(keys.player, lab.enter[node], len(lab.run.events))


def _draw(
    lab: Lab,
    keys: TreeLab,
    k: int,
    cache_args,
    on_node,
    caption,
    selected,
    animate,
    question: Question | None = None,
    width: int = FULL_WIDTH,
) -> None:
    run = lab.run
    focus = int(st.session_state.get(keys.focus, 0))
    if not 0 <= focus < len(run.tree):
        focus = 0
    if focus:
        path = [focus]
        while path[-1] > 0:
            path.append(run.tree.parent[path[-1]])
        c1, c2 = st.columns([1, 4], vertical_alignment="center")
        if c1.button("Whole tree", key=keys.unfocus, icon=":material/zoom_out_map:"):
            st.session_state[keys.focus] = 0
            st.rerun()
        c2.caption("Showing the subtree of " + " › ".join(lab.names[v] for v in reversed(path)))
    ms = stepper.frame_ms(stepper.step_speed(keys.player)) if animate else 400
    if cache_args is not None:
        fig = _cached_figure(*cache_args, k, focus, animate, ms, question, width)
    else:
        fig = step_figure(lab, k, focus, animate, ms, question, width)
    if selected is not None:
        fig = go.Figure(fig)  # a copy: the cached figure stays clean
        mark_node(fig, selected)
    clickable_chart(
        keys.chart,
        fig,
        pick=click_target,
        on_hit=partial(_on_chart, keys, lab, on_node),
        config=PLOTLY_CONFIG,
    )
    snap = lab.replayer.snapshot(k)
    bits = [
        f"leaves evaluated so far: **{snap.leaves_evaluated}**",
        f"nodes visited: **{snap.nodes_visited}**",
    ]
    st.caption(" · ".join(bits) + (f" · {caption}" if caption else ""))


def step_words(run: SearchRun, k: int) -> str:
    """The sentence under the figure (markdown): ``Step k of n.`` and teach.explain's words."""
    return f"##### :orange-background[Step {k} of {len(run.events)}.] {describe(run, k)}"


def _practice_figure(
    lab: Lab, draw: Callable[..., None], k: int, question: Question | None
) -> None:
    """Practice on: the figure of step ``k`` only (no step controls, no autoplay: they would
    show what comes next), the open question's value blanked and its node ringed. No
    sentence: the question and its reason say it, in the quiz's names (leaf 1, leaf 2, ...)."""
    draw(k, animate=False, question=question, width=PRACTICE_WIDTH)
    st.markdown(f"##### :orange-background[Step {k} of {len(lab.run.events)}.]")


def run_player(
    lab: Lab,
    *,
    keys: TreeLab,
    cache_args: tuple[str, str, str, int] | None = None,
    on_node: Callable[[int], None] | None = None,
    caption: str | None = None,
    selected: int | None = None,
    token: Hashable | None = None,
    practice: bool = False,
) -> int:
    """The run's figure inside ui.common.stepper's step player (first/prev/next/last, Left/Right,
    slider), autoplay in the browser, and one sentence for the step under the figure.
    Returns the step shown.

    The step lives in ``session_state[keys.player.step]`` (ui.common.stepper), so it survives
    page switches and unrelated widgets; a new ``token`` starts the run from step 0.
    ``cache_args`` = (source, variant, ordering, seed) lets figures be cached; ``on_node(node)``
    handles clicks on nodes (the editor selects); ``selected`` gets a ring.

    ``practice=True`` adds ui.practice.quiz_panel's practice switch (state under ``keys.quiz``):
    when it is on, the question panel sits beside a figure of the quiz's step and the player is
    not drawn, so nothing steps past the open question; leaving practice shows the player at
    that step.
    """
    draw = partial(
        _draw, lab, keys, cache_args=cache_args, on_node=on_node, caption=caption, selected=selected
    )
    n, first = len(lab.run.events), st.session_state.get(keys.player.n) is None
    if first and st.session_state.get(keys.player.step, 0) > n:  # a link's step past the end
        st.warning(f"The link's step is past this search's last step ({n:,}); showing step 0.")
        stepper.set_step(keys.player, 0, n)

    def player() -> int:
        animate = st.toggle(
            "Autoplay in the figure (▶ play under the tree)",
            key=keys.animate,
            persist_state="session",
        )
        step = stepper.step_player(
            keys.player,
            len(lab.run.events),
            describe=partial(step_words, lab.run),
            draw=partial(draw, animate=bool(animate)),
            token=token,
        )
        export_buttons(lab.run, keys.export)
        return step

    if not practice:
        return player()
    figure = partial(_practice_figure, lab, draw)
    return practice_or_player(
        lab.run, keys.quiz, player=player, figure=figure, player_keys=keys.player
    )
