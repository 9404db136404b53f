"""`make soak`'s report (scripts/soak.py): failures counted across rounds from pytest's JUnit
files, each test once a round with its first failure's message; and its CPU hog stopped
however the rounds end. Fast: no browser, no server."""

from __future__ import annotations

import os
import signal
from contextlib import nullcontext
from pathlib import Path

import pytest

from scripts import soak
from scripts.soak import Tally, cpu_hog, node_id, report


def junit(path: Path, *cases: str) -> Path:
    """A JUnit file as pytest writes it (one testsuite), with ``cases``' XML."""
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">'
        + "".join(cases)
        + "</testsuite></testsuites>",
        encoding="utf-8",
    )
    return path


def case(name: str, inner: str = "", module: str = "tests.browser.test_practice") -> str:
    return f'<testcase classname="{module}" name="{name}" time="1.0">{inner}</testcase>'


FAIL = '<failure message="{msg}">Traceback\n{msg}</failure>'
ERROR = '<error message="{msg}">setup traceback</error>'
SKIP = '<skipped type="pytest.skip" message="no chromium">skipped</skipped>'


def test_failures_are_counted_across_rounds_with_the_first_message(tmp_path):
    r1 = junit(
        tmp_path / "1.xml",
        case("test_a", FAIL.format(msg="AssertionError: first")),
        case("test_b"),
        case("test_c", SKIP),
    )
    r2 = junit(
        tmp_path / "2.xml",
        case("test_a"),
        case("test_b", ERROR.format(msg="failed on setup with TimeoutError")),
        case("test_c", SKIP),
    )
    r3 = junit(
        tmp_path / "3.xml",
        case("test_a", FAIL.format(msg="AssertionError: later")),
        case("test_b"),
        case("test_c", SKIP),
    )
    tally = Tally()
    for k, path in enumerate((r1, r2, r3), start=1):
        tally.add(k, path)
    assert tally.ran == {1: 3, 2: 3, 3: 3}
    a = tally.failed["tests/browser/test_practice.py::test_a"]
    b = tally.failed["tests/browser/test_practice.py::test_b"]
    assert (a.rounds, a.first) == ([1, 3], "AssertionError: first")
    assert (b.rounds, b.first) == ([2], "failed on setup with TimeoutError")
    assert set(tally.failed) == {a.test, b.test}  # a skip is no failure
    text, code = report(tally, 3, [61.0, 59.4, 600.0], "stress-ng --cpu 2")
    lines = text.splitlines()
    assert code == 1
    assert lines[:5] == [
        "tests that failed at least once in 3 rounds, by first failure:",
        "  - first failure: AssertionError: first",  # most failures first
        f"    2/3  {a.test}  (rounds 1, 3)",
        "  - first failure: failed on setup with TimeoutError",
        f"    1/3  {b.test}  (rounds 2)",
    ]
    assert "later" not in text
    assert lines[-1] == (
        "soak: 2 tests failed at least once in 3 rounds of 3 tests under stress-ng --cpu 2"
        " (rounds took 1 min 01 s, 59 s, 10 min 00 s)"
    )


def test_tests_whose_first_failures_differ_in_numbers_share_their_message(tmp_path):
    tally = Tally()
    down = ERROR.format(msg="failed on setup with streamlit on port {} not healthy after 30 s")
    tally.add(
        1,
        junit(
            tmp_path / "1.xml",
            case("test_a", down.format(40123)),
            case("test_b", down.format(51234)),
            case("test_c", FAIL.format(msg="assert 1 == 2")),
        ),
    )
    lines = report(tally, 1, [1.0], "hog")[0].splitlines()
    assert lines[1:6] == [
        "  - first failure: failed on setup with streamlit on port 40123 not healthy after 30 s",
        "    1/1  tests/browser/test_practice.py::test_a  (rounds 1)",
        "    1/1  tests/browser/test_practice.py::test_b  (rounds 1)",
        "  - first failure: assert 1 == 2",
        "    1/1  tests/browser/test_practice.py::test_c  (rounds 1)",
    ]


def test_a_failure_and_a_teardown_error_of_one_run_count_once(tmp_path):
    tally = Tally()
    both = FAIL.format(msg="assert 1 == 2") + ERROR.format(msg="failed on teardown")
    tally.add(1, junit(tmp_path / "1.xml", case("test_a", both)))
    (entry,) = tally.failed.values()
    assert (entry.rounds, entry.first) == ([1], "assert 1 == 2")


def test_all_passing_rounds_exit_zero_and_say_so(tmp_path):
    tally = Tally()
    for k in (1, 2):
        tally.add(k, junit(tmp_path / f"{k}.xml", case("test_a"), case("test_b")))
    text, code = report(tally, 2, [5.0, 6.0], "2 busy Python processes")
    assert code == 0
    assert text == (
        "soak: no test failed in 2 rounds of 2 tests under 2 busy Python processes"
        " (rounds took 5 s, 6 s)"
    )


def test_a_round_with_no_junit_file_fails_the_soak(tmp_path):
    tally = Tally()
    tally.add(1, junit(tmp_path / "1.xml", case("test_a")))
    tally.add(2, tmp_path / "missing.xml")
    (tmp_path / "3.xml").write_text("<testsuites><testsuite>", encoding="utf-8")  # cut short
    tally.add(3, tmp_path / "3.xml")
    assert set(tally.broken) == {2, 3}
    text, code = report(tally, 3, [1.0, 1.0, 1.0], "hog")
    assert code == 1
    assert "round 2 did not finish" in text and "2 rounds did not finish" in text.splitlines()[-1]


def test_a_long_message_is_cut_in_the_report(tmp_path):
    msg = "&#10;".join(f"line {i}" for i in range(20))  # a newline in an XML attribute
    tally = Tally()
    tally.add(1, junit(tmp_path / "1.xml", case("test_a", FAIL.format(msg=msg))))
    text, _ = report(tally, 1, [1.0], "hog")
    assert "line 5" in text and "line 6" not in text and "..." in text


def test_node_ids_follow_the_files(tmp_path):
    (tmp_path / "tests" / "browser").mkdir(parents=True)
    (tmp_path / "tests" / "browser" / "test_x.py").write_text("", encoding="utf-8")
    assert node_id("tests.browser.test_x", "test_a[1]", tmp_path) == (
        "tests/browser/test_x.py::test_a[1]"
    )
    assert node_id("tests.browser.test_x.TestY", "test_a", tmp_path) == (
        "tests/browser/test_x.py::TestY::test_a"
    )
    assert node_id("", "tests.browser.test_gone", tmp_path) == "tests.browser.test_gone"


def test_the_default_selection_is_used_unless_a_test_path_is_given():
    assert not soak.has_tests(["-n", "2", "--dist", "loadfile"])
    assert soak.has_tests(["-n", "0", "tests/browser/test_practice.py::test_a"])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:  # a zombie is dead
        return f.read().split(") ")[-1][0] != "Z"


@pytest.mark.parametrize("ending", ["normal", "interrupted"])
def test_the_python_hog_runs_a_process_per_core_and_is_always_stopped(ending, monkeypatch):
    started = []
    popen = soak.subprocess.Popen

    def spy(*args, **kwargs):
        proc = popen(*args, **kwargs)
        started.append(proc)
        return proc

    monkeypatch.setattr(soak.subprocess, "Popen", spy)
    with pytest.raises(KeyboardInterrupt) if ending == "interrupted" else nullcontext():
        with cpu_hog(2, use_stress_ng=False) as what:
            assert what == "2 busy Python processes"
            assert len(started) == 2 and all(alive(p.pid) for p in started)
            if ending == "interrupted":
                raise KeyboardInterrupt
    assert [p.returncode for p in started] == [-signal.SIGTERM] * 2  # stopped and reaped
