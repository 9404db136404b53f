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
from teach.explain import node_name
from teach.i18n import N_, _, ngettext

LEGEND = N_(
    "Each node shows N, its visits, and W/N, its mean reward for MAX (rewards scaled to "
    "[0, 1]: 1 a MAX win or the best leaf, 0 a loss or the worst). The ringed path is the "
    "iteration's selection; a node joins the tree when it is expanded; grey nodes are not "
    "in the tree yet."
)
HELP = N_(
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


def legend() -> str:
    """:data:`LEGEND` in the run's language."""
    return _(LEGEND)


def help_text() -> str:
    """:data:`HELP` in the run's language."""
    return _(HELP)


def _count(n: int) -> str:
    return f"{n:,}"


# the side a board's MAX plays, as a person reads it
_SIDES = {"White": N_("White"), "Black": N_("Black")}


def _side(max_side: str) -> str:
    side = max_side.title()
    return _(_SIDES[side]) if side in _SIDES else side


def playout_words(m: Mcts, plies: int, reward: float, capped: bool) -> str:
    """ "3 random moves to the end: MAX won, reward 1.00" and the like."""
    if m.policy == "greedy":
        moves = ngettext("{n} greedy move", "{n} greedy moves", plies, n=_count(plies))
    else:
        moves = ngettext("{n} random move", "{n} random moves", plies, n=_count(plies))
    if capped:
        return _(
            "{moves}, then the cap of {cap} plies: a draw, reward 0.50", moves=moves, cap=m.ply_cap
        )
    return _("{moves} to the end: {end}", moves=moves, end=_end_words(m, reward))


def _end_words(m: Mcts, reward: float) -> str:
    """What a leaf's reward is: a scaled value, or a game's result."""
    if m.run.tree.labels is None:
        if m.hi == m.lo:
            return _("reward 0.50 (every leaf has the same value)")
        v = _fmt(m.unscaled(reward))
        return _(
            "value {v}, scaled ({v} − {lo}) / ({hi} − {lo}) = {r}",
            v=v,
            lo=_fmt(m.lo),
            hi=_fmt(m.hi),
            r=_f(reward),
        )
    if reward == 1.0:
        return _("MAX won, reward {r}", r=_f(reward))
    if reward == 0.0:
        return _("MIN won, reward {r}", r=_f(reward))
    return _("a draw or an unknown end, reward {r}", r=_f(reward))


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
            return _("leaf {name}", name=names[v])
        return names[v]

    N: dict[int, int] = {}
    W: dict[int, float] = {}
    out = [
        ngettext(
            "Monte Carlo tree search: {n} iteration, c = {c}, seed {seed}, {policy} playouts. "
            "Each iteration selects a path by UCB, expands one node, plays out from it and "
            "backs the reward up.",
            "Monte Carlo tree search: {n} iterations, c = {c}, seed {seed}, {policy} playouts. "
            "Each iteration selects a path by UCB, expands one node, plays out from it and "
            "backs the reward up.",
            len(m.iterations),
            n=_count(len(m.iterations)),
            c=_f(m.c),
            seed=m.seed,
            policy=_(_POLICIES[m.policy]) if m.policy in _POLICIES else m.policy,
        )
    ]
    events = run.events
    for i, it in enumerate(m.iterations, start=1):
        choice_at = {ch.node: ch for ch in it.choices}
        last = it.path[-1]
        for k in range(it.step, it.step + 2 * len(it.path)):
            e = events[k]
            v = e.node
            mx = tree.is_max(v)
            if e.kind == ENTER and e.tag == EXPAND:
                text = _(
                    "Expansion: {node} joins the tree (a child of {parent}).",
                    node=name(v),
                    parent=name(tree.parent[v]),
                )
            elif e.kind == ENTER:
                n_v, w_v = N.get(v, 0), W.get(v, 0.0)
                if n_v:
                    stats = _("N = {n}, W/N = {mean}", n=n_v, mean=_f(w_v / n_v))
                else:
                    stats = _("not visited yet")
                at_root = v == 0
                if v in choice_at:
                    ch = choice_at[v]
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
                    key = "choose_max" if mx else "choose_min"
                    extra = {"terms": terms, "chosen": name(ch.chosen)}
                elif v == last and it.expanded is None:
                    key, extra = "leaf", {}
                else:
                    key, extra = "expand", {}
                text = _(_SELECTION[at_root, key], i=i, node=name(v), stats=stats, **extra)
            elif e.kind == LEAF:
                if it.expanded is None or not tree.children[v] and it.plies == 0:
                    what = _(
                        N_("{node} is a leaf: {end}, no playout.")
                        if tree.labels is None
                        else N_("{node} ends the game: {end}, no playout."),
                        node=name(v),
                        end=_end_words(m, it.reward),
                    )
                    what = what[0].upper() + what[1:]
                else:
                    what = _(
                        "Playout from {node}: {playout}.",
                        node=name(v),
                        playout=playout_words(m, it.plies, it.reward, it.capped),
                    )
                n1, w1 = N.get(v, 0) + 1, W.get(v, 0.0) + it.reward
                text = (
                    what
                    + " "
                    + _(
                        "Backup starts: {node} now has N = {n}, W = {w}.",
                        node=name(v),
                        n=n1,
                        w=_f(w1),
                    )
                )
            else:  # EXIT: backup at an ancestor
                n0, w0 = N.get(v, 0), W.get(v, 0.0)
                n1, w1 = n0 + 1, w0 + it.reward
                text = _(
                    "Backup at {node}: N {n0} → {n1}, W {w0} → {w1} (W/N = {mean}).",
                    node=name(v),
                    n0=n0,
                    n1=n1,
                    w0=_f(w0),
                    w1=_f(w1),
                    mean=_f(w1 / n1),
                )
                if v == 0:
                    text += " " + _("The root's estimate is now {mean}.", mean=_f(w1 / n1))
            out.append(text)
        for v in it.path:
            N[v] = N.get(v, 0) + 1
            W[v] = W.get(v, 0.0) + it.reward
    return out


_POLICIES = {"random": N_("random"), "greedy": N_("greedy")}
# A selection step: (at the root?, what happens) -> its sentence. "choose_max"/"choose_min":
# every child is in the tree, UCB picks one (q for MAX, or MIN's side); "leaf": a leaf, no
# expansion; "expand": a child is not in the tree yet.
_SELECTION = {
    (True, "choose_max"): N_(
        "Iteration {i}: selection starts at the root ({stats}): every child is in the tree: "
        "UCB = q + c·√(ln N / n) with q = W/n. {terms}. The largest: go to {chosen}."
    ),
    (True, "choose_min"): N_(
        "Iteration {i}: selection starts at the root ({stats}): every child is in the tree: "
        "UCB = q + c·√(ln N / n) with q = 1 − W/n (MIN's side). {terms}. The largest: go to "
        "{chosen}."
    ),
    (True, "leaf"): N_(
        "Iteration {i}: selection starts at the root ({stats}): a leaf, so no expansion and "
        "no playout."
    ),
    (True, "expand"): N_(
        "Iteration {i}: selection starts at the root ({stats}): a child is not in the tree "
        "yet, so expand it."
    ),
    (False, "choose_max"): N_(
        "Selection: at {node} ({stats}): every child is in the tree: UCB = q + c·√(ln N / n) "
        "with q = W/n. {terms}. The largest: go to {chosen}."
    ),
    (False, "choose_min"): N_(
        "Selection: at {node} ({stats}): every child is in the tree: UCB = q + c·√(ln N / n) "
        "with q = 1 − W/n (MIN's side). {terms}. The largest: go to {chosen}."
    ),
    (False, "leaf"): N_("Selection: at {node} ({stats}): a leaf, so no expansion and no playout."),
    (False, "expand"): N_(
        "Selection: at {node} ({stats}): a child is not in the tree yet, so expand it."
    ),
}


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
    a game's score), in the run's language."""
    tree = m.run.tree
    kids = tree.children[0]
    if not kids:
        return _("The root is a leaf: its value is {value}.", value=_fmt(exact))
    best = kids[m.best or 0]
    est = m.value
    params = {
        "n": _count(m.N[0]),
        "pick": node_name(tree, best),
        "visits": f"{m.N[best]:,}",
        "est": _f(est),
    }
    if tree.labels is None:
        exact_r = 0.5 if m.hi == m.lo else (exact - m.lo) / (m.hi - m.lo)
        params |= {"est_value": _f(m.unscaled(est)), "exact": _fmt(exact)}
    else:
        exact_r = 1.0 if exact > 0 else 0.0 if exact < 0 else 0.5
    params |= {"exact_r": _f(exact_r), "gap": _f(abs(est - exact_r))}
    n = m.N[0]
    if tree.labels is None:
        return ngettext(
            "After {n} iteration MCTS picks {pick} (most visits, {visits}) and estimates {est} "
            "(in leaf values: {est_value}), against minimax's exact value {exact} (scaled: "
            "{exact_r}): off by {gap}.",
            "After {n} iterations MCTS picks {pick} (most visits, {visits}) and estimates {est} "
            "(in leaf values: {est_value}), against minimax's exact value {exact} (scaled: "
            "{exact_r}): off by {gap}.",
            n,
            **params,
        )
    if exact > 0:
        return ngettext(
            "After {n} iteration MCTS picks {pick} (most visits, {visits}) and estimates "
            "{est}, against the exact result a MAX win (reward {exact_r}): off by {gap}.",
            "After {n} iterations MCTS picks {pick} (most visits, {visits}) and estimates "
            "{est}, against the exact result a MAX win (reward {exact_r}): off by {gap}.",
            n,
            **params,
        )
    if exact < 0:
        return ngettext(
            "After {n} iteration MCTS picks {pick} (most visits, {visits}) and estimates "
            "{est}, against the exact result a MIN win (reward {exact_r}): off by {gap}.",
            "After {n} iterations MCTS picks {pick} (most visits, {visits}) and estimates "
            "{est}, against the exact result a MIN win (reward {exact_r}): off by {gap}.",
            n,
            **params,
        )
    return ngettext(
        "After {n} iteration MCTS picks {pick} (most visits, {visits}) and estimates "
        "{est}, against the exact result a draw (reward {exact_r}): off by {gap}.",
        "After {n} iterations MCTS picks {pick} (most visits, {visits}) and estimates "
        "{est}, against the exact result a draw (reward {exact_r}): off by {gap}.",
        n,
        **params,
    )


def mcts_headline(m: Mcts, exact: float, verdict: str | None = None) -> str:
    """A lab's headline for an MCTS run: the exact answer (minimax's, or ``verdict``), then
    what MCTS did; MCTS prunes nothing and looks at leaves again, so no "looked at" count."""
    head = verdict or _("MAX can force {value}", value=_fmt(exact))
    return _(
        "{head}; MCTS ran {iterations}, its tree {nodes}.",
        head=head,
        iterations=ngettext("{n} iteration", "{n} iterations", m.N[0], n=_count(m.N[0])),
        nodes=ngettext(
            "{n} node", "{n} nodes", m.counts["tree_nodes"], n=_count(m.counts["tree_nodes"])
        ),
    )


def mcts_metrics(m: Mcts) -> list[tuple[str, str]]:
    """The counts above the canvas for an MCTS run (its own: iterations, nodes, playouts)."""
    return [
        (_("iterations"), f"{m.N[0]:,}"),
        (_("nodes in its tree"), f"{m.counts['tree_nodes']:,}"),
        (_("playouts"), f"{m.counts['playouts']:,}"),
    ]


def board_help(max_side: str, ply_cap: int) -> str:
    """How MCTS plays on a board lab's search tab: its rewards, from the root player's side,
    and the ply cap of a playout."""
    return _(
        "MCTS on a board plays every playout to the end of the game (the depth limit is the "
        "exact searches'). Rewards are from the side to move at the root ({side}, MAX): 1 "
        "when {side} wins the playout, 0 when it loses. A playout that reaches {cap} "
        "plies with the game still undecided stops there and scores 0.5, a draw: it saw "
        "neither side win, so it counts for neither (the step's sentence says when it "
        "happened). The root's estimate W/N is then compared with the solver's exact result "
        "on the same scale. A position where the game is over shows its game score on the "
        "tree (a win at ply k scores 1000 − k, a loss −(1000 − k)); its reward is 1 or 0.",
        side=_side(max_side),
        cap=ply_cap,
    )


def board_node_words(n: int, mean: float | None, max_side: str) -> str:
    """A board node's MCTS counts at the step shown: ``N = 4, W/N = 0.62 (White's mean
    reward)``, or that it has no visit yet."""
    if not n or mean is None:
        return _("MCTS has not visited this position yet at this step (N = 0).")
    return ngettext(
        "In MCTS's tree at this step: N = {n} ({n} visit), W/N = {mean} ({side}'s mean reward).",
        "In MCTS's tree at this step: N = {n} ({n} visits), W/N = {mean} ({side}'s mean reward).",
        n,
        n=_count(n),
        mean=_f(mean),
        side=_side(max_side),
    )


def pick_words(pick: str, pick_outcome: str, same_winner: bool, best: bool) -> str:
    """The root's choice against the solver: ``b2-b3 (White wins in 7 plies): a best move``,
    the same result but slower (a win) or faster (a loss), or the exact result given away."""
    if best:
        msg = N_("MCTS's pick {pick}: {outcome}; a best move")
    elif same_winner:
        msg = N_(
            "MCTS's pick {pick}: {outcome}; the same result as the best move, but not as fast "
            "a win or as slow a loss"
        )
    else:
        msg = N_("MCTS's pick {pick}: {outcome}; it gives the exact result away")
    return _(msg, pick=pick, outcome=pick_outcome)
