"""The variants side by side: one table over the same tree, then two variants on tree
canvases side by side, each with its pseudocode, the line the current step executes
highlighted (all stepped in the browser).
"""

from __future__ import annotations

import streamlit as st

from engine.trace import Replayer, SearchRun
from engine.tree import GameTree
from engine.values import fmt_value
from teach import i18n
from teach.i18n import _
from teach.quiz import node_names
from teach.variants import (
    ALL,
    VariantResult,
    compare_variants,
    description,
    label,
    line_for_event,
    pseudocode,
)
from ui.common.canvas import follow_run, tree_canvas
from ui.common.export import export_buttons
from ui.common.keys import Variants as K
from ui.common.keys import tag
from ui.common.table import show_table
from ui.practice.practice_common import run_payload
from viz.tree_payload import Code


@st.cache_resource(max_entries=16, show_spinner=False)
def compared(tree_tag: str, _tree: GameTree) -> list[VariantResult]:
    """Every variant's run on the tree named by ``tree_tag`` (searched once, shared)."""
    return compare_variants(_tree)


def variants_table(tree: GameTree, results: list[VariantResult]) -> list[dict[str, object]]:
    """One row per variant of ``results`` (teach.variants.compare_variants on ``tree``): root
    value, leaves evaluated, nodes visited, cut-offs, and the inner nodes (searched by both)
    whose returned value differs from the statement's. Column names and words in the run's
    language."""
    n_leaves = len(tree.leaves())
    names = node_names(tree)
    ref = Replayer(next(r.run for r in results if r.name == "statement")).final_values()
    rows = []
    for r in results:
        vals = Replayer(r.run).final_values()
        diff = [
            _("{node}: {value} (not {expected})", node=names[v], value=vals[v], expected=ref[v])
            for v in tree.preorder()
            if not tree.is_leaf(v) and None not in (vals[v], ref[v]) and vals[v] != ref[v]
        ]
        rows.append(
            {
                _("variant"): label(r.name),
                _("root value"): r.value,
                _("leaves evaluated"): _("{k} of {n}", k=r.leaves_evaluated, n=n_leaves),
                _("nodes visited"): r.nodes_visited,
                _("cut-offs"): r.cuts,
                _("inner values unlike the statement's"): _(", ").join(diff) or "-",
                _("what it does"): description(r.name),
            }
        )
    return rows


def code_of(run: SearchRun, name: str) -> Code:
    """The pseudocode of variant ``name`` and, per step of ``run``, the line it executes and
    (negamax) the node's window in negamax's own view."""
    at, notes = [-1], [""]
    for e in run.events:
        at.append(line_for_event(name, e))
        note = ""
        if name == "negamax" and e.nm_alpha is not None:
            window = dict(alpha=fmt_value(e.nm_alpha), beta=fmt_value(e.nm_beta))
            if e.nm_value is not None:
                note = _(
                    "In negamax's own view at this node: alpha = {alpha}, beta = {beta}, "
                    "value = {value}",
                    value=fmt_value(e.nm_value),
                    **window,
                )
            else:
                note = _(
                    "In negamax's own view at this node: alpha = {alpha}, beta = {beta}",
                    **window,
                )
        notes.append(note)
    return Code(tuple(pseudocode(name)), tuple(at), tuple(notes))


@st.cache_resource(max_entries=32, show_spinner=False)
def _payload(tree_tag: str, name: str, lang: str, _run: SearchRun) -> dict:
    """The canvas payload of variant ``name``'s run, its words in ``lang`` (a cache key)."""
    with i18n.use(lang):
        return run_payload(_run, code=code_of(_run, name))


DEFAULTS = {"left": "statement", "right": "fail-hard"}


def variants_panel(tree: GameTree | None) -> None:
    """Table of all variants on ``tree``, then two of them side by side on tree canvases,
    each with its pseudocode (the line of the step highlighted). The arrow keys step the
    canvas last clicked (the left one at first); a canvas keeps its step when its variant
    changes (clamped to the new run)."""
    if tree is None:
        st.info(_("Choose a valid tree above to compare the variants."))
        return
    tree_tag = tag((tree.parent, tree.values))
    compared_runs = compared(tree_tag, tree)
    show_table(variants_table(tree, compared_runs), cards=K.table)
    results = {r.name: r for r in compared_runs}
    st.caption(_("Step both with their buttons; the arrow keys step the one you clicked last."))
    for side, col in zip(K.SIDES, st.columns(2, gap="medium"), strict=True):
        with col:
            name = (
                st.selectbox(
                    _("Step through"),
                    ALL,
                    index=ALL.index(DEFAULTS[side]),
                    format_func=label,
                    key=K.pick(side),
                    persist_state="session",
                )
                or DEFAULTS[side]
            )
            run = results[name].run
            st.markdown(
                _(
                    "**{variant}**: {description}",
                    variant=label(name),
                    description=description(name),
                )
            )
            follow_run(K.canvas(side), len(run.events), tree_tag)  # a new tree: step 0
            payload = _payload(tree_tag, name, i18n.current(), run)
            tree_canvas(payload, keys=K.canvas(side), param=None, fit=True)
            export_buttons(run, K.export(f"{side}-{name}"))
