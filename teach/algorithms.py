"""The words of every algorithm a lab can step: its name, its help, what its steps say, its
pseudocode (the list itself and how each runs are :mod:`engine.algorithms`').

:data:`LABELS` and :data:`HELP` name the algorithms of the tree labs, :data:`BOARD_LABELS`
and :data:`BOARD_HELP` those of a board lab's search tab; :func:`describer` gives the step
sentences of a run (:func:`teach.explain.describe`, with MTD(f)'s pass results said at each
pass's end); :func:`searched_words` says what a board search ran.

``pseudocode(algorithm)`` lists the lines of PVS (exactly the form the engine runs), MTD(f),
expectimax and iterative deepening with a transposition table; ``code_line(run, k)`` gives
the 0-based line that event ``k`` (0-based, an index into ``run.events``) executes, so a page
can highlight it while stepping. The alpha-beta variants' code lives in :mod:`teach.variants`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from engine.algorithms import (
    ALPHABETA,
    DEEPENING,
    DEEPENING_TABLE,
    EXPECTIMAX,
    MCTS,
    MINIMAX,
    MTDF,
    PVS,
    AlgoRun,
    pass_ends,
)
from engine.trace import CUT, ENTER, EXIT, LEAF, NULL_WINDOW, RE_SEARCH, TABLE, UPDATE, SearchRun
from engine.values import MINUS_INF, PLUS_INF, plural
from teach import mcts_words
from teach.explain import describe
from teach.i18n import N_, _
from teach.search_words import mtdf_pass_sentence

LABELS = {  # translated where shown
    MINIMAX: N_("Minimax"),
    ALPHABETA: N_("Alpha-beta"),
    PVS: N_("PVS"),
    MTDF: N_("MTD(f)"),
    EXPECTIMAX: N_("Expectimax"),
    MCTS: N_("MCTS"),
}
# the menus' help: paragraphs, each translated where shown
HELP = (
    N_(
        "Minimax looks at every leaf; alpha-beta prunes with a window (α, β); PVS probes every "
        "move after the first with a null window and searches again only when the probe fails "
        "high; MTD(f) runs null-window passes with a memory of bounds until they meet; "
        "expectimax averages over chance nodes."
    ),
    mcts_words.HELP,
)
# the editor's preset with chance nodes (its name, translated where shown)
CHANCE_PRESET = N_("Expectimax: dice between MAX and MIN")
CHANCE_PRESET_TREE = "(?(1/2:(3 12) 1/2:(8 2)) ?(1/4:(4 6) 3/4:(14 5)))"
EXPECTIMAX_LINK = N_("Open the preset in the editor with expectimax")


def expectimax_loaded() -> str:
    """What the editor says when expectimax loaded its preset with chance nodes."""
    return _(
        "Expectimax averages over chance nodes, and the tree had none: the editor loaded the "
        "preset “{preset}” (MAX chooses between two dice throws, each followed by MIN's "
        "choice). Undo (u) brings your tree back.",
        preset=_(CHANCE_PRESET),
    )


def expectimax_plain() -> str:
    """What a lab says when expectimax runs on a tree with no chance node."""
    return _(
        "This tree has no chance nodes, so expectimax gives minimax's values here. Expectimax "
        "averages over chance nodes: the editor's preset “{preset}” has them.",
        preset=_(CHANCE_PRESET),
    )


BOARD_LABELS = {
    ALPHABETA: N_("Alpha-beta"),
    MINIMAX: N_("Minimax"),
    PVS: N_("PVS"),
    MTDF: N_("MTD(f)"),
    DEEPENING: N_("Iterative deepening"),
    DEEPENING_TABLE: N_("Deepening + table"),
    "mtdf+deepening": N_("MTD(f) + deepening"),
    MCTS: N_("MCTS"),
}
BOARD_HELP = (
    N_(
        "PVS and MTD(f) run on the full tree to this depth; iterative deepening searches depth "
        "1, 2, ... and shows its deepest iteration, the previous best move tried first (with "
        "the table: every position's stored bound and best move too)."
    ),
    mcts_words.HELP,
)


def describer(got: AlgoRun, leaf_values: bool = True) -> Callable[[SearchRun, int], str]:
    """teach.explain.describe, with MTD(f)'s pass results said at each pass's end; MCTS's
    own sentences (teach.mcts_words). ``leaf_values=False``: leaves revealed as evaluated
    (no pruned leaf's value said)."""
    if got.mcts is not None:
        return mcts_words.mcts_describer(got.mcts)
    if not got.passes:
        return describe if leaf_values else partial(describe, leaf_values=False)
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
        text = describe(run, k, leaf_values)
        if k in starts:
            return f"Pass {starts[k] + 1} of MTD(f). {text}"
        return text

    return say


def searched_words(algorithm: str, depth: int | None) -> str:
    """``Alpha-beta, 3 plies deep`` / ``PVS, whole game`` / ``Iterative deepening, depth 3
    (its last iteration)``."""
    name = BOARD_LABELS.get(algorithm, algorithm)
    if depth is None:
        return f"{name}, whole game"
    deep = f"{plural(depth, 'ply', 'plies')} deep"
    if algorithm in (DEEPENING, DEEPENING_TABLE):
        return f"{name} to {deep} (its last iteration)"
    return f"{name}, {deep}"


_CODE: dict[str, tuple[str, ...]] = {
    PVS: (
        "function pvs(node, α, β):   # scores for the side to move",
        "    if node is a leaf: return its value for the side to move",
        "    for each child, left to right:",
        "        if it is the first child: score = −pvs(child, −β, −α)",
        "        else:",
        "            score = −pvs(child, −α−1, −α)                  # null window",
        "            if α < score < β: score = −pvs(child, −β, −α)  # re-search",
        "        α = max(α, score)",
        "        if α ≥ β: break",
        "    return α",
    ),
    MTDF: (
        "function mtdf(root, f):",
        f"    g = f; lower = {MINUS_INF}; upper = {PLUS_INF}",
        "    while lower < upper:",
        "        β = g + 1 if g == lower else g",
        "        g = alphabeta_with_memory(root, β − 1, β)   # a null window",
        "        if g < β: upper = g  else: lower = g",
        "    return g",
        "function alphabeta_with_memory(node, α, β):",
        "    if memory has node: return a bound that settles (α, β), or narrow (α, β) with it",
        "    if node is a leaf: g = value(node)",
        "    elif node is MAX: for each child while g < β: g = max(g, abwm(child, max(α, g), β))",
        "    else: for each child while g > α: g = min(g, abwm(child, α, min(β, g)))",
        "    memory[node]: upper = g if g ≤ α; lower = g if g ≥ β; both if in between",
        "    return g",
    ),
    EXPECTIMAX: (
        "function expectimax(node):",
        "    if node is a leaf: return value(node)",
        "    if node is MAX: return max(expectimax(c) for each child c)",
        "    if node is MIN: return min(expectimax(c) for each child c)",
        "    return sum(p(c) · expectimax(c) for each child c)   # a chance node",
    ),
    DEEPENING: (
        "function deepen(root, D):",
        f"    for d = 1, 2, ..., D: v = alphabeta(root, {MINUS_INF}, {PLUS_INF}, d)",
        "function alphabeta(node, α, β, d):",
        "    if node is decided or d plies deep: return its score",
        "    e = table[node]; if e searched as deep settles (α, β): return e.value",
        "    try e's best move first (without a table: the previous PV's move)",
        "    for each child: v = alphabeta(child, α, β, d); best, α or β = ... as alpha-beta",
        "        if α ≥ β: break",
        "    table[node] = UPPER if best ≤ α₀, LOWER if best ≥ β₀, else EXACT; best; best move",
        "    return best",
    ),
    MCTS: mcts_words.CODE,
}


# the code's comments (after "# "), translated where shown; the code itself stays as written
_COMMENTS = (
    N_("scores for the side to move"),
    N_("null window"),
    N_("re-search"),
    N_("a null window"),
    N_("a chance node"),
    N_("selection"),
    N_("expansion"),
    N_("moves to the end; the reward in [0, 1]"),
    N_("backup"),
)


def _commented(line: str) -> str:
    """``line`` with its comment in the run's language."""
    code, mark, comment = line.partition("# ")
    return f"{code}{mark}{_(comment)}" if mark and comment in _COMMENTS else line


def pseudocode(algorithm: str) -> list[str]:
    """The lines of ``algorithm`` (pvs, mtdf, expectimax, deepening; a fresh list), their
    comments in the run's language."""
    key = DEEPENING if algorithm.startswith(DEEPENING) else algorithm
    if key not in _CODE:
        raise ValueError(f"no pseudocode for {algorithm!r}; choose one of {', '.join(_CODE)}")
    return [_commented(line) for line in _CODE[key]]


def code_line(run: SearchRun, k: int) -> int:
    """The 0-based line of ``pseudocode(run.algorithm)`` that event ``k`` executes."""
    e = run.events[k]
    tree = run.tree
    algo = DEEPENING if run.algorithm.startswith(DEEPENING) else run.algorithm
    kind = e.kind
    if algo == PVS:
        if kind == ENTER:
            if e.tag == NULL_WINDOW:
                return 5
            if e.tag == RE_SEARCH:
                return 6
            return 0 if e.node == 0 else 3
        return {LEAF: 1, UPDATE: 7, CUT: 8, EXIT: 9}[kind]
    if algo == MTDF:
        if kind == ENTER:
            return 4 if e.node == 0 else 7
        if kind in (UPDATE, CUT):
            return 10 if tree.is_max(e.node) else 11
        return {TABLE: 8, LEAF: 9, EXIT: 12}[kind]
    if algo == EXPECTIMAX:
        if kind in (UPDATE, EXIT):
            if tree.is_chance(e.node):
                return 4
            return 2 if tree.is_max(e.node) else 3
        return {ENTER: 0, LEAF: 1}[kind]
    if algo == MCTS:
        return mcts_words.code_line(e)
    if algo == DEEPENING:
        if kind == ENTER:
            return 1 if e.node == 0 else 2
        if kind == TABLE:
            return 4 if e.value is not None else 5
        return {LEAF: 3, UPDATE: 6, CUT: 7, EXIT: 8}[kind]
    raise ValueError(f"no pseudocode for {run.algorithm!r}")
