"""``python -m engine search --algo ALGO``: JSON lines of trees in, one JSON answer each out."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

from engine.alphabeta import alpha_beta
from engine.errors import InputError
from engine.judge import SEARCH_ALGOS, judge_search
from engine.search import search_tree
from engine.tree import minimax
from engine.tree_text import format_brackets
from tests.engine.test_cli import FRAME, imported_modules
from tests.strategies import complete_cases, random_trees

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = '{"leaves": [3, 12, 8, 2, 4, 6, 14, 5, 2], "branching": 3}\n'


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def answers(algo: str, text: str) -> list[dict]:
    return [json.loads(line) for line in judge_search(text, algo).splitlines()]


def test_statement_sample_every_algorithm():
    res = run(
        ["search", "--algo", "alphabeta"], SAMPLE + '{"leaves": [5, 6, 7, 4], "branching": 2}\n'
    )
    assert res.returncode == 0 and res.stderr == ""
    first, second = (json.loads(x) for x in res.stdout.splitlines())
    assert first == {"value": 3, "leaves": 7, "nodes": 11, "pv": 2, "cut": 2, "all": 0}
    assert [second["value"], second["leaves"]] == alpha_beta([5, 6, 7, 4], 2)
    for algo in SEARCH_ALGOS:
        res = run(["search", f"--algo={algo}"], SAMPLE)
        assert res.returncode == 0, res.stderr
        assert json.loads(res.stdout)["value"] == 3


def test_reads_a_file_and_bracket_trees(tmp_path: Path):
    f = tmp_path / "cases.jsonl"
    f.write_text('{"tree": "((1 2) (5 6))"}\n\n{"tree": "?(0.5:3 0.5:(2 4))"}\n')
    res = run(["search", "--algo", "expectimax", str(f)])
    assert res.returncode == 0, res.stderr
    assert [json.loads(x)["value"] for x in res.stdout.splitlines()] == [5, "7/2"]
    pvs = answers("pvs", '{"tree": "((1 2) (5 6))"}')[0]
    assert pvs == {"value": 5, "leaves": 6, "nodes": 10, "null_windows": 4, "re_searches": 1}
    mtdf = answers("mtdf", '{"tree": "((1 2) (5 6))"}')[0]
    assert mtdf["value"] == 5 and mtdf["passes"] >= 2


@settings(max_examples=150, deadline=None)
@given(complete_cases(branching=(2, 4), depth=(1, 4), values=(-6, 6)))
def test_alphabeta_follows_the_statement(case):
    b, leaves = case
    (got,) = answers("alphabeta", json.dumps({"leaves": leaves, "branching": b}))
    assert [got["value"], got["leaves"]] == alpha_beta(leaves, b)
    inner_visited = got["nodes"] - got["leaves"]
    assert got["pv"] + got["cut"] + got["all"] == inner_visited


@settings(max_examples=100, deadline=None)
@given(random_trees())
def test_every_algorithm_gives_the_minimax_value(tree):
    line = json.dumps({"tree": format_brackets(tree)})
    exact = minimax(tree).value
    for algo in SEARCH_ALGOS:
        (got,) = answers(algo, line)
        assert got["value"] == exact, algo
    assert answers("minimax", line)[0]["leaves"] == len(tree.leaves())
    assert answers("alphabeta", line)[0]["leaves"] == search_tree(tree).leaves_evaluated


@pytest.mark.parametrize(
    ("stdin", "line", "words"),
    [
        ('{"leaves": [1, 2, 3], "branching": 2}\n', 1, "not a power"),
        ('\n{"tree": "(1 2)"}\n{"tree": "(1 2"}\n', 3, "never closed"),
        ('{"tree": 5}\n', 1, "must be a string"),
        ('{"tree": "(1 2)", "x": 1}\n', 1, "unknown key 'x'"),
        ('{"leaves": [1, 2]}\n', 1, "missing key 'branching'"),
        ("[1, 2]\n", 1, "expected a JSON object"),
        ("{oops\n", 1, "not valid JSON"),
        ('{"tree": "?(0.5:3 0.5:(2 4))"}\n', 1, "use --algo expectimax"),
        ('{"leaves": [1, true], "branching": 2}\n', 1, "not an integer"),
    ],
)
def test_bad_input_exits_2_with_one_error_line(stdin: str, line: int, words: str) -> None:
    res = run(["search", "--algo", "pvs"], stdin)
    assert res.returncode == 2
    assert res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith(f"error: line {line}: "), lines[0]
    assert words in lines[0]
    assert "Traceback" not in res.stderr


def test_usage_errors() -> None:
    for args in (["search"], ["search", "--algo"], ["search", "--algo", "pvs", "a", "b"]):
        res = run(args)
        assert res.returncode == 2 and res.stderr.startswith("error: search needs --algo")
        assert len(res.stderr.strip().splitlines()) == 1
    res = run(["search", "--algo", "negascout"], SAMPLE)
    assert res.returncode == 2 and res.stderr.startswith("error: unknown algorithm 'negascout'")
    res = run(["search", "--algo", "pvs"], "")
    assert res.returncode == 2 and res.stderr.startswith("error: no cases")
    with pytest.raises(InputError, match="unknown algorithm"):
        judge_search(SAMPLE, "sss*")


BASE = {"engine.alphabeta", "engine.tree", "engine.tree_text"}
MACHINE = {"engine.trace", "engine.machine", "engine.explore", "engine.game"}  # every search's
SEARCH_NEEDS = {
    "minimax": BASE | MACHINE | {"engine.search"},
    "alphabeta": BASE | MACHINE | {"engine.search", "engine.node_types"},
    "pvs": BASE | MACHINE | {"engine.pvs"},
    "mtdf": BASE | MACHINE | {"engine.mtdf"},
    "expectimax": BASE | MACHINE | {"engine.expectimax", "fractions"},
}


@pytest.mark.parametrize("algo", SEARCH_ALGOS)
def test_search_imports_only_what_the_algorithm_needs(algo: str) -> None:
    got = {
        m
        for m in imported_modules(["search", "--algo", algo], SAMPLE)
        if m.startswith("engine") or m in ("numpy", "fractions")
    }
    needs = SEARCH_NEEDS[algo]
    assert needs <= got
    assert got - needs - FRAME == set(), f"{algo} imports what it does not use"
