"""A student's page follows its class over HTTP (ui.classroom.routes): the follow answers at
once when the page is behind, waits on the bell for the class to move otherwise (and says
"nothing new" when its wait ends), names what the script run must draw (the task, the end),
and refuses a token naming nobody. The requests go through the routes' ASGI app as a
browser sends them (tests.class_taps.http); the bell's thread is the server's."""

from __future__ import annotations

import gzip
import json
import signal
import threading
import time

import pytest

from classroom import access, live
from classroom.task import open_task
from tests.class_taps import asgi, http
from tests.ui.test_page_classroom import made, store  # noqa: F401 - fixtures
from ui.classroom import routes, shared, student_live
from ui.classroom.student_live import ROUTE

HANG_S = 30.0  # a follow that did not answer in this long hangs (not a speed goal)


def follow(token: str, seen: str = "", lang: str = "en") -> tuple[int, dict]:
    return http("GET", f"{ROUTE}/follow", query=f"s={token}&seen={seen}&lang={lang}")


@pytest.fixture
def student(store, made) -> str:  # noqa: F811 - the fixtures above
    return access.join(store, made.code, "Anna", "x").student_token


def test_a_page_behind_gets_its_state_at_once(store, made, student):  # noqa: F811
    status, got = follow(student)
    assert status == 200 and got["seen"] and got["data"]["step"] == 0
    assert "Watch the tree" in got["data"]["x"]["live"]["head"]
    live.open_question(store, made.teacher_token)
    status, now = follow(student, got["seen"])  # the page's run reads the class itself
    assert status == 200 and now["seen"] != got["seen"]
    assert "Question 1" in now["data"]["x"]["live"]["head"] and now["data"]["x"]["choices"]


def test_a_page_up_to_date_waits_for_the_class_to_move(store, made, student, monkeypatch):  # noqa: F811
    monkeypatch.setattr(shared, "FRESH", 0.0)
    _, first = follow(student)
    answered: list[tuple[int, dict]] = []
    asking = threading.Thread(target=lambda: answered.append(follow(student, first["seen"])))
    asking.start()
    deadline = time.monotonic() + HANG_S
    while shared.bell().waiting() == 0:  # the request waits on the bell
        assert time.monotonic() < deadline, "the follow never waited"
        time.sleep(0.02)
    assert not answered
    live.step_to(store, made.teacher_token, 5)  # by another process: the bell's tick sees it
    asking.join(HANG_S)
    assert answered, "the follow did not answer when the class moved"
    status, got = answered[0]
    assert status == 200 and got["data"]["step"] == 5 and got["seen"] != first["seen"]
    assert shared.bell().waiting() == 0


def test_a_wait_that_ends_says_nothing_new(store, made, student, monkeypatch):  # noqa: F811
    monkeypatch.setattr(routes, "WAIT_S", 0.2)
    _, first = follow(student)
    status, got = follow(student, first["seen"])
    assert status == 200 and got == {"seen": first["seen"]}
    assert shared.bell().waiting() == 0  # the follower is forgotten


def test_what_the_still_cannot_draw_is_named_by_the_page(store, made, student):  # noqa: F811
    """The typed box, the task and the end are drawn by a script run: the answer's page
    differs from the one the still was drawn with, and the still asks for a run."""
    _, first = follow(student)
    page = first["data"]["x"]["live"]["page"]
    open_task(store, made.teacher_token)
    _, task = follow(student, first["seen"])
    assert task["data"]["x"]["live"]["page"] != page
    live.end_session(store, made.teacher_token)
    _, ended = follow(student, task["seen"])
    got = ended["data"]["x"]["live"]
    assert got["page"] == student_live.ENDED and got["url"] is None  # nothing more to follow
    assert "This class session has ended" in got["head"]


def test_a_token_naming_nobody_is_refused(store, made):  # noqa: F811
    for token in ("", "forged", "x" * 5000, made.teacher_token, made.code):
        status, got = follow(token)
        assert status == 403 and got["error"], token


def test_the_words_come_in_the_pages_language(store, made):  # noqa: F811
    token = access.join(store, made.code, "Dan O'Brien", "y").student_token
    _, got = follow(token, lang="ru")
    head = got["data"]["x"]["live"]["head"]
    assert "Вы — <b>Dan O'Brien</b>" in head or "<b>Dan O'Brien</b>" in head and "Вы" in head
    _, other = follow(token, lang="klingon")  # an unknown language: English
    assert "You are <b>Dan O'Brien</b>" in other["data"]["x"]["live"]["head"]


def test_the_head_escapes_every_character_and_makes_only_bold():
    assert student_live.md("a <img src=x onerror=y> & **c** *d*") == (
        "a &lt;img src=x onerror=y&gt; &amp; <b>c</b> *d*"
    )


def test_the_answer_is_the_state_as_json_with_the_payload_made_once(store, made, student):  # noqa: F811
    """The still's payload is spliced into the answer from JSON made once per payload: the
    answer still reads back as the page's whole state (as json.dumps would write it)."""
    from ui.classroom.routes import _payload_json

    _, got = follow(student)
    live.open_question(store, made.teacher_token)
    _, asked = follow(student, got["seen"])
    fresh = student_live.page_now(student, "en")
    assert asked == {"seen": fresh.seen, "data": fresh.data}  # every key, the payload's too
    assert _payload_json(fresh.data["p"]) is _payload_json(fresh.data["p"])  # made once


class _Uvicorn:
    """What uvicorn's Server is to the follow: its SIGTERM handler's object, should_exit."""

    def __init__(self) -> None:
        self.should_exit = False

    def handle_exit(self, sig, frame) -> None:  # noqa: ANN001
        self.should_exit = True


def test_a_waiting_follow_ends_when_the_server_shuts_down(store, made, student, monkeypatch):  # noqa: F811
    """uvicorn drains every request under way before it exits: a follow must not hold a
    restart up for its 25 s. Once the server's SIGTERM handler has set should_exit, the
    waiting follow says "nothing new" within a look (the still asks again, and is told the
    server is away)."""
    monkeypatch.setattr(routes, "LOOK_S", 0.05)
    monkeypatch.setattr(routes, "WAIT_S", 4 * HANG_S)  # only the shutdown can end it in time
    server = _Uvicorn()
    monkeypatch.setattr(signal, "getsignal", lambda sig: server.handle_exit)
    _, first = follow(student)
    answered: list[tuple[int, dict]] = []
    asking = threading.Thread(target=lambda: answered.append(follow(student, first["seen"])))
    asking.start()
    deadline = time.monotonic() + HANG_S
    while shared.bell().waiting() == 0:
        assert time.monotonic() < deadline, "the follow never waited"
        time.sleep(0.02)
    assert not answered
    server.handle_exit(signal.SIGTERM, None)
    asking.join(HANG_S)
    assert answered == [(200, {"seen": first["seen"]})]
    assert routes.server_exiting()


def test_a_browser_that_takes_gzip_gets_the_answer_gzipped(store, made, student):  # noqa: F811
    query = f"s={student}&seen=&lang=en"
    _, plain_headers, plain = asgi("GET", f"{ROUTE}/follow", query=query)
    status, headers, packed = asgi(
        "GET", f"{ROUTE}/follow", query=query, headers=(("accept-encoding", "gzip, br"),)
    )
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain_headers
    assert int(headers["content-length"]) == len(packed) < len(plain) / 2
    assert json.loads(gzip.decompress(packed)) == json.loads(plain)
