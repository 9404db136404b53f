"""Pieces the "Practice & exams" panels share: the tree chooser (bound to the URL), the tree
figure with node names, and a small step player.
"""

from __future__ import annotations

import random

import plotly.graph_objects as go
import streamlit as st

from engine.alphabeta import parse_leaves
from engine.errors import InputError
from engine.trace import (
    Replayer,
    SearchRun,
    Snapshot,
)
from engine.tree import GameTree, complete_depth, complete_tree
from teach.exam import make_exercise
from teach.explain import node_name
from teach.quiz import node_names
from ui.common.keys import Player, Slider
from ui.common.keys import Practice as K
from ui.common.share import int_in, publish, restore
from ui.common.stepper import frame_ms, step_speed
from viz.animation import PLOTLY_CONFIG
from viz.tree_figure import tree_figure

PRESETS = {
    "Textbook (3 x 3)": ("3, 12, 8, 2, 4, 6, 14, 5, 2", 3),
    "Deep binary (2^4)": ("3, 17, 2, 12, 15, 25, 2, 5, 3, 2, 14, 20, 8, 9, 4, 7", 2),
    "Ties (cut on equality)": ("5, 6, 5, 4, 5, 7, 5, 3, 9", 3),
    "Best move last (few cuts)": ("1, 2, 3, 4, 5, 6, 7, 8, 9", 3),
}
DEFAULT_LEAVES, DEFAULT_B = PRESETS["Textbook (3 x 3)"]
MAX_TAGS = 120  # inner-node names drawn at most
MAX_CLASS_LEAVES = 81  # a class tree: fits on a projector and keeps a quiz under ~200 questions


def _norm_leaves(text: str) -> str:
    return ", ".join(map(str, parse_leaves(text)))


def build_tree(leaves_text: str, branching: object) -> GameTree:
    """The complete tree of ``leaves_text`` with ``branching``; InputError says what is wrong."""
    if not isinstance(branching, int | float) or int(branching) != branching:
        raise InputError(f"branching must be a whole number, not {branching!r}")
    b = int(branching)
    if not 2 <= b <= 5:
        raise InputError(f"branching must be between 2 and 5, not {b}")
    leaves = parse_leaves(str(leaves_text or ""))
    if len(leaves) > MAX_CLASS_LEAVES:
        raise InputError(f"{len(leaves)} leaves is too many for class (at most {MAX_CLASS_LEAVES})")
    complete_depth(len(leaves), b)
    return complete_tree(leaves, b)


def _preset(name: str) -> None:
    st.session_state[K.leaves], st.session_state[K.branching] = PRESETS[name]


def on_random_tree() -> None:
    """Callback: put a random complete tree (the chooser's branching, the depth of its
    "Depth of a random tree" box, leaves 0..20) into the tree chooser."""
    ss = st.session_state
    b = ss.get(K.branching)
    b = int(b) if isinstance(b, int | float) and 2 <= b <= 5 else 3
    d = ss.get(K.depth)
    d = int(d) if isinstance(d, int | float) and 1 <= d <= 4 and b**d <= MAX_CLASS_LEAVES else 2
    ex = make_exercise(random.randrange(10**6), b, d, 0, 20)
    ss[K.leaves], ss[K.branching] = ", ".join(map(str, ex.leaves)), b


def tree_chooser() -> GameTree | None:
    """Leaves + branching (URL params ``t`` and ``b``), presets and a random tree.

    Returns the tree, or None after showing an error box (the page goes on without it).
    """
    restore("t", decode=_norm_leaves, default=DEFAULT_LEAVES, what="tree", state_key=K.leaves)
    restore("b", decode=int_in(2, 5), default=DEFAULT_B, what="branching", state_key=K.branching)
    c1, c2, c3 = st.columns([6, 2, 3], vertical_alignment="bottom")
    text = c1.text_input(
        "Leaves, left to right", key=K.leaves, help="Scores separated by commas or spaces."
    )
    b = c2.number_input("Branching", step=1, key=K.branching, persist_state="session")
    with c3.popover("Presets and random trees", width="stretch"):
        for i, name in enumerate(PRESETS):
            st.button(name, key=K.preset(i), on_click=_preset, args=(name,))
        st.number_input(
            "Depth of a random tree", value=2, step=1, key=K.depth, persist_state="session"
        )
        st.button("Random tree", key=K.random, on_click=on_random_tree)
    try:
        tree = build_tree(text, b)
    except InputError as e:
        st.error(f"This tree cannot be used: {e}")
        return None
    publish(t=_norm_leaves(text), b=str(int(b)))
    return tree


def name_overlay(
    fig: go.Figure, tree: GameTree, names: list[str] | None = None, ask: int | None = None
) -> go.Figure:
    """Write the inner nodes' names (A, B, C, ...) above their markers, so questions and
    answer boxes that say "node C" can be matched to the picture; node ``ask`` (the one a
    question is about) gets a red "B ?" tag."""
    names = names or node_names(tree)
    pos: dict[int, tuple[float, float]] = {}
    for tr in fig.data:
        cd, xs, ys = getattr(tr, "customdata", None), tr.x, tr.y
        if cd is None or xs is None or ys is None:
            continue
        for c, x, y in zip(cd, xs, ys, strict=False):
            node = c[0] if isinstance(c, list | tuple) else c
            if node is not None and x is not None and not tree.is_leaf(int(node)):
                pos.setdefault(int(node), (float(x), float(y)))
    for node in sorted(pos)[:MAX_TAGS]:  # annotations on white, readable over edges
        x, y = pos[node]
        hot = node == ask
        fig.add_annotation(
            x=x,
            y=y + 0.3,
            text=f"<b>{names[node]} ?</b>" if hot else f"<b>{names[node]}</b>",
            showarrow=False,
            font=dict(size=17 if hot else 15, color="#c62828" if hot else "#5a3e9b"),
            bgcolor="#fff3f3" if hot else "rgba(255,255,255,0.9)",
            bordercolor="#c62828" if hot else "rgba(0,0,0,0)",
            borderpad=2 if hot else 1,
        )
    return fig


def draw_tree(
    tree: GameTree,
    snapshot: Snapshot | None,
    key: str,
    *,
    height: int | None = None,
    ask: int | None = None,
    quiz_names: bool = True,
) -> None:
    """The tree (at ``snapshot``) with inner-node names, as a static plotly chart; node
    ``ask`` is tagged as the one the open question is about. ``quiz_names``: leaves are
    "leaf 1", "leaf 2", ... in the figure's step text as in the quiz questions; otherwise
    they are named by their value, as :func:`teach.explain.describe` does."""
    names = node_names(tree)  # the names the questions use: A, B, ... and leaf 1, leaf 2, ...
    if quiz_names:  # the figure says "leaf <name>" itself, so it gets the bare leaf numbers
        short = [n.removeprefix("leaf ") if tree.is_leaf(i) else n for i, n in enumerate(names)]
    else:
        short = [node_name(tree, i) for i in range(len(tree))]
    fig = tree_figure(tree, snapshot, height=height, names=short)
    st.plotly_chart(name_overlay(fig, tree, names, ask), config=PLOTLY_CONFIG, key=key)


def draw_run(run: SearchRun, step: int, key: str, player: Player) -> None:
    """The run at ``step`` with the in-figure autoplay (▶ plays in the browser at the speed
    chosen in step player ``player``); leaves named by value, as ``describe`` names them."""
    tree = run.tree
    names = [node_name(tree, i) for i in range(len(tree))]
    replayer = Replayer(run)  # one index of the trace for the step and every frame
    fig = tree_figure(
        tree,
        replayer.snapshot(step),
        names=names,
        animate=True,
        snapshots=replayer.snapshot,
        n_steps=len(run.events),
        frame_ms=frame_ms(step_speed(player)),
    )
    st.plotly_chart(name_overlay(fig, tree), config=PLOTLY_CONFIG, key=key)


def _move(key: str, delta: int, n: int) -> None:
    ss = st.session_state
    ss[key] = max(0, min(n, int(ss.get(key, 0)) + delta))


def step_slider(n_steps: int, keys: Slider) -> int:
    """Back / forward buttons and a slider over steps 0..n_steps; returns the step."""
    ss = st.session_state
    key = keys.value
    if not isinstance(ss.get(key), int) or not 0 <= ss[key] <= n_steps:
        ss[key] = 0
    c1, c2, c3 = st.columns([1, 1, 6], vertical_alignment="bottom")
    c1.button("◀", key=keys.back, on_click=_move, args=(key, -1, n_steps), shortcut="Left")
    c2.button("▶", key=keys.fwd, on_click=_move, args=(key, 1, n_steps), shortcut="Right")
    return int(
        c3.slider(
            "Step",
            0,
            max(1, n_steps),
            key=key,
            persist_state="session",
            label_visibility="collapsed",
        )
    )
