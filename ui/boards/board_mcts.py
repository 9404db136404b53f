"""Monte Carlo tree search in a board lab's search tab (pawn chess, the chase).

The tree labs' pieces, reused: the parameters box and ``?mcts=`` link (ui.tree.mcts_panel,
ui.tree.mcts_link), the step sentences (teach.mcts_words), the canvas plugin's N and W/N
(viz.mcts_view) and the quiz. What is the board's own: the search runs from the position
to the end of the game (engine.mcts.mcts_game: the Explorer grows the game's tree), a
playout stops at :data:`engine.mcts.PLY_CAP` plies (a draw, 0.5), the root's pick and
estimate are set beside the solver's exact result, and the race row is alpha-beta's on the
same position.
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from engine.errors import SearchError
from engine.game import Game
from engine.mcts import PLY_CAP, Mcts, MctsParams, mcts_game, visited_only
from engine.search import search_game
from engine.trace import Replayer
from teach import i18n
from teach import mcts_words as mw
from teach.engine_words import reason
from teach.i18n import _, ngettext
from teach.play_words import side_name, verdict_words
from ui.boards import board_links as bk
from ui.boards import board_search as bs
from ui.common.keys import Search
from ui.common.share import publish
from ui.common.table import show_table
from ui.tree import mcts_panel
from ui.tree.mcts_link import encode
from viz.mcts_view import estimate_chart, visits_extra

NODE_CAP = 60_000  # nodes of the game's tree MCTS grows (each expansion adds every move)


@st.cache_resource(max_entries=6, show_spinner=False)
def searched(
    ns: str, code: str, p: MctsParams, lang: str, _game: Game, _state: Any
) -> tuple[Mcts, Replayer, dict] | SearchError:
    """MCTS from the position ``code`` of the lab ``ns`` (``_game`` its rules, ``_state``
    the position), traced, on its own tree (the positions it visited: the moves it never
    tried are not drawn), with its replayer and its canvas plugin's data; or why not. The
    tree's moves are named in ``lang`` (the game's names: the chase words them)."""
    try:
        with i18n.use(lang):
            m = mcts_game(_game, _state, p.iterations, p.seed, p.c, p.policy, None, NODE_CAP)
    except SearchError as e:
        return e  # worded where it is shown, in the page's language
    m = visited_only(m)
    return m, Replayer(m.run), visits_extra(m)


@st.cache_resource(max_entries=6, show_spinner=False)
def _counts_at(ns: str, code: str, p: MctsParams, _plugin: dict) -> dict[int, list]:
    """Node -> ``[[step, ...], [(N, W/N), ...]]``: every change of its counts (the plugin's
    data, viz.mcts_view.visits_extra), to read a node's counts at a step."""
    flat = _plugin["mcts"]["n"]
    out: dict[int, list] = {}
    for j in range(0, len(flat), 4):
        steps, vals = out.setdefault(int(flat[j + 1]), [[], []])
        steps.append(flat[j])
        vals.append((int(flat[j + 2]), flat[j + 3]))
    return out


@st.cache_data(max_entries=16, show_spinner=False)
def race_rows(
    ns: str,
    code: str,
    p: MctsParams,
    depth: int | None,
    sides: tuple[str, str],
    lang: str,
    _game: Game,
    _race_game: Game,
    _state: Any,
) -> list[dict]:
    """MCTS (untraced) beside alpha-beta (untraced, ``depth`` plies of ``_race_game``: the
    tab's exact search) on the same position: nodes, playouts or leaves, time, answer; the
    words in ``lang``."""
    with i18n.use(lang):
        return _race_rows(p, depth, sides, _game, _race_game, _state)


def _race_rows(
    p: MctsParams,
    depth: int | None,
    sides: tuple[str, str],
    _game: Game,
    _race_game: Game,
    _state: Any,
) -> list[dict]:
    algorithm, nodes, work = _("algorithm"), _("nodes"), _("playouts / leaves")
    ms, answer = _("time (ms)"), _("answer")
    t = time.perf_counter()
    m = mcts_game(_game, _state, p.iterations, p.seed, p.c, p.policy, None, NODE_CAP, record=False)
    t_m = time.perf_counter() - t
    kids = m.root_children
    pick = m.run.tree.labels[kids[m.best or 0]] if kids else "-"
    rows = [
        {
            algorithm: ngettext("MCTS, {n:,} iteration", "MCTS, {n:,} iterations", p.iterations),
            nodes: f"{m.counts['tree_nodes']:,}",
            work: f"{m.counts['playouts']:,}",
            ms: round(t_m * 1000, 1),
            answer: _("{move} (most visits), estimate {estimate:.2f}", move=pick, estimate=m.value),
        }
    ]
    if depth is None:
        how = _("Alpha-beta, whole game")
    else:
        how = ngettext("Alpha-beta, {n} ply", "Alpha-beta, {n} plies", depth)
    try:
        t = time.perf_counter()
        ab = search_game(_race_game, _state, depth, "alphabeta", max_nodes=NODE_CAP, record=False)
        t_ab = time.perf_counter() - t
    except SearchError as e:
        rows.append({algorithm: how, answer: _("did not run: {why}", why=reason(e))})
        return rows
    rows.append(
        {
            algorithm: how,
            nodes: f"{ab.nodes_visited:,}",
            work: f"{ab.leaves_evaluated:,}",
            ms: round(t_ab * 1000, 1),
            answer: _("value {value} (exact)", value=bs.value_words(ab.value, *sides)),
        }
    )
    return rows


def exact_score(winner: str | None, max_side: str) -> int:
    """The solver's result from MAX's side: 1 a win, -1 a loss, 0 a draw."""
    if winner is None:
        return 0
    return 1 if winner.lower() == max_side.lower() else -1


def params(keys: Search) -> MctsParams:
    """The parameters box (the tree labs'), its values in the link as ``?mcts=``."""
    p = mcts_panel.params_box(st, keys.mcts)
    publish(mcts=encode(p))
    return p


def tab(
    keys: Search,
    *,
    game: Game,
    state: Any,
    code: str,
    sides: tuple[str, str],
    exact: tuple[str | None, int],
    exact_text: str,
    moves: Sequence[tuple[Any, str, str | None, int]],
    board: Callable[[Any, Any | None], dict],
    race_game: Game,
    race_depth: int | None,
) -> None:
    """MCTS's whole tab: parameters, the pick and estimate beside the exact answer, the tree
    canvas (four phases per iteration, N and W/N beside nodes), the quiz, the estimate's
    chart and the race row beside alpha-beta's. ``moves`` are the solver's (move, name,
    winner, plies)."""
    p = params(keys)
    busy = ngettext(
        "MCTS is running {n:,} iteration…", "MCTS is running {n:,} iterations…", p.iterations
    )
    with st.spinner(busy):
        got = searched(keys.ns, code, p, i18n.current(), game, state)
    token = (code, mw_token(p))
    if isinstance(got, SearchError):
        st.warning(f"{reason(got)}.")
        return
    m, replayer, plugin = got
    bk.restore_search(keys, token, m.run)
    max_side = sides[0]
    head(m, exact, exact_text, moves, max_side)
    with st.expander(_("How to read it: rewards and the ply cap"), icon=":material/info:"):
        st.caption(mw.board_help(max_side, m.ply_cap))
        st.caption(mw.legend())
    counts = _counts_at(keys.ns, code, p, plugin)

    def node_words(node: int, step: int) -> str:
        got = counts.get(node)
        i = bisect_right(got[0], step) if got else 0
        if not i:
            return mw.board_node_words(0, None, max_side)
        n, mean = got[1][i - 1]
        return mw.board_node_words(n, mean, max_side)

    k = bs.search_panel(
        keys,
        m.run,
        replayer,
        token=token,
        board=board,
        sides=sides,
        say=mw.mcts_describer(m),
        plugin=plugin,
        node_words=node_words,
        on_node=mcts_panel.answer_click(m, keys),
    )
    publish(**bk.search_params(keys, token))
    mcts_panel.quiz_box(m, keys, k)
    st.subheader(_("MCTS beside the exact answer"))
    score = exact_score(exact[0], max_side)
    if max_side.lower() == "white":
        whose = _("MAX is White, the side to move.")
    else:
        whose = _("MAX is Black, the side to move.")
    st.caption(_("{summary} {whose}", summary=mw.summary(m, score), whose=whose))
    st.plotly_chart(estimate_chart(m, (score + 1) / 2), config={"displayModeBar": False})
    with st.spinner(_("Racing MCTS and alpha-beta…")):
        rows = race_rows(
            keys.ns, code, p, race_depth, sides, i18n.current(), game, race_game, state
        )
    show_table(rows)


def mw_token(p: MctsParams) -> str:
    """The run's name in the tab's token: MCTS and its parameters."""
    return f"mcts:{encode(p)}"


def head(
    m: Mcts,
    exact: tuple[str | None, int],
    exact_text: str,
    moves: Sequence[tuple[Any, str, str | None, int]],
    max_side: str,
) -> None:
    """The line above the tree: the root's pick and estimate, the exact answer, and whether
    the pick keeps the exact result (the solver's outcome of that move)."""
    tree = m.run.tree
    kids = tree.children[0]
    capped = m.counts["capped"]
    runs = ngettext("**MCTS, {n:,} iteration**", "**MCTS, {n:,} iterations**", m.N[0])
    playouts = ngettext("{n:,} playout", "{n:,} playouts", m.counts["playouts"])
    if capped:
        playouts = ngettext(
            "{playouts}, {n:,} stopped at the cap of {cap} plies (0.5)",
            "{playouts}, {n:,} stopped at the cap of {cap} plies (0.5)",
            capped,
            playouts=playouts,
            cap=PLY_CAP,
        )
    played = _(
        "{runs} ({playouts}): root's estimate W/N {estimate:.2f} for {side}",
        runs=runs,
        playouts=playouts,
        estimate=m.value,
        side=side_name(max_side),
    )
    if not kids:
        st.markdown(_("{played} · **exact answer:** {exact}", played=played, exact=exact_text))
        return
    pick = tree.labels[kids[m.best or 0]]
    outcome = next(((w, n) for _, name, w, n in moves if name == pick), None)
    if outcome is None:  # the solver names every legal move; this is a safeguard
        verdict = ""
    else:
        same = (outcome[0] or "").lower() == (exact[0] or "").lower()
        best = same and (outcome[0] is None or outcome[1] == exact[1])
        said = mw.pick_words(pick, verdict_words(*outcome), same, best)
        verdict = f" · :{'green' if best else 'orange' if same else 'red'}[{said}]"
    said = _("{played} · **exact answer:** {exact}", played=played, exact=exact_text)
    st.markdown(f"{said}{verdict}")
