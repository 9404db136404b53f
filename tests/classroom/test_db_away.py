"""A class database that goes away for 5 s during an open question (PostgreSQL: the
throwaway server stopped; SQLite: the file locked by another connection), on the class page
(AppTest): the page says it is reconnecting instead of failing, an answer tapped meanwhile
is kept (the tap waits for the database) or clearly refused, and the class carries on."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from sqlalchemy import select
from streamlit.testing.v1 import AppTest

from classroom import access, live
from classroom.db import Answer, open_store
from engine.tree_text import parse_brackets
from tests.class_taps import head, http, still, tap
from tests.ui.test_page_classroom import PAGE, TREE, ok, texts
from ui.classroom import shared
from ui.classroom.student_live import ROUTE

AWAY_S = 5.0
RECONNECTING = "Reconnecting: the class database cannot be reached"


@pytest.fixture
def class_db(db_url, monkeypatch):
    monkeypatch.setenv("GTL_DATABASE_URL", db_url)
    monkeypatch.setattr(shared, "FRESH", 0.0)  # each run reads the pulse: no bell's thread here
    for cache in (shared.store, shared.session_run, shared._still):
        cache.clear()
    s = open_store(db_url)
    yield s
    s.close()
    shared.store().close()
    shared.store.clear()


def _away(db_url: str, request) -> tuple[threading.Thread, threading.Event]:  # noqa: ANN001
    """Take the database away now and bring it back after AWAY_S, in a thread."""
    gone = threading.Event()
    if db_url.startswith("sqlite"):
        path = db_url.split("///", 1)[1]

        def hold() -> None:
            conn = sqlite3.connect(path, timeout=30, isolation_level=None)
            conn.execute("BEGIN EXCLUSIVE")
            gone.set()
            time.sleep(AWAY_S)
            conn.execute("ROLLBACK")
            conn.close()
    else:
        server = request.getfixturevalue("pg_server")
        server.pause()
        gone.set()

        def hold() -> None:
            time.sleep(AWAY_S)
            server.resume()

    t = threading.Thread(target=hold, daemon=True)
    t.start()
    request.addfinalizer(lambda: t.join(60))  # the database is back for the next test
    assert gone.wait(30), "the database did not go away"
    return t, gone


def _answers(store) -> list[str]:
    with store.sessions() as db:
        return list(db.scalars(select(Answer.value)))


def _student_page(store) -> AppTest:
    """A student's page with a question open, drawn once."""
    made = live.create_session(store, parse_brackets(TREE), kinds=["value"])
    token = access.join(store, made.code, "Anna", "x").student_token
    live.open_question(store, made.teacher_token)
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params["s"] = token
    at.run()
    ok(at)
    return at


def test_an_answer_tapped_while_the_database_is_away_is_kept(class_db, db_url, request):
    at = _student_page(class_db)
    t, _ = _away(db_url, request)
    start = time.monotonic()
    got = tap(at, "3")  # waits for the database
    t.join(60)
    assert time.monotonic() - start >= AWAY_S - 1.0  # it waited out the outage, then saved
    assert got["status"] == 200 and "note" not in got
    assert _answers(class_db) == ["3"]
    assert "Your answer: <b>3</b>" in head(got["data"])
    at.run()
    ok(at)
    assert RECONNECTING not in texts(at)


# PostgreSQL only: an SQLite file locked for 5 s is waited out (its busy timeout is 30 s), so
# a tap there is never refused (the test above shows it kept).
@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_the_page_says_it_reconnects_and_an_answer_that_cannot_wait_is_refused(
    class_db, db_url, request, monkeypatch
):
    at = _student_page(class_db)
    monkeypatch.setattr(shared, "RETRY_S", 1.0)  # the tap gives up before the server is back
    token = still(at)["x"]["live"]["s"]
    t, _ = _away(db_url, request)
    got = tap(at, "3")
    assert got["status"] == 200  # no traceback: the still says what happened
    assert "not saved: the class database cannot be reached" in got["note"]
    status, following = http("GET", f"{ROUTE}/follow", query=f"s={token}&seen=x&lang=en")
    assert status == 503 and following["error"]  # the still says it is reconnecting
    at.run()  # a reload meanwhile
    ok(at)
    assert RECONNECTING in texts(at)
    t.join(60)
    at.run()  # the page's fragment does this by itself every second
    ok(at)
    assert RECONNECTING not in texts(at) and "Tap your answer" in texts(at)
    assert _answers(class_db) == []  # refused, and said so: nothing half stored
    tap(at, "3")
    assert _answers(class_db) == ["3"]  # the class carries on
