"""The follow view's data: what the browser needs to follow a big search step by step.

A search too big to read whole (the pawn 4 x 4 start: 37,278 nodes, 80,897 steps) is
followed instead of drawn: at step k the view shows the path from the root to the current
node, beside each node on it its siblings (searched, current, pruned, still to come, with
the nodes searched under each and how deep), the α/β of every node on the path, a per-ply
summary (nodes, leaves, cut-offs so far) and two jumps: to the next cut-off and to the end
of the subtree the search is in. game_tree_lab/tree_canvas/plugins/follow.js draws it.

The payload is the search's facts, each once, in flat lists (sent once; every step then
costs the browser a few lookups). Events are numbered by their step k = 1..n (event k is
at index k - 1); nodes by their tree id:

``id``     a digest of the rest (the browser rebuilds only when it changes)
``n``      number of steps (events)
``vals``   every value and bound shown, formatted once (engine.values.fmt_value)
``win``    every distinct (α, β, value) an event leaves its node with, as indices into
           ``vals`` (value -1: none yet, as at an ENTER)
``labs``   every distinct node name; ``lab`` per node the index of its name
``par``    per node its parent (-1 for the root); MAX at even depth, MIN at odd
``pr``     per node the step a cut first pruned it (0: never)
``ev``     per event the node it is at; ``ew`` the index in ``win`` of the window it leaves;
``ek``     the kinds, one letter per event: ``e`` enter, ``l`` leaf, ``u`` update, ``c``
           cut, ``x`` exit, ``t`` table (see :data:`KIND_LETTER`)
``pv``     the principal variation as ``[node, step]``: the edge down from ``node`` is
           established from ``step`` on (viz.tree_payload.pv_steps)

What the browser derives from them is defined by :func:`state_at` (the tests check it
against engine.trace.Replayer, the browser test checks the drawing against both):

- a node's **status** at step k: from its last event at or before k: none -> pruned when
  ``0 < pr <= k`` else still to come; a leaf or exit -> searched (done); else active (on
  the path). This is Replayer's status, re-searches (PVS, MTD(f)'s passes) included.
- **below** the current node (once the search has reached it): its children, as its
  siblings are shown (at its return: which child was best, which were cut).
- its **α, β, value** at step k: the window its last event at or before k left.
- **nodes searched under** a node at step k: the ENTER events at or before k in its subtree
  (itself included; a node searched twice counts twice); **depth**: how many plies below it
  the deepest of them is.
- the **per-ply counts** at step k: ENTER, LEAF and CUT events at or before k by the depth of
  their node.
- **next cut-off** after step k: the first CUT event after k.
- **end of this subtree** at step k: the step the innermost node on the path returns (its
  next leaf or exit event after k): the current node if it is still active, else its parent
  (the root when there is none).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from engine.trace import CUT, ENTER, EXIT, LEAF, TABLE, UPDATE, SearchRun
from engine.values import fmt_value
from viz.tree_payload import pv_steps

VERSION = 1
KIND_LETTER = {ENTER: "e", LEAF: "l", UPDATE: "u", CUT: "c", EXIT: "x", TABLE: "t"}
RETURNS = ("l", "x")  # the letters of an event that ends a node's visit

# Status words of the follow view (Replayer's: unseen, active, done, pruned).
SEARCHED, ON_PATH, PRUNED, TO_COME = "searched", "on the path", "pruned", "still to come"


class _Table:
    """Each distinct hashable once, referenced by index."""

    def __init__(self) -> None:
        self.items: list = []
        self._index: dict = {}

    def __call__(self, x) -> int:
        i = self._index.get(x)
        if i is None:
            i = self._index[x] = len(self.items)
            self.items.append(x)
        return i


def follow_payload(run: SearchRun, names: Sequence[str], pv: Sequence[int] = ()) -> dict:
    """The follow view's payload of ``run`` (see the module docstring); ``names[v]`` is
    node v's name (its move), ``pv`` the principal variation (tree ids, root first)."""
    tree = run.tree
    vals, wins, labs = _Table(), _Table(), _Table()

    def val(x) -> int:
        return -1 if x is None else vals(fmt_value(x))

    pruned = [0] * len(tree)
    ev: list[int] = []
    ew: list[int] = []
    kinds: list[str] = []
    for k, e in enumerate(run.events, start=1):
        kind = e.kind
        v = e.value if kind in (LEAF, EXIT) else None if kind == ENTER else e.best
        ev.append(e.node)
        ew.append(wins((val(e.alpha), val(e.beta), val(v))))
        kinds.append(KIND_LETTER[kind])
        for s in e.skipped:
            for x in tree.preorder(s):
                if not pruned[x]:
                    pruned[x] = k
    pv = [v for v in pv if 0 <= v < len(tree)]
    body = {
        "v": VERSION,
        "n": len(run.events),
        "vals": vals.items,
        "win": [list(w) for w in wins.items],
        "labs": labs.items,
        "lab": [labs(names[v]) for v in range(len(tree))],
        "par": list(tree.parent),
        "pr": pruned,
        "ev": ev,
        "ew": ew,
        "ek": "".join(kinds),
        "pv": [[v, k] for v, k in zip(pv, pv_steps(run, pv), strict=True)],
    }
    digest = hashlib.sha1(json.dumps(body, separators=(",", ":")).encode()).hexdigest()[:16]
    return {"id": digest, **body}


# ---- what the browser shows at step k (the tests check it against the replay) -----------
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
