"""Class mode in real browsers: app servers that can be restarted on the same port and
database, and the class flow (a teacher, students joining, following, answering, the reveal)
the browser tests and bench/bench_class_pages.py drive.

The class pages are rerun by the process's bell when their class moves on (within a fifth
of a second, ui.classroom.notify), so the helpers wait for what a person sees (text, a step on
the canvas) rather than for a quiet websocket.
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select

from classroom.db import Question, open_store
from gtl_dev.app_server import Server
from gtl_dev.pages import open_url, probe_settled, rerun

CHOICE = ".st-key-class-figure button.ch-b"  # the still's answer buttons (plugins/student.js)


def class_server(env: dict[str, str], port: int | None = None, hide: str | None = None) -> Server:
    """The app server of a class test or benchmark on ``port`` with ``env`` (GTL_DATA_DIR or
    GTL_DATABASE_URL), without the board-lab warm-up: its minute of solving would be measured
    as class latency. ``hide``: the name of a private AppSession attribute hidden from the
    class bell (the server runs under tests/browser/streamlit_hiding.py)."""
    launcher = (
        None if hide is None else [sys.executable, "-m", "tests.browser.streamlit_hiding", hide]
    )
    # a deadline, not a wait: a busy 2-core machine took over 40 s to import Streamlit
    return Server({"GTL_WARM_UP": "0", **env}, port, timeout_s=120.0, launcher=launcher)


@dataclass
class Sqlite:
    """A class database in an SQLite file in a fresh data folder."""

    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="gtl-db-")))

    @property
    def env(self) -> dict[str, str]:
        return {"GTL_DATA_DIR": str(self.folder), "GTL_DATABASE_URL": ""}

    @property
    def url(self) -> str:
        return f"sqlite:///{self.folder / 'class.sqlite3'}"


def right_answer(db_url: str, number: int) -> str:
    """The stored answer of question ``number`` of the only session (test side only)."""
    store = open_store(db_url)
    try:
        with store.sessions.begin() as db:
            q = db.scalars(select(Question).where(Question.number == number)).one()
            return q.answer
    finally:
        store.close()


def shown(value: str) -> str:
    """A stored answer ("3", "inf", "-inf") as its button says it."""
    return {"inf": "+∞", "-inf": "−∞"}.get(value, value)


# ---- what a person sees ----------------------------------------------------------------
def wait_step(page, step: int, timeout_s: float = 40.0) -> float:  # noqa: ANN001
    """Wait until the page's tree shows ``step`` ("Step 4 of 33." in the canvas's sentence;
    empty at step 0); the seconds it took."""
    from playwright.sync_api import expect

    t = time.perf_counter()
    want = re.compile(r"^\s*$" if step == 0 else rf"^\s*Step {step} ")
    expect(page.locator(".gtl-canvas .s-step").first).to_have_text(want, timeout=timeout_s * 1000)
    return time.perf_counter() - t


def wait_text(
    page, text: str, timeout_s: float = 40.0, where: str = '[data-testid="stMain"]'
) -> float:  # noqa: ANN001
    t = time.perf_counter()
    page.locator(where).filter(has_text=text).first.wait_for(timeout=timeout_s * 1000)
    return time.perf_counter() - t


def click(page, key: str) -> None:  # noqa: ANN001
    """Click the button with ``key`` (as written in Python: ``class.next``)."""
    css = key.replace(".", "-")
    page.locator(f".st-key-{css} button:visible").first.click()


def choices(page, at_least: int = 2) -> list[str]:  # noqa: ANN001
    """The words of the still's answer buttons, once at least ``at_least`` are drawn (the
    still draws them in one go: the count waited for, the words are settled)."""
    from playwright.sync_api import expect

    buttons = page.locator(CHOICE)
    expect(buttons.nth(at_least - 1)).to_be_attached(timeout=60_000)
    return [t.strip() for t in buttons.all_inner_texts()]


def answer(page, label: str) -> None:  # noqa: ANN001
    """Tap the answer button labelled ``label`` and wait for the receipt."""
    exact = re.compile(f"^{re.escape(label)}$")
    page.locator(CHOICE).filter(has_text=exact).first.click()
    wait_text(page, f"Your answer: {label}")


def start_from_lab(teacher, base: str) -> str:  # noqa: ANN001
    """Open the alpha-beta lab, start a class session on its tree asking for cut-offs, and
    return the class's code, once the teacher's page is the class's (``/classroom?room=``)."""
    from playwright.sync_api import expect

    open_url(teacher, f"{base}/alphabeta", 90_000)  # a first visit, on a loaded machine
    # a projector's window: the probe's report turns projector mode on (a run) about 0.3 s
    # after the page is drawn; a click on the box before it could be lost with it
    probe_settled(teacher)
    with rerun(teacher, start_timeout_ms=10_000, timeout_ms=60_000):  # its contents made
        teacher.locator("summary").filter(has_text="Start a class session").click()
    with rerun(teacher, start_timeout_ms=10_000, timeout_ms=60_000):  # the pill's run first
        teacher.locator(".st-key-ab-class_kinds button").filter(has_text="cut-offs").click()
    click(teacher, "ab.class_go")
    teacher.wait_for_url("**/classroom?room=*")  # the projector's address bar: no token
    code = teacher.locator(".gtl-code")
    expect(code).to_have_text(re.compile(r"^\s*[A-Z2-9]{6}\s*$"), timeout=60_000)
    return code.inner_text().strip()  # settled: the wait above saw a whole code


def join(page, base: str, code: str, name: str, typed: bool = False) -> None:  # noqa: ANN001
    """Join from the join link (``typed``: from the Class page, typing the code)."""
    page.goto(
        f"{base}/classroom" + ("" if typed else f"?join={code}"), wait_until="domcontentloaded"
    )
    page.locator(".st-key-class-name input").wait_for()
    if typed:
        page.locator(".st-key-class-code input").fill(code)
    page.locator(".st-key-class-name input").fill(name)
    click(page, "class.join")
    wait_text(page, f"You are {name} in class {code}")
