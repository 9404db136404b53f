"""The benchmarks import what they measure from where it lives now, and call it with the
arguments it takes (a moved function or a new parameter breaks a benchmark silently
otherwise: nothing else runs them)."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

BENCH = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "bench").glob("bench_*.py"))


@pytest.mark.parametrize("name", BENCH)
def test_benchmark_imports(name):
    importlib.import_module(f"bench.{name}")


# the project's packages: a call into one of them must fit the callee's signature
PROJECT = ("engine", "teach", "viz", "classroom", "ui", "gtl_dev")


def _callee(module, node: ast.expr):  # noqa: ANN001, ANN202
    """The project function or class a call's ``node`` names in ``module`` (``alias.f`` of an
    imported project module, or ``f`` imported from one), else None."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        owner = getattr(module, node.value.id, None)
        if inspect.ismodule(owner) and owner.__name__.split(".")[0] in PROJECT:
            return getattr(owner, node.attr, None)
    elif isinstance(node, ast.Name):
        obj = getattr(module, node.id, None)
        home = getattr(obj, "__module__", "") or ""
        if callable(obj) and home.split(".")[0] in PROJECT:
            return obj
    return None


@pytest.mark.parametrize("name", BENCH)
def test_benchmark_calls_fit_what_they_call(name):
    """Every call a benchmark makes into the project, with its arguments written out, binds
    to the callee's signature: a parameter added to a cached function (a language) made
    bench_caches pass a whole search as the language, which Streamlit spent minutes hashing
    before the call failed. (A call with ``*args`` is not checked.)"""
    module = importlib.import_module(f"bench.{name}")
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    wrong = []
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        if any(isinstance(a, ast.Starred) for a in call.args) or any(
            k.arg is None for k in call.keywords
        ):
            continue
        callee = _callee(module, call.func)
        if callee is None:
            continue
        try:
            sig = inspect.signature(callee)
        except (TypeError, ValueError):
            continue
        try:
            sig.bind(*call.args, **{k.arg: k.value for k in call.keywords})
        except TypeError as e:
            wrong.append(f"line {call.lineno}: {ast.unparse(call.func)}(...): {e}")
    assert not wrong, "\n".join(wrong)


def test_the_canvas_alone_page_draws_what_the_lab_draws():
    """bench_wire's floor of a canvas lab is a script in a string: it runs, and draws its
    title and one canvas, the alpha-beta lab's first canvas on a first visit, the same."""
    from streamlit.testing.v1 import AppTest

    from bench.bench_wire import CANVAS_ALONE
    from tests.canvas_data import canvases

    alone = AppTest.from_string(CANVAS_ALONE, default_timeout=60).run()
    assert not alone.exception, alone.exception
    page = Path(__file__).resolve().parents[1] / "app_pages" / "alphabeta.py"
    lab = AppTest.from_file(str(page), default_timeout=60).run()
    assert not lab.exception, lab.exception
    assert [t.value for t in alone.title] == ["A canvas alone"]
    drawn, wanted = canvases(alone), canvases(lab)
    assert len(drawn) == 1 and wanted
    assert drawn[0] == wanted[0]
