"""requirements.txt (read by ``pip install -r`` and by Streamlit Community Cloud) says what
pyproject.toml says: the same runtime dependencies with the same exact pins, plus the project
itself, editable (Streamlit finds the components' files only through an installed package's
pyproject.toml); and every package the app imports is one of them or comes with them.
The start from requirements.txt in a fresh environment: tests/browser/test_start_without_make.py.
"""

from __future__ import annotations

import ast
import importlib.metadata
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
APP_CODE = ("engine", "teach", "viz", "classroom", "ui", "app_pages", "game_tree_lab")
APP_FILES = ("app.py", "serve.py")


def _requirements_lines() -> list[str]:
    text = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return [line for line in lines if line]


def _by_name(requirements: list[str]) -> dict[str, Requirement]:
    out: dict[str, Requirement] = {}
    for line in requirements:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        assert name not in out, f"{req.name} is listed twice"
        out[name] = req
    return out


def test_requirements_pin_what_pyproject_pins():
    lines = _requirements_lines()
    assert "-e ." in lines, "requirements.txt must install the project itself: a line `-e .`"
    listed = _by_name([line for line in lines if line != "-e ."])
    declared = _by_name(PYPROJECT["project"]["dependencies"])
    assert sorted(listed) == sorted(declared), (
        f"only in requirements.txt: {sorted(set(listed) - set(declared))}; "
        f"only in pyproject.toml: {sorted(set(declared) - set(listed))}"
    )
    for name, req in declared.items():
        got = listed[name]
        same = (
            (got.extras, str(got.specifier), str(got.marker)),
            (
                req.extras,
                str(req.specifier),
                str(req.marker),
            ),
        )
        assert same[0] == same[1], f"{name}: requirements.txt says {got}, pyproject.toml says {req}"
        pins = list(req.specifier)
        assert len(pins) == 1 and pins[0].operator == "==", f"{req} is not pinned exactly"


def _imported_tops() -> dict[str, str]:
    """Top-level names the app's code imports (absolute imports), each with a file that does."""
    files = [p for top in APP_CODE for p in (ROOT / top).rglob("*.py")]
    files += [ROOT / name for name in APP_FILES]
    tops: dict[str, str] = {}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                tops.setdefault(name.split(".")[0], str(path.relative_to(ROOT)))
    return tops


def test_every_imported_package_is_declared():
    """A package the app imports by name is a declared dependency, not one that merely comes
    with another (pandas came with streamlit, starlette with uvicorn, until they did not)."""
    own = set(APP_CODE) | {"gtl_dev", "tests"}
    declared = set(_by_name(PYPROJECT["project"]["dependencies"]))
    providers = importlib.metadata.packages_distributions()
    undeclared = []
    for top, where in sorted(_imported_tops().items()):
        if top in sys.stdlib_module_names or top in own:
            continue
        dists = {canonicalize_name(d) for d in providers.get(top, [top])}
        if not dists & declared:
            undeclared.append(f"{top} ({where}; from {sorted(dists)})")
    assert not undeclared, f"imported but not in pyproject.toml's dependencies: {undeclared}"
