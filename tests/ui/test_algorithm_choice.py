"""The algorithm choice of the tree labs (issue 13): the labs' runs and payloads (node types,
null windows, MTD(f)'s table events), the race table's rows, and the pages: choice, link,
race table, minimal tree. The list itself is tested in tests/engine/test_algorithms.py."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine import algorithms as ea
from engine.race import race_tree
from engine.trace import ENTER, NULL_WINDOW, RE_SEARCH, TABLE
from engine.tree import complete_tree
from engine.values import fmt_value
from tests.canvas_data import canvas, decode
from tests.ui.tables import tables
from ui.tree import tree_lab as tl
from ui.tree.race_panel import COLUMNS, race_rows

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = (3, 12, 8, 2, 4, 6, 14, 5, 2)
CHANCE = "(?(0.5:3 0.5:(2 4)) 1)"


def sample():
    return complete_tree(SAMPLE, 3)


def test_payload_carries_types_and_replays_table_events():
    tree = complete_tree((-5, 9, -7, -1, -6, 6, 5, 6), 2)  # MTD(f)'s memory answers here
    lab = tl.make_lab(tree, "statement", ea.MTDF)
    steps = [k for k, e in enumerate(lab.run.events, start=1) if e.kind == TABLE]
    assert steps
    p = tl.canvas_payload(lab)
    ids = p["nodes"]["id"]
    assert p["nodes"]["ty"] == [lab.types.get(v, "") for v in ids]
    for k in steps:  # the entry's window is on the canvas, as the Replayer has it
        node = lab.run.events[k - 1].node
        i = ids.index(node)
        d, snap = decode(p, k), lab.replayer.snapshot(k)
        assert d.status[i] == snap.status[node] == "active"
        assert (d.alpha[i], d.beta[i]) == (fmt_value(snap.alpha[node]), fmt_value(snap.beta[node]))
    assert tl.canvas_payload(tl.make_lab(sample()))["nodes"]["ty"]  # alpha-beta: types too
    assert tl.canvas_payload(tl.make_lab(sample(), "statement", ea.MINIMAX))["nodes"]["ty"] == []


def test_pvs_lab_sentences_say_re_search():
    lab = tl.make_lab(tl.ordered(sample(), "worst-first"), "statement", ea.PVS)
    k = next(k for k, e in enumerate(lab.run.events, 1) if e.tag == RE_SEARCH)
    assert lab.describe(lab.run, k).startswith("Re-search: the null window of")


def test_race_rows_are_the_engine_rows():
    table = race_tree(sample())
    rows = race_rows(table)
    assert len(rows) == len(table.rows) == 12
    assert all(list(r) == list(COLUMNS) for r in rows)
    pvs_worst = next(r for r in rows if r["algorithm"] == "PVS" and r["ordering"] == "worst first")
    want = table.row("pvs", "worst")
    assert (pvs_worst["leaves"], pvs_worst["re-searches"]) == (want.leaves, want.re_searches)


# ---- pages -----------------------------------------------------------------------------
def app(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app_pages" / page), default_timeout=60)
    for k, v in params.items():
        at.query_params[k] = v
    return at.run()


def test_alphabeta_link_chooses_the_algorithm_and_publishes_it():
    at = app("alphabeta.py", algo="pvs")
    assert not at.exception
    assert at.session_state["ab.algo"] == "pvs"
    p = canvas(at)["p"]
    assert len(p["ti"]) == len(tl.make_lab(sample(), "statement", "pvs").run.events) + 1
    race = tables(at)[0]
    assert list(race.columns) == list(COLUMNS) and len(race) == 12
    assert any("= 5 leaves (Knuth & Moore 1975)" in c.value for c in at.caption)
    at.segmented_control(key="ab.algo").set_value("mtdf").run()
    assert not at.exception
    assert at.query_params["algo"] in ("mtdf", ["mtdf"])
    at.segmented_control(key="ab.algo").set_value("alphabeta").run()
    assert "algo" not in at.query_params


def test_a_bad_algorithm_in_the_link_falls_back_with_a_warning():
    at = app("alphabeta.py", algo="quantum")
    assert not at.exception
    assert any("algorithm could not be read" in w.value for w in at.warning)
    assert at.session_state["ab.algo"] == "alphabeta"


def test_editor_runs_expectimax_on_a_chance_tree():
    at = app("tree.py", t=CHANCE)
    assert not at.exception
    assert at.session_state["ed.algo"] == "expectimax"
    assert "expectimax looked at" in "\n".join(m.value for m in at.markdown)
    assert len(tables(at)[0]) == 1  # the race: expectimax only


def test_editor_algorithm_link_restores():
    at = app("tree.py", algo="mtdf")
    assert not at.exception
    assert at.session_state["ed.algo"] == "mtdf"
    assert "MTD(f) looked at" in "\n".join(m.value for m in at.markdown)


def test_null_windows_are_marked_in_the_payload():
    lab = tl.make_lab(tl.ordered(sample(), "worst-first"), "statement", ea.PVS)
    p = tl.canvas_payload(lab)
    vals = p["vals"]
    pairs = {(vals[a], vals[b]) for a, b in p["nw"]}
    probes = {
        (fmt_value(e.alpha), fmt_value(e.beta))
        for e in lab.run.events
        if e.kind == ENTER and e.tag == NULL_WINDOW
    }
    assert probes and probes <= pairs
    assert all(int(b.replace("−", "-")) - int(a.replace("−", "-")) == 1 for a, b in pairs)
    assert tl.canvas_payload(tl.make_lab(sample(), "statement", ea.MINIMAX))["nw"] == []


def test_expectimax_is_offered_on_a_plain_tree_and_loads_the_chance_preset():
    """issue 22: the editor offers expectimax on a tree with no chance node; picking it loads
    the preset that has chance nodes (an edit: Undo brings the tree back) and says so."""
    from teach.algorithms import expectimax_loaded, expectimax_plain

    EXPECTIMAX_LOADED, EXPECTIMAX_PLAIN = expectimax_loaded(), expectimax_plain()

    at = app("tree.py", t="((3 5) (2 9))")
    menu = at.segmented_control(key="ed.algo")
    assert "Expectimax" in menu.options  # the labels shown
    menu.set_value("expectimax").run()
    assert not at.exception
    tree = at.session_state["ed.state"].tree
    assert tree.has_chance and at.session_state["ed.algo"] == "expectimax"
    assert EXPECTIMAX_LOADED in [i.value for i in at.info]
    assert "expectimax looked at" in "\n".join(m.value for m in at.markdown)
    assert at.query_params["algo"] in ("expectimax", ["expectimax"])
    at.run()  # said once
    assert EXPECTIMAX_LOADED not in [i.value for i in at.info]
    # a link asking for expectimax on a plain tree: minimax's values, said so
    linked = app("tree.py", t="((3 5) (2 9))", algo="expectimax")
    assert not linked.exception and not linked.session_state["ed.state"].tree.has_chance
    assert EXPECTIMAX_PLAIN in [i.value for i in linked.info]


def test_the_alpha_beta_page_offers_expectimax_and_links_the_preset():
    from teach.algorithms import CHANCE_PRESET_TREE, expectimax_plain

    EXPECTIMAX_PLAIN = expectimax_plain()

    at = app("alphabeta.py")
    at.segmented_control(key="ab.algo").set_value("expectimax").run()
    assert not at.exception
    from urllib.parse import parse_qs, urlsplit

    (said,) = [i.value for i in at.info if i.value.startswith(EXPECTIMAX_PLAIN)]
    target = said[said.index("](") + 2 : -1]
    parts = urlsplit(target)
    assert parts.path == "tree"
    assert parse_qs(parts.query) == {"t": [CHANCE_PRESET_TREE], "algo": ["expectimax"]}
    opened = app("tree.py", t=CHANCE_PRESET_TREE, algo="expectimax")
    assert not opened.exception and opened.session_state["ed.state"].tree.has_chance
