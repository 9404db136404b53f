"""Class mode under load, as the pages see it: one `streamlit run` server, a teacher's
projector page and a few student pages in real chromium pages, and the rest of the class as
websocket sessions: real sessions of the student page on the server (Streamlit's own
protocol, the page rerun by the server's bell as a browser's is), read by a thread each
instead of drawn by a browser. A websocket student answers the way a student page does (a
fifth tap twice, a third change their mind once): through classroom.live, then a rerun of
its page, as a tap gives.

Each round the teacher (a real page) asks a question, everyone answers, the teacher
reveals (which steps on) and steps once more. Printed:

- answers lost: answers in the database against the answers the students were told were in;
- questions missed: a websocket page that never showed a question open (a lost wake-up);
- answer-to-projector: from an answer's receipt to the projector page's count including it;
- follow-the-step: from the teacher's click to a student's page showing the new step or
  question (a browser page's canvas; a websocket session's finished run);
- the server process's CPU seconds and peak memory, and the wall time.

No asserts: figures only. Run: python bench/bench_class_pages.py [--students 60]
[--browsers 4] [--questions 10] [--postgres]. Needs chromium (as the browser tests).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import threading
import time
from pathlib import Path

from sqlalchemy import func, select
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.sync.client import connect

from classroom import access, live
from classroom.db import Answer, open_store
from engine.errors import InputError
from engine.random_tree import random_leaves
from engine.tree import complete_tree
from gtl_dev.app_server import CHROMIUM, CHROMIUM_ARGS
from gtl_dev.class_flow import CHOICE, Sqlite, class_server, join, sentence_step
from gtl_dev.pg_server import PgServer

COUNT = re.compile(r"(\d+) of (\d+) students? answered")
STEP = re.compile(rb'"step":\s*(\d+)')  # the tree still's step, in the canvas's data
QUESTION = re.compile(rb"\*\*Question (\d+)\*\*")
OPEN = (b"Tap your answer", b"you may change it until")  # the question is open on the page


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def line(name: str, xs: list[float]) -> str:
    if not xs:
        return f"{name:<44} (none)"
    return (
        f"{name:<44} n={len(xs):>4}  p50 {statistics.median(xs):6.2f} s  "
        f"p95 {pct(xs, 95):6.2f} s  max {max(xs):6.2f} s"
    )


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
    """What the threads share with the main thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.opened: dict[int, float] = {}  # question number -> when the teacher clicked
        self.stepped: dict[int, float] = {}  # step -> when the teacher clicked
        self.receipts: list[tuple[int, float]] = []  # (question, when the answer was in)
        self.saw: list[tuple[str, int, float]] = []  # what a websocket page showed, and when
        self.told = 0  # answers the students were told were counted (one per question)
        self.errors: list[str] = []
        self.stop = False


class WsStudent(threading.Thread):
    """One student: a session of the student page on the server, over its websocket."""

    def __init__(self, url: str, store, code: str, i: int, room: Room) -> None:  # noqa: ANN001
        super().__init__(daemon=True)
        self.url, self.store, self.code, self.i, self.room = url, store, code, i, room
        self.rng = random.Random(i)
        self.seen_step: int | None = None
        self.answered: set[int] = set()
        self.lock = threading.Lock()

    def rerun(self) -> None:
        m = BackMsg()
        m.rerun_script.query_string = f"s={self.token}"
        m.rerun_script.page_name = "classroom"
        with self.lock:
            self.ws.send(m.SerializeToString())

    def run(self) -> None:
        room = self.room
        try:
            self.token = access.join(self.store, self.code, f"Student {self.i:02d}", f"ws-{self.i}")
            self.token = self.token.student_token
            run = live.class_run(self.store, self.token)
            self.values = sorted({v for v in run.tree.values if v is not None})
            ws_url = self.url.replace("http", "ws", 1) + "/_stcore/stream"
            with connect(ws_url, subprotocols=["streamlit"], origin=self.url, max_size=None) as ws:
                self.ws = ws
                self.rerun()
                drawn: list[bytes] = []
                while not room.stop:
                    try:
                        raw = ws.recv(timeout=0.5)
                    except TimeoutError:
                        continue
                    kind = ForwardMsg.FromString(raw).WhichOneof("type")
                    if kind == "new_session":
                        drawn = []
                    elif kind == "delta":
                        drawn.append(raw)
                    elif kind == "script_finished":
                        self.shown(b"".join(drawn), time.perf_counter())
        except Exception as e:  # noqa: BLE001 - reported with the figures
            if not room.stop:
                room.errors.append(f"student {self.i}: {e!r}")

    def shown(self, page: bytes, now: float) -> None:
        """One finished run of the page: what it showed."""
        room = self.room
        steps = STEP.findall(page)
        if steps:
            step = int(steps[-1])
            if step != self.seen_step:
                if self.seen_step is not None:
                    with room.lock:
                        room.saw.append(("step", step, now))
                self.seen_step = step
        numbers = QUESTION.findall(page)
        if not numbers or not any(o in page for o in OPEN):
            return
        n = int(numbers[-1])
        if n in self.answered:
            return
        self.answered.add(n)
        with room.lock:
            room.saw.append(("question", n, now))
        kind = "prune" if b"Yes, pruned" in page else "value"  # its buttons
        threading.Timer(self.rng.uniform(0.2, 2.5), self.answer, (n, kind)).start()  # thinking

    def answer(self, n: int, kind: str) -> None:
        rng, values = self.rng, self.values
        texts = [rng.choice(["yes", "no"])] if kind == "prune" else [str(rng.choice(values))]
        if rng.random() < 1 / 3:
            texts.append(str(rng.choice(values)) if kind != "prune" else "yes")
        if rng.random() < 1 / 5:
            texts.append(texts[-1])  # a double tap
        try:
            for text in texts:
                try:
                    live.answer(self.store, self.token, n, text)
                except InputError as e:
                    self.room.errors.append(f"student {self.i}: {e}")
                self.rerun()  # the page's run after a tap
            with self.room.lock:
                self.room.receipts.append((n, time.perf_counter()))
                self.room.told += 1
        except Exception as e:  # noqa: BLE001 - reported with the figures
            self.room.errors.append(f"student {self.i}: {e!r}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--students", type=int, default=60)
    ap.add_argument("--browsers", type=int, default=4, help="students in real browser pages")
    ap.add_argument("--questions", type=int, default=10)
    ap.add_argument("--postgres", action="store_true")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    pg = None
    if args.postgres:
        pg = PgServer().start()
        url = pg.create_database()
        env = {"GTL_DATABASE_URL": url}
    else:
        db = Sqlite()
        url, env = db.url, db.env
    server = class_server(env).start()
    proc = Proc(server.proc.pid)
    store = open_store(url)
    tree = complete_tree(random_leaves(3, 3, 0, 9, seed=7), 3)
    made = live.create_session(store, tree, kinds=["value", "bound"], title="Bench")
    room = Room()
    wall = time.perf_counter()
    cpu0 = proc.cpu()
    page_follow: list[float] = []
    missed: list[tuple[int, int]] = []  # (question, student) never shown open in 60 s
    projector: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 720})
        ctx.set_default_timeout(60_000)
        teacher = ctx.new_page()
        teacher.goto(f"{server.url}/classroom?t={made.teacher_token}")
        teacher.locator(".gtl-code").wait_for()
        pages = []
        for i in range(args.browsers):
            pg_ = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            pg_.set_default_timeout(60_000)
            join(pg_, server.url, made.code, f"Browser {i}")
            pages.append(pg_)
        threads = [
            WsStudent(server.url, store, made.code, i, room)
            for i in range(args.students - args.browsers)
        ]
        for t in threads:
            t.start()
            time.sleep(0.02)
        teacher.locator('[data-testid="stMain"]').filter(
            has_text=f"{args.students} students joined"
        ).wait_for()

        def click(key: str) -> float:
            teacher.locator(f".st-key-{key.replace('.', '-')} button").first.click()
            return time.perf_counter()

        def follow(k: int, t0: float) -> None:
            """Look at each browser page in turn until every one shows step ``k``."""
            left = list(pages)
            while left:
                for s in list(left):
                    if sentence_step(s) == k:
                        page_follow.append(time.perf_counter() - t0)
                        left.remove(s)
                if left:
                    left[0].wait_for_timeout(10)

        for n in range(1, args.questions + 1):
            step = live.room(store, made.teacher_token).step
            t0 = click("class.ask")
            with room.lock:
                room.opened[n] = t0
            q = None
            while q is None or q.number != n:
                q = live.room(store, made.teacher_token).question
                time.sleep(0.05)
            left = list(pages)  # the question on every browser student's page
            while left:
                for s in list(left):
                    main = s.locator('[data-testid="stMain"]').filter(has_text=f"Question {n}")
                    if main.count():
                        page_follow.append(time.perf_counter() - room.opened[n])
                        left.remove(s)
                if left:
                    left[0].wait_for_timeout(10)
            for s in pages:
                buttons = s.locator(CHOICE)
                buttons.first.wait_for()
                buttons.nth(random.randrange(buttons.count())).click()
            with room.lock:
                room.receipts += [(n, time.perf_counter())] * len(pages)
                room.told += len(pages)
            # the projector's count, watched until every answer is in
            deadline = time.perf_counter() + 60
            got = 0
            while got < args.students and time.perf_counter() < deadline:
                m = COUNT.search(teacher.locator('[data-testid="stMain"]').inner_text())
                shown = int(m.group(1)) if m else 0
                if shown > got:
                    now = time.perf_counter()
                    with room.lock:
                        mine = sorted(t for k, t in room.receipts if k == n)
                    projector += [now - t for t in mine[got:shown]]
                    got = shown
                teacher.wait_for_timeout(50)
            missed += [(n, w.i) for w in threads if n not in w.answered]
            step = live.room(store, made.teacher_token).step
            t0 = click("class.reveal")
            with room.lock:
                room.stepped[step + 1] = t0
            follow(step + 1, t0)
            t0 = click("class.next")
            with room.lock:
                room.stepped[step + 2] = t0
            follow(step + 2, t0)
        room.stop = True
        for t in threads:
            t.join(timeout=5)
        browser.close()
    cpu = proc.cpu() - cpu0
    peak = proc.peak_mb()
    elapsed = time.perf_counter() - wall
    with store.sessions.begin() as db:
        stored = db.scalar(select(func.count()).select_from(Answer)) or 0
    server.stop()
    store.close()
    if pg is not None:
        pg.stop()
    print(
        f"class pages: {args.students} students ({args.browsers} in browser pages, "
        f"{args.students - args.browsers} websocket sessions), {args.questions} "
        f"questions, {'PostgreSQL' if pg else 'SQLite'}"
    )
    print(
        f"answers lost: {room.told - stored} ({stored} in the database, {room.told} told counted)"
    )
    print(f"questions a websocket page never showed open (60 s): {len(missed)} {missed[:5]}")
    print(line("answer-to-projector (projector page)", projector))
    print(line("follow the step: browser student pages", page_follow))
    clicked = {"step": room.stepped, "question": room.opened}
    ws_follow = [now - clicked[k][n] for k, n, now in room.saw if n in clicked[k]]
    print(line("follow the step: websocket student pages", ws_follow))
    print(line("follow the step: every student", page_follow + ws_follow))
    print(
        f"server: {cpu:.1f} CPU s in {elapsed:.0f} s wall ({cpu / elapsed:.0%} of one core), peak {peak:.0f} MB"
    )
    if room.errors:
        print(f"errors ({len(room.errors)}): {room.errors[:3]}")


if __name__ == "__main__":
    main()
