"""Push, not poll: one bell per process wakes exactly the class pages whose class moved on.

Two kinds of follower: a Streamlit page (the teacher's projector) tells the bell, at the end
of its run, which class it drew and what it drew of it (:meth:`Bell.watch`: the teacher's
whole pulse, classroom.pulse), and is rerun; a student's still, which follows over HTTP
with no script run (ui.classroom.routes), waits on :meth:`Bell.await_change` with the
student's part of the pulse and is told. The bell's thread reads the pulse of every watched class with a handful of
queries when a class may have changed, and a page whose part differs from what it drew is
rerun, once, the way Streamlit reruns a page whose source file was saved (the session's last
client state: same page, same link, same widget values). Its rerun draws the new state and
watches again. The pulses the bell read are shared: a student page's run takes its class's
state at the bell's last pulse (:meth:`Bell.known`; ui.classroom.shared.student_view), so a
class is read once per change for every page of the process.

When does the bell look? At once when a page of this process changed something
(:meth:`Bell.ring`) or watched from an older state than the bell's; on PostgreSQL, at once
when any replica commits a change to a class (``listen``: classroom.listen, LISTEN/NOTIFY on
a connection of its own), and on no clock; on SQLite, or while the listening connection is
down (it is made again every ``RELISTEN`` seconds), every ``TICK`` seconds as well.

A woken page that has not watched again ``RETRY`` seconds later (its run failed, or the
wake was lost on the way) is woken again, up to ``TRIES`` times; a page that left for another
page is forgotten then. So a quiet class costs no script run at all, a student follows the
teacher's click within one look plus one run of the page, and several ``streamlit run``
processes on one database each see the others' changes. A page busy with its own run (a
student's click) is not interrupted: it is woken after that run, if what it drew is still
behind.

Waking a session from another thread has no public API in Streamlit. :func:`wake_sessions`
finds a session with ``Runtime.get_app_session`` (public, safe from any thread) and then
reads three private attributes of Streamlit's ``AppSession`` (:data:`PRIVATE`: the server's
event loop, the running script, the last client state) to rerun it on the event loop with
``AppSession.request_rerun``. :func:`cannot_wake` checks them on the first class page's own
session when the bell is made; when one is gone (an upgrade moved it), or when waking fails
later, the bell gives up (:meth:`Bell.give_up`): it says so in the log, the teacher's page
says so too, and each class page follows by itself from its next run, looking at its class
every ``POLL`` seconds in an ``st.fragment(run_every=POLL)`` (ui.classroom.shared.follow).
Under ``AppTest`` there is no runtime and :func:`session_id` is None: nothing is watched.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import math
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, replace

from streamlit import runtime
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.scriptrunner import ScriptRunner, get_script_run_ctx

from classroom.db import UNREACHABLE
from classroom.pulse import Pulse

TICK = 0.2  # seconds between two looks at the database (for changes made by other processes)
RETRY, TRIES = 3.0, 3  # a woken page that did not watch again is woken again, so many times
SEEN_MAX = 1024  # pulses kept for pages that read them (the bell's look keeps the watched ones)
RELISTEN = 5.0  # seconds between two tries to listen again (meanwhile the bell looks each tick)
COUNTS_EVERY = 1.0  # seconds: the projector's counts alone rerun it at most this often
POLL = 2.0  # seconds between two looks of a page that follows by itself (the bell gave up)
# seconds at least between two looks: every tap rings (and on PostgreSQL every answer is
# told), so a burst of 300 taps was 300 looks; now it is one look each GAP, which a
# teacher's click waits at most once (py-spy under bench/bench_class_pages.py)
GAP = 0.05
WOKEN, BUSY, GONE = "woken", "busy", "gone"
# AppSession's private attributes wake_sessions reads, and what each must be
PRIVATE = {
    "_event_loop": asyncio.AbstractEventLoop,  # the server's loop, where reruns are requested
    "_scriptrunner": ScriptRunner,  # the running script, None while the page is idle
    "_client_state": ClientState,  # the last run's page, link and widget values
}

_LOG = logging.getLogger(__name__)


# listen(ready, heard, stop): hear of every class change (classroom.listen.listen)
Listen = Callable[[Callable[[], None], Callable[[], None], threading.Event], None]


@dataclass(frozen=True)
class _Page:
    code: str
    drawn: Hashable
    part: Callable[[Pulse], Hashable]
    woken: float | None = None  # when it was woken, until it watches again
    tries: int = 0
    fragment: str | None = None  # the fragment that draws the class (rerun alone), if any
    since: float = 0.0  # when it watched
    calm: float = 0.0  # a page that drew a whole pulse: its counts alone wake it this seldom


@dataclass(frozen=True)
class _Wait:
    """A follower outside Streamlit (a student page's HTTP follow, ui.classroom.routes): it
    drew ``drawn`` == ``part(pulse)`` of class ``code``; ``done()`` is called once, from the
    bell's thread, when that part moves (or the class is gone)."""

    code: str
    drawn: Hashable
    part: Callable[[Pulse], Hashable]
    done: Callable[[], None]


class Bell:
    """The pages of one process that follow a class, and the thread that wakes them.

    ``look(codes)`` gives the pulse of each class (a code it leaves out is gone);
    ``wake({session id: fragment or None})`` reruns those sessions (only that fragment of
    the page, when given) and says, per session, WOKEN, BUSY (running:
    try again next tick) or GONE (the browser left). A ``wake`` that raises makes the bell
    give up (:meth:`give_up`); a ``look`` that raises is tried again next tick (a database
    away for a moment)."""

    def __init__(
        self,
        look: Callable[[set[str]], dict[str, Pulse]],
        wake: Callable[[dict[str, str | None]], dict[str, str]],
        tick: float = TICK,
        clock: Callable[[], float] = time.monotonic,
        listen: Listen | None = None,
    ) -> None:
        self._look, self._wake, self._tick, self._clock = look, wake, tick, clock
        self._listen = listen
        self._pages: dict[str, _Page] = {}  # Streamlit session id -> what its page drew
        self._waits: dict[int, _Wait] = {}  # the followers outside Streamlit (await_change)
        self._seen: dict[str, tuple[Pulse, float]] = {}  # code -> its last pulse read, when
        self._lock = threading.Lock()
        self._soon = threading.Event()
        self._stop = threading.Event()  # the listener's end (tests)
        self._thread: threading.Thread | None = None
        self.broken: str | None = None  # why pages cannot be woken (give_up), None while they can
        self.listening = False  # the database tells of every change (no look every tick)
        self._due: float | None = None  # when a page's calmed counts are due (look then)

    def watch(
        self,
        session: str,
        code: str,
        drawn: Hashable,
        part: Callable[[Pulse], Hashable],
        fragment: str | None = None,
        calm: float = 0.0,
    ) -> bool:
        """Session ``session``'s page drew ``drawn`` == ``part(pulse)`` of class ``code``
        (``fragment``: in that fragment of the page, which is rerun alone). ``calm``: the
        page drew a whole :class:`Pulse` (the projector), and a change of its counts alone
        (answers coming in) reruns it at most every ``calm`` seconds; any other change at
        once. False when the bell has given up: the page must follow by itself."""
        with self._lock:
            if self.broken is not None:
                return False
            self._pages[session] = _Page(
                code, drawn, part, fragment=fragment, since=self._clock(), calm=calm
            )
            self._look_soon_if_behind(code, drawn, part)
            self._start()
        return True

    def await_change(
        self,
        code: str,
        drawn: Hashable,
        part: Callable[[Pulse], Hashable],
        done: Callable[[], None],
    ) -> Callable[[], None]:
        """A follower outside Streamlit drew ``drawn`` == ``part(pulse)`` of class ``code``:
        call ``done()`` (once, from the bell's thread: it must only hand over, e.g. with
        ``loop.call_soon_threadsafe``) when that part moves. Returns the function that
        forgets the follower (its request ended). No private part of Streamlit is used, so
        this holds after the bell gave up waking pages too."""
        wait = _Wait(code, drawn, part, done)
        with self._lock:
            self._waits[id(wait)] = wait
            self._look_soon_if_behind(code, drawn, part)
            self._start()
        return lambda: self._forget_wait(id(wait))

    def _forget_wait(self, key: int) -> None:
        with self._lock:
            self._waits.pop(key, None)

    def _look_soon_if_behind(self, code: str, drawn: Hashable, part: Callable) -> None:
        seen = self._seen.get(code)  # (with the lock held)
        if (seen is None and self.listening) or (seen is not None and part(seen[0]) != drawn):
            self._soon.set()  # drawn from an older state, or no tick will come: look now

    def _start(self) -> None:
        """The bell's thread (and its listener), once; again if it ended (with the lock)."""
        if self._thread is not None and self._thread.is_alive():
            return
        first = self._thread is None
        self._thread = threading.Thread(target=self._run, name="class-bell", daemon=True)
        self._thread.start()
        if first and self._listen is not None:
            threading.Thread(target=self._hear, name="class-bell-listener", daemon=True).start()

    def give_up(self, why: str, exc_info: bool = False) -> None:
        """Pages can no longer be woken (``why``): say so in the log (once), let go of every
        page, and watch none again; each page follows by itself from its next run."""
        with self._lock:
            if self.broken is not None:
                return
            self.broken = why
            self._pages.clear()
        self._stop.set()
        _LOG.error(
            "class pages cannot be woken (%s): each class page looks at its class every %g s "
            "instead",
            why,
            POLL,
            exc_info=exc_info,
        )

    def forget(self, session: str) -> None:
        with self._lock:
            self._pages.pop(session, None)

    def ring(self) -> None:
        """Something changed here: look now rather than at the next tick."""
        self._soon.set()

    def known(self, code: str, fresh: float = 2 * TICK) -> Pulse | None:
        """The pulse of class ``code`` as the bell last read it, when that was at most
        ``fresh`` seconds ago; else None (the caller reads it, and tells :meth:`saw`)."""
        with self._lock:
            seen = self._seen.get(code)
        if seen is None or (not self.listening and self._clock() - seen[1] > fresh):
            return None
        return seen[0]  # while listening, the last look is the class's until it is told

    def saw(self, code: str, pulse: Pulse) -> None:
        """A page read the pulse of class ``code`` itself: the other pages share it."""
        with self._lock:
            if len(self._seen) >= SEEN_MAX:  # classes no page of this process follows
                self._seen.clear()
            self._seen[code] = (pulse, self._clock())

    def watched(self) -> int:
        with self._lock:
            return len(self._pages)

    def waiting(self) -> int:
        """The followers outside Streamlit waiting now (:meth:`await_change`)."""
        with self._lock:
            return len(self._waits)

    def look_once(self, read: bool = True) -> list[str]:
        """One look: wake every page that is behind its class; the sessions woken.
        ``read``: read the pulses (else compare with the last ones read: while listening,
        only a woken page that did not watch again is woken again)."""
        with self._lock:
            codes = {p.code for p in self._pages.values()} | {w.code for w in self._waits.values()}
            if not codes:  # nobody follows now (the students' follows between two asks):
                if not read or not self._seen:  # the pulses pages take (known) are kept fresh
                    return []
                codes = set(self._seen)
        t = self._clock()
        if read:
            try:
                now = self._look(codes)  # also of classes whose pages all run: they share it
            except UNREACHABLE:  # every page is behind: its run says it is reconnecting
                _LOG.warning(
                    "the class database is away: the class pages say they are reconnecting"
                )
                now = {}
        with self._lock:
            if read:
                self._seen = {c: (p, t) for c, p in now.items()}
            else:
                now = {c: p for c, (p, _) in self._seen.items()}
                codes = set(now)
            # the pages as they are after the pulses were kept: one that watches later
            # compares with them itself (watch)
            pages = dict(self._pages)
            moved = [
                k
                for k, w in self._waits.items()
                if w.code in codes and (w.code not in now or w.part(now[w.code]) != w.drawn)
            ]
            told = [self._waits.pop(k) for k in moved]
        for w in told:
            w.done()  # the follower reads the class itself (at the pulse kept above)
        behind, due = [], None
        for s, p in pages.items():
            if p.woken is not None:
                if t - p.woken >= RETRY:
                    behind.append(s)
            elif p.code in codes and (p.code not in now or p.part(now[p.code]) != p.drawn):
                if _counts_only(p, now.get(p.code)) and t - p.since < p.calm:
                    due = min(due or math.inf, p.since + p.calm)  # its counts, later
                else:
                    behind.append(s)
        with self._lock:
            self._due = due

        if not behind:
            return []
        try:
            said = self._wake({s: pages[s].fragment for s in behind})
        except Exception as e:  # noqa: BLE001 - not silence: logged, and the pages poll
            self.give_up(f"waking a page failed: {type(e).__name__}: {e}", exc_info=True)
            return []
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
        last = -math.inf  # time.monotonic() of the last look (the pacing is real time)
        while self.broken is None or self.waiting():
            listening = self.listening
            wait = RETRY if listening else self._tick
            if listening and self._due is not None:
                wait = max(0.0, min(wait, self._due - self._clock()))
            rang = self._soon.wait(wait)
            pause = last + GAP - time.monotonic()
            if pause > 0:  # the rings that come meanwhile are this one look
                time.sleep(pause)
            self._soon.clear()
            last = time.monotonic()
            try:  # a failure to wake is handled there (give_up)
                self.look_once(read=rang or not listening)
            except Exception:  # noqa: BLE001 - a database away for a moment: look again
                _LOG.warning("the class bell could not look at the database", exc_info=True)

    def _hear(self) -> None:
        """The listener's thread: listen; when the connection drops (or cannot be made),
        look every tick and listen again RELISTEN seconds later."""
        while self.broken is None and not self._stop.is_set():
            try:
                self._listen(self._ready, self.ring, self._stop)  # type: ignore[misc]
            except Exception as e:  # noqa: BLE001 - not silence: logged, and the bell looks
                if self.listening:
                    _LOG.warning(
                        "the class bell stopped hearing of changes (%s: %s): it looks every "
                        "%g s until it hears again",
                        type(e).__name__,
                        e,
                        self._tick,
                    )
            self.listening = False
            self.ring()  # look now, then every tick
            self._stop.wait(RELISTEN)

    def _ready(self) -> None:
        if not self.listening:
            _LOG.info("the class bell hears of every change to a class (PostgreSQL NOTIFY)")
        self.listening = True
        self.ring()  # what changed while it was not listening

    def close(self) -> None:
        """Stop listening (tests: a bell per server is never closed)."""
        self._stop.set()


def _counts_only(p: _Page, now: Pulse | None) -> bool:
    """Whether page ``p`` drew a whole pulse that differs from ``now`` in its counts only."""
    return (
        p.calm > 0
        and now is not None
        and isinstance(p.drawn, Pulse)
        and p.drawn.common == now.common
    )


def session_id() -> str | None:
    """The Streamlit session of this script run, None without a server (AppTest)."""
    ctx = get_script_run_ctx()
    if ctx is None or not runtime.exists():
        return None
    return ctx.session_id


def missing_internals(session: object) -> str | None:
    """What of :data:`PRIVATE` Streamlit's ``session`` (an AppSession) lacks, in words; None
    when every attribute is there and of its kind (the running script may be None)."""
    for name, kind in PRIVATE.items():
        if not hasattr(session, name):
            return f"Streamlit's AppSession has no {name}"
        got = getattr(session, name)
        if not isinstance(got, kind) and not (name == "_scriptrunner" and got is None):
            return f"Streamlit's AppSession.{name} is a {type(got).__name__}, not a {kind.__name__}"
    return None


def cannot_wake() -> str | None:
    """Why this server cannot wake class pages, checked on the session of this script run
    (the first class page of the process, ui.classroom.shared.bell); None when it can, or
    when there is no server to check (AppTest)."""
    sid = session_id()
    if sid is None:
        return None
    try:
        session = runtime.Runtime.instance().get_app_session(sid)
    except AttributeError as e:  # the public call itself is gone
        return f"Streamlit's Runtime has no get_app_session ({e})"
    return None if session is None else missing_internals(session)


def wake_sessions(
    ids: Mapping[str, str | None] | Iterable[str], timeout: float = 5.0
) -> dict[str, str]:
    """Rerun the idle sessions of ``ids`` with their last client state (as Streamlit does on
    a saved source file); a running session is left alone (BUSY). ``ids`` may map a session
    to a fragment of its page: only that fragment is rerun (as a widget inside it would),
    while the session still holds it; else the whole page. Done on the server's event
    loop, where the browser's own rerun requests are handled, so none is overtaken. Anything
    that goes wrong on the way (an attribute that moved) is raised to the caller (the bell
    gives up); only an event loop too busy to answer within ``timeout`` is BUSY for all."""
    wanted = dict(ids) if isinstance(ids, Mapping) else dict.fromkeys(ids)
    if not runtime.exists():  # the server is gone (or never was: AppTest)
        return dict.fromkeys(wanted, GONE)
    rt = runtime.Runtime.instance()
    sessions, said = {}, {}
    for sid in wanted:
        session = rt.get_app_session(sid)
        if session is None:
            said[sid] = GONE
        else:
            sessions[sid] = session
    if not sessions:
        return said
    done: concurrent.futures.Future[dict[str, str]] = concurrent.futures.Future()

    def on_loop() -> None:
        try:
            done.set_result({sid: _wake(s, wanted[sid]) for sid, s in sessions.items()})
        except Exception as e:  # noqa: BLE001 - raised again in the bell's thread
            done.set_exception(e)

    next(iter(sessions.values()))._event_loop.call_soon_threadsafe(on_loop)
    try:
        said.update(done.result(timeout))
    except TimeoutError:
        _LOG.warning("the server's event loop did not take the class wake-ups in %g s", timeout)
        said.update(dict.fromkeys(sessions, BUSY))  # the bell tries again next tick
    return said


def _wake(s: object, fragment: str | None) -> str:  # on the event loop
    if s._scriptrunner is not None:  # type: ignore[attr-defined]
        return BUSY
    state = ClientState()
    state.CopyFrom(s._client_state)  # type: ignore[attr-defined]
    held = getattr(s, "has_fragment", None)  # public on AppSession since 1.4x
    state.fragment_id = fragment if fragment and held is not None and held(fragment) else ""
    s.request_rerun(state)  # type: ignore[attr-defined]
    return WOKEN
