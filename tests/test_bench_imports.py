"""The benchmarks import what they measure from where it lives now (a moved function breaks
a benchmark silently otherwise: nothing else runs them)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCH = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "bench").glob("bench_*.py"))


@pytest.mark.parametrize("name", BENCH)
def test_benchmark_imports(name):
    importlib.import_module(f"bench.{name}")
