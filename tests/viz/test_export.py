"""Explored trees out as GraphML and node-link JSON, read back with networkx."""

from __future__ import annotations

import io
import json
import math

import networkx as nx
import pytest

from engine.games import chase, pawn
from engine.games.chase_solver import solve_table
from engine.search import search_game, search_tree
from engine.trace import PRUNED, Replayer
from engine.tree import complete_tree
from engine.values import fmt_value
from viz.export import graphml_bytes, node_link_bytes, search_graph, tree_graph

SAMPLE = [3, 12, 8, 2, 4, 6, 14, 5, 2]


def test_tree_graph_shape_kinds_and_leaf_values():
    g = tree_graph(complete_tree(SAMPLE, 3))
    assert g.number_of_nodes() == 13 and g.number_of_edges() == 12
    assert g.nodes[0]["kind"] == "MAX" and g.nodes[1]["kind"] == "MIN"
    assert g.nodes[4]["kind"] == "leaf" and g.nodes[4]["leaf_value"] == 3
    assert [c for c in g.successors(1)] == [4, 5, 6]
    assert [g.nodes[v]["name"] for v in range(5)] == ["A", "B", "C", "D", "1"]


def _runs():
    yield "statement sample", search_tree(complete_tree(SAMPLE, 3)), str
    pos = pawn.from_code("3x3w:ppp/.../PPP")
    yield "hexapawn", search_game(pawn.PawnGame(), pos, None), pawn.to_code
    cpos = chase.ChasePosition(n=3, white=(0, 0), black=(2, 2))
    yield "chase", search_game(chase.ChaseGame(solve_table(3)), cpos, 3), str


def _read_graphml(data: bytes) -> nx.DiGraph:
    return nx.read_graphml(io.BytesIO(data), node_type=int)


def _read_node_link(data: bytes) -> nx.DiGraph:
    return nx.node_link_graph(json.loads(data), edges="edges")


@pytest.mark.parametrize(("what", "run", "state_text"), list(_runs()), ids=lambda x: "")
def test_round_trip_keeps_shape_values_bounds_and_prunes(what, run, state_text):
    g = search_graph(run, state_text)
    last = Replayer(run).snapshot(len(run.events))
    tree = run.tree
    for back in (_read_graphml(graphml_bytes(g)), _read_node_link(node_link_bytes(g))):
        assert back.is_directed() and back.number_of_nodes() == len(tree)
        assert sorted(back.edges) == sorted(g.edges)
        for v in range(len(tree)):
            got = back.nodes[v]
            kids = sorted(back.successors(v), key=lambda c: back.edges[v, c]["index"])
            assert kids == list(tree.children[v])
            assert got.get("value") == last.value[v] and got.get("leaf_value") == tree.values[v]
            assert got["pruned"] == (last.status[v] == PRUNED) and got["status"] == last.status[v]
            assert got["kind"] == (
                "leaf" if tree.is_leaf(v) else "MAX" if tree.is_max(v) else "MIN"
            )
            for bound in ("alpha", "beta"):
                want = getattr(last, bound)[v]
                have = got.get(bound)
                if want is None:
                    assert have is None
                elif isinstance(have, str):  # node-link JSON: infinities in the app's notation
                    assert math.isinf(want) and have == fmt_value(want)
                else:
                    assert have == want
            if run.states is not None:
                assert got["state"] == state_text(run.states[v])
        assert back.graph["value"] == run.value
    assert any(g.nodes[v]["pruned"] for v in g) or what == "hexapawn"


def test_node_link_is_strict_json_with_the_one_notation():
    g = search_graph(search_tree(complete_tree(SAMPLE, 3)))
    text = node_link_bytes(g).decode("utf-8")
    json.loads(text, parse_constant=lambda c: pytest.fail(f"non-JSON constant {c}"))
    assert '"beta": "+∞"' in text and "Infinity" not in text
