"""The operators' proxy recipe, run: Debian's nginx with docs/operators/nginx.conf (the file the
operators' guide shows; gtl_dev.proxy puts loopback ports and a throwaway certificate in its
example's place) in front of two app replicas on one PostgreSQL database.

A class runs through it over HTTPS: the teacher starts from the alpha-beta lab, two students
join in chromium (the websocket and the follow and answer routes all pass nginx), the replica
that holds the teacher's page (and one student's: the same route cookie) is stopped
mid-question, and the class goes on: the answers given after the stop reach the teacher and
every answer is kept. And the wrong-code guard's address cannot be chosen by the
client: through nginx it is the address nginx saw (a relay makes it 127.0.0.5), whatever
``X-Forwarded-For`` the browser wrote; on a server started as plain ``streamlit run`` on
127.0.0.1, whose uvicorn believes the header from loopback, a forged header no longer names a
new device (before, each try counted against the address it claimed).
"""

from __future__ import annotations

import http.client
import re
from collections.abc import Iterator

import pytest
from sqlalchemy import select

from classroom import guard
from classroom.access import token_hash
from classroom.db import JoinAttempt, open_store
from classroom.results import results
from gtl_dev.class_flow import (
    CHOICE,
    answer,
    class_server,
    click,
    join,
    right_answer,
    shown,
    start_from_lab,
    wait_text,
)
from gtl_dev.proxy import Nginx, NoNginx, Relay
from tests.browser.conftest import browser_unavailable
from tests.browser.helpers import VIEWPORT, assert_no_exception, expect

pytestmark = pytest.mark.browser
PROJECTOR = {"width": 1280, "height": 720}
WRONG = ["ZZZZQ2", "ZZZZQ3"]  # different wrong codes: each counts
# "127.0.0.1 [07/Dec/2026:19:18:27 +0000] "GET / HTTP/1.1" 502 157 upstream=127.0.0.1:1 route=e6"
LINE = re.compile(
    r'"(?P<method>\S+) (?P<path>\S+) [^"]*" (?P<status>\d+) \d+ '
    r"upstream=(?P<upstream>.*) route=(?P<route>\S+)$"
)


@pytest.fixture(scope="module")
def pg() -> Iterator:
    from gtl_dev.pg_server import NoPostgres, PgServer
    from tests.unavailable import no_postgres

    try:
        import psycopg  # noqa: F401

        server = PgServer().start()
    except (ImportError, NoPostgres) as e:
        no_postgres(str(e))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def proxied(pg, browser) -> Iterator[tuple]:  # noqa: ANN001
    """Two replicas started as the guide's file says (on loopback, naming nginx as their
    proxy), nginx in front; (replicas, nginx, database URL)."""
    url = pg.create_database()
    env = {
        "GTL_DATABASE_URL": url,
        guard.TRUSTED_ENV: "127.0.0.1",
        guard.SERVER_ENV: "127.0.0.1",
    }
    replicas = [class_server(env), class_server(env)]
    try:
        for r in replicas:
            r.start()
        try:
            proxy = Nginx([r.port for r in replicas]).start()
        except NoNginx as e:
            browser_unavailable(f"{e}")
        yield replicas, proxy, url
        proxy.stop()
    finally:
        for r in replicas:
            r.stop()


def _context(browser, **options):  # noqa: ANN001, ANN202
    ctx = browser.new_context(ignore_https_errors=True, **{"viewport": VIEWPORT, **options})
    # a deadline, not a wait: a fresh server's first run took over a minute on a loaded
    # 2-core machine
    ctx.set_default_timeout(120_000)
    return ctx


def _wrong_tries(browser, base: str, claims: list[str]) -> None:  # noqa: ANN001
    """One wrong code per new page (a new websocket, so a new header) claiming to be
    ``claims[i]`` in its X-Forwarded-For."""
    ctx = _context(browser)
    try:
        for claim, code in zip(claims, WRONG, strict=True):
            page = ctx.new_page()
            page.set_extra_http_headers({"X-Forwarded-For": claim})
            page.goto(f"{base}/classroom?join={code}", wait_until="domcontentloaded")
            page.locator(".st-key-class-name input").fill("Guess")
            click(page, "class.join")
            wait_text(page, f"no class session has the code '{code}'", timeout_s=120)
            page.close()
    finally:
        ctx.close()


def _counted(db_url: str) -> dict[str, int]:
    """The wrong-code counters of addresses: {address hash: failures}."""
    store = open_store(db_url)
    try:
        with store.reads.begin() as db:
            return {r.client_hash: r.failures for r in db.scalars(select(JoinAttempt))}
    finally:
        store.close()


def _address(addr: str) -> str:
    return token_hash("client:" + addr)  # as classroom.access.join keys an address


def test_through_nginx_the_guard_counts_the_address_nginx_saw(proxied, browser):
    """A browser reaching nginx from 127.0.0.5 writes a new X-Forwarded-For with each try:
    nginx replaces it with the address it saw, and the replicas (which name nginx, 127.0.0.1,
    as their proxy) count every try against 127.0.0.5."""
    _, proxy, url = proxied
    relay = Relay(proxy.https_port, "127.0.0.5")
    try:
        claims = [f"198.51.100.{i}" for i in range(len(WRONG))]
        _wrong_tries(browser, relay.url, claims)
    finally:
        relay.close()
    counted = _counted(url)
    assert counted.get(_address("127.0.0.5")) == len(WRONG)
    for other in [*claims, "127.0.0.1", guard.FORWARDED]:
        assert _address(other) not in counted, f"a try was counted against {other}"


def test_a_forged_forwarded_for_from_this_machine_names_no_new_device(pg, browser):
    """``streamlit run serve.py`` on 127.0.0.1 with no proxy named and FORWARDED_ALLOW_IPS
    unset: its uvicorn puts a loopback connection's X-Forwarded-For in the connection's
    place, so the app counts every try that carries the header as one address. Before, each
    try was counted against the address it claimed (a new device each time). With
    FORWARDED_ALLOW_IPS set from GTL_TRUSTED_PROXIES, as make run does, uvicorn believes
    nobody and the app alone decides (tests/classroom/test_guard.py)."""
    url = pg.create_database()
    server = class_server({"GTL_DATABASE_URL": url, guard.TRUSTED_ENV: ""})
    server.env.pop(guard.SERVER_ENV, None)
    with server:
        claims = [f"203.0.113.{i}" for i in range(len(WRONG))]
        _wrong_tries(browser, server.url, claims)
    counted = _counted(url)
    for claim in claims:
        assert _address(claim) not in counted, f"a try was counted against {claim}"
    assert counted.get(_address(guard.FORWARDED)) == len(WRONG)


def _log(proxy: Nginx) -> list[dict[str, str]]:
    lines = proxy.log.read_text().splitlines() if proxy.log.exists() else []
    return [m.groupdict() for m in map(LINE.search, lines) if m]


def _route(ctx) -> str:  # noqa: ANN001
    return next(c["value"] for c in ctx.cookies() if c["name"] == "gtl_route")


def _replica_of(proxy: Nginx, route: str) -> str:
    """The replica that answered the route's last request (a websocket is logged when it
    closes; the page's other requests at once)."""
    answered = [e["upstream"] for e in _log(proxy) if e["route"] == route and e["status"] == "200"]
    assert answered, f"no request with the route {route} reached a replica"
    return answered[-1].split(", ")[-1]


def test_a_class_through_nginx_goes_on_when_a_replica_stops(proxied, browser):
    replicas, proxy, url = proxied
    conn = http.client.HTTPConnection("127.0.0.1", proxy.http_port, timeout=10)
    conn.request("GET", "/classroom?join=ABC")  # the plain port sends browsers to HTTPS
    moved = conn.getresponse()
    assert moved.status == 301
    assert moved.getheader("Location") == "https://127.0.0.1/classroom?join=ABC"
    conn.close()

    tctx = _context(browser, viewport=PROJECTOR)
    teacher = tctx.new_page()
    code = start_from_lab(teacher, proxy.url)
    route = _route(tctx)
    stopped = _replica_of(proxy, route)
    contexts, students = [], []
    for i, name in enumerate(["Anna K.", "Ben"]):
        ctx = _context(browser)
        if i == 0:  # the teacher's route cookie: the teacher's replica
            ctx.add_cookies([{"name": "gtl_route", "value": route, "url": proxy.url}])
        page = ctx.new_page()
        join(page, proxy.url, code, name)
        contexts.append(ctx)
        students.append(page)
    wait_text(teacher, "2 students joined")
    assert _replica_of(proxy, _route(contexts[0])) == stopped

    click(teacher, "class.ask")  # the students' pages follow over /gtl/class/follow
    for s in students:
        wait_text(s, "Question 1")
        s.locator(CHOICE).first.wait_for()
    right = shown(right_answer(url, 1))
    options = [t.strip() for t in students[1].locator(CHOICE).all_inner_texts()]
    wrong = next(t for t in options if t != right)
    answer(students[1], wrong)
    wait_text(teacher, "1 of 2 students answered")

    sticky = {e["upstream"] for e in _log(proxy) if e["route"] == route}
    assert sticky == {stopped}, sticky  # every request of the teacher's browser: one replica
    next(r for r in replicas if f"127.0.0.1:{r.port}" == stopped).stop()  # mid-question
    answer(students[0], right)  # its page was on the stopped replica, as the teacher's
    wait_text(teacher, "2 of 2 students answered", timeout_s=60)
    click(teacher, "class.reveal")
    wait_text(teacher, f"Answer: {right}.")
    wait_text(students[0], f"Right: {right}.")
    wait_text(students[1], f"Not this time: the answer is {right} (you said {wrong})")
    for pg in (teacher, *students):
        assert_no_exception(pg)
    expect(teacher.locator('[data-testid="stMain"]')).to_contain_text("Anna K.")

    token = next(c["value"] for c in tctx.cookies() if c["name"] == f"gtl_teacher_{code}")
    store = open_store(url)
    try:
        rows = {r[0]: r for r in results(store, token).rows}
    finally:
        store.close()
    assert {n: rows[n][2] for n in rows} == {"Anna K.": "yes", "Ben": "no"}
    log = _log(proxy)
    taps = [e for e in log if e["method"] == "POST" and e["path"].startswith("/gtl/class/answer")]
    # 499: a page that reconnects to the other replica redraws its still, which stops waiting
    # for its tap's answer; the tap was stored (above) and the redrawn page shows it
    assert len(taps) == 2 and all(e["status"] in ("200", "499") for e in taps), taps
    # after the stop the stopped replica refuses, and nginx passes the tap to the other one
    assert taps[-1]["upstream"].split(", ")[-1] != stopped
    assert any(e["path"].startswith("/gtl/class/follow") and e["status"] == "200" for e in log)
    assert any(e["path"] == "/_stcore/stream" and e["status"] == "101" for e in log)
    for ctx in (tctx, *contexts):
        ctx.close()
