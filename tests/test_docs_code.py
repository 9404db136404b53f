"""The docs say what the code is, read from the code so neither can drift:

- the operators' guide's server memory budget (docs/operators.md) lists every cache of the app (``st.cache_data``,
  ``st.cache_resource``, ``functools.lru_cache`` / ``cache``, found by walking the source with
  ast) with the bound the code gives it, and nothing else; its sums add up;
- the contributors' guide's Layout (docs/contributors.md) lists every module of the installed packages, and no module that is gone.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPERATORS = ROOT / "docs" / "operators.md"  # the server memory budget
CONTRIBUTORS = ROOT / "docs" / "contributors.md"  # the Layout
APP_CODE = ("engine", "teach", "viz", "classroom", "ui", "app_pages")  # and app.py
PACKAGES = ("engine", "teach", "viz", "classroom", "ui", "gtl_dev")  # what Layout lists
ST_CACHES = {"cache_data", "cache_resource"}
FUNCTOOLS_CACHES = {"lru_cache", "cache"}


# ---- the caches in the code --------------------------------------------------------------
@dataclass(frozen=True)
class Cache:
    name: str  # module.function, e.g. ui.tree.tree_lab.cached_lab
    bound: int | None  # entries at most; None: the code gives it no bound
    where: str  # file:line


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _cache_kind(node: ast.expr, functools_names: set[str]) -> str | None:
    """'st' or 'functools' when ``node`` (a decorator or a callee, called or not) names a
    cache maker: ``st.cache_data``, ``streamlit.cache_resource``, ``functools.lru_cache``,
    or ``lru_cache`` / ``cache`` imported from functools."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        if node.attr in ST_CACHES:
            return "st"
        if node.value.id == "functools" and node.attr in FUNCTOOLS_CACHES:
            return "functools"
    if isinstance(node, ast.Name):
        if node.id in ST_CACHES:
            return "st"
        if node.id in functools_names:
            return "functools"
    return None


def _int_constants(tree: ast.Module) -> dict[str, int]:
    """Module-level ``NAME = 12`` assignments (a bound may be named)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            if isinstance(node.value.value, int):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        out[target.id] = node.value.value
    return out


def _bound(maker: ast.expr, kind: str, params: int | None, consts: dict[str, int]) -> int | None:
    """The entries a cache keeps at most: its max_entries (Streamlit) or maxsize
    (functools); a cache of a function without parameters holds one entry; None when
    nothing bounds it."""
    value: ast.expr | None = None
    if isinstance(maker, ast.Call):
        key = "max_entries" if kind == "st" else "maxsize"
        value = next((k.value for k in maker.keywords if k.arg == key), None)
        if value is None and kind == "functools" and maker.args:
            value = maker.args[0]  # lru_cache(128)
    if isinstance(value, ast.Constant) and isinstance(value.value, int):
        return value.value
    if isinstance(value, ast.Name) and value.id in consts:
        return consts[value.id]
    return 1 if params == 0 else None


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    a = fn.args
    return len(a.posonlyargs + a.args + a.kwonlyargs) + bool(a.vararg) + bool(a.kwarg)


def code_caches() -> dict[str, Cache]:
    paths = [ROOT / "app.py"] + [p for top in APP_CODE for p in sorted((ROOT / top).rglob("*.py"))]
    found: dict[str, Cache] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module, consts = _module(path), _int_constants(tree)
        functools_names = {
            a.asname or a.name
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom) and n.module == "functools"
            for a in n.names
            if a.name in FUNCTOOLS_CACHES
        }
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for dec in node.decorator_list:
                    kind = _cache_kind(dec, functools_names)
                    if kind:
                        bound = _bound(dec, kind, _params(node), consts)
                        name = f"{module}.{node.name}"
                        found[name] = Cache(name, bound, where)
            elif isinstance(node, ast.Call) and node.args:
                # the call form: st.cache_data(fn, max_entries=64), lru_cache(maxsize=8)(fn)
                kind = _cache_kind(node.func, functools_names)
                if kind == "st" and not isinstance(node.func, ast.Call):
                    maker, fn = node, node.args[0]
                elif kind == "functools" and isinstance(node.func, ast.Call):
                    maker, fn = node.func, node.args[0]
                else:
                    continue
                fn_name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
                if fn_name is None:
                    continue
                name = f"{module}.{fn_name}"
                found[name] = Cache(name, _bound(maker, kind, None, consts), where)
    return found


# ---- the docs ----------------------------------------------------------------------------
def _section(title: str, page: Path) -> str:
    """``page``'s text from the heading or bold paragraph starting with ``title`` up to the
    next heading of any level."""
    text = page.read_text(encoding="utf-8")
    start = text.find(title)
    assert start >= 0, f"{page.name} has no section starting with {title!r}"
    end = re.compile(r"^#", re.M).search(text, start + len(title))
    return text[start : end.start() if end else len(text)]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


_SIZE = re.compile(r"^(\d+(?:\.\d+)?) (kB|MB)\b")


def _mb(cell: str, what: str) -> float:
    m = _SIZE.match(cell)
    assert m, f"the docs' budget table: {what} {cell!r} must start with 'N MB' or 'N kB'"
    return float(m.group(1)) / (1000 if m.group(2) == "kB" else 1)


def budget_rows() -> dict[str, tuple[int, float, float]]:
    """The budget table: cache name -> (entries, largest entry MB, at most MB)."""
    lines = [
        ln
        for ln in _section("**Server memory budget", OPERATORS).splitlines()
        if ln.startswith("|")
    ]
    assert lines, "the docs' 'Server memory budget' has no table"
    head = _cells(lines[0])
    wanted = ("cache", "entries", "largest entry", "at most")
    missing = [name for name in wanted if name not in head]
    assert not missing, f"the docs' budget table needs the columns {wanted}; it lacks {missing}"
    col = {name: head.index(name) for name in wanted}
    rows = {}
    for line in lines[2:]:
        cells = _cells(line)
        names = re.findall(r"`([\w.]+)`", cells[col["cache"]])
        assert len(names) == 1, f"the docs' budget row {line!r} must name one cache in backticks"
        entries = cells[col["entries"]].replace(",", "")
        assert entries.isdigit(), f"the docs' budget row for {names[0]}: entries must be a number"
        largest = _mb(cells[col["largest entry"]], f"{names[0]}'s largest entry")
        rows[names[0]] = (int(entries), largest, _mb(cells[col["at most"]], f"{names[0]}'s total"))
    return rows


def test_every_cache_is_bounded():
    unbounded = [c for c in code_caches().values() if c.bound is None]
    assert not unbounded, "caches with no bound on their entries (give them max_entries): " + (
        ", ".join(f"{c.name} ({c.where})" for c in unbounded)
    )


def test_the_memory_budget_lists_every_cache_with_its_bound():
    code, readme = code_caches(), budget_rows()
    problems = [
        f"add a row for `{c.name}` ({c.where}, {c.bound} entries): "
        f"| `{c.name}` | what it holds | {c.bound} | its largest entry (measure it in "
        f"bench/bench_caches.py) | {c.bound} x that |"
        for name, c in sorted(code.items())
        if name not in readme
    ]
    problems += [
        f"remove the row for `{name}`: no cache of that name is in the code"
        for name in sorted(readme)
        if name not in code
    ]
    problems += [
        f"the row for `{name}` says {readme[name][0]} entries; the code bounds it at "
        f"{c.bound} ({c.where}): write {c.bound}"
        for name, c in sorted(code.items())
        if name in readme and readme[name][0] != c.bound
    ]
    assert not problems, "the docs' server memory budget table is not the code's:\n" + "\n".join(
        problems
    )


def test_the_memory_budget_adds_up():
    rows = budget_rows()
    wrong = [
        f"`{name}`: {entries} x {largest:g} MB is {entries * largest:.0f} MB, not {most:g} MB"
        for name, (entries, largest, most) in rows.items()
        if abs(entries * largest - most) > max(1.0, 0.05 * most)
    ]
    assert not wrong, "the docs' budget table: 'at most' must be entries x largest entry:\n" + (
        "\n".join(wrong)
    )
    total = sum(most for _, _, most in rows.values())
    said = re.search(
        r"That is about ([\d,]+) MB of caches", _section("**Server memory budget", OPERATORS)
    )
    assert said, "the docs' budget has no line 'That is about N MB of caches'"
    assert abs(int(said.group(1).replace(",", "")) - total) <= max(10, 0.02 * total), (
        f"the operators' guide says about {said.group(1)} MB of caches; its table adds up to {total:.0f} MB"
    )


def test_the_budget_checker_finds_every_form_of_cache(tmp_path, monkeypatch):
    """The reader sees decorators called or bare, the call form, functools, a named bound."""
    pkg = tmp_path / "ui"
    pkg.mkdir()
    (pkg / "probe.py").write_text(
        "import functools\nfrom functools import cache\nimport streamlit as st\nN = 9\n"
        "@st.cache_data(max_entries=N)\ndef a(x): ...\n"
        "@st.cache_resource\ndef b(): ...\n"
        "@functools.lru_cache(maxsize=3)\ndef c(x): ...\n"
        "@cache\ndef d(x): ...\n"
        "e = st.cache_data(len, max_entries=5)([1])\n"
        "f = functools.lru_cache(7)(abs)\n",
        encoding="utf-8",
    )
    (tmp_path / "app.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    found = {name: c.bound for name, c in code_caches().items()}
    assert found == {
        "ui.probe.a": 9,
        "ui.probe.b": 1,
        "ui.probe.c": 3,
        "ui.probe.d": None,
        "ui.probe.len": 5,
        "ui.probe.abs": 7,
    }


# ---- Layout ------------------------------------------------------------------------------
DESCRIPTION_COLUMN = 20  # a Layout line indented this far continues a description


def layout_listing() -> tuple[set[str], set[str]]:
    """The contributors' guide's Layout block: (files, folders) it names, as paths from the root.

    A line is ``<indent><names>  <description>``: the names (files, and folders ending in
    "/") run up to the first two spaces; a folder's entries are the lines indented under
    it. Lines indented to the description column continue a description."""
    block = re.search(r"```\n(.*?)```", _section("## Layout", CONTRIBUTORS), re.S)
    assert block, "the docs' Layout has no code block"
    files: set[str] = set()
    folders: set[str] = set()
    stack: list[tuple[int, str]] = []  # (indent, folder path)
    for line in block.group(1).splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if not line.strip() or indent >= DESCRIPTION_COLUMN:
            continue
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else ""
        for name in re.split(r"\s{2,}", line.strip())[0].split():
            path = parent + name
            if name.endswith("/"):
                folders.add(path.rstrip("/"))
                stack.append((indent, path))
            elif name.endswith(".py"):
                files.add(path)
    return files, folders


def code_modules() -> tuple[set[str], set[str]]:
    """Every module (but __init__.py) and every package folder of the installed packages."""
    files: set[str] = set()
    folders: set[str] = set()
    for top in PACKAGES:
        for init in (ROOT / top).rglob("__init__.py"):
            folder = init.parent
            folders.add(folder.relative_to(ROOT).as_posix())
            files |= {
                p.relative_to(ROOT).as_posix()
                for p in folder.glob("*.py")
                if p.name != "__init__.py"
            }
    return files, folders


def test_the_layout_lists_every_module():
    listed, listed_folders = layout_listing()
    files, folders = code_modules()
    problems = [
        f"add `{Path(f).name}` (with what it holds) under `{Path(f).parent.as_posix()}/`"
        for f in sorted(files - listed)
    ]
    problems += [f"add the folder `{f}/` and its modules" for f in sorted(folders - listed_folders)]
    problems += [
        f"remove `{f}`: there is no such file" for f in sorted(listed) if not (ROOT / f).is_file()
    ]
    assert not problems, "the docs' Layout is not the code's:\n" + "\n".join(problems)


def test_the_layout_reader_reads_nesting_and_descriptions(tmp_path, monkeypatch):
    readme = tmp_path / "README.md"
    readme.write_text(
        "## Layout\n\n```\n"
        "app.py              the frame\n"
        "engine/             pure\n"
        "  a.py b.py         two modules; see x.py\n"
        "                    more words about y.py\n"
        "  games/            rules\n"
        "    pawn.py         rules\n"
        "  c.py              back in engine\n"
        "ui/common/          pieces\n"
        "  share.py          links\n"
        "```\n\n## Next\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(f"{__name__}.CONTRIBUTORS", readme)
    files, folders = layout_listing()
    assert files == {
        "app.py",
        "engine/a.py",
        "engine/b.py",
        "engine/games/pawn.py",
        "engine/c.py",
        "ui/common/share.py",
    }
    assert folders == {"engine", "engine/games", "ui/common"}
