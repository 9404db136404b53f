"""The judge-format CLI, run as a user runs it: ``python -m engine PROBLEM [FILE]``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PAWN_SAMPLE = "2\n\n.ppp\n....\n.PPP\n....\n\n...p\n...p\npP.P\n...P\n"
TREE_SAMPLE = "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 +1\n"


def run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("problem", "stdin", "expected"),
    [
        (
            "alphabeta",
            '{"leaves": [3, 12, 8, 2, 4, 6, 14, 5, 2], "branching": 3}\n'
            '{"leaves": [5, 6, 7, 4], "branching": 2}\n\n',
            "[3, 7]\n[5, 4]\n",
        ),
        ("pawn", PAWN_SAMPLE + "\n\n", "white (7)\nblack (2)\n"),
        ("chase", "2 1 1 2 2\n3 1 1 3 3\n3 1 1 1 2\n\n", "BLACK 2\nBLACK 6\nWHITE 1\n"),
        ("tree", TREE_SAMPLE + "\n\n", "+1\n"),
    ],
)
def test_samples_on_stdin(problem: str, stdin: str, expected: str) -> None:
    res = run([problem], stdin)
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    assert res.stdout == expected


def test_tree_two_cases_second_is_a_draw() -> None:
    second = TREE_SAMPLE[: TREE_SAMPLE.rindex("L 3 +1")] + "L 3 0\n"
    res = run(["tree"], TREE_SAMPLE + "\n" + second)
    assert res.returncode == 0, res.stderr
    assert res.stdout == "+1\n0\n"


def test_reads_a_file(tmp_path: Path) -> None:
    f = tmp_path / "case.txt"
    f.write_text("20 1 1 20 20\n")
    res = run(["chase", str(f)])
    assert res.returncode == 0, res.stderr
    assert res.stdout == "BLACK 56\n"


@pytest.mark.parametrize(
    ("problem", "stdin", "line"),
    [
        ("alphabeta", '{"leaves": [1, 2, 3], "branching": 2}\n', 1),
        ("alphabeta", '\n{"leaves": [1, 2], "branching": 2}\n{"leaves": [1, 2]\n', 3),
        ("pawn", "1\n\n.ppp\n..x.\n.PPP\n....\n", 4),
        ("chase", "3 1 1 3 3\n3 1 1 1 1\n", 2),
        ("chase", "3 1 1 4 3\n", 1),
        ("tree", "3\nN 1\nL 5 1\n", 3),
        ("tree", "4\nN 1\nN 2\nL 1 1\n", 3),
    ],
)
def test_bad_input_exits_2_with_one_error_line(problem: str, stdin: str, line: int) -> None:
    res = run([problem], stdin)
    assert res.returncode == 2
    assert res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith(f"error: line {line}: "), lines[0]
    assert "Traceback" not in res.stderr


def test_empty_input_is_an_error_not_silence() -> None:
    for problem in ("alphabeta", "pawn", "chase", "tree"):
        res = run([problem], "")
        assert res.returncode == 2, problem
        assert res.stderr.startswith("error: "), (problem, res.stderr)
        assert "Traceback" not in res.stderr


def test_usage_errors() -> None:
    res = run(["checkers"])
    assert res.returncode == 2
    assert res.stderr.startswith("error: unknown problem 'checkers'")
    res = run([])
    assert res.returncode == 2 and "usage:" in res.stderr
    res = run(["pawn", "/nonexistent/file.txt"])
    assert res.returncode == 2 and res.stderr.startswith("error: cannot read input")
    res = run(["--help"])
    assert res.returncode == 0 and "usage:" in res.stdout
    res = run(["tree", "--verbose"])
    assert res.returncode == 2 and res.stderr == (
        "error: unknown option '--verbose'; see python -m engine tree --help\n"
    )


SUBCOMMANDS = ("alphabeta", "pawn", "chase", "tree", "search")


def test_the_command_help_names_every_subcommand() -> None:
    res = run(["--help"])
    assert res.returncode == 0 and res.stderr == ""
    for name in SUBCOMMANDS:
        assert f"\n  {name} " in res.stdout, name


@pytest.mark.parametrize("name", SUBCOMMANDS)
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_each_subcommand_explains_its_formats_with_an_example_that_runs(name, flag) -> None:
    """``python -m engine NAME --help`` (a stray --help once read as a FILE name) prints the
    input and output formats and an example; the example, run, prints what the help says."""
    from engine.cli_help import EXAMPLES

    args = ["--algo", "alphabeta", flag] if name == "search" else [flag]
    res = run([name, *args])
    assert res.returncode == 0 and res.stderr == "", res.stderr
    assert "input:" in res.stdout and "output:" in res.stdout and "example:" in res.stdout
    example_args, stdin, out = EXAMPLES[name]
    shown = "\n".join("    " + line if line else "" for line in out.splitlines())
    assert shown in res.stdout and stdin.splitlines()[0] in res.stdout
    ran = run([name, *example_args], stdin)
    assert (ran.returncode, ran.stdout, ran.stderr) == (0, out, "")


@pytest.mark.parametrize(
    ("args", "shape"),
    [
        (["alphabeta"], '{"leaves": [3, 12, 8], "branching": 3}'),
        (["search", "--algo", "pvs"], "tree"),
    ],
)
def test_json_in_the_wrong_shape_says_the_shape_expected(args, shape) -> None:
    res = run(args, '{"leaves": [1, 2]} {"branching": 2}\n')
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.startswith("error: line 1: not valid JSON (Extra data): each line must be")
    assert shape in res.stderr and res.stderr.count("\n") == 1


def imported_modules(args: list[str], stdin: str) -> set[str]:
    """Every module ``python -X importtime -m engine ARGS`` imports (read from its report)."""
    res = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    names = set()
    for line in res.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip())
    return names


# what each subcommand needs (of the engine's modules and numpy), and nothing else
NEEDS = {
    "alphabeta": ({"engine.alphabeta", "engine.tree"}, '{"leaves": [1, 2], "branching": 2}\n'),
    "pawn": ({"engine.games.pawn", "engine.games.pawn_solver", "numpy"}, PAWN_SAMPLE),
    "chase": ({"engine.games.chase", "engine.games.chase_solver", "numpy"}, "2 1 1 2 2\n"),
    "tree": ({"engine.tree", "engine.tree_text"}, TREE_SAMPLE),
}
FRAME = {
    "engine",
    "engine.__main__",
    "engine.cli_help",
    "engine.judge",
    "engine.errors",
    "engine.games",
    "engine.game",
}


@pytest.mark.parametrize("problem", sorted(NEEDS))
def test_each_subcommand_imports_only_what_it_needs(problem: str) -> None:
    needs, stdin = NEEDS[problem]
    got = {m for m in imported_modules([problem], stdin) if m.split(".")[0] in ("engine", "numpy")}
    got = {m for m in got if m.startswith("engine") or m == "numpy"}
    assert needs <= got
    assert got - needs - FRAME == set(), f"{problem} imports what it does not use"


def test_import_engine_is_lazy_and_keeps_the_public_names() -> None:
    code = (
        "import sys, engine\n"
        "assert not [m for m in sys.modules if m.startswith('engine.')], sorted(sys.modules)\n"
        "assert 'numpy' not in sys.modules\n"
        "assert set(engine.__all__) <= set(dir(engine))\n"
        "for name in engine.__all__:\n"
        "    getattr(engine, name)\n"
        "assert 'numpy' in sys.modules\n"
        "from engine import *  # noqa\n"
        "try:\n"
        "    engine.solve_tree\n"
        "except AttributeError:\n"
        "    print('ok')\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "ok"
