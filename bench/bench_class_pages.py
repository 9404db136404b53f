"""Class mode under load, as a browser drives the pages: `streamlit run` servers (one, or
several replicas on one database), the teacher's projector page and a few students in real
chromium pages, and the rest of the class as students that do what a browser's student page
does: open the page over Streamlit's websocket (its one script run: the still's data), then
follow the class the way the still does, over HTTP (ui.classroom.routes: a long poll the
server answers when the class moves on), and post each tap there. A student answers as a
person does: it taps an answer button, and a third of them tap a second one (a change of
mind), a fifth the same one twice.

Each round the teacher (a real page) presses "Ask", everyone answers, the teacher presses
"Reveal" (which steps on) and "Next". Printed, per size of class:

- "Ask" to every student's page: from the teacher's click to each student's page showing
  the question open (the follow's answer read, a browser page's text), p50 / p95;
- answers stored / taps told: answer rows in the database against the (student, question)
  pairs whose page said "Your answer: ..." after the student's last tap (0 lost: equal);
- the servers' CPU seconds while the class ran, and per student page per class change
  (three changes a round: ask, reveal, next; the runs after the taps are counted in);
- the wall time and the servers' peak memory;
- the simulated students' page runs (script runs: the still asks for one only when the page
  around it changes, not here) per student and class change: a count the load does not move.

No asserts: figures only. Goals (issue 23): 300 students on one process p95 <= 1.5 s and
<= 4 ms of server CPU per student page per class change, 0 answers lost; two replicas on
PostgreSQL with 300 students p95 <= 1.0 s; 60 students p95 <= 0.5 s.

Run: python bench/bench_class_pages.py [--students 60,150,300] [--replicas 2]
[--browsers 4] [--questions 3] [--postgres] [--py-spy FILE]. With no arguments: 60, 150 and 300 students
on one process (SQLite), then 300 on two replicas on PostgreSQL. Needs chromium (as the
browser tests) and, for --postgres or replicas, Debian's postgresql (as the tests).
``--py-spy FILE``: the first server's samples while the class runs (py-spy, the dev extra;
``--gil``: only threads holding the GIL, about its CPU time), in py-spy's raw format (one
collapsed stack a line, then its count), one file per size of class (FILE.<students>).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from http.client import HTTPConnection
from pathlib import Path
from urllib.parse import quote, urlsplit

from sqlalchemy import func, select
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.state.session_state import STREAMLIT_INTERNAL_KEY_PREFIX
from websockets.sync.client import connect

from classroom import access, live
from classroom.db import Answer, open_store
from engine.random_tree import random_leaves
from engine.tree import complete_tree
from gtl_dev.app_server import CHROMIUM, CHROMIUM_ARGS
from gtl_dev.class_flow import CHOICE, Sqlite, class_server, join
from gtl_dev.pg_server import PgServer
from ui.classroom.student_live import ROUTE

COUNT = re.compile(r"(\d+) of (\d+) students? answered")
QUESTION = re.compile(r"<b>Question (\d+)</b>")  # in the head the still draws (HTML)
OPEN = ("Tap your answer", "you may change it until")  # the question is open on the page
RECEIPT = re.compile(r"Your answer: <b>(.+?)</b>")
FOLLOW = "follow"  # the still's request for a script run (plugins/student.js)
CHANGES_PER_ROUND = 3  # ask, reveal, next


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


class Proc:
    """CPU seconds and peak memory of a process, from /proc."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.tick = os.sysconf("SC_CLK_TCK")

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.tick

    def peak_mb(self) -> float:
        for row in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if row.startswith("VmHWM:"):
                return int(row.split()[1]) / 1024
        return float("nan")


class Room:
    """What the student threads share with the main thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.opened: dict[int, float] = {}  # question number -> when the teacher clicked Ask
        self.ask: list[float] = []  # Ask -> a student's page showing the question open
        self.told: set[tuple[str, int]] = set()  # (student, question) a page said was in
        self.taps = 0
        self.errors: list[str] = []
        self.stop = False


def _live(still) -> dict | None:  # noqa: ANN001
    """The still's data (a bidi component's proto) when it is a student's page's."""
    data = json.loads(still.json or "{}")
    return data if (data.get("x") or {}).get("live") else None


class WsStudent(threading.Thread):
    """One student, as a browser's page is one: the student page opened over Streamlit's
    websocket (its one script run: the still's data), then the still's own requests, over
    HTTP (ui.classroom.routes): it follows the class (a long poll that answers when the
    class moves on) and posts its taps."""

    def __init__(self, url: str, store, code: str, i: int, room: Room) -> None:  # noqa: ANN001
        super().__init__(daemon=True)
        self.url, self.store, self.code, self.i, self.room = url, store, code, i, room
        self.name = f"Student {i:03d}"
        self.rng = random.Random(i)
        self.seen: set[int] = set()  # questions seen open
        self.lock = threading.Lock()
        self.data: dict | None = None  # the state the still draws
        self.page_hash = ""  # the page's script hash (the server's new_session message)
        self.runs = 0
        host = urlsplit(url)
        self.address = (host.hostname, host.port)

    def send(self, trigger: tuple[str, str] | None = None) -> None:
        """A run of the page, as the browser asks for one (``trigger``: the still's
        request for a run, (its trigger widget's id, the fragment it is drawn in))."""
        m = BackMsg()
        m.rerun_script.query_string = f"s={self.token}"
        if self.page_hash:  # as a browser sends it
            m.rerun_script.page_script_hash = self.page_hash
        else:  # the first run
            m.rerun_script.page_name = "classroom"
        if trigger is not None:
            value = json.dumps([{"event": FOLLOW, "value": "page"}])
            m.rerun_script.widget_states.widgets.add(id=trigger[0], json_trigger_value=value)
            m.rerun_script.fragment_id = trigger[1]
        self.ws.send(m.SerializeToString())

    def http(self, conn: HTTPConnection, method: str, path: str, body: dict | None = None) -> dict:
        raw = None if body is None else json.dumps(body).encode()
        headers = {"Accept-Encoding": "gzip"}  # as a browser asks
        if raw:
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=raw, headers=headers)
        r = conn.getresponse()
        text = r.read()
        if r.getheader("Content-Encoding") == "gzip":
            text = gzip.decompress(text)
        got = json.loads(text)
        if r.status != 200:
            raise RuntimeError(f"{method} {path.split('?')[0]}: {r.status} {got}")
        return got

    def run(self) -> None:
        room = self.room
        try:
            self.token = access.join(self.store, self.code, self.name, f"ws-{self.i}")
            self.token = self.token.student_token
            ws_url = self.url.replace("http", "ws", 1) + "/_stcore/stream"
            with connect(ws_url, subprotocols=["streamlit"], origin=self.url, max_size=None) as ws:
                self.ws = ws
                self.send()
                first, trigger = self.first_run(ws)
                self.drawn(first, time.perf_counter())
                follow = HTTPConnection(*self.address, timeout=120)
                live = first["x"]["live"]
                page = live["page"]
                query = f"s={quote(self.token)}&lang={live['lang']}"
                while not room.stop:
                    with self.lock:
                        seen = self.data["x"]["live"]["seen"]  # type: ignore[index]
                    got = self.http(follow, "GET", f"{ROUTE}/follow?{query}&seen={quote(seen)}")
                    if room.stop or "data" not in got:
                        continue
                    self.drawn(got["data"], time.perf_counter())
                    if got["data"]["x"]["live"]["page"] != page:  # the still asks for a run
                        page = got["data"]["x"]["live"]["page"]
                        self.send(trigger)
                        self.runs += 1
        except Exception as e:  # noqa: BLE001 - reported with the figures
            if not room.stop:
                room.errors.append(f"student {self.i}: {e!r}")

    def first_run(self, ws) -> tuple[dict, tuple[str, str]]:  # noqa: ANN001
        """The page's first run: the still's data and its trigger (id, fragment)."""
        got = None
        while True:
            msg = ForwardMsg.FromString(ws.recv(timeout=120))
            kind = msg.WhichOneof("type")
            if kind == "new_session" and msg.new_session.page_script_hash:
                self.page_hash = msg.new_session.page_script_hash
            elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
                el = msg.delta.new_element
                if el.WhichOneof("type") == "bidi_component" and _live(el.bidi_component):
                    c = el.bidi_component
                    trigger = f"{STREAMLIT_INTERNAL_KEY_PREFIX}_{c.id}__events"
                    got = (_live(c), (trigger, msg.delta.fragment_id))
            elif kind == "script_finished":
                self.runs += 1
                if got is None:
                    raise RuntimeError("the student page drew no still")
                return got

    def drawn(self, data: dict, now: float) -> None:
        """The still draws ``data``: a question newly open starts the student thinking."""
        with self.lock:
            self.data = data
        head = data["x"]["live"]["head"]
        numbers = QUESTION.findall(head)
        if not numbers or not any(o in head for o in OPEN):
            return
        n = int(numbers[-1])
        if n in self.seen:
            return
        self.seen.add(n)
        room = self.room
        with room.lock:
            if n in room.opened:
                room.ask.append(now - room.opened[n])
        threading.Timer(self.rng.uniform(0.2, 2.5), self.answer, (n,)).start()  # thinking

    def answer(self, n: int) -> None:
        rng = self.rng
        try:
            with self.lock:
                row = (self.data or {}).get("x", {}).get("choices")
            if not row:
                return  # the question closed before the student made up their mind
            options = dict(row["options"])
            labels = sorted(options)
            picks = [rng.choice(labels)]
            if rng.random() < 1 / 3:
                picks.append(rng.choice(labels))  # a change of mind
            if rng.random() < 1 / 5:
                picks.append(picks[-1])  # a double tap
            conn = HTTPConnection(*self.address, timeout=120)
            head = ""
            for label in picks:
                body = {"s": self.token, "q": row["q"], "a": options[label], "lang": "en"}
                got = self.http(conn, "POST", f"{ROUTE}/answer", body)
                with self.room.lock:
                    self.room.taps += 1
                if "data" in got:
                    with self.lock:
                        self.data = got["data"]
                    head = got["data"]["x"]["live"]["head"]
            conn.close()
            said = RECEIPT.findall(head)
            if said and said[-1] == picks[-1]:
                with self.room.lock:
                    self.room.told.add((self.name, n))
            elif "closed" not in head:
                self.room.errors.append(f"student {self.i}: no receipt for {picks[-1]}")
        except Exception as e:  # noqa: BLE001 - reported with the figures
            self.room.errors.append(f"student {self.i}: {e!r}")


@dataclass
class Row:
    students: int
    replicas: int
    database: str
    ask: list[float]
    stored: int
    told: int
    taps: int
    cpu: float
    changes: int
    wall: float
    peak_mb: float
    errors: list[str]

    runs: int = 0  # the websocket students' page runs while the class ran
    pages: int = 0  # the websocket students

    def line(self) -> str:
        per = self.cpu / max(1, self.students * self.changes) * 1000
        return (
            f"| {self.students} | {self.replicas} ({self.database}) | "
            f"{statistics.median(self.ask) if self.ask else float('nan'):.2f} / "
            f"{pct(self.ask, 95):.2f} s | {self.stored} / {self.told} ({self.taps} taps) | "
            f"{self.cpu:.1f} s in {self.wall:.0f} s | {per:.1f} ms | {self.peak_mb:.0f} MB | "
            f"{self.runs / max(1, self.pages * self.changes):.2f} |"
        )


HEADER = (
    "| students | replicas | Ask -> every student's page, p50 / p95 | answers stored / told "
    "| server CPU | CPU per student page per class change | peak memory (largest) "
    "| runs per student page per class change |\n"
    "| --- | --- | --- | --- | --- | --- | --- | --- |"
)


def py_spy(pid: int, out: str) -> subprocess.Popen:
    """py-spy sampling process ``pid`` (threads holding the GIL) into ``out`` until stopped."""
    spy = Path(sys.executable).with_name("py-spy")
    return subprocess.Popen(
        [
            str(spy),
            "record",
            "--pid",
            str(pid),
            "--gil",
            "--nonblocking",
            "--rate",
            "100",
            "--format",
            "raw",
            "-o",
            out,
        ],
        stdout=subprocess.DEVNULL,
        stderr=Path(f"{out}.log").open("w"),  # noqa: SIM115 - py-spy's own words, kept
    )


def run_class(
    students: int, replicas: int, browsers: int, questions: int, pg: bool, spy_to: str | None
) -> Row:
    from playwright.sync_api import sync_playwright

    server_pg = None
    if pg:
        server_pg = PgServer().start()
        url = server_pg.create_database()
        env = {"GTL_DATABASE_URL": url}
    else:
        db = Sqlite()
        url, env = db.url, db.env
    servers = [class_server(env).start() for _ in range(replicas)]
    procs = [Proc(s.proc.pid) for s in servers]
    store = open_store(url)
    tree = complete_tree(random_leaves(3, 3, 0, 9, seed=7), 3)
    made = live.create_session(store, tree, kinds=["value", "bound"], title="Bench")
    room = Room()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            ctx = browser.new_context(viewport={"width": 1280, "height": 720})
            ctx.set_default_timeout(120_000)
            teacher = ctx.new_page()
            teacher.goto(f"{servers[0].url}/classroom?t={made.teacher_token}")
            teacher.locator(".gtl-code").wait_for()
            pages = []
            for i in range(browsers):
                page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
                page.set_default_timeout(120_000)
                join(page, servers[(i + 1) % replicas].url, made.code, f"Browser {i}")
                pages.append(page)
            threads = [
                WsStudent(servers[i % replicas].url, store, made.code, i, room)
                for i in range(students - browsers)
            ]
            for t in threads:
                t.start()
                time.sleep(0.02)
            main = teacher.locator('[data-testid="stMain"]')
            main.filter(has_text=f"{students} students joined").wait_for()
            time.sleep(1.0)  # the first runs of the last pages

            def click(key: str) -> float:
                teacher.locator(f".st-key-{key.replace('.', '-')} button").first.click()
                return time.perf_counter()

            spy = None if spy_to is None else py_spy(procs[0].pid, f"{spy_to}.{students}")
            wall = time.perf_counter()
            cpu0 = sum(p.cpu() for p in procs)
            runs0 = sum(t.runs for t in threads)
            for n in range(1, questions + 1):
                with room.lock:
                    room.opened[n] = click("class.ask")
                left = list(pages)  # the question on every browser student's page
                while left:
                    for s in list(left):
                        if (
                            s.locator('[data-testid="stMain"]')
                            .filter(has_text=f"Question {n}")
                            .count()
                        ):
                            with room.lock:
                                room.ask.append(time.perf_counter() - room.opened[n])
                            left.remove(s)
                    if left:
                        left[0].wait_for_timeout(10)
                for s in pages:
                    buttons = s.locator(CHOICE)
                    buttons.first.wait_for()
                    buttons.nth(random.randrange(buttons.count())).click()
                    s.get_by_text("Your answer:").first.wait_for()
                    with room.lock:
                        room.told.add((f"Browser {pages.index(s)}", n))
                # the projector's count until every answer is in (or a minute)
                deadline = time.perf_counter() + 60
                while time.perf_counter() < deadline:
                    m = COUNT.search(main.inner_text())
                    if m and int(m.group(1)) >= students:
                        break
                    teacher.wait_for_timeout(100)
                time.sleep(0.5)  # second taps in flight
                click("class.reveal")
                main.filter(has_text="Answer:").first.wait_for()
                click("class.next")
                time.sleep(1.0)
            cpu = sum(p.cpu() for p in procs) - cpu0
            elapsed = time.perf_counter() - wall
            runs = sum(t.runs for t in threads) - runs0
            if spy is not None:
                spy.send_signal(signal.SIGINT)  # py-spy writes its file and ends
                spy.wait(timeout=60)
            peak = max(p.peak_mb() for p in procs)
            room.stop = True
            for t in threads:
                t.join(timeout=5)
            browser.close()
        with store.sessions.begin() as db:
            stored = db.scalar(select(func.count()).select_from(Answer)) or 0
    finally:
        for s in servers:
            s.stop()
        store.close()
        if server_pg is not None:
            server_pg.stop()
    return Row(
        students,
        replicas,
        "PostgreSQL" if pg else "SQLite",
        room.ask,
        stored,
        len(room.told),
        room.taps,
        cpu,
        questions * CHANGES_PER_ROUND,
        elapsed,
        peak,
        room.errors,
        runs,
        len(threads),
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--students", default=None, help="class sizes, comma-separated")
    ap.add_argument("--replicas", type=int, default=None)
    ap.add_argument("--browsers", type=int, default=4, help="students in real browser pages")
    ap.add_argument("--questions", type=int, default=3)
    ap.add_argument("--postgres", action="store_true")
    ap.add_argument("--py-spy", dest="spy", default=None, help="the first server's samples to")
    args = ap.parse_args()
    if args.students is None and args.replicas is None:  # the table
        runs = [(n, 1, False) for n in (60, 150, 300)] + [(300, 2, True)]
    else:
        sizes = [int(x) for x in (args.students or "60").split(",")]
        runs = [(n, args.replicas or 1, args.postgres) for n in sizes]
    rows = []
    for students, replicas, pg in runs:
        row = run_class(students, replicas, args.browsers, args.questions, pg, args.spy)
        rows.append(row)
        print(f"{students} students on {replicas} replica(s): done", flush=True)
    print(
        f"class pages: {args.browsers} students in browser pages, the rest opening the page over "
        f"its websocket, then following and tapping over HTTP as the still does; "
        f"{args.questions} questions; load average "
        f"{os.getloadavg()[0]:.1f}"
    )
    print(HEADER)
    for row in rows:
        print(row.line())
    for row in rows:
        if row.errors:
            print(f"errors at {row.students} ({len(row.errors)}): {row.errors[:3]}")


if __name__ == "__main__":
    main()
