"""The words of Monte Carlo tree search (engine.mcts): a sentence for every step of each
iteration's four phases (selection with every child's UCB value, expansion, playout, backup
with N and W before and after), the legend of its figure, its pseudocode and the line each
step runs, and the summary beside the exact answer.

Numbers are said to two decimals; the UCB value as the sum it is:
``C: 0.50 + 1.41·√(ln 4 / 2) = 1.68``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

from engine.mcts import EXPAND, Mcts
from engine.trace import ENTER, LEAF, Event, SearchRun
from engine.values import plural
from teach.explain import node_name
from teach.i18n import N_

LEGEND = N_(  # translated where shown
    "Each node shows N, its visits, and W/N, its mean reward for MAX (rewards scaled to "
    "[0, 1]: 1 a MAX win or the best leaf, 0 a loss or the worst). The ringed path is the "
    "iteration's selection; a node joins the tree when it is expanded; grey nodes are not "
    "in the tree yet."
)
HELP = N_(  # translated where shown
    "Monte Carlo tree search (UCT) grows a tree one node per iteration: selection walks down "
    "by the largest UCB value q + c·√(ln N / n), expansion adds one child, a playout plays to "
    "the end, and backup adds 1 to N and the reward to W along the path."
)
CODE = (
    "function mcts(root, iterations):",
    "    repeat iterations times:",
    "        node = root                                          # selection",
    "        while node has every child in the tree and is not a leaf:",
    "            node = the child with the largest q + c·√(ln N(node) / N(child))",
    "        if node is not a leaf: node = its first child not in the tree   # expansion",
    "        r = playout(node)       # moves to the end; the reward in [0, 1]",
    "        for each node on the path: N += 1; W += r                      # backup",
    "    return the root's child with the most visits",
)


def _f(x: float) -> str:
    return f"{x:.2f}"


def playout_words(m: Mcts, plies: int, reward: float, capped: bool) -> str:
    """ "3 random moves to the end: MAX won, reward 1.00" and the like."""
    how = "greedy" if m.policy == "greedy" else "random"
    moves = plural(plies, f"{how} move")
    if capped:
        return f"{moves}, then the cap of {m.ply_cap} plies: a draw, reward 0.50"
    return f"{moves} to the end: {_end_words(m, reward)}"


def _end_words(m: Mcts, reward: float) -> str:
    """What a leaf's reward is: a scaled value, or a game's result."""
    if m.run.tree.labels is None:
        if m.hi == m.lo:
            return "reward 0.50 (every leaf has the same value)"
        v = _fmt(m.unscaled(reward))
        return (
            f"value {v}, scaled ({v} − {_fmt(m.lo)}) / ({_fmt(m.hi)} − {_fmt(m.lo)}) = {_f(reward)}"
        )
    end = {1.0: "MAX won", 0.0: "MIN won"}.get(reward, "a draw or an unknown end")
    return f"{end}, reward {_f(reward)}"


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else _f(v)


def ucb_term(c: float, mean: float, parent_n: int, n: int, value: float) -> str:
    """ "0.50 + 1.41·√(ln 4 / 2) = 1.68"."""
    return f"{_f(mean)} + {_f(c)}·√(ln {parent_n} / {n}) = {_f(value)}"


def mcts_sentences(m: Mcts) -> list[str]:
    """The sentence of every step 0..n of a traced MCTS run."""
    run, tree = m.run, m.run.tree
    names = [node_name(tree, v) for v in range(len(tree))]

    def name(v: int) -> str:
        if tree.labels is None and not tree.children[v]:
            return f"leaf {names[v]}"
        return names[v]

    N: dict[int, int] = {}
    W: dict[int, float] = {}
    out = [
        f"Monte Carlo tree search: {plural(len(m.iterations), 'iteration')}, c = {_f(m.c)}, "
        f"seed {m.seed}, {m.policy} playouts. Each iteration selects a path by UCB, expands "
        "one node, plays out from it and backs the reward up."
    ]
    events = run.events
    for i, it in enumerate(m.iterations, start=1):
        head = f"Iteration {i}: "
        choice_at = {ch.node: ch for ch in it.choices}
        last = it.path[-1]
        for k in range(it.step, it.step + 2 * len(it.path)):
            e = events[k]
            v = e.node
            mx = tree.is_max(v)
            if e.kind == ENTER and e.tag == EXPAND:
                text = f"Expansion: {name(v)} joins the tree (a child of {name(tree.parent[v])})."
            elif e.kind == ENTER:
                n_v, w_v = N.get(v, 0), W.get(v, 0.0)
                stats = f"N = {n_v}, W/N = {_f(w_v / n_v)}" if n_v else "not visited yet"
                lead = (
                    head + "selection starts at the root" if v == 0 else f"Selection: at {name(v)}"
                )
                if v in choice_at:
                    ch = choice_at[v]
                    q = "W/n" if mx else "1 − W/n (MIN's side)"
                    terms = "; ".join(
                        f"{name(c)}: "
                        + ucb_term(
                            m.c,
                            W[c] / N[c] if mx else 1 - W[c] / N[c],
                            n_v,
                            N[c],
                            u,
                        )
                        for c, u in zip(ch.children, ch.ucb, strict=True)
                    )
                    text = (
                        f"{lead} ({stats}): every child is in the tree: UCB = q + c·√(ln N / n) "
                        f"with q = {q}. {terms}. The largest: go to {name(ch.chosen)}."
                    )
                elif v == last and it.expanded is None:
                    text = f"{lead} ({stats}): a leaf, so no expansion and no playout."
                else:
                    text = f"{lead} ({stats}): a child is not in the tree yet, so expand it."
            elif e.kind == LEAF:
                if it.expanded is None or not tree.children[v] and it.plies == 0:
                    ends = "is a leaf" if tree.labels is None else "ends the game"
                    what = f"{name(v)} {ends}: {_end_words(m, it.reward)}, no playout."
                    what = what[0].upper() + what[1:]
                else:
                    what = f"Playout from {name(v)}: {playout_words(m, it.plies, it.reward, it.capped)}."
                n1, w1 = N.get(v, 0) + 1, W.get(v, 0.0) + it.reward
                text = f"{what} Backup starts: {name(v)} now has N = {n1}, W = {_f(w1)}."
            else:  # EXIT: backup at an ancestor
                n0, w0 = N.get(v, 0), W.get(v, 0.0)
                n1, w1 = n0 + 1, w0 + it.reward
                text = (
                    f"Backup at {name(v)}: N {n0} → {n1}, W {_f(w0)} → {_f(w1)} "
                    f"(W/N = {_f(w1 / n1)})."
                )
                if v == 0:
                    text += f" The root's estimate is now {_f(w1 / n1)}."
            out.append(text)
        for v in it.path:
            N[v] = N.get(v, 0) + 1
            W[v] = W.get(v, 0.0) + it.reward
    return out


def mcts_describer(m: Mcts) -> Callable[[SearchRun, int], str]:
    """``describe(run, k)`` for a traced MCTS run: its sentences, made once."""
    texts = mcts_sentences(m)

    def say(run: SearchRun, k: int) -> str:
        return texts[max(0, min(k, len(texts) - 1))]

    return say


def code_line(e: Event) -> int:
    """The 0-based line of :data:`CODE` that event ``e`` of an MCTS run runs."""
    if e.kind == ENTER:
        if e.tag == EXPAND:
            return 5
        return 2 if e.node == 0 else 4
    return 6 if e.kind == LEAF else 7


def iteration_of(m: Mcts, k: int) -> int:
    """The iteration (1-based; 0 before the first) step ``k`` (1-based) belongs to."""
    starts = [it.step + 1 for it in m.iterations]
    return bisect_right(starts, k)


def summary(m: Mcts, exact: float) -> str:
    """The root's choice and estimate against minimax's exact ``exact`` (the tree's units;
    a game's score)."""
    tree = m.run.tree
    kids = tree.children[0]
    if not kids:
        return f"The root is a leaf: its value is {_fmt(exact)}."
    best = kids[m.best or 0]
    est = m.value
    if tree.labels is None:
        exact_r = 0.5 if m.hi == m.lo else (exact - m.lo) / (m.hi - m.lo)
        said = f"minimax's exact value {_fmt(exact)} (scaled: {_f(exact_r)})"
        est_said = f"{_f(est)} (in leaf values: {_f(m.unscaled(est))})"
    else:
        exact_r = 1.0 if exact > 0 else 0.0 if exact < 0 else 0.5
        outcome = "a MAX win" if exact > 0 else "a MIN win" if exact < 0 else "a draw"
        said = f"the exact result {outcome} (reward {_f(exact_r)})"
        est_said = _f(est)
    gap = abs(est - exact_r)
    return (
        f"After {plural(m.N[0], 'iteration')} MCTS picks {node_name(tree, best)} (most visits, "
        f"{m.N[best]:,}) and estimates {est_said}, against {said}: off by {_f(gap)}."
    )


def mcts_headline(m: Mcts, exact: float, verdict: str | None = None) -> str:
    """A lab's headline for an MCTS run: the exact answer (minimax's, or ``verdict``), then
    what MCTS did; MCTS prunes nothing and looks at leaves again, so no "looked at" count."""
    head = verdict or f"MAX can force {_fmt(exact)}"
    return (
        f"{head}; MCTS ran {plural(m.N[0], 'iteration')}, its tree "
        f"{plural(m.counts['tree_nodes'], 'node')}."
    )


def mcts_metrics(m: Mcts) -> list[tuple[str, str]]:
    """The counts above the canvas for an MCTS run (its own: iterations, nodes, playouts)."""
    return [
        ("iterations", f"{m.N[0]:,}"),
        ("nodes in its tree", f"{m.counts['tree_nodes']:,}"),
        ("playouts", f"{m.counts['playouts']:,}"),
    ]


def board_help(max_side: str, ply_cap: int) -> str:
    """How MCTS plays on a board lab's search tab: its rewards, from the root player's side,
    and the ply cap of a playout."""
    side = max_side.title()
    return (
        f"MCTS on a board plays every playout to the end of the game (the depth limit is the "
        f"exact searches'). Rewards are from the side to move at the root ({side}, MAX): 1 "
        f"when {side} wins the playout, 0 when it loses. A playout that reaches {ply_cap} "
        "plies with the game still undecided stops there and scores 0.5, a draw: it saw "
        "neither side win, so it counts for neither (the step's sentence says when it "
        "happened). The root's estimate W/N is then compared with the solver's exact result "
        "on the same scale. A position where the game is over shows its game score on the "
        "tree (a win at ply k scores 1000 − k, a loss −(1000 − k)); its reward is 1 or 0."
    )


def board_node_words(n: int, mean: float | None, max_side: str) -> str:
    """A board node's MCTS counts at the step shown: ``N = 4, W/N = 0.62 (White's mean
    reward)``, or that it has no visit yet."""
    if not n or mean is None:
        return "MCTS has not visited this position yet at this step (N = 0)."
    return (
        f"In MCTS's tree at this step: N = {n} ({plural(n, 'visit')}), W/N = {_f(mean)} "
        f"({max_side.title()}'s mean reward)."
    )


def pick_words(pick: str, pick_outcome: str, same_winner: bool, best: bool) -> str:
    """The root's choice against the solver: ``b2-b3 (White wins in 7 plies): a best move``,
    the same result but slower (a win) or faster (a loss), or the exact result given away."""
    if best:
        how = "a best move"
    elif same_winner:
        how = "the same result as the best move, but not as fast a win or as slow a loss"
    else:
        how = "it gives the exact result away"
    return f"MCTS's pick {pick}: {pick_outcome}; {how}"
