"""The distribution carries what the app reads at run time: every package the app imports
is found by pyproject.toml's package discovery, and every file in them that is not Python
(the Alembic scripts' template, the canvas's JS and CSS, ...) is matched by its
package-data, so a wheel built from the project works as the checkout does."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = CONFIG["tool"]["setuptools"]
TOPS = ("engine", "teach", "viz", "classroom", "ui", "gtl_dev", "game_tree_lab")


def _package(folder: Path) -> str:
    return ".".join(folder.relative_to(ROOT).parts)


def test_every_package_is_discovered():
    include = SETUPTOOLS["packages"]["find"]["include"]
    missing = [
        _package(init.parent)
        for top in TOPS
        for init in (ROOT / top).rglob("__init__.py")
        if not any(fnmatch.fnmatch(_package(init.parent), pattern) for pattern in include)
    ]
    assert not missing, f"add to [tool.setuptools.packages.find] include: {missing}"


def test_every_data_file_is_package_data():
    data = SETUPTOOLS.get("package-data", {})
    missing = []
    for top in TOPS:
        for path in (ROOT / top).rglob("*"):
            if path.is_dir() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
                continue
            # the package a data file belongs to: the nearest folder up with an __init__.py
            # (or a namespace package's folder, for Alembic's scripts); its globs are paths
            # relative to that folder (game_tree_lab's "locales/*/LC_MESSAGES/*.po")
            home = path.parent
            while (
                home != ROOT / top
                and not (home / "__init__.py").exists()
                and not any(_package(home) == name for name in data)
            ):
                home = home.parent
            globs = data.get(_package(home), [])
            rel = path.relative_to(home).as_posix()
            if not any(fnmatch.fnmatch(rel, g) for g in globs):
                missing.append(f"{path.relative_to(ROOT)} (package-data of {_package(home)!r})")
    assert not missing, "not in the wheel: " + ", ".join(missing)


def test_the_runtime_ships_no_test_tools():
    runtime = " ".join(CONFIG["project"]["dependencies"])
    tools = [t for t in ("pytest", "hypothesis", "playwright", "ruff") if t in runtime]
    assert not tools, f"{tools} belong in the test or dev extra, not the runtime dependencies"
