"""The class bell (ui.classroom.notify): a page is rerun once when its part of its class's
pulse moves, never while it runs, not at all while nothing moves; a page that left is
forgotten. The Streamlit internals the bell relies on are checked on a real session, a
session without one of them is named, and a failure to wake is logged and makes the bell
give up (the pages then look by themselves: tests/browser/test_class.py), never silence."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from streamlit.proto.ClientState_pb2 import ClientState

from classroom.pulse import Pulse, StudentPulse
from ui.classroom import notify
from ui.classroom.notify import BUSY, GONE, PRIVATE, RETRY, TRIES, WOKEN, Bell

HANG_S = 30.0  # a bell thread that did nothing for this long has hung (not a speed goal)


def _pulse(step=0, answered=0, question=None, state=None) -> Pulse:
    return Pulse(StudentPulse(step, question, state, "none", False), 3, answered, 0)


class Fake:
    """The database's pulses and the server's sessions, as the bell sees them. The bell's
    thread calls look and wake; :meth:`wait_for` waits until what they did says so."""

    def __init__(self) -> None:
        self.now: dict[str, Pulse] = {}
        self.looks = 0
        self.busy: set[str] = set()
        self.gone: set[str] = set()
        self.woken: list[str] = []
        self.changed = threading.Condition()

    def look(self, codes):
        with self.changed:
            self.looks += 1
            self.changed.notify_all()
            return {c: p for c, p in self.now.items() if c in codes}

    def wake(self, ids):
        out = {}
        with self.changed:
            for s in ids:
                out[s] = GONE if s in self.gone else BUSY if s in self.busy else WOKEN
                if out[s] == WOKEN:
                    self.woken.append(s)
            self.changed.notify_all()
        return out

    def wait_for(self, what) -> None:  # noqa: ANN001
        with self.changed:
            assert self.changed.wait_for(what, HANG_S), "the bell's thread did not get there"


def test_only_the_pages_whose_part_moved_are_woken_once():
    f = Fake()
    bell = Bell(f.look, f.wake, tick=3600)
    f.now = {"A": _pulse(), "B": _pulse()}
    bell.watch("teacher", "A", f.now["A"], Pulse.teacher)
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    bell.watch("bob", "B", f.now["B"].student(), Pulse.student)
    assert bell.look_once() == []  # nothing moved: nobody reruns
    f.now["A"] = _pulse(answered=1)  # an answer: only the projector shows the count
    assert bell.look_once() == ["teacher"]
    assert bell.look_once() == []  # woken once; its rerun watches again
    f.now["A"] = _pulse(step=1, answered=1)
    assert bell.look_once() == ["ann"]  # the teacher's rerun has not watched again yet
    assert f.woken == ["teacher", "ann"]
    bell.watch("teacher", "A", f.now["A"], Pulse.teacher)  # the reruns watch again
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    assert bell.look_once() == [] and bell.watched() == 3


def test_a_running_page_is_woken_after_its_run_and_a_page_that_left_is_forgotten():
    f = Fake()
    bell = Bell(f.look, f.wake, tick=3600)
    f.now = {"A": _pulse()}
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    bell.watch("bob", "A", f.now["A"].student(), Pulse.student)
    f.now["A"] = _pulse(step=1)
    f.busy, f.gone = {"ann"}, {"bob"}
    assert bell.look_once() == []
    assert bell.watched() == 1  # bob left; ann's run is not interrupted
    f.busy = set()
    assert bell.look_once() == ["ann"]
    # a class that is no longer there wakes its pages (they say so)
    bell.watch("ann", "A", _pulse(step=1).student(), Pulse.student)
    f.now = {}
    assert bell.look_once() == ["ann"]


def test_the_projectors_counts_alone_wake_it_at_most_every_calm_seconds():
    """Answers pouring in move the projector's count each look; it is rerun for them at most
    every ``calm`` seconds after it watched, while a step, a question or a reveal (its
    common part) reruns it at once. Student pages are not calmed."""
    f, t = Fake(), [0.0]
    bell = Bell(f.look, f.wake, tick=3600, clock=lambda: t[0])
    f.now = {"A": _pulse()}
    bell.watch("teacher", "A", f.now["A"], Pulse.teacher, calm=1.0)
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    f.now["A"] = _pulse(answered=1)
    assert bell.look_once() == []  # a count alone, 0 s after it watched: later
    t[0] = 0.5
    f.now["A"] = _pulse(answered=7)
    assert bell.look_once() == []
    t[0] = 1.0
    assert bell.look_once() == ["teacher"]  # due: it shows 7 now
    bell.watch("teacher", "A", f.now["A"], Pulse.teacher, calm=1.0)  # its rerun
    f.now["A"] = _pulse(step=1, answered=7, question=1, state="open")
    assert sorted(bell.look_once()) == ["ann", "teacher"]  # a question: both at once


def test_a_woken_page_that_does_not_watch_again_is_woken_again_then_forgotten():
    """A lost wake (or a run that failed before it watched) does not leave a student behind;
    a page that went to another page is forgotten after a few tries."""
    f, t = Fake(), [0.0]
    bell = Bell(f.look, f.wake, tick=3600, clock=lambda: t[0])
    f.now = {"A": _pulse()}
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    f.now["A"] = _pulse(step=1)
    assert bell.look_once() == ["ann"]
    t[0] += RETRY / 2
    assert bell.look_once() == []  # its run may still be on the way
    for _ in range(TRIES - 1):
        t[0] += RETRY
        assert bell.look_once() == ["ann"]
    t[0] += RETRY
    assert bell.look_once() == [] and bell.watched() == 0
    assert f.woken == ["ann"] * TRIES


def test_a_page_that_watched_anew_during_the_look_keeps_its_new_watch():
    f = Fake()
    bell = Bell(f.look, f.wake, tick=3600)
    f.now = {"A": _pulse()}
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    f.now["A"] = _pulse(step=1)
    f.busy = {"ann"}

    def wake(ids):  # ann's own run ends during the look and watches the new step
        bell.watch("ann", "A", _pulse(step=1).student(), Pulse.student)
        return {s: BUSY for s in ids}

    bell._wake = wake
    bell.look_once()
    bell._wake = f.wake
    assert bell.look_once() == []  # up to date: not woken


def test_the_thread_looks_each_tick_and_at_once_on_a_ring():
    f = Fake()
    bell = Bell(f.look, f.wake, tick=3600)  # a tick never comes in this test
    f.now = {"A": _pulse()}
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    f.now["A"] = _pulse(step=1)
    bell.ring()
    f.wait_for(lambda: f.woken)  # the ring, not the hour's tick
    assert f.woken == ["ann"] and f.looks == 1
    g = Fake()
    quick = Bell(g.look, g.wake, tick=0.01)
    g.now = {"A": _pulse()}
    quick.watch("bob", "A", g.now["A"].student(), Pulse.student)
    g.wait_for(lambda: g.looks >= 5)  # it keeps looking, with no ring
    assert g.woken == []  # and wakes nobody while nothing moves
    with g.changed:
        g.now["A"] = _pulse(step=2)
    g.wait_for(lambda: g.woken)
    assert g.woken == ["bob"]


def test_a_burst_of_rings_is_one_look_each_gap():
    """Every tap rings the bell: rings that come within notify.GAP of a look wait for the
    next look, so 300 taps in a second are about 1/GAP looks, not 300; a ring after a quiet
    spell is looked at once (the teacher's click)."""
    f = Fake()
    at: list[float] = []
    look = f.look

    def timed(codes):  # noqa: ANN001, ANN202
        at.append(time.monotonic())
        return look(codes)

    bell = Bell(timed, f.wake, tick=3600)
    f.now = {"A": _pulse()}
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    rings = 0
    while len(at) < 6:
        bell.ring()
        rings += 1
    assert rings > len(at)  # the rings came faster than the looks
    gaps = [b - a for a, b in zip(at, at[1:], strict=False)]
    assert min(gaps) >= notify.GAP


def test_the_pulse_a_look_read_is_shared_while_fresh_and_a_page_behind_it_is_looked_at():
    """Student pages take their class's state at the bell's last pulse (Bell.known): fresh
    for two ticks while the bell looks each tick; a pulse a page read itself (Bell.saw) is
    shared too; a page that watches from an older state than the bell's is looked at now."""
    f, t = Fake(), [0.0]
    bell = Bell(f.look, f.wake, tick=3600, clock=lambda: t[0])
    assert bell.known("A") is None
    f.now = {"A": _pulse(), "B": _pulse(step=4)}
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    assert bell.look_once() == [] and bell.known("A") == _pulse()
    assert bell.known("B") is None  # no page here follows B: not read
    t[0] += 2 * notify.TICK + 0.01
    assert bell.known("A") is None  # too old: the page reads it itself
    bell.saw("B", _pulse(step=5))
    assert bell.known("B") == _pulse(step=5)
    f.now["A"] = _pulse(step=1)
    assert bell.look_once() == ["ann"]
    with f.changed:
        looks = f.looks
        bell.watch("bob", "A", _pulse().student(), Pulse.student)  # drawn from step 0
    f.wait_for(lambda: f.looks > looks)  # the thread looks at once, not at the hour's tick
    f.wait_for(lambda: "bob" in f.woken)


class Ear:
    """A fake listening connection: ``ready`` once listening, ``tell`` a change, ``drop``
    the connection (the bell's listen raises, as psycopg does)."""

    def __init__(self) -> None:
        self.heard = None
        self.listens = 0
        self.up = threading.Condition()
        self.dropped = threading.Event()
        self.refused = threading.Event()  # the database refuses a new listening connection

    def listen(self, ready, heard, stop) -> None:  # noqa: ANN001
        if self.refused.is_set():
            raise OSError("connection refused")
        with self.up:
            self.listens += 1
            self.heard = heard
            self.dropped.clear()
            ready()
            self.up.notify_all()
        while not stop.is_set():
            if self.dropped.wait(0.01):
                raise OSError("the listening connection dropped")

    def wait_listening(self, n: int) -> None:
        with self.up:
            assert self.up.wait_for(lambda: self.listens >= n, HANG_S)


def test_a_listening_bell_looks_when_told_and_looks_each_tick_while_its_connection_is_down(
    monkeypatch,
):
    """On PostgreSQL the bell looks when the database tells of a change (and never on a
    clock); when the listening connection drops it looks each tick, and listens again."""
    monkeypatch.setattr(notify, "RELISTEN", 0.05)
    f, ear = Fake(), Ear()
    bell = Bell(f.look, f.wake, tick=3600, listen=ear.listen)
    f.now = {"A": _pulse()}
    bell.watch("ann", "A", f.now["A"].student(), Pulse.student)
    ear.wait_listening(1)
    f.wait_for(lambda: f.looks == 1)  # once listening: one look, at what it may have missed
    assert bell.listening
    bell._tick = 0.01  # from now on a tick would come often
    for step in (1, 2, 3):
        with f.changed:
            f.now["A"] = _pulse(step=step)
            looks = f.looks
        ear.heard()
        f.wait_for(lambda step=step: len(f.woken) == step)
        bell.watch("ann", "A", f.now["A"].student(), Pulse.student)  # its rerun
        assert f.looks == looks + 1  # one look per change told, none on the clock
    ear.refused.set()
    ear.dropped.set()
    f.wait_for(lambda: f.looks >= looks + 6)  # no longer listening: it looks each tick
    with f.changed:
        f.now["A"] = _pulse(step=4)  # a change nobody tells of
    f.wait_for(lambda: len(f.woken) == 4)
    ear.refused.clear()
    ear.wait_listening(2)  # and it listens again
    bell.close()


def test_a_database_away_for_a_moment_does_not_stop_the_bell(caplog):
    f = Fake()
    calls = []

    def look(codes):
        calls.append(1)
        if len(calls) < 3:
            raise OSError("the database restarts")
        return f.look(codes)

    bell = Bell(look, f.wake, tick=0.01)
    f.now = {"A": _pulse(step=1)}
    bell.watch("ann", "A", _pulse().student(), Pulse.student)
    f.wait_for(lambda: f.woken)
    assert f.woken == ["ann"] and len(calls) >= 3 and bell.broken is None
    assert sum("could not look at the database" in r.message for r in caplog.records) == 2


def test_a_database_that_went_away_wakes_the_pages_to_say_they_are_reconnecting(caplog):
    from sqlalchemy.exc import OperationalError

    f = Fake()

    def look(codes):
        raise OperationalError("SELECT", {}, ConnectionRefusedError("the server stopped"))

    bell = Bell(look, f.wake, tick=3600)
    bell.watch("ann", "A", _pulse().student(), Pulse.student)
    assert bell.look_once() == ["ann"]  # its run fails to read and says it reconnects
    assert any("database is away" in r.message for r in caplog.records)


# ---- Streamlit's internals, and a bell that cannot wake --------------------------------
def test_a_real_session_of_this_streamlit_has_what_waking_needs():
    """The start-up check (notify.missing_internals) passes on the installed Streamlit's own
    AppSession: an upgrade that moves one of PRIVATE fails here by name (and on a server the
    class pages look by themselves, said on the teacher's page)."""
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
    from streamlit.runtime.script_data import ScriptData
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache

    async def check() -> str | None:
        s = AppSession(
            ScriptData("app.py"), MemoryUploadedFileManager("/upload"), ScriptCache(), None, {}
        )
        try:
            return notify.missing_internals(s)
        finally:
            s.shutdown()

    # a thread of its own: the browser tests' Playwright (sync API) keeps an event loop
    # running in this thread when the whole suite runs in one process
    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, check()).result(timeout=60) is None


class FakeSession:
    """What wake_sessions reads of an AppSession, on a real event loop in a thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, running: bool = False) -> None:
        self._event_loop = loop
        self._scriptrunner = object() if running else None
        self._client_state = ClientState(query_string="s=tok")
        self.reruns: list[ClientState] = []

    def request_rerun(self, client_state: ClientState) -> None:
        assert asyncio.get_running_loop() is self._event_loop  # on the server's loop
        self.reruns.append(client_state)


@pytest.fixture
def loop():
    lp = asyncio.new_event_loop()
    t = threading.Thread(target=lp.run_forever, daemon=True)
    t.start()
    yield lp
    lp.call_soon_threadsafe(lp.stop)
    t.join(HANG_S)
    lp.close()


@pytest.mark.parametrize("name", list(PRIVATE))
def test_a_session_without_one_of_the_private_attributes_is_named(loop, name):
    s = FakeSession(loop)
    s._scriptrunner = None
    assert notify.missing_internals(s) is None  # an idle page: no script running
    delattr(s, name)
    assert notify.missing_internals(s) == f"Streamlit's AppSession has no {name}"
    setattr(s, name, "moved")
    assert name in notify.missing_internals(s) and "is a str" in notify.missing_internals(s)


@pytest.fixture
def server(monkeypatch):
    """A running Streamlit runtime as wake_sessions sees it: get_app_session and no more."""
    sessions: dict[str, object] = {}

    class Runtime:
        def get_app_session(self, sid: str):  # noqa: ANN201
            return sessions.get(sid)

    monkeypatch.setattr(notify.runtime, "exists", lambda: True)
    monkeypatch.setattr(notify.runtime.Runtime, "instance", classmethod(lambda cls: Runtime()))
    return sessions


def test_wake_sessions_reruns_the_idle_ones_on_the_loop_with_their_last_state(loop, server):
    server["idle"], server["busy"] = FakeSession(loop), FakeSession(loop, running=True)
    said = notify.wake_sessions(["idle", "busy", "left"])
    assert said == {"idle": WOKEN, "busy": BUSY, "left": GONE}
    assert server["idle"].reruns == [server["idle"]._client_state] and not server["busy"].reruns


@pytest.mark.parametrize("name", list(PRIVATE))
def test_a_wake_that_fails_is_raised_not_taken_for_a_busy_page(loop, server, name):
    """It was caught per session and called BUSY, so the page was tried again every tick and
    never woken: the students quietly stopped following."""
    server["ann"] = s = FakeSession(loop)
    delattr(s, name)
    with pytest.raises(AttributeError, match=name):
        notify.wake_sessions(["ann"])
    assert s.reruns == []


def test_a_failure_to_wake_is_logged_and_the_bell_gives_up(caplog):
    """Not silence: the error is logged with its traceback, the bell lets go of its pages and
    watches none again (watch says False: the page follows by itself)."""
    f = Fake()

    def wake(ids):
        raise AttributeError("'AppSession' object has no attribute '_client_state'")

    bell = Bell(f.look, wake, tick=3600)
    f.now = {"A": _pulse()}
    assert bell.watch("ann", "A", f.now["A"].student(), Pulse.student) is True
    f.now["A"] = _pulse(step=1)
    with caplog.at_level(logging.ERROR, logger=notify.__name__):
        assert bell.look_once() == []
    assert "_client_state" in bell.broken and bell.watched() == 0
    (rec,) = [r for r in caplog.records if "cannot be woken" in r.getMessage()]
    assert rec.levelno == logging.ERROR and rec.exc_info is not None
    assert "_client_state" in rec.getMessage() and f"every {notify.POLL:g} s" in rec.getMessage()
    assert bell.watch("bob", "A", f.now["A"].student(), Pulse.student) is False
    assert bell.watched() == 0 and bell.look_once() == []
    assert bell.broken.startswith("waking a page failed: AttributeError: ")
    with caplog.at_level(logging.ERROR, logger=notify.__name__):
        bell.give_up("again")  # said once: the first reason stays
    assert sum("cannot be woken" in r.getMessage() for r in caplog.records) == 1
    assert "_client_state" in bell.broken


class _Session:
    """What wake_sessions' _wake touches of an AppSession."""

    def __init__(self, fragments: set[str]) -> None:
        self._scriptrunner = None
        self._client_state = ClientState(query_string="s=abc", page_name="classroom")
        self._client_state.fragment_id = "stale"  # as a fragment's run may leave it
        self.fragments = fragments
        self.asked: list[ClientState] = []

    def has_fragment(self, fid: str) -> bool:
        return fid in self.fragments

    def request_rerun(self, state: ClientState) -> None:
        self.asked.append(state)


def test_a_page_drawn_in_a_fragment_is_woken_as_that_fragment_while_it_holds_it():
    """A student page is one fragment: the bell reruns that fragment alone (not app.py),
    with the page's link; a fragment the session no longer holds (a full run dropped it)
    reruns the whole page, never nothing (Streamlit ignores a rerun of a lost fragment)."""
    s = _Session({"frag1"})
    assert notify._wake(s, "frag1") == WOKEN
    assert s.asked[-1].fragment_id == "frag1" and s.asked[-1].query_string == "s=abc"
    assert notify._wake(s, "gone") == WOKEN and s.asked[-1].fragment_id == ""
    assert notify._wake(s, None) == WOKEN and s.asked[-1].fragment_id == ""
    assert s._client_state.fragment_id == "stale"  # the session's own state is left as it was
    s._scriptrunner = object()
    assert notify._wake(s, "frag1") == BUSY and len(s.asked) == 3


def test_the_bells_thread_gives_up_on_a_failure_to_wake_and_ends():
    f = Fake()
    failed = threading.Event()

    def wake(ids):
        failed.set()
        raise AttributeError("_scriptrunner")

    bell = Bell(f.look, wake, tick=0.01)
    f.now = {"A": _pulse(step=1)}
    bell.watch("ann", "A", _pulse().student(), Pulse.student)
    assert failed.wait(HANG_S)
    bell._thread.join(HANG_S)
    assert not bell._thread.is_alive() and "_scriptrunner" in bell.broken


def test_a_page_run_ends_without_a_full_garbage_collection():
    """runner.postScriptGC = false: Streamlit's gc.collect(2) after every run took about 55
    of a class page's 75 ms of CPU (py-spy), so forty woken pages queued for seconds."""
    import tomllib

    from streamlit import config

    from ui.common.registry import ROOT

    options = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert options["runner"]["postScriptGC"] is False
    assert "runner.postScriptGC" in config.get_config_options()  # the installed version's
    assert config.get_option("runner.postScriptGC") is False  # the file is read (cwd)


def test_a_follower_outside_streamlit_is_told_once_when_its_part_moves_and_can_be_forgotten():
    """await_change (a student's HTTP follow): told from the bell's look when its part of
    the class moved, once; not for a change of the counts alone; a forgotten one never. The
    class is looked at for it though no Streamlit page watches it."""
    f = Fake()
    f.now = {"A": _pulse()}
    bell = Bell(look=f.look, wake=f.wake)
    told: list[str] = []
    bell.await_change("A", _pulse().student(), Pulse.student, lambda: told.append("ann"))
    forget = bell.await_change("A", _pulse().student(), Pulse.student, lambda: told.append("bob"))
    assert bell.look_once() == [] and told == [] and bell.waiting() == 2
    f.now = {"A": _pulse(answered=1)}  # the counts alone: no student page shows them
    bell.look_once()
    assert told == []
    forget()
    f.now = {"A": _pulse(step=4)}
    bell.look_once()
    assert told == ["ann"] and bell.waiting() == 0  # once: the follower asks anew
    bell.look_once()
    assert told == ["ann"] and f.woken == []


def test_a_follower_drawn_from_an_older_state_is_told_at_the_next_look_by_the_thread():
    f = Fake()
    f.now = {"A": _pulse(step=2)}
    bell = Bell(look=f.look, wake=f.wake, tick=0.01)
    told = threading.Event()
    bell.await_change("A", _pulse(step=1).student(), Pulse.student, told.set)
    assert told.wait(HANG_S)  # the thread started for it, looked and told it


def test_with_nobody_following_a_look_keeps_the_pulses_pages_take_fresh():
    """A page's run takes the bell's last look (known; while listening, however old): with no
    page and no follower waiting (the students' follows between two answers), a look still
    reads the classes it knows, so what a run takes is never older than the last look."""
    f = Fake()
    f.now = {"A": _pulse(step=1)}
    bell = Bell(look=f.look, wake=f.wake)
    bell.saw("A", _pulse())
    assert bell.known("A") == _pulse()
    assert bell.look_once() == [] and f.looks == 1
    assert bell.known("A") == _pulse(step=1)
