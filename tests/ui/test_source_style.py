"""House rules read from the sources: one formatter with no opt-outs, and thin pages."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE_LINES = 150  # formatted lines a page may have (logic that grows goes down into ui/)
OPT_OUTS = ("fmt: " + "skip", "fmt: " + "off")  # in two pieces: this file does not match
SOURCES = sorted(
    p
    for p in ROOT.rglob("*.py")
    if not any(part.startswith(".") or part in {"artifacts", "node_modules"} for part in p.parts)
)


def test_no_module_opts_out_of_the_formatter():
    found = [
        f"{p.relative_to(ROOT)}:{i}"
        for p in SOURCES
        for i, line in enumerate(p.read_text().splitlines(), 1)
        if any(opt in line for opt in OPT_OUTS)
    ]
    assert found == []


@pytest.mark.parametrize("page", sorted(ROOT.glob("pages/*.py")), ids=lambda p: p.name)
def test_pages_stay_thin(page):
    lines = len(page.read_text().splitlines())
    assert lines <= PAGE_LINES, f"{page.name} has {lines} lines: move logic down into ui/"
