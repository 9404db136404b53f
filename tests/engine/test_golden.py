"""The search machinery against recorded truth: every case of ``tests/data/record_golden.py``
run again and compared with the golden file recorded from the machinery before issue 20,
event for event and field for field, with the result objects (values, counts, trees, states,
MTD(f)'s passes, deepening's iterations and table, error messages)."""

from __future__ import annotations

import pytest

from tests.data.record_golden import EVENT_FIELDS, all_cases, load

CASES = all_cases()


@pytest.fixture(scope="module")
def golden() -> dict:
    return load()


def test_the_golden_file_has_every_case_and_no_other(golden):
    assert sorted(golden) == sorted(CASES)


def _compare(got, want, where: str) -> None:
    """Equal, or an assertion naming the first place they differ (an event: its index and
    the differing field)."""
    if isinstance(want, dict) and isinstance(got, dict):
        assert sorted(got) == sorted(want), f"{where}: keys {sorted(got)} != {sorted(want)}"
        for k in want:
            _compare(got[k], want[k], f"{where}.{k}")
        return
    if isinstance(want, list) and isinstance(got, list) and where.endswith(".events"):
        for i, (g, w) in enumerate(zip(got, want, strict=False)):
            if g != w:
                diff = {f: (a, b) for f, a, b in zip(EVENT_FIELDS, g, w, strict=True) if a != b}
                pytest.fail(f"{where}[{i}] differs (got, recorded): {diff}\n  got  {g}\n  want {w}")
        assert len(got) == len(want), f"{where}: {len(got)} events, recorded {len(want)}"
        return
    assert got == want, f"{where}: got {got!r}, recorded {want!r}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_case_matches_the_recording(golden, name):
    _compare(CASES[name](), golden[name], name)
