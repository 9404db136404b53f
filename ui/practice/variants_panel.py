"""The variants side by side: one table over the same tree, then one variant stepped through
with its pseudocode beside the figure, the line the current step executes highlighted.
"""

from __future__ import annotations

import html

import streamlit as st

from engine.trace import Replayer, replay
from engine.tree import GameTree
from engine.values import fmt_value
from teach.explain import describe
from teach.quiz import node_names
from teach.variants import (
    ALL,
    DESCRIPTION,
    LABELS,
    VariantResult,
    compare_variants,
    line_for_event,
    pseudocode,
)
from ui.common.export import export_buttons
from ui.common.keys import Variants as K
from ui.common.keys import tag
from ui.practice.practice_common import draw_tree, step_slider


@st.cache_resource(max_entries=16, show_spinner=False)
def compared(tree_tag: str, _tree: GameTree) -> list[VariantResult]:
    """Every variant's run on the tree named by ``tree_tag`` (searched once, shared)."""
    return compare_variants(_tree)


def code_html(lines: list[str], active: int | None) -> str:
    """Pseudocode as a <pre> block; line ``active`` (0-based) highlighted and arrowed."""
    out = []
    for i, line in enumerate(lines):
        text = html.escape(line)
        if i == active:
            out.append(
                f'<span style="background:#ffe58a;display:block;font-weight:700">▶ {text}</span>'
            )
        else:
            out.append(f'<span style="display:block">  {text}</span>')
    return (
        '<pre style="font-size:14px;line-height:1.4;background:#f7f7f9;padding:10px 12px;'
        'border-radius:6px;white-space:pre;overflow-x:auto;font-family:monospace;margin:0">'
        + "".join(out)
        + "</pre>"
    )


def variants_table(tree: GameTree, results: list[VariantResult]) -> list[dict[str, object]]:
    """One row per variant of ``results`` (teach.variants.compare_variants on ``tree``): root
    value, leaves evaluated, nodes visited, cut-offs, and the inner nodes (searched by both)
    whose returned value differs from the statement's."""
    n_leaves = len(tree.leaves())
    names = node_names(tree)
    ref = Replayer(next(r.run for r in results if r.name == "statement")).final_values()
    rows = []
    for r in results:
        vals = Replayer(r.run).final_values()
        diff = [
            f"{names[v]}: {vals[v]} (not {ref[v]})"
            for v in tree.preorder()
            if not tree.is_leaf(v) and None not in (vals[v], ref[v]) and vals[v] != ref[v]
        ]
        rows.append(
            {
                "variant": LABELS[r.name],
                "root value": r.value,
                "leaves evaluated": f"{r.leaves_evaluated} of {n_leaves}",
                "nodes visited": r.nodes_visited,
                "cut-offs": r.cuts,
                "inner values unlike the statement's": ", ".join(diff) or "-",
                "what it does": r.description,
            }
        )
    return rows


def variants_panel(tree: GameTree | None) -> None:
    """Table of all variants on ``tree``, then the chosen one's stepper and pseudocode."""
    if tree is None:
        st.info("Choose a valid tree above to compare the variants.")
        return
    tree_tag = tag((tree.parent, tree.values))
    compared_runs = compared(tree_tag, tree)
    st.dataframe(variants_table(tree, compared_runs), hide_index=True, width="stretch")
    results = {r.name: r for r in compared_runs}
    name = (
        st.segmented_control(
            "Step through",
            ALL,
            format_func=LABELS.__getitem__,
            default="statement",
            key=K.pick,
            persist_state="session",
        )
        or "statement"
    )
    run = results[name].run
    n = len(run.events)
    step = step_slider(n, K.steps(name, tree_tag))
    snap = replay(run, step)
    fig_col, code_col = st.columns([1, 1])
    with fig_col:
        st.markdown(f"**Step {step} of {n}:** {describe(run, step)}")
        draw_tree(tree, snap, key=K.figure, quiz_names=False)
        export_buttons(run, K.export(name))
    with code_col:
        active = line_for_event(name, snap.event) if snap.event is not None else None
        st.markdown(f"**{LABELS[name]}**: {DESCRIPTION[name]}")
        st.html(code_html(pseudocode(name), active))
        if name == "negamax" and snap.event is not None and snap.event.nm_alpha is not None:
            e = snap.event
            st.caption(
                f"In negamax's own view at this node: alpha = {fmt_value(e.nm_alpha)}, "
                f"beta = {fmt_value(e.nm_beta)}"
                + (f", value = {fmt_value(e.nm_value)}" if e.nm_value is not None else "")
            )
