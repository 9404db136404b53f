"""What the follow view shows at step k of a follow payload (viz.follow): the rules of
viz.follow's docstring written out in Python, the statement that game_tree_lab's follow.js
implements. tests/viz/test_follow.py checks it against engine.trace.Replayer, and the
browser test checks the drawing against it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from viz.follow import ON_PATH, PRUNED, RETURNS, SEARCHED, TO_COME


@dataclass(frozen=True)
class Sibling:
    node: int
    name: str
    status: str  # SEARCHED, ON_PATH, PRUNED or TO_COME
    nodes: int  # nodes searched under it so far (itself included)
    depth: int | None  # plies below it the deepest of them is (None: none searched)
    value: str | None  # its value once searched, its best so far on the path


@dataclass(frozen=True)
class Row:
    """One node of the path, with its window, and its siblings (its parent's children)."""

    node: int
    alpha: str | None
    beta: str | None
    value: str | None
    siblings: tuple[Sibling, ...]


@dataclass(frozen=True)
class FollowState:
    step: int
    rows: tuple[Row, ...]  # the root first, the current node last
    below: tuple[Sibling, ...]  # the current node's children (none at step 0)
    nodes: tuple[int, ...]  # per ply: nodes entered so far
    leaves: tuple[int, ...]  # per ply: leaves evaluated so far
    cuts: tuple[int, ...]  # per ply: cut-offs so far
    next_cut: int | None  # the step of the next cut-off after this one
    subtree_end: int | None  # the step the innermost node on the path returns
    pv: tuple[int, ...]  # the nodes whose edge down the best line is established


def _depths(par: Sequence[int]) -> list[int]:
    depth = [-1] * len(par)
    for v in range(len(par)):
        chain = []
        x = v
        while x >= 0 and depth[x] < 0:
            chain.append(x)
            x = par[x]
        d = -1 if x < 0 else depth[x]
        for y in reversed(chain):
            d += 1
            depth[y] = d
    return depth


def state_at(fp: dict, k: int) -> FollowState:
    """What the follow view shows at step ``k`` of payload ``fp`` (0..n), by the rules of
    the module docstring: the definition the browser implements."""
    n = fp["n"]
    k = max(0, min(int(k), n))
    par, ev, ek, ew, win, vals = fp["par"], fp["ev"], fp["ek"], fp["ew"], fp["win"], fp["vals"]
    depth = _depths(par)
    kids: list[list[int]] = [[] for _ in par]
    for v, p in enumerate(par):
        if p >= 0:
            kids[p].append(v)
    last = {}  # node -> its last event (index) at or before k
    for j in range(k):
        last[ev[j]] = j
    entered_in: dict[int, int] = {}  # node -> ENTER events in its subtree so far
    deepest: dict[int, int] = {}  # node -> deepest depth entered in its subtree so far
    top = max(depth) + 1
    nodes, leaves, cuts = [0] * top, [0] * top, [0] * top
    for j in range(k):
        x, kind = ev[j], ek[j]
        d = depth[x]
        if kind == "e":
            nodes[d] += 1
            y = x
            while y >= 0:
                entered_in[y] = entered_in.get(y, 0) + 1
                deepest[y] = max(deepest.get(y, d), d)
                y = par[y]
        elif kind == "l":
            leaves[d] += 1
        elif kind == "c":
            cuts[d] += 1

    def status(v: int) -> str:
        j = last.get(v)
        if j is None:
            return PRUNED if 0 < fp["pr"][v] <= k else TO_COME
        return SEARCHED if ek[j] in RETURNS else ON_PATH

    def window(v: int) -> tuple[str | None, str | None, str | None]:
        j = last.get(v)
        if j is None:
            return None, None, None
        return tuple(None if i < 0 else vals[i] for i in win[ew[j]])  # type: ignore[return-value]

    cur = ev[k - 1] if k else 0
    path = []
    y = cur
    while y >= 0:
        path.append(y)
        y = par[y]
    path.reverse()

    def sibling(s: int) -> Sibling:
        return Sibling(
            s,
            fp["labs"][fp["lab"][s]],
            status(s),
            entered_in.get(s, 0),
            deepest[s] - depth[s] if s in deepest else None,
            window(s)[2] if status(s) in (SEARCHED, ON_PATH) else None,
        )

    rows = [
        Row(v, *window(v), tuple(sibling(s) for s in (kids[par[v]] if par[v] >= 0 else [v])))
        for v in path
    ]
    below = tuple(sibling(s) for s in kids[cur]) if k else ()
    next_cut = next((j + 1 for j in range(k, n) if ek[j] == "c"), None)
    inner = cur if k and status(cur) == ON_PATH else par[cur] if k and par[cur] >= 0 else 0
    end = next((j + 1 for j in range(k, n) if ev[j] == inner and ek[j] in RETURNS), None)
    return FollowState(
        k,
        tuple(rows),
        below,
        tuple(nodes),
        tuple(leaves),
        tuple(cuts),
        next_cut,
        end,
        tuple(v for v, s in fp["pv"] if s <= k),
    )
