"""The dependency direction of DESIGN.md, read from every module's imports (ast, not a run):
engine <- {teach, viz} <- ui <- pages / app.py; viz may read teach, teach never viz; class
mode's backend sits between teach and ui (engine <- teach <- classroom <- ui); nothing in
engine, teach, viz or classroom imports streamlit; the search machinery knows no game; a game's solver
imports its rules, never the reverse. gtl_dev (the tooling tests and benchmarks share) may
read classroom and is read by the benchmarks only; no benchmark imports tests/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# package -> first-party packages it may import
ALLOWED = {
    "engine": {"engine"},
    "teach": {"engine", "teach"},
    "viz": {"engine", "teach", "viz"},
    "classroom": {"engine", "teach", "classroom"},
    "ui": {"engine", "teach", "viz", "classroom", "ui"},
    "app_pages": {"engine", "teach", "viz", "classroom", "ui"},
    "app": {"ui"},
    "bench": {"engine", "teach", "viz", "classroom", "ui", "bench", "gtl_dev"},
    "gtl_dev": {"classroom", "gtl_dev"},
}
FIRST_PARTY = {
    "engine",
    "teach",
    "viz",
    "classroom",
    "ui",
    "app_pages",
    "app",
    "bench",
    "gtl_dev",
    "tests",
}
UI_LIBS = {"streamlit", "plotly", "networkx", "matplotlib", "pandas"}
# what each pure package may not import from outside
FORBIDDEN = {
    "engine": UI_LIBS,
    "teach": UI_LIBS,
    "viz": {"streamlit"},
    "classroom": UI_LIBS,
}


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> list[str]:
    """Absolute names of every module ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pkg = _module_name(path).split(".")
    if path.name != "__init__.py":
        pkg = pkg[:-1]
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg[: len(pkg) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names.append(mod)
            names += [f"{mod}.{a.name}" for a in node.names]  # `from engine import games`
    return names


def _modules() -> list[Path]:
    out = [ROOT / "app.py"]
    for top in ("engine", "teach", "viz", "classroom", "ui", "app_pages", "bench", "gtl_dev"):
        out += sorted((ROOT / top).rglob("*.py"))
    return out


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_follow_the_layers(path: Path) -> None:
    top = path.relative_to(ROOT).parts[0].removesuffix(".py")
    me = _module_name(path)
    bad = []
    for name in _imports(path):
        head = name.split(".")[0]
        if head in FIRST_PARTY and head not in ALLOWED[top]:
            bad.append(name)
        if head in FORBIDDEN.get(top, ()):
            bad.append(name)
        if (
            me.startswith("engine.")
            and not me.startswith("engine.games")
            and me
            not in (
                "engine",
                "engine.__main__",
                "engine.judge",
            )
        ):
            if name.startswith("engine.games"):
                bad.append(f"{name} (search and the core know no game)")
    assert not bad, f"{me} imports across the layers: {sorted(set(bad))}"


def test_solvers_import_their_rules_never_the_reverse() -> None:
    games = ROOT / "engine" / "games"
    for rules in ("pawn", "chase"):
        names = _imports(games / f"{rules}.py")
        assert not [n for n in names if "solver" in n], f"engine.games.{rules} imports a solver"


def test_the_checker_sees_a_wrong_import(tmp_path: Path) -> None:
    """The reader resolves relative imports: a `from ..ui import x` in engine is caught."""
    fake = ROOT / "engine" / "games" / "_layer_probe.py"
    fake.write_text("from ...ui import share\nimport streamlit\n", encoding="utf-8")
    try:
        names = _imports(fake)
    finally:
        fake.unlink()
    assert "ui" in {n.split(".")[0] for n in names}
    assert "streamlit" in names


QUIZ_PARTS = ("answers", "model", "windows", "mcts", "generate", "score")  # teach.quiz, top down


def test_the_quiz_parts_import_only_those_above_and_callers_use_the_package() -> None:
    """teach.quiz is split by concern; each part imports only the parts above it, and a
    caller imports the package (one name for each thing), never a part."""
    parts = {f"teach.quiz.{p}": i for i, p in enumerate(QUIZ_PARTS)}
    assert {_module_name(p) for p in (ROOT / "teach" / "quiz").glob("*.py")} == {
        "teach.quiz",
        *parts,
    }
    bad = []
    for path in _modules() + sorted((ROOT / "tests").rglob("*.py")):
        me = _module_name(path)
        for name in _imports(path):
            part = next((p for p in parts if name == p or name.startswith(p + ".")), None)
            if part is None or me == "teach.quiz":
                continue
            if me not in parts or parts[part] >= parts[me]:
                bad.append(f"{me} imports {name}")
    assert not bad, "\n".join(sorted(set(bad)))


# ui modules documented as pure: the link codecs, tested without Streamlit
PURE_UI = ("ui.common.link_codec", "ui.tree.tree_source", "ui.practice.quiz_link")


def _file_of(name: str) -> Path | None:
    """The first-party module file a dotted import name is (None: a name inside a module)."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


@pytest.mark.parametrize("start", PURE_UI)
def test_a_pure_link_codec_reaches_no_ui_library(start: str) -> None:
    """Not directly, nor through any first-party module it imports (packages' __init__ too)."""
    chain = {start: start}
    todo = [start]
    bad = []
    while todo:
        me = todo.pop()
        path = _file_of(me)
        assert path is not None, me
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] in UI_LIBS:
                bad.append(f"{chain[me]} -> {name}")
            if parts[0] not in FIRST_PARTY:
                continue
            for i in range(1, len(parts) + 1):  # `import a.b.c` runs a, a.b and a.b.c
                mod = ".".join(parts[:i])
                if mod not in chain and _file_of(mod) is not None:
                    chain[mod] = f"{chain[me]} -> {mod}"
                    todo.append(mod)
    assert not bad, "\n".join(sorted(bad))


# An import sits at the top of its module; one inside a function says why on its line or the
# line above (``# deferred: ...`` for a heavy import put off on purpose, such as the judge
# CLI's, ``# cycle: ...`` for one that breaks a cycle).
def _local_imports(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    top = {id(n) for n in tree.body}
    for n in tree.body:  # `if TYPE_CHECKING:` imports are the module's too
        if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING":
            top |= {id(x) for x in n.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top:
            said = lines[node.lineno - 1] + (lines[node.lineno - 2] if node.lineno > 1 else "")
            if "# deferred:" not in said and "# cycle:" not in said:
                out.append(f"{node.lineno}: {ast.unparse(node)}")
    return out


@pytest.mark.parametrize(
    "path",
    [
        p
        for p in _modules()
        if p.relative_to(ROOT).parts[0]
        in ("app.py", "app_pages", "engine", "teach", "viz", "classroom", "ui")
    ],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_imports_sit_at_the_top_of_the_module(path: Path) -> None:
    assert not _local_imports(path), (
        f"imports inside functions, unexplained: {_local_imports(path)}"
    )
