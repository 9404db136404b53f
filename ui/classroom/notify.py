"""Push, not poll: one bell per process wakes exactly the class pages whose class moved on.

Every class page, at the end of its run, tells the bell which class it drew and what it drew
of it (:meth:`Bell.watch`: the student's part of the pulse, or the teacher's whole pulse,
classroom.pulse). The bell's thread reads the pulse of every watched class with a handful of
queries, ``TICK`` seconds apart, and at once when a page of this process changed something
(:meth:`Bell.ring`); a page whose part differs from what it drew is rerun, once, the way
Streamlit reruns a page whose source file was saved (the session's last client state: same
page, same link, same widget values). Its rerun draws the new state and watches again.

A woken page that has not watched again ``RETRY`` seconds later (its run failed, or the
wake was lost on the way) is woken again, up to ``TRIES`` times; a page that left for another
page is forgotten then. So a quiet class costs no script run at all, a student follows the teacher's click within a
tick plus one run of the page, and several ``streamlit run`` processes on one database each
see the others' changes within a tick. A page busy with its own run (a student's click) is
not interrupted: it is woken after that run, if what it drew is still behind.

Waking a session from another thread needs Streamlit's runtime (``Runtime.instance()``,
``AppSession.request_rerun``), which has no public API for it; :func:`wake_sessions` is the
one place that touches it, and tests/classroom/test_notify.py pins the names it uses. Under
``AppTest`` there is no runtime and :func:`session_id` is None: nothing is watched.
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace

from classroom.pulse import Pulse

TICK = 0.2  # seconds between two looks at the database (for changes made by other processes)
RETRY, TRIES = 3.0, 3  # a woken page that did not watch again is woken again, so many times
WOKEN, BUSY, GONE = "woken", "busy", "gone"

_LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Page:
    code: str
    drawn: Hashable
    part: Callable[[Pulse], Hashable]
    woken: float | None = None  # when it was woken, until it watches again
    tries: int = 0


class Bell:
    """The pages of one process that follow a class, and the thread that wakes them.

    ``look(codes)`` gives the pulse of each class (a code it leaves out is gone);
    ``wake(session_ids)`` reruns those sessions and says, per session, WOKEN, BUSY (running:
    try again next tick) or GONE (the browser left)."""

    def __init__(
        self,
        look: Callable[[set[str]], dict[str, Pulse]],
        wake: Callable[[list[str]], dict[str, str]],
        tick: float = TICK,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._look, self._wake, self._tick, self._clock = look, wake, tick, clock
        self._pages: dict[str, _Page] = {}  # Streamlit session id -> what its page drew
        self._lock = threading.Lock()
        self._soon = threading.Event()
        self._thread: threading.Thread | None = None

    def watch(
        self, session: str, code: str, drawn: Hashable, part: Callable[[Pulse], Hashable]
    ) -> None:
        """Session ``session``'s page drew ``drawn`` == ``part(pulse)`` of class ``code``."""
        with self._lock:
            self._pages[session] = _Page(code, drawn, part)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="class-bell", daemon=True)
                self._thread.start()

    def forget(self, session: str) -> None:
        with self._lock:
            self._pages.pop(session, None)

    def ring(self) -> None:
        """Something changed here: look now rather than at the next tick."""
        self._soon.set()

    def watched(self) -> int:
        with self._lock:
            return len(self._pages)

    def look_once(self) -> list[str]:
        """One look: wake every page that is behind its class; the sessions woken."""
        with self._lock:
            pages = dict(self._pages)
        if not pages:
            return []
        t = self._clock()
        waiting = {s for s, p in pages.items() if p.woken is not None}
        now = self._look({p.code for s, p in pages.items() if s not in waiting})
        behind = [
            s
            for s, p in pages.items()
            if (s in waiting and t - p.woken >= RETRY)
            or (s not in waiting and (p.code not in now or p.part(now[p.code]) != p.drawn))
        ]
        if not behind:
            return []
        said = self._wake(behind)
        woken = []
        with self._lock:
            for s in behind:
                got, p = said.get(s, GONE), pages[s]
                if got == BUSY or self._pages.get(s) is not p:  # running, or watched anew
                    continue
                if got == WOKEN and p.tries + 1 < TRIES:
                    self._pages[s] = replace(p, woken=t, tries=p.tries + 1)
                else:
                    del self._pages[s]
                if got == WOKEN:
                    woken.append(s)
        return woken

    def _run(self) -> None:
        while True:
            self._soon.wait(self._tick)
            self._soon.clear()
            try:
                self.look_once()
            except Exception:  # noqa: BLE001 - a database away for a moment: look again
                _LOG.warning("the class bell could not look at the database", exc_info=True)


def session_id() -> str | None:
    """The Streamlit session of this script run, None without a server (AppTest)."""
    from streamlit import runtime
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    if ctx is None or not runtime.exists():
        return None
    return ctx.session_id


def wake_sessions(ids: Iterable[str], timeout: float = 5.0) -> dict[str, str]:
    """Rerun the idle sessions of ``ids`` with their last client state (as Streamlit does on
    a saved source file); a running session is left alone (BUSY). Done on the server's event
    loop, where the browser's own rerun requests are handled, so none is overtaken."""
    from streamlit import runtime

    ids = list(ids)
    if not runtime.exists():  # the server is gone (or never was: AppTest)
        return dict.fromkeys(ids, GONE)
    manager = runtime.Runtime.instance()._session_mgr
    sessions, said = {}, {}
    for sid in ids:
        info = manager.get_active_session_info(sid)
        if info is None:
            said[sid] = GONE
        else:
            sessions[sid] = info.session
    if not sessions:
        return said
    done: concurrent.futures.Future[dict[str, str]] = concurrent.futures.Future()

    def on_loop() -> None:
        out = {}
        for sid, s in sessions.items():
            try:
                if s._scriptrunner is not None:
                    out[sid] = BUSY
                else:
                    s.request_rerun(s._client_state)
                    out[sid] = WOKEN
            except Exception:  # noqa: BLE001 - one session's trouble is not the others'
                _LOG.warning("could not rerun a class page", exc_info=True)
                out[sid] = BUSY
        done.set_result(out)

    loop = next(iter(sessions.values()))._event_loop
    loop.call_soon_threadsafe(on_loop)
    said.update(done.result(timeout))
    return said
