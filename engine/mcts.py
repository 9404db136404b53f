"""Monte Carlo tree search (UCT: UCB1 applied to trees, Kocsis & Szepesvári 2006), traced.

One more definition on the one search machinery (:mod:`engine.machine`): its space is a
:class:`~engine.explore.TreeSpace` (an explicit tree) or an :class:`~engine.explore.Explorer`
(pawn chess, the chase), its steps go to a :class:`~engine.machine.Recorder`, and
:func:`~engine.machine.drive` runs it (iterations are a loop, so the definition calls nothing).

The tree starts as the root alone. Each iteration has four phases:

1. **selection**: from the root, while the node has all its children in the tree, go to the
   child with the largest UCB value ``q + c·√(ln N / n)`` (``N`` the node's visits, ``n`` the
   child's, ``q`` the child's mean reward for the side to move at the node: ``W/n`` at a MAX
   node, ``1 − W/n`` at a MIN node; the first such child on a tie);
2. **expansion**: at a node with children not yet in the tree, the first of them (in the
   children's order) joins the tree; a decided node (a leaf) has none;
3. **playout**: from the new node (or the leaf selection reached), moves are played to the
   end: at each ply ``rng.randrange(len(moves))`` picks one (``random``), or (``greedy``) a
   move that ends the game best for the side to move when there is one, else a random one;
   ``rng = random.Random(seed)`` and nothing else draws from it, so a seed gives the same
   trace on every machine. A game's playout stops at the search's depth limit (the frontier
   says the result, if it knows it) and after :data:`PLY_CAP` plies (a draw);
4. **backup**: every node on the path adds 1 to its visits ``N`` and the reward to ``W``.

Rewards are MAX's, scaled to [0, 1] so that c means what the textbooks say: a leaf of an
explicit tree ``(v − lo) / (hi − lo)`` (lo, hi the smallest and largest leaf values; 1/2 when
they are equal), a game 1 for a MAX win, 0 for a loss, 1/2 for a draw or an unknown end.

Events (MAX's view; the window is None: there is none): ENTER for each node on the selected
path (tag :data:`SELECT`, ``best`` its mean before this iteration), ENTER of the new node
(tag :data:`EXPAND`), LEAF of the path's last node with the reward (tag :data:`PLAYOUT`),
then EXIT of each node above it, bottom up, with its new mean (to two decimals: what a
figure shows; the exact ``N``/``W`` are the record's). Traced, :attr:`Mcts.iterations`
says each iteration's choices with every child's UCB value.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import SearchError
from engine.explore import Explorer, TreeSpace
from engine.game import DRAW, Game
from engine.machine import Call, Recorder, drive
from engine.trace import ENTER, EXIT, LEAF, SearchRun
from engine.tree import GameTree

SELECT, EXPAND, PLAYOUT = "select", "expand", "playout"
RANDOM, GREEDY = "random", "greedy"
POLICIES = (RANDOM, GREEDY)
C_DEFAULT = math.sqrt(2)  # UCB1's constant for rewards in [0, 1]
PLY_CAP = 100  # a game's playout stops after this many plies: a draw
MAX_ITERATIONS = 1_000_000
MEMO_STATES = 500_000  # game states whose rules a search keeps (see mcts_game)


@dataclass(frozen=True)
class MctsParams:
    """What a person sets: iterations, the exploration constant, the seed, the playout
    policy (a link carries them)."""

    iterations: int = 200
    c: float = C_DEFAULT
    seed: int = 0
    policy: str = RANDOM

    def __post_init__(self) -> None:
        _check(self.iterations, self.c, self.policy, PLY_CAP)


@dataclass(frozen=True)
class Choice:
    """One selection step: at ``node`` its ``children`` had UCB values ``ucb``; ``chosen``
    (one of the children) had the largest."""

    node: int
    children: tuple[int, ...]
    ucb: tuple[float, ...]
    chosen: int


@dataclass(frozen=True)
class Iteration:
    """One iteration: the ``path`` from the root (its last node the new one, or the leaf
    selection reached), the ``choices`` of selection, the ``expanded`` node (None at a
    leaf), the playout's ``plies`` and ``reward``, ``capped`` when the ply cap ended it, and
    ``step`` the index of its first event in the run."""

    path: tuple[int, ...]
    choices: tuple[Choice, ...]
    expanded: int | None
    plies: int
    reward: float
    capped: bool
    step: int


@dataclass(frozen=True)
class Mcts:
    """A UCT search: the run (its tree: the nodes it built), the visits ``N`` and total
    rewards ``W`` of every node, the root's mean after each iteration (``means``), and
    traced, every :class:`Iteration`."""

    run: SearchRun
    N: list[int]
    W: list[float]
    means: list[float]
    iterations: tuple[Iteration, ...]
    c: float
    seed: int
    policy: str
    ply_cap: int
    lo: float = 0.0  # an explicit tree's smallest and largest leaf values (reward scale)
    hi: float = 1.0
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def value(self) -> float:
        """The root's mean reward (MAX's, in [0, 1])."""
        return self.W[0] / self.N[0] if self.N[0] else 0.5

    @property
    def root_children(self) -> tuple[int, ...]:
        return self.run.tree.children[0]

    @property
    def visits(self) -> list[int]:
        return [self.N[c] for c in self.root_children]

    @property
    def best(self) -> int | None:
        """The index of the most-visited root child (the first on a tie), None at a leaf."""
        v = self.visits
        return v.index(max(v)) if v else None

    def unscaled(self, reward: float) -> float:
        """A reward in the tree's own units (an explicit tree's leaf values)."""
        return self.lo + reward * (self.hi - self.lo)


def _check(iterations: int, c: float, policy: str, ply_cap: int) -> None:
    if isinstance(iterations, bool) or not isinstance(iterations, int):
        raise SearchError("iterations must be a whole number, not {value}", value=repr(iterations))
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise SearchError(
            "iterations must be between 1 and {most:,}, got {got}",
            most=MAX_ITERATIONS,
            got=iterations,
        )
    if not (isinstance(c, int | float) and math.isfinite(c) and c >= 0):
        raise SearchError("the exploration constant c must be a number >= 0, not {c}", c=repr(c))
    if policy not in POLICIES:
        raise SearchError(
            "unknown playout policy {policy}; choose one of {choices}",
            policy=repr(policy),
            choices=", ".join(POLICIES),
        )
    if ply_cap < 1:
        raise SearchError("the playout ply cap must be at least 1")


def _outcome(who: str | None, max_side: str) -> float:
    """MAX's reward of a playout's end: 1 won, 0 lost, 0.5 a draw or no winner known."""
    if who is None or who == DRAW:
        return 0.5
    return 1.0 if who == max_side else 0.0


def _reward(score: float) -> float:
    return 1.0 if score > 0 else 0.0 if score < 0 else 0.5


def _uct(
    n_nodes: int,
    is_max: Callable[[int], bool],
    terminal: Callable[[int], float | None],
    kids: Callable[[int], tuple[int, ...]],
    playout: Callable[[int, random.Random], tuple[float, int, bool]],
    iterations: int,
    c: float,
    seed: int,
    record: bool,
    rec: Recorder,
    counts: Counter[str],
) -> tuple[list[int], list[float], list[float], list[Iteration]]:
    """The four phases, ``iterations`` times (see the module docstring)."""
    rng = random.Random(seed)
    N: list[int] = [0] * n_nodes
    W: list[float] = [0.0] * n_nodes
    ends: dict[int, float | None] = {}  # node -> its reward when it is a leaf, else None
    tried: dict[int, int] = {}  # node -> how many of its children are in the tree
    emit, log, sqrt, events = rec.emit, math.log, math.sqrt, rec.events
    means: list[float] = []
    its: list[Iteration] = []

    def end_of(n: int) -> float | None:
        e = ends[n] = terminal(n)
        return e

    def search() -> Call:
        for _ in range(iterations):
            first = len(events)
            n, path, choices, expanded = 0, [0], [], None
            while True:  # selection (and expansion)
                end = ends[n] if n in ends else end_of(n)
                mx = is_max(n)
                if record:
                    mean = round(W[n] / N[n], 2) if N[n] else None
                    emit(ENTER, n, mx, None, None, best=mean, tag=SELECT)
                else:
                    emit(ENTER, n, mx, None, None, tag=SELECT)
                if end is not None:
                    break
                ks = kids(n)
                t = tried.get(n, 0)
                if t < len(ks):  # expansion: the first child not in the tree yet
                    tried[n] = t + 1
                    expanded = n = ks[t]
                    path.append(n)
                    while len(N) <= n:
                        N.append(0)
                        W.append(0.0)
                    end = ends[n] if n in ends else end_of(n)
                    emit(ENTER, n, is_max(n), None, None, tag=EXPAND)
                    break
                ln, bu, bk = log(N[n]), -1.0, -1
                ucbs = []
                for k in ks:
                    nk = N[k]
                    u = (W[k] / nk if mx else 1.0 - W[k] / nk) + c * sqrt(ln / nk)
                    ucbs.append(u)
                    if u > bu:
                        bu, bk = u, k
                if record:
                    choices.append(Choice(n, ks, tuple(ucbs), bk))
                n = bk
                path.append(n)
            if end is not None:  # the playout (none from a leaf)
                reward, plies, capped = end, 0, False
            else:
                reward, plies, capped = playout(n, rng)
            emit(LEAF, n, is_max(n), None, None, reward, tag=PLAYOUT)
            for x in path:  # backup
                N[x] += 1
                W[x] += reward
            if record:
                for x in reversed(path[:-1]):
                    emit(EXIT, x, is_max(x), None, None, round(W[x] / N[x], 2))
                its.append(
                    Iteration(tuple(path), tuple(choices), expanded, plies, reward, capped, first)
                )
            else:
                for x in path[:-1]:
                    emit(EXIT, x, True, None, None)
            means.append(W[0] / N[0])
            counts["playouts"] += end is None
            counts["capped"] += capped
        return W[0] / N[0]
        yield  # a generator: drive runs it like every other definition

    drive(search())
    return N, W, means, its


def mcts_tree(
    tree: GameTree,
    iterations: int,
    seed: int = 0,
    c: float = C_DEFAULT,
    policy: str = RANDOM,
    record: bool = True,
) -> Mcts:
    """UCT on an explicit tree (no chance nodes), ``iterations`` times with ``seed``."""
    _check(iterations, c, policy, PLY_CAP)
    if tree.has_chance:
        raise SearchError("Monte Carlo tree search here runs on MAX/MIN trees, not chance nodes")
    space = TreeSpace(tree)
    kids_of, leaf = tree.children, space.leaf
    vals = [leaf(n) for n in range(len(tree)) if not kids_of[n]]
    lo, hi = min(vals), max(vals)
    span = hi - lo

    def scaled(v: Any) -> float:
        return 0.5 if span == 0 else float((v - lo) / span)

    def terminal(n: int) -> float | None:
        return None if kids_of[n] else scaled(leaf(n))

    def kids(n: int) -> tuple[int, ...]:
        return kids_of[n]

    is_max = space.is_max
    greedy = policy == GREEDY

    def playout(n: int, rng: random.Random) -> tuple[float, int, bool]:
        plies = 0
        while True:
            ks = kids_of[n]
            if not ks:
                return scaled(leaf(n)), plies, False
            ends = [k for k in ks if not kids_of[k]] if greedy else ()
            if ends:
                pick = max if is_max(n) else min
                n = pick(ends, key=leaf)
            else:
                n = ks[rng.randrange(len(ks))]
            plies += 1

    rec = Recorder(space.path_table(), record=record)
    tally: Counter[str] = Counter()
    N, W, means, its = _uct(
        len(tree), is_max, terminal, kids, playout, iterations, c, seed, record, rec, tally
    )
    run = rec.run(tree, W[0] / N[0], "mcts")
    counts = _counts(N, iterations, tally)
    return Mcts(
        replace(run, counts=counts),
        N,
        W,
        means,
        tuple(its),
        c,
        seed,
        policy,
        PLY_CAP,
        float(lo),
        float(hi),
        counts,
    )


def mcts_game(
    game: Game,
    state: Any,
    iterations: int,
    seed: int = 0,
    c: float = C_DEFAULT,
    policy: str = RANDOM,
    depth: int | None = None,
    max_nodes: int = 200_000,
    ply_cap: int = PLY_CAP,
    record: bool = True,
) -> Mcts:
    """UCT from ``state`` of ``game`` (its side to move is MAX; ``depth`` plies, None: the
    whole game), its tree built by an :class:`Explorer`; ``run.states`` gives every node's
    state. A playout stops after ``ply_cap`` plies (a draw)."""
    _check(iterations, c, policy, ply_cap)
    space = Explorer(game, state, max_nodes, depth)
    max_side = space.max_side
    g_moves, g_play, g_winner = game.moves, game.play, game.winner
    states, plies_of = space.states, space.plies
    greedy = policy == GREEDY

    def terminal(n: int) -> float | None:
        v = space.leaf(n)
        return None if v is None else _reward(v)

    def kids(n: int) -> tuple[int, ...]:
        ks = space.kids[n]
        return ks if ks else space.children(n)

    memo: dict[Any, tuple[str | None, tuple[Any, ...]]] = {}  # the rules, once per state

    def rules(s: Any) -> tuple[str | None, tuple[Any, ...]]:
        """``(winner, the states after each move)`` of ``s`` (the game's rules, kept for up
        to :data:`MEMO_STATES` states: a playout mostly walks states seen before)."""
        r = memo.get(s)
        if r is None:
            who = g_winner(s)
            r = (who, () if who is not None else tuple(g_play(s, m) for m in g_moves(s)))
            if len(memo) < MEMO_STATES:
                memo[s] = r
        return r

    def playout(n: int, rng: random.Random) -> tuple[float, int, bool]:
        s, ply, plies = states[n], plies_of[n], 0
        randrange = rng.randrange
        while True:
            who, nexts = rules(s)
            if who is not None:
                return _outcome(who, max_side), plies, False
            if depth is not None and ply >= depth:
                who, _ = game.frontier(s)
                return _outcome(who, max_side), plies, False
            if plies >= ply_cap:
                return 0.5, plies, True
            if not nexts:
                raise SearchError("a state at ply {ply} has no moves but is not terminal", ply=ply)
            t = None
            if greedy:  # a move that wins at once for the side to move
                mine = max_side if ply % 2 == 0 else None
                for x in nexts:
                    w = rules(x)[0]
                    if w is not None and w != DRAW and (w == max_side) == (mine is not None):
                        t = x
                        break
            s = t if t is not None else nexts[randrange(len(nexts))]
            ply += 1
            plies += 1

    rec = Recorder(space.path_table(), record=record)
    tally: Counter[str] = Counter()
    N, W, means, its = _uct(
        1, space.is_max, terminal, kids, playout, iterations, c, seed, record, rec, tally
    )
    tree = space.tree()
    N += [0] * (len(tree) - len(N))
    W += [0.0] * (len(tree) - len(W))
    counts = _counts(N, iterations, tally)
    run = replace(rec.run(tree, W[0] / N[0], "mcts", states=space.states), counts=counts)
    return Mcts(run, N, W, means, tuple(its), c, seed, policy, ply_cap, 0.0, 1.0, counts)


def _counts(N: list[int], iterations: int, tally: Counter[str]) -> dict[str, int]:
    """Iterations, the nodes in the tree (visited at least once), playouts, capped ones."""
    return {
        "iterations": iterations,
        "tree_nodes": sum(1 for x in N if x),
        "playouts": tally["playouts"],
        "capped": tally["capped"],
    }


def visited_only(m: Mcts) -> Mcts:
    """``m`` on its own tree: the nodes it visited (N > 0), renumbered in the same order.

    A game's Explorer adds every move of a node it expands as children, and most of them are
    never played: drawn, they would be most of the figure. Every node a step is at was
    visited (selection only chooses among children that are all in the tree), so every
    event, iteration and choice keeps its meaning; a node's path is its child indices among
    the kept nodes."""
    tree = m.run.tree
    keep = [n for n in range(len(tree)) if m.N[n]]
    new = {old: i for i, old in enumerate(keep)}
    parent = tuple(new[tree.parent[n]] if n else -1 for n in keep)
    children = tuple(tuple(new[c] for c in tree.children[n] if c in new) for n in keep)
    labels = None if tree.labels is None else tuple(tree.labels[n] for n in keep)
    small = GameTree(
        parent=parent,
        children=children,
        values=tuple(tree.values[n] for n in keep),
        depth=tuple(tree.depth[n] for n in keep),
        labels=labels,
    )
    paths: list[tuple[int, ...]] = [()]
    for i in range(1, len(keep)):
        p = parent[i]
        paths.append((*paths[p], children[p].index(i)))
    events = [replace(e, node=new[e.node], path=paths[new[e.node]]) for e in m.run.events]
    states = None if m.run.states is None else [m.run.states[n] for n in keep]
    run = replace(m.run, tree=small, events=events, states=states)
    its = tuple(
        replace(
            it,
            path=tuple(new[n] for n in it.path),
            choices=tuple(
                Choice(new[c.node], tuple(new[k] for k in c.children), c.ucb, new[c.chosen])
                for c in it.choices
            ),
            expanded=None if it.expanded is None else new[it.expanded],
        )
        for it in m.iterations
    )
    return replace(m, run=run, N=[m.N[n] for n in keep], W=[m.W[n] for n in keep], iterations=its)
