"""Monte Carlo tree search in a tree lab: its parameters (in the link as ``?mcts=``), what it
found beside the exact answer (the root's choice and estimate against minimax's value, the
chart of the estimate over the iterations, a race row beside alpha-beta's) and its quiz
("Which child does selection pick next?", answered by clicking the child on the tree; "What
are N and W at X after this backup?")."""

from __future__ import annotations

import time

import streamlit as st

from engine.algorithms import MCTS
from engine.mcts import POLICIES, Mcts, MctsParams, mcts_tree
from engine.search import search_tree
from engine.tree import GameTree
from teach.explain import node_name
from teach.i18n import N_, _, current, ngettext, use
from teach.mcts_words import summary
from teach.quiz import SELECTION_Q, MctsQuestion, mcts_questions
from ui.common.canvas import set_step
from ui.common.figures import figures
from ui.common.keys import MctsKeys, Search, TreeLab
from ui.common.share import restore
from ui.common.table import show_table
from ui.tree.mcts_link import MAX_TRACED, algo_key, decode, encode
from viz.mcts_view import estimate_chart

LINK = "mcts"  # the link's parameter: iterations,c,seed,policy (ui.tree.mcts_link)
POLICY_WORDS = {"random": N_("random"), "greedy": N_("greedy")}  # the link keeps the English


def params_box(where, keys: MctsKeys) -> MctsParams:
    """Iterations, c, seed and playout policy (a link's first, then the inputs')."""
    ss = st.session_state
    p = restore(
        LINK, decode=decode, default=MctsParams(), what=N_("MCTS parameters"), state_key=keys.params
    )
    for key, v in (
        (keys.iterations, p.iterations),
        (keys.c, round(p.c, 4)),
        (keys.seed, p.seed),
        (keys.policy, p.policy),
    ):
        ss.setdefault(key, v)
    c1, c2, c3, c4 = where.columns(4)
    c1.number_input(
        _("Iterations"),
        1,
        MAX_TRACED,
        step=50,
        key=keys.iterations,
        help=_("Each iteration: selection, expansion, playout, backup."),
    )
    c2.number_input(
        _("Exploration c"),
        0.0,
        100.0,
        step=0.1,
        format="%.2f",
        key=keys.c,
        help=_("UCB = q + c·√(ln N / n); √2 ≈ 1.41 is UCB1's."),
    )
    c3.number_input(
        _("Seed"),
        0,
        2**31 - 1,
        step=1,
        key=keys.seed,
        help=_("The same seed gives the same playouts, on every machine."),
    )
    c4.segmented_control(
        _("Playouts"),
        POLICIES,
        key=keys.policy,
        required=True,
        format_func=lambda policy: _(POLICY_WORDS[policy]) if policy in POLICY_WORDS else policy,
        help=_(
            "random: a random move each ply; greedy: a move that ends the "
            "game best for the side to move when there is one."
        ),
    )
    got = MctsParams(
        int(ss[keys.iterations]), float(ss[keys.c]), int(ss[keys.seed]), ss[keys.policy] or p.policy
    )
    ss[keys.params] = got
    return got


@st.cache_data(max_entries=32, show_spinner=False)
def _race(_tree: GameTree, tree_key: str, p: MctsParams, lang: str = "en") -> list[dict]:
    """MCTS (untraced) beside alpha-beta (untraced) on the same tree: nodes, playouts or
    leaves, time; its words in ``lang`` (part of the cache key)."""
    with use(lang):
        return _race_rows(_tree, p)


def _race_rows(_tree: GameTree, p: MctsParams) -> list[dict]:
    t = time.perf_counter()
    m = mcts_tree(_tree, p.iterations, p.seed, p.c, p.policy, record=False)
    t_m = time.perf_counter() - t
    t = time.perf_counter()
    ab = search_tree(_tree, "alphabeta", record=False)
    t_ab = time.perf_counter() - t
    algorithm, nodes, playouts, ms, answer = (
        _("algorithm"),
        _("nodes"),
        _("playouts / leaves"),
        _("time (ms)"),
        _("answer"),
    )
    return [
        {
            algorithm: ngettext(
                "MCTS, {n} iteration", "MCTS, {n} iterations", p.iterations, n=f"{p.iterations:,}"
            ),
            nodes: m.counts["tree_nodes"],
            playouts: m.counts["playouts"],
            ms: round(t_m * 1000, 2),
            answer: _("move {k} (estimate)", k=m.best + 1 if m.best is not None else "-"),
        },
        {
            algorithm: _("Alpha-beta"),
            nodes: ab.nodes_visited,
            playouts: ab.leaves_evaluated,
            ms: round(t_ab * 1000, 2),
            answer: _("value {value} (exact)", value=ab.value),
        },
    ]


def beside_exact(m: Mcts, exact: float, tree_key: str) -> None:
    """The root's choice and estimate against minimax's exact value ``exact`` (the lab's),
    the chart of the estimate, and the race row."""
    tree = m.run.tree
    kids = tree.children[0]
    scaled = 0.5 if m.hi == m.lo else (exact - m.lo) / (m.hi - m.lo)
    pick = [(_("MCTS picks (most visits)"), node_name(tree, kids[m.best or 0]))] if kids else []
    figures(
        [
            *pick,
            (_("Root's estimate W/N"), f"{m.value:.3f}"),
            (
                _("Minimax's exact value"),
                _("{value} (scaled {scaled})", value=exact, scaled=f"{scaled:.3f}"),
            ),
        ]
    )
    st.caption(summary(m, exact))
    st.plotly_chart(estimate_chart(m, scaled), config={"displayModeBar": False})
    show_table(_race(tree, tree_key, MctsParams(m.N[0], m.c, m.seed, m.policy), current()))


def quiz_box(m: Mcts, lab_keys: TreeLab | Search, step: int) -> None:
    """The next question at or after the canvas's step (its still is the canvas at the
    question's step); a selection question takes a click on the tree (:func:`answer_click`)
    or the child's name, a backup question two numbers. ``lab_keys``: a tree lab's, or a
    board search tab's (ui.boards.board_mcts)."""
    keys = lab_keys.mcts
    ss = st.session_state
    if not st.toggle(_("Quiz me on MCTS"), key=keys.quiz):
        return
    qs = _questions(m)
    q = next((q for q in qs if q.step >= step), None)
    if q is None:
        st.info(_("No question after this step: step back to be asked again."))
        return
    if step != q.step:
        set_step(lab_keys.canvas, q.step, len(m.run.events))
        st.rerun()
    st.markdown(f"**{q.prompt}**")
    said = ss.get(keys.said)
    with st.form(keys.form, clear_on_submit=True, border=False):
        hint = _("a child's name, or choose it on the tree") if q.kind == SELECTION_Q else "N, W"
        text = st.text_input(_("Your answer"), placeholder=hint, key=keys.answer)
        if st.form_submit_button(_("Check")):
            said = (q.step, q.check(text))
            ss[keys.said] = said
    _say(q, said, lab_keys, len(m.run.events))


def _say(q: MctsQuestion, said, lab_keys: TreeLab | Search, n: int) -> None:
    if not said or said[0] != q.step:
        return
    grade = said[1]
    if not grade.valid:
        st.warning(grade.reason)
    elif grade.correct:
        st.success(grade.reason)
        if st.button(_("Next question"), key=lab_keys.mcts.next):
            set_step(lab_keys.canvas, min(q.step + 1, n), n)
            st.rerun()
    else:
        st.error(grade.reason)


def answer_click(m: Mcts, lab_keys: TreeLab | Search):  # -> Callable[[int], None] | None
    """The canvas's node click while a selection question is open: the clicked node is the
    answer (None when no such question is open: a click jumps to the node's step)."""
    keys = lab_keys.mcts
    if not st.session_state.get(keys.quiz):
        return None
    step = int(st.session_state.get(lab_keys.canvas.step, 0))
    q = next((q for q in _questions(m) if q.step >= step), None)
    if q is None or q.kind != SELECTION_Q:
        return None

    def clicked(node: int) -> None:
        name = node_name(m.run.tree, node)
        if m.run.tree.labels is None and not m.run.tree.children[node]:
            name = f"leaf {name}"
        st.session_state[keys.said] = (q.step, q.check(name))

    return clicked


_CACHE: dict[tuple[int, str], tuple[Mcts, list[MctsQuestion]]] = {}  # bounded below


def _questions(m: Mcts) -> list[MctsQuestion]:
    """The run's questions in the run's language, made once per record and language (the
    entry holds the record, so its id is not reused while the entry lives)."""
    key = (id(m), current())
    got = _CACHE.get(key)
    if got is None or got[0] is not m:
        if len(_CACHE) >= 16:
            _CACHE.clear()
        got = _CACHE[key] = (m, mcts_questions(m))
    return got[1]


def run_key_algo(algo: str, keys: TreeLab) -> str:
    """The algorithm name of a lab's run key: MCTS's with its parameters (the inputs drawn
    here), any other as it is."""
    if algo != MCTS:
        return algo
    return algo_key(params_box(st, keys.mcts))


def link_param(lab_mcts: Mcts | None) -> str | None:
    """``?mcts=`` of the run shown (None: not MCTS)."""
    if lab_mcts is None:
        return None
    m = lab_mcts
    return encode(MctsParams(m.N[0], m.c, m.seed, m.policy))


def mcts_block(m: Mcts, exact: float, keys: TreeLab, step: int, tree_key: str) -> None:
    """Under the canvas: the quiz, then MCTS beside the exact answer ``exact``."""
    quiz_box(m, keys, step)
    st.subheader(_("MCTS beside the exact answer"))
    beside_exact(m, exact, tree_key)
