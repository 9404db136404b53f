"""The one notation for values and bounds (engine.values), and that nobody else writes one."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest

from engine.values import MINUS_INF, PLUS_INF, fmt_value

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
PARSERS = {"teach/quiz.py": {"_INF", "_NEG_INF", "INF_HINT"}}
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
    for pkg in ("engine", "teach", "viz", "classroom", "ui", "pages"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            if path == ROOT / "engine" / "values.py":
                continue
            for line, text in _output_strings(path):
                words = {w.strip(".,;:()[]") for w in text.lower().split()}
                if "\u221e" in text or words & INF_WORDS - {"inf"} or "= -inf" in text:
                    bad.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not bad, "infinity written outside engine.values:\n" + "\n".join(bad)
