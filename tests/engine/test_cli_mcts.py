"""``python -m engine search --algo mcts``: the same JSON lines in, one answer each out; the
same seed gives the same line; bad options and input exit 2 with one ``error:`` line."""

from __future__ import annotations

import io
import json

import pytest

from engine.__main__ import main
from engine.mcts import mcts_tree
from engine.tree import complete_tree
from tests.engine.test_cli_search import SAMPLE, run


def test_statement_sample(capsys, monkeypatch):
    res = run(["search", "--algo", "mcts", "--iterations", "2000", "--seed", "3"], SAMPLE)
    assert res.returncode == 0 and res.stderr == ""
    got = json.loads(res.stdout)
    assert set(got) == {"value", "best", "visits", "nodes", "playouts"}
    assert got["best"] == 0 and sum(got["visits"]) == 2000  # minimax: the first move, 3
    ref = mcts_tree(complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3), 2000, 3, record=False)
    assert got["value"] == pytest.approx(ref.value, abs=1e-6) and got["visits"] == ref.visits
    assert got["nodes"] == 13  # every node of the tree is in it
    # the same seed, the same line; in-process too; --c and --policy change the search
    args = ["search", "--algo=mcts", "--iterations=500", "--seed=9"]
    lines = set()
    for _ in range(2):
        monkeypatch.setattr("sys.stdin", io.StringIO(SAMPLE))
        assert main(args) == 0
        lines.add(capsys.readouterr().out)
    assert len(lines) == 1
    monkeypatch.setattr("sys.stdin", io.StringIO(SAMPLE))
    assert main([*args, "--c", "0.2"]) == 0
    assert capsys.readouterr().out not in lines
    monkeypatch.setattr("sys.stdin", io.StringIO(SAMPLE))
    assert main([*args, "--policy", "greedy"]) == 0
    assert json.loads(capsys.readouterr().out)["best"] == 0


@pytest.mark.parametrize(
    "args, words",
    [
        (["--seed", "1"], "--algo mcts needs --iterations"),
        (["--iterations", "10"], "--algo mcts needs --seed"),
        (["--iterations", "ten", "--seed", "1"], "--iterations must be a whole number"),
        (["--iterations", "0", "--seed", "1"], "iterations must be between 1 and"),
        (["--iterations", "5", "--seed", "1", "--c", "-2"], "c must be a number >= 0"),
        (["--iterations", "5", "--seed", "1", "--c", "inf"], "c must be a number >= 0"),
        (["--iterations", "5", "--seed", "x"], "--seed must be a whole number"),
        (["--iterations", "5", "--seed", "1", "--policy", "best"], "unknown playout policy"),
        (["--iterations", "5", "--seed", "1", "--seed", "2"], "--seed given twice"),
        (["--iterations"], "--iterations needs a value"),
    ],
)
def test_bad_options(capsys, monkeypatch, args, words):
    monkeypatch.setattr("sys.stdin", io.StringIO(SAMPLE))
    assert main(["search", "--algo", "mcts", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ") and words in err and err.count("\n") == 1


def test_bad_input_and_options_of_other_algorithms():
    res = run(["search", "--algo", "mcts", "--iterations", "5", "--seed", "0"], "{nope\n")
    assert res.returncode == 2 and res.stdout == "" and res.stderr.startswith("error: line 1:")
    res = run(
        ["search", "--algo", "mcts", "--iterations", "5", "--seed", "0"],
        '{"tree": "?(0.5:1 0.5:2)"}\n',
    )
    assert res.returncode == 2 and "chance" in res.stderr and "Traceback" not in res.stderr
    res = run(["search", "--algo", "alphabeta", "--seed", "3"], SAMPLE)
    assert res.returncode == 2 and res.stderr == "error: --seed: only with --algo mcts\n"
    res = run(["search", "--algo", "nope"], SAMPLE)
    assert res.returncode == 2 and "mcts" in res.stderr
