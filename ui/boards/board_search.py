"""The "search tree" tab of the board labs: alpha-beta from the position, on the tree canvas.

The tree is drawn collapsed (``viz.collapse``) so that tens of thousands of explored nodes
stay a few hundred markers; the canvas steps it in the browser (ui.common.canvas); clicking a
node shows its position on a small board beside the tree, clicking a "+N nodes" marker opens
that part of the tree, and a breadcrumb leads back.

Plain functions first (node selection, value words: tested without Streamlit), then the
Streamlit panel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import streamlit as st

from engine.errors import SearchError
from engine.game import EVAL_BOUND, WIN
from engine.trace import ACTIVE, DONE, PRUNED, Replayer, SearchRun
from teach import i18n
from teach.algorithms import BOARD_LABELS
from teach.engine_words import reason
from teach.explain import describe, node_name
from teach.i18n import _, ngettext
from ui.classroom.start import start_box
from ui.common.board import board as show_board
from ui.common.boxes import downloads
from ui.common.canvas import follow_run, tree_canvas
from ui.common.embed import embed_box
from ui.common.export import export_buttons, take_away
from ui.common.figures import figures
from ui.common.keys import Search
from viz.follow import follow_payload
from viz.tree_payload import tree_payload

BUDGETS = (300, 1000, 2500)  # markers drawn at most: the person picks (browser time grows)
BUDGET = 300  # the default: readable on a projector
CRUMBS = 5  # ancestors shown in the breadcrumb before eliding the top


# ---- pure helpers ----------------------------------------------------------------------
@dataclass(frozen=True)
class TreeView:
    """What the person looks at: the subtree drawn (``focus``) and the node clicked."""

    focus: int = 0
    selected: int | None = None


def tree_click(view: TreeView, target: tuple[int, bool] | None, n_nodes: int) -> TreeView:
    """After a click on the tree: a node is selected; a "+N nodes" marker opens (focus)."""
    if target is None:
        return view
    node, is_summary = target
    if not 0 <= node < n_nodes:
        return view
    if is_summary:
        return TreeView(focus=node, selected=node)
    return TreeView(focus=view.focus, selected=node)


def pv_nodes(run: SearchRun, values: list[int | None]) -> list[int]:
    """Root-down node ids of the principal variation (``values`` = final node values)."""
    tree = run.tree
    out, v = [0], 0
    while tree.children[v]:
        nxt = next((c for c in tree.children[v] if values[c] == values[v]), None)
        if nxt is None:
            break
        out.append(nxt)
        v = nxt
    return out


def value_outcome(value: int | None, max_side: str, min_side: str) -> tuple[str | None, int]:
    """(winner, plies from the root) of a search value (MAX's view; a win at ply k scores
    ``WIN - k``); winner None for 0 (no win found), an evaluation (``|value| < EVAL_BOUND``:
    engine.games.pawn_eval) or an unknown value."""
    if not value or abs(value) < EVAL_BOUND:
        return None, 0
    return (max_side, WIN - value) if value > 0 else (min_side, WIN + value)


def value_words(value: int | None, max_side: str, min_side: str) -> str:
    """``993 (White wins at ply 7)``: a node's value for people."""
    if value is None:
        return _("not known yet")
    who, ply = value_outcome(value, max_side, min_side)
    if who is None and value:
        ahead = max_side if value > 0 else min_side
        if ahead.lower() == "white":
            return _("{value} (the evaluation: White ahead, no forced win found)", value=value)
        return _("{value} (the evaluation: Black ahead, no forced win found)", value=value)
    if who is None:
        return _("{value} (no win found)", value=value)
    if who.lower() == "white":
        return _("{value} (White wins at ply {ply})", value=value, ply=ply)
    return _("{value} (Black wins at ply {ply})", value=value, ply=ply)


def status_words(status: str, value: int | None, max_side: str, min_side: str) -> str:
    """The selected node at the shown step, in words."""
    if status == PRUNED:
        return _("Pruned: alpha-beta never had to look at this position.")
    if status == DONE:
        return _("Done: value {value}.", value=value_words(value, max_side, min_side))
    if status == ACTIVE:
        return _(
            "On the current path; best so far {value}.",
            value=value_words(value, max_side, min_side),
        )
    return _("Not reached yet at this step.")


# ---- Streamlit -------------------------------------------------------------------------
def counts(run: SearchRun) -> None:
    """The search's totals, above the tree."""
    figures(
        [
            (_("Nodes visited"), f"{run.nodes_visited:,}"),
            (_("Leaves evaluated"), f"{run.leaves_evaluated:,}"),
            (
                _("Moves never explored (pruned)"),
                f"{len(run.tree) - run.nodes_visited:,}",
                _("Moves a cut skipped: they are in the tree as grey stubs, never searched."),
            ),
        ]
    )


def _get_view(keys: Search, token: Any) -> TreeView:
    got = st.session_state.get(keys.view)
    if not got or got[0] != token:
        return TreeView()
    return got[1]


def _set_view(keys: Search, token: Any, view: TreeView) -> None:
    st.session_state[keys.view] = (token, view)


def _breadcrumb(keys: Search, token: Any, run: SearchRun, view: TreeView) -> None:
    """Back to the root, then the ancestors of the focus as buttons."""
    if view.focus == 0:
        return
    chain: list[int] = []
    v = run.tree.parent[view.focus]
    while v >= 0:
        chain.append(v)
        v = run.tree.parent[v]
    chain.reverse()
    row = st.container(horizontal=True, vertical_alignment="center", gap="small")
    row.button(
        _("Back to the root"),
        key=keys.root,
        icon=":material/arrow_upward:",
        on_click=_set_view,
        args=(keys, token, TreeView(0, view.selected)),
    )
    shown = chain[1:][-CRUMBS:]
    if len(chain) - 1 > len(shown):
        row.markdown("› …")
    for a in shown:
        row.button(
            f"› {run.tree.labels[a]}",
            key=keys.crumb(a),
            type="tertiary",
            on_click=_set_view,
            args=(keys, token, TreeView(a, view.selected)),
        )
    row.markdown(_("› **{node}** (open)", node=run.tree.labels[view.focus]))


def _node_panel(
    keys: Search,
    token: Any,
    run: SearchRun,
    snap,
    view: TreeView,
    board: Callable[[Any, Any | None], dict],
    sides: tuple[str, str],
    node_words: Callable[[int, int], str] | None = None,
) -> None:
    """The selected node (or the search's current node) on a small board, in words
    (``node_words(node, step)`` instead of the exact searches' status words: MCTS's)."""
    node = view.selected
    following = node is None
    if following:
        node = snap.current if snap.current is not None else 0
    tree = run.tree
    who = _("the root") if node == 0 else node_name(tree, node)
    # The server hears the step after the canvas's debounce: following, say which step this is.
    if following:
        st.markdown(_("**Search is at (step {step:,}): {node}**", step=snap.step, node=who))
    else:
        st.markdown(_("**Selected: {node}**", node=who))
    state = run.states[node]
    parent = tree.parent[node]
    show_board(board(state, run.states[parent] if parent >= 0 else None), key=keys.board)
    mover = sides[0] if tree.is_max(node) else sides[1]
    if mover.lower() == "white":
        st.caption(_("Depth {depth}, White to move.", depth=tree.depth[node]))
    else:
        st.caption(_("Depth {depth}, Black to move.", depth=tree.depth[node]))
    if node_words is not None:
        st.markdown(node_words(node, snap.step))
    elif not tree.children[node] and tree.values[node] is not None:
        st.markdown(_("Leaf: value {value}.", value=value_words(tree.values[node], *sides)))
    else:
        st.markdown(status_words(snap.status[node], snap.value[node], *sides))
    if following:
        st.caption(
            _(
                "Choose a node to see its position; open a grey **+N nodes** square to see "
                "that part of the tree."
            )
        )
    else:
        st.button(
            _("Follow the search"),
            key=keys.follow,
            icon=":material/my_location:",
            on_click=_set_view,
            args=(keys, token, TreeView(view.focus, None)),
        )
    if tree.children[node] and node != view.focus:
        st.button(
            _("Open this subtree"),
            key=keys.open,
            icon=":material/zoom_in:",
            on_click=_set_view,
            args=(keys, token, TreeView(node, node)),
        )


def _names_pv(run: SearchRun, replayer: Replayer) -> tuple[list[str], list[int]]:
    """Each node named by its own move (the sentences say the path), and the best line
    (from the lab's cached replayer: building another one is most of a cold tab's time)."""
    tree = run.tree
    names = (
        list(tree.labels)
        if tree.labels is not None
        else [node_name(tree, v) for v in range(len(tree))]
    )
    if names and names[0] == "root":  # the engine's name of a game search's root
        names[0] = _("root")
    return names, pv_nodes(run, replayer.final_values())


@st.cache_resource(max_entries=8, show_spinner=False)
def _payload(
    ns: str,
    token: Any,
    focus: int,
    budget: int,
    lang: str,
    _run: SearchRun,
    _replayer: Replayer,
    _say: Callable = describe,
) -> dict:
    """The canvas payload of the search named by (``ns``, ``token``), seen from ``focus``
    with at most ``budget`` markers, its words in ``lang`` (shared by sessions: the run is
    cached by the lab); ``_say`` its step sentences. Other sentences than the exact
    searches' are MCTS's, which draws no best line: it estimates."""
    with i18n.use(lang):
        names, pv = _names_pv(_run, _replayer)
        if _say is not describe:
            pv = [0]
        return tree_payload(_run, _say, names, focus=focus, budget=budget, pv=pv)


@st.cache_resource(max_entries=8, show_spinner=False)
def _follow(ns: str, token: Any, lang: str, _run: SearchRun, _replayer: Replayer) -> dict:
    """The follow view's data (viz.follow) of the search named by (``ns``, ``token``), its
    words in ``lang``."""
    with i18n.use(lang):
        return follow_payload(_run, *_names_pv(_run, _replayer))


def prepare(ns: str, token: Any, run: SearchRun, replayer: Replayer, lang: str) -> None:
    """Compute what a first visit of the search tab in ``lang`` draws, the whole tree at
    the default budget and the follow view, into the caches the tab reads (ui.boards.warm)."""
    _payload(ns, token, TreeView().focus, BUDGET, lang, run, replayer)
    _follow(ns, token, lang, run, replayer)


def follow_first(run: SearchRun, budget: int) -> bool:
    """Open the follow view rather than the whole tree: when the tree has more nodes than
    the overview draws (``budget`` markers), the overview must fold some into "+N nodes"
    squares and the path the search is on disappears into them."""
    return len(run.tree) > budget


def search_panel(
    keys: Search,
    run: SearchRun,
    replayer: Replayer,
    *,
    token: Any,
    board: Callable[[Any, Any | None], dict],
    sides: tuple[str, str],
    say: Callable[[SearchRun, int], str] = describe,
    plugin: dict | None = None,
    node_words: Callable[[int, int], str] | None = None,
    on_node: Callable[[int], None] | None = None,
) -> int:
    """The collapsed tree of ``run`` on the tree canvas (stepped in the browser; pruned grey,
    principal variation green) beside the board of the selected node. Returns the step the
    server knows (the browser reports it, debounced).

    ``token`` names the run (e.g. the position code and depth): a new token starts at step 0
    with the whole tree shown. ``board(state, parent_state)`` is a small board's payload (viz.board_payload);
    ``sides`` = (MAX's side, MIN's side) in words, e.g. ("white", "black").

    MCTS (ui.boards.board_mcts) brings its own ``say`` (step sentences), ``plugin`` (its
    canvas plugin's data, in place of the follow view, which follows α/β and cut-offs),
    ``node_words(node, step)`` and ``on_node`` (a quiz's click on a node).
    """
    ck = keys.canvas
    follow_run(ck, len(run.events), token)
    view = _get_view(keys, token)
    if view.focus >= len(run.tree):
        view = TreeView()
    with st.container():  # always there, so the canvas keeps its place (and its step)
        _breadcrumb(keys, token, run, view)
    left, right = st.columns([3, 1], gap="medium")
    with right:  # the figure's control first, beside the top of the tree
        budget = (
            st.segmented_control(
                _("Nodes drawn"),
                BUDGETS,
                default=BUDGET,
                key=keys.budget,
                format_func=lambda b: f"{b:,}",
                help=_(
                    "At most this many markers; the rest is collapsed into +N squares "
                    "(open one to see its part). More markers take the browser longer to draw."
                ),
            )
            or BUDGET
        )

    def on_click(summary: bool, node: int) -> None:
        now = _get_view(keys, token)
        _set_view(keys, token, tree_click(now, (node, summary), len(run.tree)))

    with left:
        lang = i18n.current()
        with st.spinner(_("Laying out the tree…")):
            payload = _payload(keys.ns, token, view.focus, budget, lang, run, replayer, say)
        extra = {"dropParam": True}  # gone from the link with the tab (plugins/links.js)
        if plugin is None:
            extra["follow"] = _follow(keys.ns, token, lang, run, replayer)
            extra["mode"] = "follow" if follow_first(run, budget) else "tree"
        else:
            extra.update(plugin, mode="tree")
        k = tree_canvas(
            payload,
            keys=ck,
            on_drill=partial(on_click, True),
            on_select=on_node or partial(on_click, False),
            selected=view.selected,
            param="k",  # the step in the link (ui.boards.board_links reads it back)
            extra=extra,
        )
        name = _(BOARD_LABELS.get(run.algorithm, run.algorithm))
        title = ngettext(
            "{algorithm} from a position: {n:,} node",
            "{algorithm} from a position: {n:,} nodes",
            len(run.tree),
            algorithm=name,
        )

        def files() -> None:
            export_buttons(run, keys.export)
            take_away(payload, keys.export, extra={**extra, "dropParam": False}, title=title)

        downloads(files, keys.export.box)
        embed_box(keys.export.embed)  # the lab as its link holds it, for another site
    snap = replayer.snapshot(k)
    with right:  # the counts so far are the canvas's, drawn with each step (issue 22, 8)
        _node_panel(keys, token, run, snap, view, board, sides, node_words)
    return k


def search_tab(
    keys: Search,
    got: tuple[SearchRun, Replayer] | str,
    *,
    token: Any,
    sides: tuple[str, str],
    exact: tuple[str | None, int],
    exact_text: str,
    searched_what: str,
    board: Callable[[Any, Any | None], dict],
    about: str = "",
) -> None:
    """The whole tab: the search's root value beside the exact answer, then the panel.

    ``got`` is a cached (run, replayer) or why the search could not run; ``exact`` the exact
    (winner, plies) and ``exact_text`` its words; ``searched_what`` names the search."""
    if isinstance(got, SearchError):
        if about:
            st.caption(about)
        st.warning(f"{reason(got)}.")
        return
    run, replayer = got
    who, plies = value_outcome(run.value, *sides)
    same = (who, plies) == ((exact[0] or "").lower() or None, exact[1])
    if same:
        agrees = _("the same")
        verdict = f":green[:material/check_circle: {agrees}]"
    else:
        different = _("different!")
        verdict = f":red[{different}]"
    if run.value and abs(run.value) < EVAL_BOUND:  # an evaluation: no verdict to compare
        guess = _("not decided within the depth: the value is the evaluation's guess")
        verdict = f":orange[{guess}]"
    line, more = st.columns([3, 2], vertical_alignment="center")
    line.markdown(
        _(
            "**{searched}:** root value {value} · **exact answer:** {exact} · {verdict}",
            searched=searched_what,
            value=value_words(run.value, *sides),
            exact=exact_text,
            verdict=verdict,
        )
    )
    pruned = len(run.tree) - run.nodes_visited
    with more.expander(
        _(
            "How to read it · {visited} · {pruned}",
            visited=ngettext("{n:,} node visited", "{n:,} nodes visited", run.nodes_visited),
            pruned=ngettext("{n:,} move pruned", "{n:,} moves pruned", pruned),
        ),
        icon=":material/info:",
    ):
        if about:
            st.caption(about)
        counts(run)
    search_panel(keys, run, replayer, token=token, board=board, sides=sides)
    start_box(keys.start, run.tree, run.variant, algorithm=run.algorithm)
