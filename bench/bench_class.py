"""Class mode under load, through the state machine functions (no pages yet): 60 simulated
students on one database join and answer 10 questions while the teacher's projector polls.

Each student is a thread that polls its view (every POLL s, as a page would), answers each
question when it sees it open (a third of them change their answer once, a fifth send every
answer twice, like a double tap), and waits for the reveal. The teacher opens a question,
polls the room until every answer is in, reveals it and steps on. Prints: answers lost (the
count in the database against what the students were told was counted), p50/p95 per
operation, how long an answer takes to reach the projector's count and a question to reach
the students, CPU time and peak memory of the process. No asserts: figures only.

Run: python bench/bench_class.py [--students 60] [--questions 10] [--url URL | --postgres]
(default: a fresh SQLite file in a temporary folder; --postgres starts a throwaway server
the way the tests do).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import tempfile
import threading
import time
from collections import defaultdict

from sqlalchemy import func, select

from classroom import access, live, student_state
from classroom.db import Answer, Question, Student, open_store
from engine.errors import InputError
from engine.random_tree import random_leaves
from engine.tree import complete_tree
from gtl_dev.pg_server import PgServer

POLL = 0.25  # seconds between two polls of a page


class Timings:
    def __init__(self) -> None:
        self.ms: dict[str, list[float]] = defaultdict(list)
        self.lock = threading.Lock()

    def time(self, op: str, fn, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN201
        t = time.perf_counter()
        try:
            return fn(*args, **kw)
        finally:
            with self.lock:
                self.ms[op].append((time.perf_counter() - t) * 1000)

    def add(self, op: str, ms: float) -> None:
        with self.lock:
            self.ms[op].append(ms)


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def student(store, code, i, n_questions, tm, counted, first_at, opened_at, late, errors):  # noqa: ANN001
    rng = random.Random(i)
    try:
        tok = tm.time("join", access.join, store, code, f"Student {i:02d}", f"client-{i}")
        tok = tok.student_token
        for k in range(1, n_questions + 1):
            while True:  # follow: wait until question k is open
                v = tm.time("student view", student_state.student_view, store, tok)
                if errors or (v.question is not None and v.question.number >= k):
                    break
                time.sleep(POLL)
            if errors:
                return  # another thread failed: stop, the figures report it
            tm.add("question reaches a student", (time.perf_counter() - opened_at[k]) * 1000)
            q = v.question
            first = rng.choice(["yes", "no"]) if q.kind == "prune" else str(rng.randint(-5, 20))
            texts = [first]
            if rng.random() < 1 / 3:
                texts.append("no" if first == "yes" else ("yes" if q.kind == "prune" else "3"))
            for text in texts:
                for _ in range(2 if i % 5 == 0 else 1):
                    try:
                        tm.time("answer", live.answer, store, tok, k, text)
                    except InputError as e:  # a change after the teacher closed: refused
                        if text is first or "closed" not in str(e):
                            raise
                        late.append(i)
                        break
                    if text is first:
                        first_at[k].append(time.perf_counter())
                    counted[(i, k)] = text
            while True:  # wait for the reveal
                v = tm.time("student view", student_state.student_view, store, tok)
                if errors or (
                    v.question is not None
                    and (v.question.number > k or v.question.state == "revealed")
                ):
                    break  # the teacher may already be on the next question
                time.sleep(POLL)
    except Exception as e:  # noqa: BLE001 - reported with the figures
        errors.append(f"student {i}: {type(e).__name__}: {e}")


def run(url: str, n_students: int, n_questions: int) -> None:
    store = open_store(url)
    leaves = random_leaves(3, 4, -9, 20, 7)  # 81 leaves: plenty of questions
    created = live.create_session(store, complete_tree(leaves, 3), title="bench")
    teacher = created.teacher_token
    tm = Timings()
    counted: dict[tuple[int, int], str] = {}  # (student, question) -> the last answer sent
    first_at: dict[int, list[float]] = defaultdict(list)  # question -> first receipts
    polls: dict[int, list[tuple[float, float]]] = defaultdict(list)  # projector polls
    opened_at: dict[int, float] = {}
    errors: list[str] = []
    late: list[int] = []  # answer changes sent after the close (refused, as they must be)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    threads = [
        threading.Thread(
            target=student,
            args=(
                store,
                created.code,
                i,
                n_questions,
                tm,
                counted,
                first_at,
                opened_at,
                late,
                errors,
            ),
        )
        for i in range(n_students)
    ]
    for t in threads:
        t.start()
    while len(tm.time("room", live.room, store, teacher).students) < n_students and not errors:
        time.sleep(POLL)
    for k in range(1, n_questions + 1):
        if errors:
            break
        opened_at[k] = time.perf_counter()
        tm.time("open question", live.open_question, store, teacher)
        while not errors:
            t0 = time.perf_counter()
            r = tm.time("room", live.room, store, teacher)
            polls[k].append((t0, time.perf_counter()))
            if r.answered >= n_students:
                break
            time.sleep(POLL)
        tm.time("reveal", live.reveal, store, teacher)
        tm.time("step", live.step_to, store, teacher, r.question.step + 1)
    for t in threads:
        t.join()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    # an answer is in the count of the first projector poll that starts after its receipt
    to_projector = [
        (next(end for start, end in polls[k] if start >= at) - at) * 1000
        for k, ats in first_at.items()
        for at in ats
        if any(start >= at for start, _ in polls[k])
    ]
    with store.sessions() as db:
        in_db = db.scalar(select(func.count()).select_from(Answer)) or 0
        rows = {
            (s, q): v
            for s, q, v in db.execute(
                select(Student.name, Question.number, Answer.value)
                .join(Student, Answer.student_id == Student.id)
                .join(Question, Answer.question_id == Question.id)
            )
        }
    lost = sum(1 for (i, k) in counted if (f"Student {i:02d}", k) not in rows)
    wrong_value = sum(
        1 for (i, k), text in counted.items() if rows.get((f"Student {i:02d}", k), text) != text
    )
    store.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"database: {url.split('?')[0]}")
    print(
        f"{n_students} students x {n_questions} questions: {in_db} answers stored of "
        f"{len(counted)} acknowledged ({n_students * n_questions} planned); answers lost "
        f"{lost}; stored answer not the last acknowledged: {wrong_value}; changes sent after "
        f"the close (refused): {len(late)}; errors: {len(errors)}"
    )
    for e in errors[:5]:
        print("  ", e)
    print(f"{'operation':28} {'count':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for op, xs in sorted(tm.ms.items()):
        print(
            f"{op:28} {len(xs):6d} {statistics.median(xs):8.1f} {pct(xs, 95):8.1f} {max(xs):8.1f}"
        )
    if to_projector:
        print(
            f"{'answer reaches projector':28} {len(to_projector):6d} "
            f"{statistics.median(to_projector):8.1f} {pct(to_projector, 95):8.1f} "
            f"{max(to_projector):8.1f}   (projector polls every {POLL} s)"
        )
    print(
        f"wall {wall:.1f} s, CPU {cpu:.1f} s ({100 * cpu / wall:.0f} % of one core), "
        f"peak memory {peak_mb:.0f} MB (this process: students, teacher and the database "
        "client together)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=60)
    ap.add_argument("--questions", type=int, default=10)
    ap.add_argument("--url", default="")
    ap.add_argument("--postgres", action="store_true", help="start a throwaway PostgreSQL")
    a = ap.parse_args()
    if a.postgres:
        server = PgServer().start()
        try:
            run(server.create_database(), a.students, a.questions)
        finally:
            server.stop()
        return
    if a.url:
        run(a.url, a.students, a.questions)
        return
    with tempfile.TemporaryDirectory(prefix="gtl-bench-") as d:
        run(f"sqlite:///{d}/class.sqlite3", a.students, a.questions)


if __name__ == "__main__":
    main()
