"""The documentation (README.md and the site in docs/) says what the code does:

- README is a front door: at most 150 lines, no "stop N" history (nor in the docs);
- every link in README and docs/ stays inside the repository and names a file that exists
  (and, for a link to a heading, a heading that exists);
- every picture README and docs/ show exists under docs/pictures/, and is one
  ``make screenshots`` makes (scripts/screenshots.py), and no other picture is kept there;
- every ``>>>`` example in docs/ runs as a doctest (the blocks of one page share their names,
  in a fresh temporary folder);
- every ``$ ...`` command of a ``console`` block runs, from the checkout, and prints exactly
  the lines under it (standard output and standard error together);
- the benchmarks page is the generator's output (scripts/bench_docs.py), not hand-edited;
- the operators' guide's settings table names every ``GTL_*`` variable the code reads.

``make docs`` (run by ``make test``) builds the site with warnings as errors.
"""

from __future__ import annotations

import ast
import doctest
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
README_MAX_LINES = 150

FENCE = re.compile(r"^(```+|:::+)(\S*)[^\n]*\n(.*?)^\1\s*$", re.M | re.S)
# [text](target) and ![alt](target), the target up to a space or ")"
LINK = re.compile(r"(!?)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HTML_SRC = re.compile(r"<(?:img|source)\b[^>]*\bsrc=\"([^\"]+)\"", re.I)
HTML_HREF = re.compile(r"<a\b[^>]*\bhref=\"([^\"]+)\"", re.I)
AUTOLINK = re.compile(r"<([a-z][a-z0-9+.-]*:[^>\s]+)>", re.I)  # <https://...>
STOP = re.compile(r"\bstops? \d+", re.I)


def _prose(text: str) -> str:
    """The text without its fenced code blocks (their brackets are code, not links)."""
    return FENCE.sub("", text)


def _blocks(text: str, lang: str) -> list[tuple[int, str]]:
    """(line number, body) of every fenced block of ``lang``."""
    return [
        (text.count("\n", 0, m.start()) + 2, m.group(3))
        for m in FENCE.finditer(text)
        if m.group(2) == lang
    ]


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _anchor(heading: str) -> str:
    """GitHub's anchor of a heading (MyST's myst_heading_anchors makes the same)."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = _prose(path.read_text(encoding="utf-8"))
    return {_anchor(m.group(1)) for m in re.finditer(r"^#{1,6} +(.+?)\s*$", text, re.M)}


def _links(path: Path) -> list[tuple[bool, str]]:
    """(is a picture, target) of every link and picture in a Markdown file."""
    text = _prose(path.read_text(encoding="utf-8"))
    found = [(bang == "!", target) for bang, target in LINK.findall(text)]
    found += [(True, src) for src in HTML_SRC.findall(text)]
    return found + [(False, url) for url in HTML_HREF.findall(text) + AUTOLINK.findall(text)]


DOC_FILES = [README, *PAGES]


# ---- README, the front door ---------------------------------------------------------------
def test_readme_is_a_front_door():
    text = README.read_text(encoding="utf-8")
    lines = text.count("\n") + (not text.endswith("\n"))
    assert lines <= README_MAX_LINES, f"README.md is {lines} lines; at most {README_MAX_LINES}"
    first_screen = "\n".join(text.splitlines()[:40])
    for must in ("make run", "make test", "docs/pictures/alphabeta-steps.webp"):
        assert must in first_screen, f"README's first screen (40 lines) lacks {must!r}"


@pytest.mark.parametrize("path", DOC_FILES, ids=_rel)
def test_no_history_in_the_docs(path):
    """History lives in git: no "stop 37's figures" in README or the docs."""
    hits = [
        f"{_rel(path)}:{n}: {line.strip()[:80]}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if STOP.search(line)
    ]
    assert not hits, "figures history ('stop N') in the docs:\n" + "\n".join(hits)


# ---- links and pictures -------------------------------------------------------------------
@pytest.mark.parametrize("path", DOC_FILES, ids=_rel)
def test_every_link_stays_in_the_repository(path):
    problems = []
    for picture, target in _links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            problems.append(f"{target}: a link out of the repository (name the page in words)")
            continue
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if ROOT not in dest.parents and dest != ROOT:
            problems.append(f"{target}: outside the repository")
        elif not dest.exists() and not picture:  # pictures: the test below lists them all
            problems.append(f"{target}: no such file ({_rel(dest)})")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            problems.append(f"{target}: {_rel(dest)} has no heading with the anchor #{anchor}")
    assert not problems, f"{_rel(path)}:\n" + "\n".join(problems)


def test_every_picture_the_docs_show_exists():
    """One list of what `make screenshots` must make: every picture README and docs show."""
    wanted: dict[str, list[str]] = {}
    for path in DOC_FILES:
        for picture, target in _links(path):
            if picture:
                dest = (path.parent / target.partition("#")[0]).resolve()
                wanted.setdefault(_rel(dest) if ROOT in dest.parents else target, []).append(
                    _rel(path)
                )
    outside = [p for p in wanted if not p.startswith("docs/pictures/")]
    assert not outside, f"pictures must live in docs/pictures/: {outside}"
    missing = [f"{p} (shown by {', '.join(sorted(set(by)))})" for p, by in sorted(wanted.items())]
    missing = [m for m in missing if not (ROOT / m.split(" ")[0]).is_file()]
    assert not missing, "pictures the docs show that are missing (make screenshots):\n" + (
        "\n".join(missing)
    )


def _shown_pictures() -> set[str]:
    """The pictures README and the docs show, as paths from the root."""
    return {
        _rel((path.parent / target.partition("#")[0]).resolve())
        for path in DOC_FILES
        for picture, target in _links(path)
        if picture
    }


def _made_pictures() -> set[str]:
    """The pictures `make screenshots` makes (scripts/screenshots.py's SHOTS and CLASS, read
    without importing it): docs/pictures/NAME.png, or .webp for the animated capture."""
    tree = ast.parse((ROOT / "scripts" / "screenshots.py").read_text(encoding="utf-8"))
    names: list[str] = []
    for node in tree.body:
        target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
        if isinstance(target, ast.Name) and target.id in ("SHOTS", "CLASS"):
            value = node.value
            items = value.keys if isinstance(value, ast.Dict) else value.elts
            names += [item.value for item in items]
    assert names, "scripts/screenshots.py has no SHOTS or CLASS"
    pictures = DOCS / "pictures"
    return {_rel(next(iter(sorted(pictures.glob(f"{n}.*"))), pictures / f"{n}.png")) for n in names}


def test_make_screenshots_makes_every_picture_the_docs_show():
    """A picture the docs show that `make screenshots` cannot make again would go stale; one
    it makes that no page shows is dead weight."""
    shown, made = _shown_pictures(), _made_pictures()
    assert shown - made == set(), f"add to scripts/screenshots.py: {sorted(shown - made)}"
    assert made - shown == set(), f"no page shows these: {sorted(made - shown)}"
    kept = {_rel(p) for p in (DOCS / "pictures").iterdir()}
    assert kept - shown == set(), f"docs/pictures holds pictures no page shows: {kept - shown}"


# ---- examples that run --------------------------------------------------------------------
DOCTEST_PAGES = [p for p in PAGES if _blocks(p.read_text(encoding="utf-8"), "pycon")]
CONSOLE_PAGES = [p for p in PAGES if _blocks(p.read_text(encoding="utf-8"), "console")]


def test_the_examples_are_found():
    """The runners below read the blocks they should: a change of fence would skip them."""
    assert DOCS / "programmers.md" in DOCTEST_PAGES
    assert DOCS / "programmers.md" in CONSOLE_PAGES
    text = (DOCS / "programmers.md").read_text(encoding="utf-8")
    assert sum(b.count("\n$ ") + b.startswith("$ ") for _, b in _blocks(text, "console")) >= 10


@pytest.mark.parametrize("path", DOCTEST_PAGES, ids=_rel)
def test_python_examples_run(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    text = path.read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    globs: dict = {"__name__": "__docs__"}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures = []
    for line, body in _blocks(text, "pycon"):
        test = parser.get_doctest(body, globs, f"{_rel(path)}:{line}", str(path), line)
        out: list[str] = []
        result = runner.run(test, out=out.append, clear_globs=False)
        globs = test.globs  # DocTest copies its globals: the next block goes on from these
        if result.failed:
            failures.append("".join(out))
    assert not failures, "\n".join(failures)


def _commands(body: str) -> list[tuple[str, str]]:
    """(command, expected output) of a console block: ``$ `` lines and what follows them."""
    out: list[tuple[str, list[str]]] = []
    for line in body.splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
        else:
            raise AssertionError(f"a console block must start with a '$ ' line: {line!r}")
    return [(cmd, "\n".join(lines).strip("\n")) for cmd, lines in out]


COMMANDS = [
    (path, line, cmd, expected)
    for path in CONSOLE_PAGES
    for line, body in _blocks(path.read_text(encoding="utf-8"), "console")
    for cmd, expected in _commands(body)
]


@pytest.mark.parametrize(
    ("path", "line", "cmd", "expected"), COMMANDS, ids=[f"{_rel(c[0])}:{c[1]}" for c in COMMANDS]
)
def test_command_examples_print_what_they_show(path, line, cmd, expected):
    """Each ``$ `` line runs in bash from the checkout, ``python`` being this interpreter."""
    assert "python -m engine" in cmd, f"{_rel(path)}:{line}: only engine commands: {cmd}"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {cmd} 2>&1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.strip("\n") == expected, f"{_rel(path)}:{line}: $ {cmd}"


# ---- the benchmarks page ------------------------------------------------------------------
def _bench_docs():
    """scripts/bench_docs.py, the page's generator (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("bench_docs", ROOT / "scripts" / "bench_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmarks_page_is_made_from_the_kept_bench_log():
    bench_docs = _bench_docs()
    kept = DOCS / "benchmarks.log"
    assert kept.is_file(), "docs/benchmarks.log is missing: run scripts/bench_docs.py LOG"
    made = bench_docs.render(kept.read_text(encoding="utf-8"))
    assert (DOCS / "benchmarks.md").read_text(encoding="utf-8") == made, (
        "docs/benchmarks.md is not scripts/bench_docs.py's page of docs/benchmarks.log: "
        "do not edit it by hand; run the script on a saved `make bench` output"
    )


def test_the_benchmarks_page_keeps_every_goal_and_every_benchmark():
    bench_docs = _bench_docs()
    log = (
        "# date: 2026-01-01 00:00 UTC\n# machine: a test\n# load: 1.0\n"
        "# benchmarks: bench/bench_engine.py bench/bench_heavy.py bench/bench_mcts.py\n"
        "Game Tree Lab engine benchmark\n"
        "  n = 20 (320,000 states)      127.7 ms   goal < 300 ms     ok\n"
        "2026-12-07 19:24:12.024 No runtime found, using MemoryCacheStorageManager\n"
        "\n== bench/bench_heavy.py\n"
        "  pawn 5x5 start: exact solve   7.899 s  (goal < 0.5 s, OVER GOAL)\n"
        "  a figure without a goal       1.0 s\n"
    )
    page = bench_docs.render(log)
    assert "- **Date:** 2026-01-01 00:00 UTC" in page and "- **Machine:** a test" in page
    assert "| `bench/bench_engine.py` | n = 20 (320,000 states) 127.7 ms goal < 300 ms ok |" in page
    assert "| `bench/bench_heavy.py` | pawn 5x5 start: exact solve 7.899 s" in page
    assert "## bench/bench_heavy.py" in page and "a figure without a goal" in page
    assert "No runtime found" not in page  # Streamlit's log lines are not figures
    assert "`bench/bench_mcts.py`" in page.split("Not in this log:")[1].splitlines()[0]


# ---- every setting ------------------------------------------------------------------------
SETTING = re.compile(r"\bGTL_[A-Z][A-Z_]*[A-Z]\b")
CODE_DIRS = ("engine", "teach", "viz", "classroom", "ui", "app_pages", "gtl_dev")


def test_the_operators_guide_lists_every_setting():
    """Every GTL_* environment variable the code reads is a row of the settings table, and
    every row is one the code reads."""
    paths = [ROOT / "app.py", ROOT / "serve.py"]
    paths += [p for d in CODE_DIRS for p in sorted((ROOT / d).rglob("*.py"))]
    in_code = {name for p in paths for name in SETTING.findall(p.read_text(encoding="utf-8"))}
    text = (DOCS / "operators.md").read_text(encoding="utf-8")
    start = text.index("## Every setting")
    table = text[start : text.index("\n## ", start + 1)]
    rows = {m.group(1) for m in re.finditer(r"^\| `(GTL_[A-Z_]+)` \|", table, re.M)}
    assert in_code - rows == set(), f"add rows to the operators' settings: {in_code - rows}"
    assert rows - in_code == set(), f"no code reads these settings: {rows - in_code}"
