"""Test support shared by every test folder. tests/ is a package: a helper is imported by one
name, ``tests.<module>`` (pytest puts the checkout's root on sys.path: pyproject.toml's
``pythonpath``), and the app's packages come from the editable install."""

import json

import pytest

# AppTest puts a page's folder first on sys.path, and app_pages/classroom.py would then shadow
# the classroom package for a test that runs alone (the full run imported the package first).
import classroom  # noqa: F401
from tests.browser.helpers import TIMINGS


def pytest_sessionfinish(session) -> None:
    """On a pytest-xdist worker (`make test` runs two), hand the browser tests' timing figures
    this worker recorded to the controller, which prints them (:func:`pytest_testnodedown`)."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["gtl_timings"] = json.dumps(TIMINGS)


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: called on the controller only
def pytest_testnodedown(node, error) -> None:
    """Gather a finished worker's timing figures into this process's record."""
    for name, values in json.loads(node.workeroutput.get("gtl_timings", "{}")).items():
        TIMINGS.setdefault(name, []).extend(values)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Print the timing figures the browser tests recorded (tests.browser.helpers.record_figure;
    figures, not assertions); under pytest-xdist the controller prints every worker's. Here,
    not in tests/browser/conftest.py: the controller loads only this conftest."""
    if not TIMINGS:
        return
    tr = terminalreporter
    tr.write_sep("-", "browser timings (seconds)")
    width = max(len(name) for name in TIMINGS)
    for name, values in TIMINGS.items():
        shown = ", ".join(f"{v:.2f}" if v >= 0.01 else f"{v * 1000:.1f} ms" for v in values)
        tr.write_line(f"{name:<{width}}  {shown}")
