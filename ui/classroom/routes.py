"""A student's page follows its class over HTTP, with no script run (serve.py mounts these
routes beside Streamlit's own, through Streamlit's public ``st.App``).

The still of a student page (plugins/student.js) asks ``GET /gtl/class/follow?s=TOKEN
&seen=SEEN&lang=LANG``: the answer is the page's new state (:class:`student_live.Live`'s
data) as soon as it differs from ``SEEN``. Until then the request waits on the process's bell
(ui.classroom.notify, :meth:`Bell.await_change`: the same looks at the database that wake
the teacher's page, LISTEN/NOTIFY on PostgreSQL) for at most :data:`WAIT_S` seconds, then
answers "nothing new" and the still asks again. A tap is ``POST /gtl/class/answer`` with
``{s, q, a, lang}``: stored (classroom.live.answer, which checks the question and the
answer) and answered with the page's new state.

So a class change costs one answer per waiting student, made from the class's state read
once per change for the whole process (ui.classroom.shared.view_of), not a script run per
student page; a tap is one database transaction and one answer. What the still cannot draw
(the answer typed in a box, the whole-tree task, the end of the class) it asks the page's
script to draw: the answer's ``page`` changed (student_live.Live.page).

Answers (JSON): ``{"seen", "data"}`` a new state; ``{"seen"}`` nothing new; ``{"note"}`` a
refused tap, in the student's language; status 403 ``{"error"}`` a token that names nobody,
400 a malformed request, 503 the database away (the still says it is reconnecting and asks
again).
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import json
import logging
import signal
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from classroom import live as live_actions
from classroom.access import AccessError
from classroom.db import UNREACHABLE
from classroom.pulse import Pulse
from engine.errors import InputError
from teach import i18n
from teach.engine_words import reason
from ui.classroom import shared as sh
from ui.classroom import student_live
from ui.classroom.student_live import ROUTE

WAIT_S = 25.0  # a follow waits this long for a change, then says "nothing new" (proxies' idle)
BODY_MAX = 2048  # bytes: a tap's request is a few dozen
# The blocking part of a request (the class's state, a tap's write) runs on these threads, not
# on Starlette's shared pool: 300 follows woken at once queued on its capacity limiter, whose
# acquiring was 8 % of a 300-student server's CPU (py-spy, bench/bench_class_pages.py).
_WORKERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="gtl-class-route")
LOOK_S = 1.0  # a waiting follow looks this often whether the server is shutting down
_LOG = logging.getLogger(__name__)
_HEADERS = {"Cache-Control": "no-store"}


def _lang(raw: object) -> str:
    known = isinstance(raw, str) and (raw in i18n.LANGUAGES or raw == i18n.PSEUDO)
    return raw if known else i18n.DEFAULT  # type: ignore[return-value]


async def _blocking(fn: Callable, *args: object, **kwargs: object):  # noqa: ANN202
    return await asyncio.get_running_loop().run_in_executor(
        _WORKERS, functools.partial(fn, *args, **kwargs)
    )


def _answer(body: dict, status: int = 200) -> JSONResponse:
    return _StateResponse(body, status_code=status, headers=_HEADERS)


def _packed(response: JSONResponse, request: Request) -> JSONResponse:
    """``response`` gzipped when the browser takes it (every browser does): an answer is
    about 5 kB of JSON, 2 kB gzipped, and a class on a school's Wi-Fi waits for bytes.
    Level 1: about 30 microseconds an answer."""
    if "gzip" not in request.headers.get("accept-encoding", "") or len(response.body) < 512:
        return response
    response.body = gzip.compress(response.body, compresslevel=1, mtime=0)
    response.headers["content-encoding"] = "gzip"
    response.headers["content-length"] = str(len(response.body))
    response.headers["vary"] = "Accept-Encoding"
    return response


async def _guarded(work: Callable[[], JSONResponse]) -> JSONResponse:
    """``work`` (its blocking parts on :data:`_WORKERS`); a token naming nobody is a 403, the
    database away a 503."""
    try:
        return await work()
    except AccessError as e:
        return _answer({"error": reason(e)}, 403)
    except UNREACHABLE:
        return _answer({"error": "the class database cannot be reached"}, 503)


def server_exiting() -> bool:
    """Whether the server is shutting down: uvicorn (Streamlit's server) drains every
    request under way before it exits, so a follow waiting 25 s held a restart up that long;
    it answers "nothing new" instead. Read off uvicorn's public ``Server.should_exit``, set
    by its ``handle_exit``, the SIGTERM handler while it serves."""
    handler = signal.getsignal(signal.SIGTERM)
    return bool(getattr(getattr(handler, "__self__", None), "should_exit", False))


def _state(got: student_live.Live) -> dict:
    return {"seen": got.seen, "data": got.data}


_ENCODED: dict[int, tuple[dict, str]] = {}  # id(payload) -> (the payload, its JSON)
ENCODED_MAX = 256  # as many as ui.classroom.shared._still keeps


def _payload_json(p: dict) -> str:
    """The still's payload as JSON, made once per payload (every student of a class gets the
    same one: json.dumps of it per answer was 6 % of a 300-student server's CPU)."""
    got = _ENCODED.get(id(p))
    if got is not None and got[0] is p:
        return got[1]
    if len(_ENCODED) >= ENCODED_MAX:
        _ENCODED.clear()
    text = json.dumps(p, ensure_ascii=False, separators=(",", ":"))
    _ENCODED[id(p)] = (p, text)
    return text


class _StateResponse(JSONResponse):
    """``{"seen", "data"}`` with the still's payload spliced in as made once (_payload_json)."""

    def render(self, content: dict) -> bytes:
        data = content.get("data")
        if not isinstance(data, dict) or "p" not in data:
            return super().render(content)
        rest = {k: v for k, v in content.items() if k != "data"}
        rest["data"] = {k: v for k, v in data.items() if k != "p"}  # last: its end is cut
        head = json.dumps(rest, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        cut = head.rindex("}", 0, head.rindex("}"))  # the end of "data"
        return (head[:cut] + ',"p":' + _payload_json(data["p"]) + head[cut:]).encode("utf-8")


async def follow(request: Request) -> JSONResponse:
    """The student's page now, once it differs from what the still shows (``seen``)."""
    token = request.query_params.get("s", "")
    seen = request.query_params.get("seen", "")
    lang = _lang(request.query_params.get("lang"))

    async def work() -> JSONResponse:
        got = await _blocking(student_live.page_now, token, lang)
        if got.seen != seen:
            return _answer(_state(got))
        loop = asyncio.get_running_loop()
        moved = loop.create_future()

        def done() -> None:  # on the bell's thread
            loop.call_soon_threadsafe(lambda: moved.done() or moved.set_result(None))

        forget = sh.bell().await_change(got.code, got.pulse, Pulse.student, done)
        try:
            deadline = loop.time() + WAIT_S
            while not moved.done():
                left = deadline - loop.time()
                if left <= 0 or server_exiting() or await request.is_disconnected():
                    return _answer({"seen": seen})  # (a tab closed: nobody reads it)
                await asyncio.wait({moved}, timeout=min(LOOK_S, left))
        finally:
            forget()
        got = await _blocking(student_live.page_now, token, lang)
        return _answer(_state(got) if got.seen != seen else {"seen": seen})

    return _packed(await _guarded(work), request)


def _tap(token: str, number: int, text: str, lang: str) -> dict:
    """Store the tap and say the page's new state (blocking: in the thread pool)."""
    with i18n.use(lang):
        try:
            receipt = sh.retrying(lambda: live_actions.answer(sh.store(), token, number, text))
        except InputError as e:
            if isinstance(e, AccessError):
                raise
            said = reason(e)
            try:
                return {"note": said, **_state(student_live.page_now(token, lang, note=said))}
            except UNREACHABLE:  # not saved because the database is away: say only that
                return {"note": said}
    sh.bell().ring()  # the projector's count, now
    view = sh.view_of(token, given=(number, receipt.shown))
    return _state(student_live.page_now(token, lang, view=view))


async def answer(request: Request) -> JSONResponse:
    """A tap on an answer button: ``{s, q, a, lang}``."""
    raw = b""
    async for chunk in request.stream():  # read no further than a tap can be long
        raw += chunk
        if len(raw) > BODY_MAX:
            break
    try:
        if len(raw) > BODY_MAX:
            raise ValueError("too long")
        body = json.loads(raw)
        token, number, text = body["s"], body["q"], body["a"]
        if not (
            isinstance(token, str)
            and isinstance(number, int)
            and not isinstance(number, bool)
            and isinstance(text, str)
        ):
            raise ValueError("wrong types")
    except (ValueError, KeyError, TypeError):
        return _answer({"error": "a tap is {s, q, a, lang}: a token, a number and a text"}, 400)
    lang = _lang(body.get("lang"))

    async def work() -> JSONResponse:
        return _answer(await _blocking(_tap, token, number, text, lang))

    return _packed(await _guarded(work), request)


ROUTES = [
    Route(f"{ROUTE}/follow", follow, methods=["GET"]),
    Route(f"{ROUTE}/answer", answer, methods=["POST"]),
]
