"""The answer sheet a student fills in on the tree itself (game_tree_lab/tree_canvas/plugins/answer.js):
a value typed in each inner node, the edges clicked as pruned.

The browser sends the whole sheet on "Check" as plain JSON::

    {"v": {"<node id>": "<text typed>", ...}, "cut": [[parent, child], ...]}

Nothing in it is trusted: :func:`read_sheet` keeps what names a real inner node or a real
edge of the tree and reads as a whole number, ignores the rest, and says in words what it
could not read. :func:`sheet_marks` is what the canvas shows after a check: which typed
values and which marked edges are right or wrong, never what a right answer is and never
where a cut was missed (the counts say how many; "Show the solution" says which).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.tree import GameTree
from teach.exercise import CUT_FOUND, CUT_WRONG, RIGHT, WRONG, Edge, Report
from teach.i18n import _, ngettext

MAX_TEXT = 12  # characters of a typed value kept ("-1000" needs 5)
MAX_VALUE = 10**6  # |value| a node may be given (leaves are within ±1000)
_MINUS = "−–-"  # unicode minus, en dash, hyphen


@dataclass(frozen=True)
class Sheet:
    """A sheet as read: ``values`` (inner node -> whole number) and ``pruned`` edges to
    grade, ``texts`` (inner node -> what was typed, cut to :data:`MAX_TEXT`) to give back
    to the browser, ``problems`` in words (what could not be read, e.g. "B: 'x' is not a
    whole number")."""

    values: dict[int, int] = field(default_factory=dict)
    pruned: frozenset[Edge] = frozenset()
    texts: dict[int, str] = field(default_factory=dict)
    problems: tuple[str, ...] = ()


def read_value(text: str) -> int | None:
    """ "3", " -12 ", "−4" (unicode minus), "+5" -> the number; anything else -> None."""
    t = text.strip().replace(" ", "")
    sign = 1
    if t[:1] in _MINUS:
        sign, t = -1, t[1:]
    elif t[:1] == "+":
        t = t[1:]
    if not t or not t.isascii() or not t.isdigit():
        return None
    return sign * int(t)


def _node_id(key: object, n: int) -> int | None:
    """A node id as the browser writes it (a JSON object's key: "12"), else None."""
    if isinstance(key, bool):
        return None
    if isinstance(key, int):
        return key if 0 <= key < n else None
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 9:
        k = int(key)
        return k if k < n else None
    return None


def read_sheet(tree: GameTree, raw: object, names: Sequence[str]) -> Sheet:
    """The sheet ``raw`` (anything the browser sent) on ``tree``; ``names`` name the nodes
    in the problems. Never raises."""
    if not isinstance(raw, dict):
        return Sheet(problems=(_("the answers could not be read: check again"),))
    n = len(tree)
    problems: list[str] = []
    values: dict[int, int] = {}
    texts: dict[int, str] = {}
    given = raw.get("v", {})
    if not isinstance(given, dict) or len(given) > n:
        problems.append(_("the node values could not be read: check again"))
        given = {}
    ignored = 0
    for key, text in given.items():
        node = _node_id(key, n)
        if node is None or tree.is_leaf(node) or not isinstance(text, str):
            ignored += 1
            continue
        shown = text.strip()[:MAX_TEXT]
        if not shown:
            continue
        texts[node] = shown
        v = read_value(text) if len(text) <= 4 * MAX_TEXT else None
        if v is None:
            problems.append(
                _("{node}: {value} is not a whole number", node=names[node], value=repr(shown))
            )
        elif abs(v) > MAX_VALUE:
            problems.append(
                _(
                    "{node}: {value} is out of range (at most ±{most})",
                    node=names[node],
                    value=shown,
                    most=f"{MAX_VALUE:,}",
                )
            )
        else:
            values[node] = v
    cuts = raw.get("cut", [])
    if not isinstance(cuts, list) or len(cuts) > n:
        problems.append(_("the marked edges could not be read: check again"))
        cuts = []
    pruned: set[Edge] = set()
    for e in cuts:
        if not isinstance(e, list | tuple) or len(e) != 2:
            ignored += 1
            continue
        p, c = (_node_id(x, n) for x in e)
        if p is None or c is None or tree.parent[c] != p:
            ignored += 1
            continue
        pruned.add((p, c))
    if ignored:
        problems.append(
            ngettext(
                "{n} answer named no node or edge of this tree: was ignored",
                "{n} answers named no node or edge of this tree: were ignored",
                ignored,
            )
        )
    return Sheet(values, frozenset(pruned), texts, tuple(problems))


def sheet_marks(rep: Report) -> dict:
    """What the canvas marks after a check: ``{"v": {node: "right" | "wrong"}, "cut":
    [[parent, child, "right" | "wrong"], ...]}``: only answers the student gave (a missing
    value or a missed cut is counted, not shown), and never the right answer."""
    v = {
        str(it.node): "right" if it.status == RIGHT else "wrong"
        for it in rep.items
        if it.kind == "value" and it.status in (RIGHT, WRONG)
    }
    cut = [
        [it.edge[0], it.edge[1], "right" if it.status == CUT_FOUND else "wrong"]
        for it in rep.items
        if it.kind == "cut" and it.edge is not None and it.status in (CUT_FOUND, CUT_WRONG)
    ]
    return {"v": v, "cut": cut}
