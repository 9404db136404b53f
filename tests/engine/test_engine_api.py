"""The public API answers the statement samples, and the engine stays free of UI imports."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[2]


def test_public_api_answers_the_samples() -> None:
    assert engine.alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3) == [3, 7]
    assert engine.alpha_beta([5, 6, 7, 4], 2) == [5, 4]
    sol = engine.solve_pawn(engine.parse_board(".ppp\n....\n.PPP\n...."))
    assert (sol.winner, sol.plies) == ("white", 7)
    assert engine.judge_answer(engine.solve_chase(engine.parse_case("20 1 1 20 20", 1))) == (
        "BLACK 56"
    )
    tree = engine.parse_ural("7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 0\n")
    assert engine.solve_tree(tree).value == 0
    assert engine.solve_tree(engine.parse_brackets("((-1 1) (1 1))")).value == 1


def test_engine_never_imports_ui_libraries() -> None:
    code = (
        "import sys, engine, bench.bench_engine, engine.__main__\n"
        "import pkgutil, importlib\n"
        "for m in pkgutil.iter_modules(engine.__path__):\n"
        "    importlib.import_module('engine.' + m.name)\n"
        "bad = [m for m in ('streamlit', 'plotly', 'networkx') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == ""
