"""Whole-tree exercise: the student fills in every inner node's value and marks the pruned
edges, then gets values, missing cuts and wrong cuts graded separately, with the solution
drawn beside (pruned subtrees greyed, their top edges dashed).
"""

from __future__ import annotations

import streamlit as st

from engine.search import search_tree
from engine.tree import GameTree, minimax
from engine.values import plural
from teach.exercise import (
    CUT_FOUND,
    CUT_MISSED,
    CUT_WRONG,
    MISSING,
    RIGHT,
    WRONG,
    Report,
    grade,
    solution,
)
from teach.quiz import node_names
from ui.common.canvas import tree_still
from ui.common.keys import Exercise as K
from ui.common.keys import tag
from ui.practice.practice_common import on_random_tree, quiz_names
from ui.practice.quiz_panel import question_payload
from viz.tree_payload import blank_payload

MAX_INNER = 40  # answer boxes on one screen at most
OK_ICON = ":green[:material/check_circle:]"
BAD_ICON = ":red[:material/cancel:]"
GAP_ICON = ":orange[:material/radio_button_unchecked:]"
_ICON = {RIGHT: OK_ICON, WRONG: BAD_ICON, MISSING: GAP_ICON}


def _bfs(tree: GameTree) -> list[int]:
    out, i = [0], 0
    while i < len(out):
        out += tree.children[out[i]]
        i += 1
    return out


def edges(tree: GameTree) -> list[tuple[int, int]]:
    """Every edge (parent, child) in preorder: the options of the "pruned edges" box."""
    return [(p, c) for p in tree.preorder() for c in tree.children[p]]


def edge_label(tree: GameTree, names: list[str], edge: tuple[int, int]) -> str:
    """ "C → leaf 5 (14)" or "A → B"."""
    p, c = edge
    tail = f" ({tree.values[c]})" if tree.is_leaf(c) else ""
    return f"{names[p]} → {names[c]}{tail}"


def _report_lines(tree: GameTree, rep: Report) -> tuple[list[str], list[str], list[str]]:
    names = node_names(tree)
    vals, missed, wrong = [], [], []
    for it in rep.items:
        if it.kind == "value" and it.status in _ICON:
            vals.append(f"{_ICON[it.status]} {it.reason}")
        elif it.status == CUT_MISSED and it.edge is not None:
            missed.append(f"{GAP_ICON} {edge_label(tree, names, it.edge)}: pruned, but not marked")
        elif it.status == CUT_WRONG and it.edge is not None:
            if "inside" in it.reason:
                why = "inside a subtree that is already pruned: mark only its top edge"
            elif "no edge" in it.reason:
                why = it.reason
            else:
                why = "searched, not pruned"
            wrong.append(f"{BAD_ICON} {edge_label(tree, names, it.edge)}: {why}")
        elif it.status == CUT_FOUND and it.edge is not None:
            vals.append(f"{OK_ICON} cut {edge_label(tree, names, it.edge)} found")
    return vals, missed, wrong


def tree_tag(tree: GameTree) -> str:
    """The key segment of ``tree``'s exercise: its shape and leaf values (a new tree gets
    fresh, empty answer boxes; the same tree typed again keeps them)."""
    return tag((tree.parent, tree.values))


def exercise_panel(tree: GameTree | None) -> None:
    """The whole-tree exercise on ``tree`` (the page's tree; None: nothing to do)."""
    if tree is None:
        st.info("Choose a valid tree above to get an exercise.")
        return
    inner = [n for n in tree.preorder() if not tree.is_leaf(n)]
    if len(inner) > MAX_INNER:
        st.error(
            f"This tree has {len(inner)} inner nodes: too many to fill in (at most "
            f"{MAX_INNER}). Use a smaller tree, e.g. branching 3 and depth 2 or 3."
        )
        return
    names = node_names(tree)
    order = {n: i for i, n in enumerate(_bfs(tree))}
    sig = tree_tag(tree)
    intro, new = st.columns([5, 1], vertical_alignment="center")
    new.button(
        "New random tree",
        key=K.new,
        icon=":material/casino:",
        on_click=on_random_tree,
        help="A random tree of the branching above (depth: see Presets and random trees).",
        width="stretch",
    )
    intro.markdown(
        "Fill in the value **alpha-beta returns** at every inner node (children left to "
        "right, cut as soon as alpha ≥ beta) and mark the edges it never follows. "
        "A node inside a pruned subtree is never visited: leave it empty."
    )
    left, right = st.columns([3, 2])
    with left:
        tree_still(blank_payload(tree, quiz_names(tree)), key=K.of(sig, "question"))
    with right, st.form(K.of(sig, "form"), border=True):
        per_row = 3  # a box's label ("B (MIN)") whole at 150 %
        values: dict[int, int | None] = {}
        # one level of the tree per block of rows, in name order (A; B, C, D; E, F, ...)
        rows: list[list[int]] = []
        for d in sorted({tree.depth[n] for n in inner}):
            level = sorted((n for n in inner if tree.depth[n] == d), key=order.__getitem__)
            rows += [level[i : i + per_row] for i in range(0, len(level), per_row)]
        for row in rows:
            cols = st.columns(per_row)
            for col, n in zip(cols, row, strict=False):
                kind = "MAX" if tree.is_max(n) else "MIN"
                v = col.number_input(
                    f"{names[n]} ({kind})",
                    value=None,
                    step=1,
                    key=K.value(sig, n),
                    persist_state="session",
                )
                values[n] = int(v) if v is not None else None
        all_edges = edges(tree)
        pruned = st.multiselect(
            "Pruned edges (only the top edge of each skipped subtree)",
            all_edges,
            format_func=lambda e: edge_label(tree, names, e),
            key=K.of(sig, "cuts"),
            persist_state="session",
            placeholder="none",
        )
        checked = st.form_submit_button("Check my answers", type="primary")
    if checked:
        st.session_state[K.graded] = (sig, values, list(pruned))
    graded = st.session_state.get(K.graded)
    if not graded or graded[0] != sig:
        return
    _, given, marked = graded
    sol = solution(tree)
    rep = grade(tree, given, marked, sol)
    vals, missed, wrong = _report_lines(tree, rep)
    (st.success if rep.perfect else st.warning)(rep.summary())
    report, beside = st.columns([2, 3])
    with report:
        st.markdown(
            f"**Values:** {rep.values_right} right, {rep.values_wrong} wrong, "
            f"{rep.values_missing} missing"
        )
        st.markdown("\n".join(f"- {x}" for x in vals) or "-")
        st.markdown(f"**Missing cuts:** {rep.cuts_missed}")
        st.markdown("\n".join(f"- {x}" for x in missed) or "None: every cut found.")
        st.markdown(f"**Wrong cuts:** {rep.cuts_wrong}")
        st.markdown("\n".join(f"- {x}" for x in wrong) or "None.")
    with beside:
        if not st.toggle("Show the solution", key=K.of(sig, "show"), persist_state="session"):
            return
        run = search_tree(tree)
        st.caption(
            f"Root value {sol.value}; {sol.leaves_evaluated} of "
            f"{plural(len(tree.leaves()), 'leaf', 'leaves')} evaluated; {plural(sol.cuts, 'cut-off')}. "
            "Pruned subtrees are grey with dashed edges."
        )
        pv = minimax(tree).principal_variation()
        payload = question_payload(run, quiz_names(tree), len(run.events), None, pv=pv)
        tree_still(payload, key=K.of(sig, "solution"))
