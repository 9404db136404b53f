"""The tree canvas's payload: decoding it at every step gives what engine.trace.Replayer
gives, on the statement samples and on hypothesis trees; it is JSON, compact, and its layout
keeps every label box clear of its neighbours."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.random_tree import random_leaves
from engine.search import search_tree
from engine.trace import PRUNED, Replayer
from engine.tree import complete_tree, minimax
from engine.values import fmt_value
from teach.explain import describe, node_name
from tests.canvas_data import decode
from tests.strategies import complete_cases
from viz.tree_payload import RING_OUT, Code, Hidden, blank_payload, step_text, tree_payload

SAMPLES = [([3, 12, 8, 2, 4, 6, 14, 5, 2], 3), ([5, 6, 7, 4], 2)]
VARIANTS = ("statement", "fail-hard", "strict", "negamax")


def _payload(tree, variant="statement", algorithm="alphabeta", **kw):
    run = search_tree(tree, algorithm, variant)
    names = [node_name(tree, v) for v in range(len(tree))]
    return run, tree_payload(run, describe, names, **kw)


def _text(x):
    return None if x is None else fmt_value(x)


def assert_matches_replayer(run, payload) -> None:
    rep = Replayer(run)
    ids = payload["nodes"]["id"]
    for k in range(len(run.events) + 1):
        snap = rep.snapshot(k)
        got = decode(payload, k)
        assert got.status == [snap.status[v] for v in ids], k
        assert got.alpha == [_text(snap.alpha[v]) for v in ids], k
        assert got.beta == [_text(snap.beta[v]) for v in ids], k
        assert got.value == [_text(snap.value[v]) for v in ids], k
        if k == 0:
            assert got.current < 0 and -got.current - 1 == len(payload["sum"])
        else:
            assert ids[got.current] == snap.current, k
        assert step_text(payload, k) == describe(run, k)


@pytest.mark.parametrize("leaves,b", SAMPLES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_statement_samples_decode_to_the_replay_at_every_step(leaves, b, variant):
    run, payload = _payload(complete_tree(leaves, b), variant)
    assert payload["n"] == len(run.events)
    assert_matches_replayer(run, payload)


def test_minimax_run_decodes_too():
    run, payload = _payload(complete_tree(SAMPLES[0][0], 3), algorithm="minimax")
    assert_matches_replayer(run, payload)


@settings(max_examples=40, deadline=None)
@given(complete_cases(depth=(1, 4)))
def test_hypothesis_trees_decode_to_the_replay_at_every_step(case):
    b, leaves = case
    run, payload = _payload(complete_tree(leaves, b))
    assert_matches_replayer(run, payload)


def test_names_kinds_and_leaf_values_are_the_ones_the_sentences_use():
    tree = complete_tree(SAMPLES[0][0], 3)
    _, p = _payload(tree)
    nodes = p["nodes"]
    by_id = dict(zip(nodes["id"], range(len(nodes["id"])), strict=True))
    assert nodes["nm"][by_id[0]] == "A" and nodes["k"][by_id[0]] == 0
    assert nodes["k"][by_id[1]] == 1  # MIN under the root
    leaves = tree.leaves()
    assert [nodes["nm"][by_id[v]] for v in leaves] == [f"leaf {i + 1}" for i in range(9)]
    assert [p["vals"][nodes["lv"][by_id[v]]] for v in leaves] == [str(x) for x in SAMPLES[0][0]]
    assert "leaves 5 and 6" in " ".join(p["texts"])  # the cut names leaves 5 and 6


def test_payload_is_plain_json_and_integers_where_possible():
    _, p = _payload(complete_tree(random_leaves(3, 4, -20, 20, 3), 3))
    text = json.dumps(p, allow_nan=False)  # plain JSON: no NaN, no numpy
    again = json.loads(text)
    assert again == p
    assert all(isinstance(x, int) for d in p["steps"] for x in d)
    assert all(isinstance(x, int) for x in p["cur"] + p["nodes"]["x"] + p["nodes"]["d"])


def test_identity_changes_with_the_run_and_not_otherwise():
    tree = complete_tree(SAMPLES[0][0], 3)
    assert _payload(tree)[1]["id"] == _payload(tree)[1]["id"]
    assert _payload(tree)[1]["id"] != _payload(tree, "strict")[1]["id"]


def test_entry_steps_and_principal_variation():
    tree = complete_tree(SAMPLES[0][0], 3)
    run = search_tree(tree)
    names = [node_name(tree, v) for v in range(len(tree))]
    p = tree_payload(run, describe, names, pv=minimax(tree).principal_variation())
    ids = p["nodes"]["id"]
    assert [ids[i] for i in p["pv"]] == minimax(tree).principal_variation()
    for i, v in enumerate(ids):
        steps = [k for k, e in enumerate(run.events, 1) if e.node == v and e.kind == "enter"]
        assert p["nodes"]["en"][i] == (steps[0] if steps else -1)


def _extents(p):
    """(depth, left px, right px, ring) of everything on a level at the payload's unit."""
    g, nodes = p["geo"], p["nodes"]
    u = g["unit"] / 2  # x is twice the tidy x
    out = []
    for i, x in enumerate(nodes["x"]):
        leaf = nodes["k"][i] >= 2
        left = right = g["leaf_r"] if leaf else g["tri_r"]
        if leaf:
            left = right = max(left, g["name_char"] * len(nodes["nm"][i]) / 2)
        box = RING_OUT + g["gap"] + g["box_w"]
        if nodes["side"][i] > 0:
            right = box
        elif nodes["side"][i] < 0:
            left = box
        out.append((nodes["d"][i], x * u, left, right))
    for s in p["sum"]:
        half = max(g["sum_r"], 7.0 * len(s["label"]) / 2)
        out.append((s["d"], s["x"] * u, half, half))
    return out


@pytest.mark.parametrize("b,d", [(2, 4), (3, 4), (4, 3), (5, 2)])
def test_label_boxes_and_rings_never_overlap_on_a_level(b, d):
    _, p = _payload(complete_tree(random_leaves(b, d, -999, 999, 5), b))
    ext = sorted(_extents(p))
    for a, c in zip(ext, ext[1:], strict=False):
        if a[0] == c[0]:
            gap = c[1] - a[1]
            assert a[3] + c[2] < gap, (a, c)  # bodies (outline, box, name) apart
            assert RING_OUT + c[2] < gap and a[3] + RING_OUT < gap  # a ring clears them
    g = p["geo"]
    assert g["box_h"] / 2 + RING_OUT < g["level_h"]  # a box never reaches the next level


def test_big_tree_is_collapsed_with_drill_targets():
    tree = complete_tree(random_leaves(5, 5, -99, 99, 1), 5)  # 3,906 nodes
    run, p = _payload(tree, budget=800)
    assert len(p["nodes"]["id"]) + len(p["sum"]) <= 800
    assert p["sum"] and all(s["hidden"] > 0 for s in p["sum"])
    for s in p["sum"]:
        assert (
            tree.parent[s["open"]] == p["nodes"]["id"][s["p"]]
            or s["open"] == p["nodes"]["id"][s["p"]]
        )
    # Decoding still agrees with the replay on every drawn node, and a hidden current node
    # points at the marker that hides it.
    rep = Replayer(run)
    ids = p["nodes"]["id"]
    for k in range(0, len(run.events) + 1, 97):
        snap = rep.snapshot(k)
        got = decode(p, k)
        assert got.status == [snap.status[v] for v in ids]
        if k and got.current < 0:
            s = p["sum"][-got.current - 1]
            v = snap.current
            while v not in ids:
                v = tree.parent[v]
            assert ids[s["p"]] == v
    focus = p["sum"][0]["open"]
    sub = _payload(tree, focus=focus, budget=800)[1]
    assert sub["focus"] == focus and sub["nodes"]["id"][0] == sub["focus"]
    # While the search is outside the drawn subtree, no node of it is current.
    inside = set(tree.preorder(focus))
    none = -(len(sub["sum"]) + 1)
    for k, e in enumerate(run.events, start=1):
        assert (sub["cur"][k] == none) == (e.node not in inside), k


def test_names_attach_to_their_nodes_in_a_collapsed_view():
    """Issue 9: the plotly figure put the tags E, F, G of the third level on the "+N nodes"
    markers of a collapsed view (one level too low). The payload names every drawn node by
    its own id, at its own depth, and a marker carries only its "+N nodes" label."""
    tree = complete_tree(list(range(81)), 3)
    run, p = _payload(tree, budget=20)
    names = [node_name(tree, v) for v in range(len(tree))]
    nodes = p["nodes"]
    assert p["sum"], "the view is collapsed"
    for i, v in enumerate(nodes["id"]):
        want = names[v] if tree.children[v] else f"leaf {names[v]}"
        assert nodes["nm"][i] == want
        assert nodes["d"][i] == tree.depth[v]
    at = {nodes["nm"][i]: i for i in range(len(nodes["id"]))}
    for name in "EFG":  # on the third level, under B, not on a marker
        i = at[name]
        assert nodes["d"][i] == 2 and nodes["nm"][nodes["p"][i]] == "B"
        assert all(sm["p"] != nodes["p"][i] or sm["x"] != nodes["x"][i] for sm in p["sum"])
    for sm in p["sum"]:  # a marker sits one level below its parent and names no node
        assert sm["label"] == f"+{sm['hidden']} nodes" and sm["d"] == nodes["d"][sm["p"]] + 1


def test_a_still_holds_its_step_and_nothing_later():
    tree = complete_tree(SAMPLES[0][0], 3)
    run, full = _payload(tree)
    _, still = _payload(tree, upto=9)
    assert still["still"] and not full["still"]
    assert (still["n"], still["total"], full["total"]) == (9, len(run.events), len(run.events))
    assert len(still["steps"]) == 9 and len(still["ti"]) == 10
    assert decode(still, 9) == decode(full, 9)


def test_hidden_blanks_the_node_and_the_bounds_of_its_subtree_in_every_step():
    tree = complete_tree(SAMPLES[0][0], 3)
    node, below = 1, (4, 5, 6)
    run, p = _payload(tree, upto=6, hidden=Hidden(node, (node, *below)))
    ids = p["nodes"]["id"]
    seen = set()
    for delta in p["steps"]:
        for j in range(0, len(delta), 5):
            v = ids[delta[j]]
            seen.add(v)
            if v == node:
                assert delta[j + 2 : j + 5] == [-1, -1, -1]
            if v in below:
                assert delta[j + 2] == delta[j + 3] == -1
    assert node in seen and 4 in seen  # both were reached by step 6
    got = decode(p, 6)
    assert got.alpha[ids.index(0)] == "−∞"  # the root's window still shows


def test_code_lines_and_notes_follow_the_steps():
    tree = complete_tree(SAMPLES[1][0], 2)
    run = search_tree(tree)
    n = len(run.events)
    at = tuple(range(-1, n))
    code = Code(("a", "b"), at, ("",) * (n + 1))
    p = tree_payload(run, describe, [node_name(tree, v) for v in range(len(tree))], code=code)
    assert p["code"] == {"lines": ["a", "b"], "at": list(at), "notes": []}
    _, still = _payload(tree, upto=2, code=code)
    assert still["code"]["at"] == [-1, 0, 1]


def test_a_blank_tree_has_no_step_and_no_step_line():
    tree = complete_tree(SAMPLES[0][0], 3)
    p = blank_payload(tree, [node_name(tree, v) for v in range(len(tree))])
    assert (p["n"], p["steps"], p["head"], p["still"]) == (0, [], False, True)
    assert decode(p, 0).status == ["unseen"] * len(tree)


# ---- each sentence once; the best line from the step the search proves it ---------------
def test_each_sentence_is_sent_once_and_every_step_finds_its_own():
    from engine.games import pawn
    from engine.search import search_game

    run = search_game(pawn.PawnGame(), pawn.from_code("3x3w:ppp/.../PPP"), None)
    p = tree_payload(run, describe, list(run.tree.labels))
    assert len(set(p["texts"])) == len(p["texts"]) < len(p["ti"]) == p["n"] + 1
    assert [step_text(p, k) for k in range(p["n"] + 1)] == [
        describe(run, k) for k in range(p["n"] + 1)
    ]


@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax", "pvs", "mtdf"])
def test_pv_shows_from_the_step_the_root_is_done_for_good(algorithm):
    """The best line is drawn, all of it at once, from the step at which the replay has the
    root done with its final value for good (before that step it is not): every node of the
    line is then done with its final value. A lower node done for good earlier does not
    light its edge: whether it is on the line is not known yet."""
    from engine.algorithms import tree_run  # the tree labs' runs (MTD(f) joined)

    tree = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    run = tree_run(tree, algorithm).run
    pv = minimax(tree).principal_variation()
    names = [node_name(tree, v) for v in range(len(tree))]
    p = tree_payload(run, describe, names, pv=pv)
    rep = Replayer(run)
    final = rep.final_values()
    snaps = [rep.snapshot(k) for k in range(len(run.events) + 1)]
    assert p["pv"] == [p["nodes"]["id"].index(v) for v in pv]
    at = p["pvk"][0]
    assert p["pvk"] == [at] * len(pv)
    for k in range(len(snaps)):
        settled = all(s.status[0] == "done" and s.value[0] == final[0] for s in snaps[k:])
        assert settled == (k >= at), k
    assert all(snaps[at].status[v] == "done" and snaps[at].value[v] == final[v] for v in pv)
    early = [v for v in pv[1:] if snaps[at - 1].status[v] == "done"]
    assert early  # lower nodes of the line were done before the root: they waited for it


@settings(max_examples=30, deadline=None)
@given(complete_cases(depth=(1, 3)), hs.sampled_from(["pvs", "mtdf"]))
def test_pvs_and_mtdf_decode_to_the_replay_and_never_draw_a_searched_node_pruned(case, algo):
    """Issue 22, 6: a leaf evaluated in any pass (or probe) is never drawn pruned, as the
    Replayer says; MTD(f)'s passes joined into one run."""
    from engine.algorithms import tree_run

    b, leaves = case
    tree = complete_tree(leaves, b)
    run = tree_run(tree, algo).run
    names = [node_name(tree, v) for v in range(len(tree))]
    payload = tree_payload(run, describe, names)
    assert_matches_replayer(run, payload)
    last = decode(payload, len(run.events))
    evaluated = {e.node for e in run.events if e.kind == "leaf"}
    ids = payload["nodes"]["id"]
    assert all(last.status[i] != PRUNED for i, v in enumerate(ids) if v in evaluated)


def test_mtdfs_last_picture_of_the_sample_keeps_pass_1s_leaves():
    from engine.algorithms import tree_run

    tree = complete_tree(SAMPLES[0][0], 3)
    run = tree_run(tree, "mtdf").run
    payload = tree_payload(run, describe, [node_name(tree, v) for v in range(len(tree))])
    last = decode(payload, len(run.events))
    by_name = dict(zip(payload["nodes"]["nm"], last.status, strict=True))
    assert by_name["leaf 2"] == by_name["leaf 3"] == "done"  # 12 and 8, pass 1 evaluated them


@settings(max_examples=40, deadline=None)
@given(complete_cases())
def test_every_pruned_node_names_the_cut_off_that_pruned_it(case):
    """issue 22: ``pc`` gives each pruned node the cut-off whose step first shows it pruned
    (read from the replay), and ``cuts`` the drawn pruned children of each."""
    from teach.cut_words import cut_notes

    b, leaves = case
    tree = complete_tree(leaves, b)
    run = search_tree(tree)
    notes = cut_notes(run)
    p = tree_payload(run, describe, [node_name(tree, v) for v in range(len(tree))], cuts=notes)
    ids = p["nodes"]["id"]
    rep = Replayer(run)
    first = {}
    for k in range(len(run.events) + 1):
        for v, s in enumerate(rep.snapshot(k).status):
            if s == PRUNED and v not in first:
                first[v] = k
    for i, v in enumerate(ids):
        j = p["pc"][i] if p["pc"] else -1  # no cut-off: no list
        if v not in first:
            assert j == -1
            continue
        assert p["cuts"][j]["k"] == first[v]
        top = v
        while top not in notes[j].skipped:
            top = tree.parent[top]
        assert ids.index(top) in p["cuts"][j]["e"]
    for c, n in zip(p["cuts"], notes, strict=True):
        assert (ids[c["i"]], c["note"], c["text"]) == (n.node, n.note, n.text)
    still = tree_payload(
        run,
        describe,
        [node_name(tree, v) for v in range(len(tree))],
        cuts=notes,
        upto=notes[0].step - 1 if notes else 0,
    )
    assert still["cuts"] == []
