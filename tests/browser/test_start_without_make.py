"""The start without make, as a teacher's laptop or Streamlit Community Cloud does it: in a
copy of the checkout, a fresh virtual environment, ``pip install -r requirements.txt`` and
``streamlit run serve.py``; a lab draws and steps its tree (the canvas's files are found
through the installed project) and the class page asks for a code.

Tests send no traffic off the machine, so pip installs from the wheels ``make wheelhouse``
downloaded (``make test`` does it first) with ``--no-index``, its own configuration ignored.
``--no-compile`` only skips writing .pyc files ahead (Python writes them as it imports).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gtl_dev.app_server import ROOT, Server
from gtl_dev.pages import open_url
from tests.browser.helpers import (
    CANVAS_DRAWN,
    VIEWPORT,
    assert_no_exception,
    canvas,
    canvas_next,
    expect,
    record_figure,
)

pytestmark = pytest.mark.browser

WHEELHOUSE = ROOT / ".venv" / "wheelhouse"
# what a clone does not have, or what is made from it (at the top of the checkout)
NOT_IN_A_CLONE = {".venv", ".git", "node_modules", "build", "artifacts", "data"}
NOT_ANYWHERE = shutil.ignore_patterns("__pycache__", "*.egg-info", ".*_cache", ".hypothesis")


def _copy_checkout(dest: Path) -> Path:
    def ignore(folder: str, names: list[str]) -> set[str]:
        top = NOT_IN_A_CLONE & set(names) if Path(folder) == ROOT else set()
        return top | NOT_ANYWHERE(folder, names)

    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> None:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"


def _offline_env() -> dict[str, str]:
    """This environment with no pip configuration (no index, no find-links of the machine's)
    and no PYTHONPATH: the fresh environment sees only what it installed."""
    drop = {"PIP_FIND_LINKS", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PYTHONPATH", "VIRTUAL_ENV"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return {**env, "PIP_CONFIG_FILE": os.devnull}


@pytest.fixture(scope="module")
def fresh_app(tmp_path_factory, browser):  # -> str, the app's URL
    """The app installed and started as README tells one to without make. Needs the browser,
    so it is skipped or failed with it."""
    if not (WHEELHOUSE / ".done").exists():
        pytest.fail(f"no wheels in {WHEELHOUSE}: run `make wheelhouse` (make test does)")
    tmp = tmp_path_factory.mktemp("no-make")
    checkout = _copy_checkout(tmp / "game-tree-lab")
    venv, env = tmp / "venv", _offline_env()
    start = time.perf_counter()
    _run([sys.executable, "-m", "venv", str(venv)], checkout, env)
    python = venv / "bin" / "python"
    pip = [str(python), "-m", "pip", "install", "-q", "--no-compile", "--no-index"]
    _run([*pip, "--find-links", str(WHEELHOUSE), "-r", "requirements.txt"], checkout, env)
    record_figure(
        "fresh venv + pip install -r requirements.txt (offline)", time.perf_counter() - start
    )
    env = {**env, "GTL_DATA_DIR": str(tmp / "data"), "GTL_WARM_UP": "0"}
    server = Server(env, launcher=[str(venv / "bin" / "streamlit")], cwd=checkout, timeout_s=90)
    start = time.perf_counter()
    with server:
        record_figure(
            "streamlit run serve.py until healthy (fresh venv)", time.perf_counter() - start
        )
        yield server.url


def test_a_lab_and_the_class_page_from_requirements_txt(fresh_app, browser):
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(60_000)
    page = context.new_page()
    try:
        open_url(page, f"{fresh_app}/alphabeta", timeout_ms=90_000)
        expect(page.locator(CANVAS_DRAWN).first).to_be_visible()
        assert_no_exception(page)
        canvas_next(page)  # the canvas's module runs: it steps in the browser
        expect(canvas(page).locator(".sentence")).to_contain_text("Step 1")
        open_url(page, f"{fresh_app}/classroom", timeout_ms=90_000)
        expect(page.locator(".st-key-class-code input")).to_be_visible()
        assert_no_exception(page)
    finally:
        context.close()
