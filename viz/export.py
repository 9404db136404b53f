"""The explored tree of a search as a networkx graph, GraphML and node-link JSON.

:func:`tree_graph` is any game tree as a ``networkx.DiGraph`` (parent -> child);
:func:`search_graph` adds what a search did, read from the run's last step. Node
attributes (absent where there is nothing to say: GraphML has no null):

- ``name`` (the node's name in the sentences: A, B, ... and leaf numbers, or move paths),
  ``label`` (the move into the node, or its number), ``depth``, ``kind`` ("MAX", "MIN" or
  "leaf"; a leaf's side is its depth's), ``leaf_value`` (a leaf's score);
- after a search: ``status`` ("done", "pruned", "unseen"), ``pruned`` (bool), ``value``
  (what the node returned), ``alpha`` and ``beta`` (its final window, as floats: GraphML
  writes ``inf``/``-inf``; node-link JSON writes the app's ``+∞``/``−∞`` strings, since
  strict JSON has no infinity), ``state`` (the game position, via ``state_text``).

Edges carry ``index``, the child's position among its siblings. The graph attributes
name the algorithm, the variant and the root value. Bytes out, for download buttons.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable
from typing import Any

import networkx as nx

from engine.trace import PRUNED, Replayer, SearchRun
from engine.tree import GameTree
from engine.values import fmt_value
from teach.explain import node_name


def tree_graph(tree: GameTree) -> nx.DiGraph:
    """``tree`` as a directed graph parent -> child (node ids = tree ids)."""
    g = nx.DiGraph()
    for v in range(len(tree)):
        attrs: dict[str, Any] = dict(
            name=node_name(tree, v),
            label=tree.label(v),
            depth=tree.depth[v],
            kind="leaf" if tree.is_leaf(v) else "MAX" if tree.is_max(v) else "MIN",
        )
        if tree.values[v] is not None:
            attrs["leaf_value"] = int(tree.values[v])  # type: ignore[arg-type]
        g.add_node(v, **attrs)
    for v, ch in enumerate(tree.children):
        for i, c in enumerate(ch):
            g.add_edge(v, c, index=i)
    return g


def search_graph(run: SearchRun, state_text: Callable[[Any], str] = str) -> nx.DiGraph:
    """The explored tree of ``run`` with every node's final state, value and window."""
    g = tree_graph(run.tree)
    g.graph.update(algorithm=run.algorithm, variant=run.variant, value=int(run.value))
    last = Replayer(run).snapshot(len(run.events))
    for v, attrs in g.nodes(data=True):
        attrs["status"] = last.status[v]
        attrs["pruned"] = last.status[v] == PRUNED
        if last.value[v] is not None:
            attrs["value"] = int(last.value[v])  # type: ignore[arg-type]
        for bound in ("alpha", "beta"):
            b = getattr(last, bound)[v]
            if b is not None:
                attrs[bound] = float(b)
        if run.states is not None:
            attrs["state"] = state_text(run.states[v])
    return g


def graphml_bytes(g: nx.DiGraph) -> bytes:
    """GraphML (UTF-8): read it back with ``networkx.read_graphml(..., node_type=int)``."""
    buf = io.BytesIO()
    nx.write_graphml(g, buf)
    return buf.getvalue()


def node_link_bytes(g: nx.DiGraph) -> bytes:
    """Node-link JSON (``networkx.node_link_data(g, edges="edges")``), strict JSON: infinite
    bounds are the strings ``+∞``/``−∞``. Read it back with ``networkx.node_link_graph``."""
    data = nx.node_link_data(g, edges="edges")
    for node in data["nodes"]:
        for key in ("alpha", "beta"):
            if key in node and math.isinf(node[key]):
                node[key] = fmt_value(node[key])
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=1).encode("utf-8")
