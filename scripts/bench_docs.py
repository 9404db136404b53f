"""docs/benchmarks.md from `make bench`'s output: every figure with its goal, the machine and
the date, and the whole output of each benchmark.

    make bench 2>&1 | tee build/bench.log
    .venv/bin/python scripts/bench_docs.py build/bench.log

keeps the log, with the date and the machine it ran on written at its top, as
docs/benchmarks.log, and writes docs/benchmarks.md from that file alone
(``python scripts/bench_docs.py --check`` says whether the page is the kept log's, as
tests/test_docs.py does). A figure with a goal is a line of a benchmark's output that says
``goal``; the rest of each benchmark's output follows it as printed. Nothing is measured here.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KEPT = ROOT / "docs" / "benchmarks.log"
PAGE = ROOT / "docs" / "benchmarks.md"
BENCH = ROOT / "bench"
META = re.compile(r"^# (date|machine|load|benchmarks): (.*)$")
SECTION = re.compile(r"^== (bench/\S+\.py)\s*$")
FIRST = "bench/bench_engine.py"  # `make bench` runs it first, without a heading
NOISE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ |^\s*warnings\.warn|Warning: ")
GOAL = re.compile(r"\bgoal\b", re.I)


def machine() -> str:
    """This machine in words: CPU model, cores, memory, system and Python."""
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GB"
    except (OSError, ValueError, IndexError):
        pass
    cpu = model or platform.processor() or platform.machine()
    return (
        f"{cpu}, {os.cpu_count()} cores{mem}, {platform.system()} {platform.release()}, "
        f"Python {platform.python_version()}"
    )


def keep(log: Path, load: str | None = None) -> str:
    """The log with the date (the log's last change), the machine and the load written at
    its top: ``load`` as given (what the machine carried during the run), else the load
    average now."""
    when = dt.datetime.fromtimestamp(log.stat().st_mtime, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    if load is None:
        now = ", ".join(f"{x:.1f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
        load = f"{now} (1, 5, 15 min, when the log was kept)"
    benches = " ".join(f"bench/{p.name}" for p in sorted(BENCH.glob("bench_*.py")))
    head = f"# date: {when}\n# machine: {machine()}\n# load: {load}\n# benchmarks: {benches}\n"
    return head + log.read_text(encoding="utf-8")


def sections(text: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """(the metadata lines, benchmark file -> its output lines without the noise)."""
    meta: dict[str, str] = {}
    out: dict[str, list[str]] = {}
    current = FIRST
    for line in text.splitlines():
        if m := META.match(line):
            meta[m.group(1)] = m.group(2)
        elif m := SECTION.match(line):
            current = m.group(1)
        elif not NOISE.search(line) and not line.startswith(("make", ".venv/bin/python")):
            out.setdefault(current, []).append(line.rstrip())
    return meta, {k: _trim(v) for k, v in out.items() if _trim(v)}


def _trim(lines: list[str]) -> list[str]:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def render(text: str) -> str:
    meta, parts = sections(text)
    ran = sorted(parts)
    # the benchmarks there were when the log was kept (the page is the log's alone)
    missing = [b for b in meta.get("benchmarks", "").split() if b not in parts]
    lines = [
        "# Benchmarks",
        "",
        "<!-- Made by scripts/bench_docs.py from docs/benchmarks.log: do not edit by hand. -->",
        "",
        "The figures `make bench` printed, with their goals. Benchmarks print figures; no test",
        "times anything. To measure again on your machine:",
        "",
        "```bash",
        "make bench 2>&1 | tee build/bench.log",
        ".venv/bin/python scripts/bench_docs.py build/bench.log",
        "```",
        "",
        f"- **Date:** {meta.get('date', 'not recorded')}",
        f"- **Machine:** {meta.get('machine', 'not recorded')}",
        f"- **Load average:** {meta.get('load', 'not recorded')}",
        f"- **Benchmarks in this log:** {', '.join(f'`{r}`' for r in ran) or 'none'}",
    ]
    if missing:
        lines.append(f"- **Not in this log:** {', '.join(f'`{m}`' for m in missing)}")
    lines += ["", "## Figures with a goal", ""]
    rows = [(name, line) for name in ran for line in parts[name] if GOAL.search(line)]
    if rows:
        lines += ["| benchmark | figure, as printed |", "| --- | --- |"]
        lines += [f"| `{name}` | {_cell(line)} |" for name, line in rows]
    else:
        lines.append("No line of this log states a goal.")
    for name in ran:
        lines += ["", f"## {name}", "", "```text", *parts[name], "```"]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log", nargs="?", type=Path, help="the saved output of `make bench`")
    ap.add_argument("--load", help="the load during the run, in words (default: the load now)")
    ap.add_argument("--check", action="store_true", help="is docs/benchmarks.md the kept log's?")
    args = ap.parse_args(argv)
    if args.check:
        ok = KEPT.is_file() and PAGE.read_text(encoding="utf-8") == render(KEPT.read_text("utf-8"))
        print("docs/benchmarks.md is the kept log's" if ok else "error: run scripts/bench_docs.py")
        return 0 if ok else 1
    if args.log is None or not args.log.is_file():
        print("error: name the saved output of `make bench` (a file)", file=sys.stderr)
        return 2
    KEPT.write_text(keep(args.log, args.load), encoding="utf-8")
    PAGE.write_text(render(KEPT.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {KEPT.relative_to(ROOT)} and {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
