"""Monte Carlo tree search on the board labs' games (engine.mcts.mcts_game, as the pawn and
chase search tabs run it: the whole game, playouts capped): checked iteration by iteration
against an independent UCT written here over game states (recursion over nested dicts made
as the search reaches them, no ids, no Explorer, no machinery), with the same seed; visit
counts sum to the iterations; no playout passes the ply cap, and a capped one scores 0.5."""

from __future__ import annotations

import math
import random

import pytest

from engine.games.chase import ChaseGame, ChasePosition
from engine.games.pawn import PawnGame, from_code
from engine.mcts import GREEDY, RANDOM, mcts_game, visited_only


class GameUct:
    """UCT as the textbook writes it, on a game: a dict per position reached, its children
    made (in the game's move order) the first time the search stands on it; rewards from
    the root player's side, 1 a win, 0 a loss, 0.5 a playout stopped at ``cap`` plies."""

    def __init__(self, game, state, seed: int, c: float, cap: int, greedy: bool = False):
        self.game, self.c, self.cap, self.greedy = game, c, cap, greedy
        self.me = game.to_move(state)
        self.rng = random.Random(seed)
        self.root = self.node(state)

    def node(self, state) -> dict:
        return {"s": state, "N": 0, "W": 0.0, "kids": None}

    def won(self, state) -> float | None:
        who = self.game.winner(state)
        return None if who is None else float(who == self.me)

    def rollout(self, state) -> tuple[float, int, bool]:
        """(reward, plies, capped) of a playout from ``state``."""
        g, plies = self.game, 0
        while True:
            end = self.won(state)
            if end is not None:
                return end, plies, False
            if plies == self.cap:
                return 0.5, plies, True
            after = [g.play(state, mv) for mv in g.moves(state)]
            mover = g.to_move(state)
            wins = [a for a in after if g.winner(a) == mover] if self.greedy else []
            state = wins[0] if wins else after[self.rng.randrange(len(after))]
            plies += 1

    def visit(self, d: dict, mine: bool, path: list) -> tuple[float, int, bool]:
        path.append(d["s"])
        end = self.won(d["s"])
        if end is not None:
            out = (end, 0, False)
        else:
            if d["kids"] is None:
                d["kids"] = [self.node(self.game.play(d["s"], m)) for m in self.game.moves(d["s"])]
            new = next((k for k in d["kids"] if k["N"] == 0), None)
            if new is not None:
                path.append(new["s"])
                end = self.won(new["s"])
                out = (end, 0, False) if end is not None else self.rollout(new["s"])
                new["N"] += 1
                new["W"] += out[0]
            else:
                ln = math.log(d["N"])

                def ucb(k: dict) -> float:
                    q = k["W"] / k["N"]
                    return (q if mine else 1 - q) + self.c * math.sqrt(ln / k["N"])

                scores = [ucb(k) for k in d["kids"]]
                out = self.visit(d["kids"][scores.index(max(scores))], not mine, path)
        d["N"] += 1
        d["W"] += out[0]
        return out


def agree(game, state, iterations: int, seed: int, c: float, cap: int, greedy: bool = False):
    got = mcts_game(
        game, state, iterations, seed, c, GREEDY if greedy else RANDOM, None, 10**6, cap
    )
    ref = GameUct(game, state, seed, c, cap, greedy)
    states = got.run.states
    for i, it in enumerate(got.iterations, start=1):
        path: list = []
        reward, plies, capped = ref.visit(ref.root, True, path)
        assert [states[n] for n in it.path] == path, f"iteration {i}: another path"
        assert (it.reward, it.plies, it.capped) == (pytest.approx(reward), plies, capped), i
    tree = got.run.tree

    def walk(n: int, d: dict) -> None:  # every node's N and W, the tree's shape too
        assert (got.N[n], got.W[n]) == (d["N"], pytest.approx(d["W"]))
        kids = tree.children[n]
        if d["kids"] is None:
            assert not any(got.N[k] for k in kids)
            return
        assert [states[k] for k in kids] == [k["s"] for k in d["kids"]]
        for k, dk in zip(kids, d["kids"], strict=True):
            walk(k, dk)

    walk(0, ref.root)
    return got


PAWN_SMALL = from_code("3x3w:ppp/.../PPP")  # hexapawn: black wins in 6
CHASE_SMALL = ChasePosition(5, (0, 0), (4, 4), True)  # black wins; random play wanders


@pytest.mark.parametrize("seed, c", [(0, math.sqrt(2)), (3, 0.5), (11, 2.0)])
def test_pawn_agrees_iteration_by_iteration(seed, c):
    got = agree(PawnGame(), PAWN_SMALL, 300, seed, c, 100)
    assert got.N[0] == 300 and sum(got.visits) == 300
    assert got.counts["capped"] == 0  # a pawn game ends within 3 x 3 x 2 plies


def test_pawn_greedy_agrees():
    agree(PawnGame(), from_code("4x4w:.ppp/..../.PPP/...."), 200, 5, 1.0, 100, greedy=True)


@pytest.mark.parametrize("seed, cap", [(0, 4), (1, 10), (7, 100)])
def test_chase_agrees_iteration_by_iteration_with_the_cap(seed, cap):
    got = agree(ChaseGame(), CHASE_SMALL, 250, seed, math.sqrt(2), cap)
    assert got.N[0] == 250 and sum(got.visits) == 250
    capped = [it for it in got.iterations if it.capped]
    assert all(it.plies <= cap for it in got.iterations)  # the cap is respected everywhere
    assert all(it.plies == cap and it.reward == 0.5 for it in capped)
    assert got.counts["capped"] == len(capped)
    if cap == 4:
        assert capped  # a short cap is hit: the check above is not empty


def test_chase_greedy_agrees():
    agree(ChaseGame(), CHASE_SMALL, 150, 2, 1.0, 20, greedy=True)


@pytest.mark.parametrize(
    "game, state", [(PawnGame(), from_code("4x4w:pppp/..../..../PPPP")), (ChaseGame(), CHASE_SMALL)]
)
def test_visited_only_keeps_every_step_on_the_visited_positions(game, state):
    m = mcts_game(game, state, 120, 3)
    v = visited_only(m)
    old, new = m.run, v.run
    assert len(new.tree) == sum(1 for x in m.N if x) < len(old.tree)  # the untried moves go
    assert all(v.N) and v.N[0] == 120 and v.visits == m.visits
    for a, b in zip(old.events, new.events, strict=True):  # the same steps, renumbered
        assert old.states[a.node] == new.states[b.node] and (a.kind, a.value) == (b.kind, b.value)
    for n in range(1, len(new.tree)):  # each node is a move from its parent's position
        p = new.tree.parent[n]
        assert new.tree.depth[n] == new.tree.depth[p] + 1 and n in new.tree.children[p]
        assert new.states[n] in [game.play(new.states[p], mv) for mv in game.moves(new.states[p])]
        assert new.tree.children[p][b_path(new, n)[-1]] == n
    for a, b in zip(m.iterations, v.iterations, strict=True):
        assert [old.states[n] for n in a.path] == [new.states[n] for n in b.path]
        for ca, cb in zip(a.choices, b.choices, strict=True):
            assert [old.states[k] for k in ca.children] == [new.states[k] for k in cb.children]
            assert old.states[ca.chosen] == new.states[cb.chosen] and ca.ucb == cb.ucb


def b_path(run, n: int) -> tuple[int, ...]:
    """Node ``n``'s path as its events carry it (child indices from the root)."""
    return next(e.path for e in run.events if e.node == n)
