"""Which nodes of a big tree to draw: the subtree of a focus node, breadth-first up to a budget.

Children are added a whole sibling group at a time (so a level never looks half drawn),
breadth-first from the focus, while the number of markers (drawn nodes plus summaries)
stays within the budget. Every drawn node whose children are not all drawn gets one summary
marker ("+412 nodes") standing for everything hidden below it; opening a summary means
setting the focus to :attr:`Summary.open_node`. Nodes in ``keep`` (the current path, the
principal variation) are always drawn, with their ancestors up to the focus.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from engine.tree import GameTree
from teach.i18n import ngettext
from viz.layout import tidy_layout_children


@dataclass(frozen=True)
class Summary:
    """Hidden children of ``parent`` (``hidden`` nodes in all), drawn as one marker."""

    parent: int
    children: tuple[int, ...]  # the hidden children, left to right
    hidden: int  # nodes hidden in total (the children's whole subtrees)
    open_node: int  # focus here to see them: the only hidden child, else the parent

    @property
    def label(self) -> str:
        """ "+412 nodes", in the run's language."""
        n = self.hidden
        return "+" + ngettext("{n} node", "{n} nodes", n, n=f"{n:,}")


@dataclass
class View:
    """The part of a tree to draw, with a layout for it.

    ``nodes`` are tree ids in preorder; ``x``/``y`` are their positions; ``summaries`` sit at
    ``sx``/``sy``. ``breadcrumb`` lists the focus's ancestors from the root down (excluding the
    focus), for the page to render as links.
    """

    focus: int
    nodes: list[int]
    x: np.ndarray
    y: np.ndarray
    summaries: list[Summary]
    sx: np.ndarray
    sy: np.ndarray
    breadcrumb: list[int]
    index: dict[int, int] = field(default_factory=dict)  # tree id -> position in nodes

    @property
    def markers(self) -> int:
        return len(self.nodes) + len(self.summaries)

    @property
    def complete(self) -> bool:
        """True when the whole tree is drawn (nothing collapsed, focus at the root)."""
        return not self.summaries and self.focus == 0


def ancestors(tree: GameTree, node: int) -> list[int]:
    """Ancestors of ``node`` from the root down, without ``node`` itself."""
    out = []
    p = tree.parent[node]
    while p >= 0:
        out.append(p)
        p = tree.parent[p]
    out.reverse()
    return out


def _hidden_sizes(tree: GameTree, roots: Iterable[int]) -> int:
    """Nodes in the subtrees of ``roots`` (iterative count)."""
    total = 0
    stack = list(roots)
    ch = tree.children
    while stack:
        v = stack.pop()
        total += 1
        stack.extend(ch[v])
    return total


def visible_nodes(
    tree: GameTree,
    focus: int = 0,
    budget: int = 3000,
    keep: Iterable[int] = (),
) -> View:
    """Choose what to draw of the subtree of ``focus`` within ``budget`` markers.

    Nodes of ``keep`` outside the focus subtree are ignored; those inside are drawn with
    their ancestors even if that exceeds the budget.
    """
    n = len(tree)
    if not 0 <= focus < n:
        focus = 0
    ch = tree.children
    shown = bytearray(n)
    shown[focus] = 1
    count = 1
    for k in keep:
        if not 0 <= k < n or shown[k]:
            continue
        chain = [k]
        p = tree.parent[k]
        while p >= 0 and not shown[p] and p != focus:
            chain.append(p)
            p = tree.parent[p]
        if p < 0 and focus != 0:
            continue  # not under the focus
        for v in chain:
            shown[v] = 1
        count += len(chain)

    def open_groups(v: int) -> int:
        return 1 if any(not shown[c] for c in ch[v]) else 0

    summaries_count = sum(open_groups(v) for v in range(n) if shown[v] and ch[v])
    queue = deque([focus])
    while queue:
        v = queue.popleft()
        kids = ch[v]
        if not kids:
            continue
        new = [c for c in kids if not shown[c]]
        if new:
            delta = len(new) + sum(1 for c in new if ch[c]) - 1
            if count + summaries_count + delta > budget:
                break
            for c in new:
                shown[c] = 1
            count += len(new)
            summaries_count += delta - len(new)
        queue.extend(kids)

    # Children lists of the view: shown children, then one summary pseudo-node per parent.
    nodes = _shown_preorder(tree, focus, shown)
    index = {v: i for i, v in enumerate(nodes)}
    summaries: list[Summary] = []
    vch: list[list[int]] = [[] for _ in nodes]
    for i, v in enumerate(nodes):
        kids = ch[v]
        hidden = tuple(c for c in kids if not shown[c])
        vch[i] = [index[c] for c in kids if shown[c]]
        if hidden:
            opener = hidden[0] if len(hidden) == 1 else v
            summaries.append(Summary(v, hidden, _hidden_sizes(tree, hidden), opener))
            vch[i].append(len(nodes) + len(summaries) - 1)
    vch.extend([] for _ in summaries)
    x, y = tidy_layout_children(vch, 0)
    base = -float(tree.depth[focus])
    m = len(nodes)
    return View(
        focus=focus,
        nodes=nodes,
        x=x[:m],
        y=y[:m] + base,
        summaries=summaries,
        sx=x[m:],
        sy=y[m:] + base,
        breadcrumb=ancestors(tree, focus),
        index=index,
    )


def _shown_preorder(tree: GameTree, focus: int, shown: bytearray) -> list[int]:
    """Preorder of the shown nodes only (does not walk hidden subtrees)."""
    out: list[int] = []
    stack = [focus]
    ch = tree.children
    while stack:
        v = stack.pop()
        out.append(v)
        stack.extend(c for c in reversed(ch[v]) if shown[c])
    return out
