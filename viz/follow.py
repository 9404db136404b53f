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

What the browser derives from them (stated in Python as the tests' ``state_at``,
tests/viz/follow_state.py, checked against engine.trace.Replayer; the browser test checks
the drawing against both):

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
