"""No dead code in viz: every public function or class of viz has a caller outside tests."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = [
    p
    for d in ("engine", "teach", "viz", "ui", "app_pages", "bench")
    for p in sorted((ROOT / d).rglob("*.py"))
] + [ROOT / "app.py"]


def test_every_public_viz_function_has_a_production_caller():
    texts = {p: p.read_text(encoding="utf-8") for p in PRODUCTION}
    unused = []
    for path in sorted((ROOT / "viz").glob("*.py")):
        for node in ast.parse(texts[path]).body:
            if not isinstance(node, ast.FunctionDef | ast.ClassDef) or node.name.startswith("_"):
                continue
            word = re.compile(rf"\b{node.name}\b")
            uses = sum(len(word.findall(t)) for t in texts.values())
            if uses < 2:  # the definition itself
                unused.append(f"{path.name}:{node.name}")
    assert not unused, f"only tests call: {unused}"
