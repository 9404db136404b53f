"""`make soak`: the tests that start a server, run N rounds while a CPU hog keeps every core
busy, and every test that failed at least once, with its count and its first failure.

A test that waits for what it asserts passes on a loaded machine too; one that reads the page
once, or waits a fixed time, fails there now and then. Run it before you stop whenever you
touched a browser test or a page's timing::

    python scripts/soak.py [--rounds N] [--report-only] [PYTEST ARGS...]

PYTEST ARGS (the Makefile passes its ``-n 2 --dist loadfile``) go to each round's pytest;
with no test path among them the rounds run :data:`SELECTION`: the browser tests (they start
an app server and a chromium) and the class-mode tests on a throwaway PostgreSQL server (ids
``[postgresql]``). Each round writes pytest's JUnit XML (artifacts/soak/round-K.xml, with the
full tracebacks), which is what is counted, never pytest's text. The hog is Debian's
``stress-ng --cpu N`` (the Makefile installs it when missing), else one busy Python process
per core; it is stopped however the rounds end (an error, Ctrl-C, SIGTERM).

Exits 0 when no test failed in any round, 1 when one did (or a round did not finish), 130
when interrupted (Ctrl-C, SIGTERM: the round's pytest is stopped too, and the report printed).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from engine.values import plural

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "artifacts" / "soak"
# the browser tests, and the class-mode tests that run on a PostgreSQL server
SELECTION = ("tests/browser", "tests/classroom", "-k", "browser or postgresql")
MESSAGE_LINES = 6  # of a failure's message, in the report (the JUnit file has all of it)


# ---- counting failures across rounds (JUnit XML) ------------------------------------------
@dataclass
class Failed:
    """A test that failed in at least one round: how many, and its first failure."""

    test: str
    rounds: list[int] = field(default_factory=list)
    first: str = ""


@dataclass
class Tally:
    """What the rounds' JUnit files say: tests run per round, failures per test, and the
    rounds that left no readable file (pytest did not run)."""

    ran: dict[int, int] = field(default_factory=dict)
    failed: dict[str, Failed] = field(default_factory=dict)
    broken: dict[int, str] = field(default_factory=dict)

    def add(self, round_no: int, junit: Path) -> None:
        """Count round ``round_no``'s JUnit file (a test failing, erring in its setup or
        teardown counts once for the round; a skipped one does not count)."""
        try:
            cases = list(ET.parse(junit).getroot().iter("testcase"))
        except (OSError, ET.ParseError) as exc:
            self.broken[round_no] = f"no readable JUnit file {junit}: {exc}"
            return
        self.ran[round_no] = len(cases)
        for case in cases:
            bad = [e for e in case if e.tag in ("failure", "error")]
            if not bad:
                continue
            test = node_id(case.get("classname", ""), case.get("name", ""))
            entry = self.failed.setdefault(test, Failed(test))
            if round_no in entry.rounds:
                continue  # a failure and a teardown error of one run
            entry.rounds.append(round_no)
            if not entry.first:
                entry.first = failure_text(bad[0])


def node_id(classname: str, name: str, root: Path = ROOT) -> str:
    """pytest's node id for a JUnit test case: ``tests.browser.test_x`` + ``name`` ->
    ``tests/browser/test_x.py::name`` (a test class stays after the file: ``::Class::name``)."""
    parts = classname.split(".") if classname else []
    for cut in range(len(parts), 0, -1):
        path = Path(*parts[:cut]).with_suffix(".py")
        if (root / path).is_file():
            return "::".join([path.as_posix(), *parts[cut:], name])
    return "::".join([*([classname] if classname else []), name])


def failure_text(element: ET.Element) -> str:
    """A failure's message (its ``message``, else its text's last lines: the assert)."""
    message = (element.get("message") or "").strip()
    if message:
        return message
    lines = (element.text or "").strip().splitlines()
    return "\n".join(lines[-MESSAGE_LINES:]) or element.tag


# ---- the report ---------------------------------------------------------------------------
def minutes(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    return f"{m} min {s:02d} s" if m else f"{s} s"


def report(tally: Tally, rounds: int, times: Sequence[float], hog: str) -> tuple[str, int]:
    """The report's text and the exit code: every test that failed at least once, with its
    count and the rounds it failed in, under its first failure's message (the tests whose
    first failures differ only in numbers, a server's port, share one: a session's server
    that did not start fails every test of its worker), the most failures first; then one
    summary line."""
    out = []
    groups: dict[str, list[Failed]] = {}
    for f in tally.failed.values():
        groups.setdefault(re.sub(r"\d+", "N", f.first), []).append(f)
    for tests in groups.values():
        tests.sort(key=lambda f: (-len(f.rounds), f.test))
    order = sorted(groups.values(), key=lambda g: (-len(g[0].rounds), -len(g), g[0].test))
    if order:
        out.append(f"tests that failed at least once in {rounds} rounds, by first failure:")
    for tests in order:
        lines = tests[0].first.splitlines() or [""]
        shown = lines[:MESSAGE_LINES] + (["..."] if len(lines) > MESSAGE_LINES else [])
        out.append(f"  - first failure: {shown[0]}")
        out += [f"      {line}" for line in shown[1:]]
        for f in tests:
            rounds_in = ", ".join(map(str, f.rounds))
            out.append(f"    {len(f.rounds)}/{rounds}  {f.test}  (rounds {rounds_in})")
    failed = tally.failed
    for k, why in sorted(tally.broken.items()):
        out.append(f"  round {k} did not finish: {why}")
    took = ", ".join(minutes(t) for t in times) or "none"
    ran = sorted(set(tally.ran.values()))
    counted = "/".join(map(str, ran)) if ran else "no"
    verdict = (
        "no test failed" if not failed else f"{plural(len(failed), 'test')} failed at least once"
    )
    out.append(
        f"soak: {verdict} in {plural(rounds, 'round')} of {counted} tests under {hog}"
        f" (rounds took {took})"
        + (f"; {len(tally.broken)} rounds did not finish" if tally.broken else "")
    )
    return "\n".join(out), 1 if failed or tally.broken else 0


# ---- the CPU hog ---------------------------------------------------------------------------
def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """The hog dies with this script even when it is killed with no chance to clean up."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


@contextmanager
def cpu_hog(cores: int, use_stress_ng: bool = True) -> Iterator[str]:
    """Keep ``cores`` cores busy while the block runs: ``stress-ng --cpu N`` when it is on
    the machine (and ``use_stress_ng``), else ``cores`` busy Python processes. Yields what
    it runs (for the report). Each hog is the leader of its own process group, which is
    killed on the way out, however the block ends."""
    tool = shutil.which("stress-ng") if use_stress_ng else None
    if tool:
        commands = [[tool, "--cpu", str(cores), "--quiet"]]
        what = f"stress-ng --cpu {cores}"
    else:
        commands = [[sys.executable, "-c", "while True: pass"]] * cores
        what = f"{cores} busy Python processes"
    procs: list[subprocess.Popen] = []
    try:
        for cmd in commands:
            procs.append(
                subprocess.Popen(
                    cmd,
                    start_new_session=True,  # Ctrl-C reaches pytest, not the hog: we stop it
                    preexec_fn=_die_with_parent,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,  # stress-ng's "finished prematurely" on SIGTERM
                )
            )
        yield what
    finally:
        if any(proc.poll() is not None for proc in procs):
            print(f"soak: warning: the CPU hog ({what}) stopped by itself", file=sys.stderr)
        for proc in procs:  # stress-ng stops (and reaps) its workers on SIGTERM
            _signal_group(proc, signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                _signal_group(proc, signal.SIGKILL)  # its workers are in its group
                proc.wait()


def _signal_group(proc: subprocess.Popen, sig: int) -> None:
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass


def _sigterm(signum, frame):  # a SIGTERM unwinds like Ctrl-C: the round and the hog stop
    raise KeyboardInterrupt


def has_tests(args: Sequence[str]) -> bool:
    """Whether pytest ``args`` name a test path (else the rounds run :data:`SELECTION`)."""
    return any(not a.startswith("-") and (ROOT / a.split("::")[0]).exists() for a in args)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--no-stress-ng", action="store_true", help="hog with Python")
    parser.add_argument(
        "--report-only", action="store_true", help="count the last run's JUnit files again"
    )
    opts, pytest_args = parser.parse_known_args(argv)
    if opts.rounds < 1:
        print(f"error: --rounds must be 1 or more, not {opts.rounds}", file=sys.stderr)
        return 2
    args = [*pytest_args, *([] if has_tests(pytest_args) else SELECTION)]
    tally, times = Tally(), []
    if opts.report_only:
        for k in range(1, opts.rounds + 1):
            tally.add(k, OUT / f"round-{k}.xml")
        text, code = report(tally, opts.rounds, times, "the last soak's hog")
        print(text)
        return code
    OUT.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, _sigterm)
    cores = os.cpu_count() or 1
    stopped = None
    with cpu_hog(cores, use_stress_ng=not opts.no_stress_ng) as hog:
        for k in range(1, opts.rounds + 1):
            junit = OUT / f"round-{k}.xml"
            junit.unlink(missing_ok=True)
            cmd = [sys.executable, "-m", "pytest", *args, f"--junitxml={junit}"]
            print(f"soak: round {k}/{opts.rounds} under {hog}: {shlex.join(cmd[1:])}", flush=True)
            start = time.perf_counter()
            code = run_round(cmd)
            times.append(time.perf_counter() - start)
            tally.add(k, junit)  # an interrupted round's tests so far
            if code not in (0, 1) and k not in tally.broken:  # interrupted, internal error
                tally.broken[k] = "interrupted" if code == INTERRUPTED else f"pytest exited {code}"
            print(f"soak: round {k} took {minutes(times[-1])} (pytest exit {code})", flush=True)
            if code == INTERRUPTED:
                stopped = k
                break
    text, code = report(tally, opts.rounds, times, hog)
    print(text)
    if stopped is not None:
        print(f"soak: interrupted in round {stopped} (the CPU hog is stopped)", file=sys.stderr)
        return 130
    return code


INTERRUPTED = -1  # run_round's code for a round stopped by Ctrl-C or SIGTERM


def run_round(cmd: Sequence[str]) -> int:
    """Run one round's pytest; its exit code, or INTERRUPTED when this script is interrupted
    (Ctrl-C, SIGTERM). pytest runs in its own process group with all it starts (xdist's
    workers, app servers, chromium): on an interrupt the group gets SIGINT, as from a
    terminal's Ctrl-C (pytest writes the JUnit file of the tests it ran), then SIGTERM and
    SIGKILL if it is still there after a while (a shell's background job ignores SIGINT)."""
    proc = subprocess.Popen(cmd, cwd=ROOT, start_new_session=True)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        for sig, wait_s in ((signal.SIGINT, 60), (signal.SIGTERM, 10), (signal.SIGKILL, None)):
            _signal_group(proc, sig)
            try:
                proc.wait(timeout=wait_s)
                break
            except subprocess.TimeoutExpired:
                continue
        _signal_group(proc, signal.SIGKILL)  # what it started and left behind
        return INTERRUPTED


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("soak: interrupted (the CPU hog is stopped)", file=sys.stderr)
        sys.exit(130)
