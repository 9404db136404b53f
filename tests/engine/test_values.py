"""The one notation for values and bounds (engine.values), and that nobody else writes one."""

from __future__ import annotations

import ast
import math
import re
from pathlib import Path

import pytest

from engine.values import MINUS_INF, PLUS_INF, fmt_value, plural

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("v", "text"),
    [
        (math.inf, "+∞"),
        (-math.inf, "−∞"),
        (3, "3"),
        (0, "0"),
        (-2, "-2"),
        (3.0, "3"),
        (-7.0, "-7"),
        (2.5, "2.5"),
        (None, "?"),
    ],
)
def test_notation(v, text):
    assert fmt_value(v) == text


def test_missing_mark_and_constants():
    assert fmt_value(None, missing="") == ""
    assert (PLUS_INF, MINUS_INF) == ("+\u221e", "\u2212\u221e")


# Where people's input is read: the parser's spellings of infinity are not output.
PARSERS = {"teach/quiz/answers.py": {"_INF", "_NEG_INF", "INF_HINT"}}
INF_WORDS = {"inf", "+inf", "-inf", "infinity", "-infinity", "+infinity"}


def _output_strings(path: Path) -> list[tuple[int, str]]:
    """String constants of a module that are not docstrings nor a parser's spelling tables."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        if isinstance(node, ast.Assign):
            names = {t.id for t in node.targets if isinstance(t, ast.Name)}
            rel = path.relative_to(ROOT).as_posix()
            if names & PARSERS.get(rel, set()):
                skip.update(id(c) for c in ast.walk(node.value))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            out.append((node.lineno, node.value))
    return out


def test_no_other_module_writes_infinity():
    bad = []
    for pkg in ("engine", "teach", "viz", "classroom", "ui", "app_pages"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            if path == ROOT / "engine" / "values.py":
                continue
            for line, text in _output_strings(path):
                words = {w.strip(".,;:()[]") for w in text.lower().split()}
                if "\u221e" in text or words & INF_WORDS - {"inf"} or "= -inf" in text:
                    bad.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not bad, "infinity written outside engine.values:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    ("n", "one", "many", "text"),
    [
        (1, "leaf", "leaves", "1 leaf"),
        (0, "leaf", "leaves", "0 leaves"),
        (2, "level", None, "2 levels"),
        (1, "node", None, "1 node"),
        (12_500, "node", None, "12,500 nodes"),
        (1, "ply", "plies", "1 ply"),
    ],
)
def test_plural_agrees_with_the_count(n, one, many, text):
    assert plural(n, one, many) == text


# A count written with its own little plural rule ("s" if n != 1, 'y' if n == 1 else 'ies')
# instead of engine.values.plural: the slips "1 leaves", "1 levels", "(1 nodes)" came from
# counts written with no rule at all; one helper, used everywhere.
_OWN_RULE = re.compile(r"""['"](s|y|ies|ren|)['"] if [^'"\n]*[!=]= 1|\* \([^)]*!= 1\)""")


def test_counts_use_the_one_plural_helper():
    found = []
    for path in sorted(ROOT.glob("*/**/*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("tests/", ".venv/")) or "/." in rel:
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _OWN_RULE.search(line):
                found.append(f"{rel}:{i}: {line.strip()}")
    assert not found, "use engine.values.plural:\n" + "\n".join(found)
