"""The public API answers the statement samples, and the engine stays free of UI imports."""

from __future__ import annotations

import ast
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
    table = engine.solve_table(20)
    assert engine.judge_answer(engine.solve_chase(engine.parse_case("20 1 1 20 20", 1), table)) == (
        "BLACK 56"
    )
    tree = engine.parse_ural("7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 0\n")
    assert engine.minimax(tree).value == 0
    assert engine.minimax(engine.parse_brackets("((-1 1) (1 1))")).value == 1


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


def _module_state(path: Path) -> list[str]:
    """Module-level caches in ``path``: an empty list/dict/set (a cache starts empty), a
    weak dictionary, or a function cached with functools (lru_cache / cache)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            v = node.value
            empty = isinstance(v, ast.List | ast.Dict | ast.Set) and not (
                getattr(v, "elts", None) or getattr(v, "keys", None)
            )
            call = isinstance(v, ast.Call) and ast.unparse(v.func).split(".")[-1] in (
                "WeakKeyDictionary",
                "WeakValueDictionary",
                "dict",
                "list",
                "set",
                "defaultdict",
                "OrderedDict",
            )
            if empty or call:
                found.append(f"{path}:{node.lineno} {ast.unparse(node)[:60]}")
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            for sub in ast.walk(node):
                for dec in getattr(sub, "decorator_list", []):
                    name = ast.unparse(dec)
                    if "lru_cache" in name or name.endswith("cache"):
                        found.append(f"{path}:{sub.lineno} @{name} {sub.name}")
    return found


def test_no_module_level_caches_in_engine_or_teach() -> None:
    """Many sessions share one server process: engine and teach keep no state of their own
    (the replay cache, the name table and the chase tables were such state)."""
    found = []
    for top in ("engine", "teach"):
        for path in sorted((ROOT / top).rglob("*.py")):
            found += _module_state(path)
    assert found == []


def test_dead_names_are_gone() -> None:
    import engine.games.chase_solver as solver
    import engine.play as play
    import engine.tree as tree
    import ui.boards.board_search as board_search

    assert not hasattr(tree, "solve_tree")  # minimax is the one name
    assert not hasattr(solver.ChaseTable, "max_plies")
    assert not hasattr(play, "Rules") and not hasattr(play, "pawn_rules")
    assert not hasattr(board_search, "in_subtree")
    assert not [m for m in ("root", "height", "subtree_sizes") if hasattr(tree.GameTree, m)]
    assert not hasattr(solver.ChaseTable, "black_heatmap")


def test_each_limit_has_its_own_name() -> None:
    import engine.random_tree as random_tree
    import teach.exam as exam

    assert not hasattr(random_tree, "MAX_LEAVES") and not hasattr(exam, "MAX_LEAVES")
    assert random_tree.MAX_RANDOM_LEAVES == random_tree.MAX_RANDOM_NODES == 100_000
    assert (exam.MAX_EXERCISE_LEAVES, exam.MAX_SHEET_LEAVES) == (243, 27)
