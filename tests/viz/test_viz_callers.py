"""No dead code in viz: every public function or class of viz is used by production code.

A use is a reference the interpreter follows, read with ``ast``: a name imported from its
viz module (``from viz.m import f``, ``import viz.m``, ``from viz import m``) and then
referred to, or a reference inside its own module outside its own body. A word in a
comment, a docstring or a string, an import nobody then uses, an attribute of something
else that happens to have the name, or a function calling itself is no use.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = [
    p
    for d in ("engine", "teach", "viz", "ui", "app_pages", "bench")
    for p in sorted((ROOT / d).rglob("*.py"))
] + [ROOT / "app.py"]
# Known to have only test callers today, each with where it belongs; an entry whose function
# is gone is ignored, one that production has come to use fails (the list must stay true).
ONLY_TESTS = {
    # issue 20 item 8: "a decoder used only by tests ships in viz/tree_payload.py"
    "viz.tree_payload.decode": "the tests' decoder of the canvas's deltas",
    # the Python statement of what tree_canvas_follow.js derives, checked against Replayer
    "viz.follow.state_at": "the tests' reference of the follow view's state",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def public_definitions(tree: ast.Module) -> list[ast.FunctionDef | ast.ClassDef]:
    return [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and not node.name.startswith("_")
    ]


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of attributes on a name, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return f"{head}.{node.attr}" if head else None
    return None


def uses(tree: ast.Module, module: str) -> set[tuple[str, str]]:
    """The (viz module, name) pairs that the code of ``module`` (parsed as ``tree``) uses."""
    names: dict[str, tuple[str, str]] = {}  # local name -> (viz module, its name there)
    modules: dict[str, str] = {}  # local dotted name -> viz module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                local = alias.asname or alias.name
                if node.module == "viz":
                    modules[local] = f"viz.{alias.name}"
                elif node.module.startswith("viz."):
                    names[local] = (node.module, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("viz."):
                    modules[alias.asname or alias.name] = alias.name
    own: dict[str, ast.AST] = {}
    if module.startswith("viz."):
        own = {d.name: d for d in public_definitions(tree)}
        names.update({name: (module, name) for name in own})

    found: set[tuple[str, str]] = set()

    def visit(node: ast.AST, inside: str | None) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if own.get(node.name) is node:
                inside = node.name
        if isinstance(node, ast.Name) and node.id in names and node.id != inside:
            found.add(names[node.id])
        if isinstance(node, ast.Attribute):
            head = _dotted(node.value)
            if head in modules:
                found.add((modules[head], node.attr))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, None)
    return found


def test_every_public_viz_function_has_a_production_caller():
    used: set[tuple[str, str]] = set()
    defined: list[tuple[str, str]] = []
    for path in PRODUCTION:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = module_name(path)
        used |= uses(tree, module)
        if path.parent == ROOT / "viz":
            defined += [(module, d.name) for d in public_definitions(tree)]
    assert len(defined) > 20  # the modules were read
    unused = {f"{m}.{name}" for m, name in defined if (m, name) not in used}
    assert not unused - ONLY_TESTS.keys(), f"nothing in production uses: {unused}"
    listed = {f"{m}.{name}" for m, name in defined} & ONLY_TESTS.keys()
    assert listed <= unused, f"production uses {listed - unused}: take it off ONLY_TESTS"


def _uses(source: str, module: str = "ui.page") -> set[tuple[str, str]]:
    return uses(ast.parse(source), module)


def test_a_mention_is_no_use():
    source = '''
"""draw_tree draws the tree."""
from viz.layout import draw_tree  # imported, never called
# draw_tree(x) is commented out
label = "draw_tree"
obj.draw_tree()
'''
    assert _uses(source) == set()


def test_imports_followed_by_a_reference_are_uses():
    source = """
from viz.layout import draw_tree as dt, other
import viz.export
import viz.board as vb
from viz import follow

dt(1)
viz.export.figure_png(2)
handler = vb.board_figure
follow.view(3)
"""
    assert _uses(source) == {
        ("viz.layout", "draw_tree"),
        ("viz.export", "figure_png"),
        ("viz.board", "board_figure"),
        ("viz.follow", "view"),
    }


def test_inside_its_module_a_reference_from_elsewhere_counts_but_recursion_does_not():
    source = """
def walk(t):
    return walk(t.left)

def helper():
    return 1

def main():
    return helper()
"""
    assert _uses(source, "viz.layout") == {("viz.layout", "helper")}
