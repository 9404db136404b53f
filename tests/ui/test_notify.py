"""The class bell (ui.classroom.notify): a page is rerun once when its part of its class's
pulse moves, never while it runs, not at all while nothing moves; a page that left is
forgotten. And the Streamlit internals the bell relies on are still where it looks."""

from __future__ import annotations

import inspect
import threading
import time

from streamlit.runtime import Runtime
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.session_manager import SessionManager

from classroom.pulse import Pulse, StudentPulse
from ui.classroom.notify import BUSY, GONE, RETRY, TRIES, WOKEN, Bell


def _pulse(step=0, answered=0, question=None, state=None) -> Pulse:
    return Pulse(StudentPulse(step, question, state, "none", False), 3, answered, 0)


class Fake:
    """The database's pulses and the server's sessions, as the bell sees them."""

    def __init__(self) -> None:
        self.now: dict[str, Pulse] = {}
        self.looks = 0
        self.busy: set[str] = set()
        self.gone: set[str] = set()
        self.woken: list[str] = []

    def look(self, codes):
        self.looks += 1
        return {c: p for c, p in self.now.items() if c in codes}

    def wake(self, ids):
        out = {}
        for s in ids:
            out[s] = GONE if s in self.gone else BUSY if s in self.busy else WOKEN
            if out[s] == WOKEN:
                self.woken.append(s)
        return out


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
    start = time.perf_counter()
    bell.ring()
    while not f.woken and time.perf_counter() - start < 5:
        time.sleep(0.01)
    assert f.woken == ["ann"] and time.perf_counter() - start < 3  # not the hour's tick
    g = Fake()
    quick = Bell(g.look, g.wake, tick=0.05)
    g.now = {"A": _pulse()}
    quick.watch("bob", "A", g.now["A"].student(), Pulse.student)
    time.sleep(0.5)
    assert g.looks >= 4 and g.woken == []  # it looks, and wakes nobody while nothing moves
    g.now["A"] = _pulse(step=2)
    deadline = time.perf_counter() + 3  # a tick is 0.05 s: it comes well before
    while not g.woken and time.perf_counter() < deadline:
        time.sleep(0.01)
    assert g.woken == ["bob"]


def test_a_database_away_for_a_moment_does_not_stop_the_bell():
    f = Fake()
    calls = []

    def look(codes):
        calls.append(1)
        if len(calls) < 3:
            raise OSError("the database restarts")
        return f.look(codes)

    bell = Bell(look, f.wake, tick=0.05)
    f.now = {"A": _pulse(step=1)}
    bell.watch("ann", "A", _pulse().student(), Pulse.student)
    deadline = time.perf_counter() + 3
    while not f.woken and time.perf_counter() < deadline:
        time.sleep(0.02)
    assert f.woken == ["ann"] and len(calls) >= 3
    assert any(t.name == "class-bell" for t in threading.enumerate())


def test_the_streamlit_internals_the_bell_uses_are_there():
    """wake_sessions: Runtime.instance()._session_mgr.get_active_session_info(id).session,
    and on the session: _event_loop, _scriptrunner, _client_state, request_rerun(state).
    A Streamlit upgrade that moves them fails here, by name."""
    assert "self._session_mgr" in inspect.getsource(Runtime.__init__)
    assert hasattr(SessionManager, "get_active_session_info")
    init = inspect.getsource(AppSession.__init__)
    for name in ("self._event_loop", "self._scriptrunner", "self._client_state"):
        assert name in init, name
    assert list(inspect.signature(AppSession.request_rerun).parameters) == ["self", "client_state"]
    # a rerun with the saved client state is what Streamlit itself does on a saved file
    assert "self.request_rerun(self._client_state)" in inspect.getsource(AppSession)


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
