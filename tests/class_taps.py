"""A student's class page in AppTest: the still draws its head and answer buttons
(game_tree_lab/tree_canvas/plugins/student.js, data ``x.live`` and ``x.choices``), and a tap
is a POST to the class routes (ui.classroom.routes), sent here through the routes' own ASGI
app as a browser sends it. The browser tests tap the real buttons (tests/browser/test_class.py).
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

from starlette.applications import Starlette
from streamlit.testing.v1 import AppTest

from ui.classroom.routes import ROUTES
from ui.classroom.student_live import ROUTE
from ui.common.canvas import NAME as CANVAS_COMPONENT


def still(at: AppTest) -> dict:
    """The data of the page's student still (the one with ``x.live``)."""
    found = [
        json.loads(c.proto.json)
        for c in at.get("bidi_component")
        if c.proto.component_name == CANVAS_COMPONENT
    ]
    found = [d for d in found if d.get("x", {}).get("live")]
    assert len(found) == 1, f"{len(found)} student stills"
    return found[0]


def head(data: dict | AppTest) -> str:
    """The head the still draws (HTML), of a page or of a route's answer's data."""
    data = still(data) if isinstance(data, AppTest) else data
    return data["x"]["live"]["head"]


def choices(data: dict | AppTest) -> dict:
    """The answer buttons: ``{q, options: [[label, answer], ...], chosen, label}``."""
    data = still(data) if isinstance(data, AppTest) else data
    return data["x"]["choices"]


def labels(data: dict | AppTest) -> list[str]:
    """The answer buttons' words, in order."""
    return [label for label, _answer in choices(data)["options"]]


def chosen(data: dict | AppTest) -> str | None:
    """The words of the button shown pressed (the stored answer), None if none is."""
    row = choices(data)
    return None if row["chosen"] is None else row["options"][row["chosen"]][0]


def asgi(
    method: str, path: str, body: bytes = b"", query: str = "", headers: tuple = ()
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP request to the class routes (their ASGI app, in this process): the status,
    the response's headers and its body as sent."""
    app = Starlette(routes=ROUTES)
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "headers": [
            (b"content-type", b"application/json"),
            (b"host", b"testserver"),
            *((k.encode(), v.encode()) for k, v in headers),
        ],
        "scheme": "http",
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 1234),
        "root_path": "",
    }
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    # on a thread of its own: in the whole suite Playwright's sync API (the browser tests'
    # session fixture) keeps an event loop running on this thread, and asyncio.run refuses
    with ThreadPoolExecutor(max_workers=1) as one:
        one.submit(asyncio.run, app(scope, receive, send)).result()
    start = next(m for m in sent if m["type"] == "http.response.start")
    said = {k.decode(): v.decode() for k, v in start["headers"]}
    text = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], said, text


def http(method: str, path: str, body: bytes = b"", query: str = "") -> tuple[int, dict]:
    """One HTTP request to the class routes: the status and the JSON answer."""
    status, _headers, text = asgi(method, path, body, query)
    return status, json.loads(text)


_REAL = object()


def tap(at: AppTest, label: str, value: object = _REAL) -> dict:
    """Tap the answer button with words ``label`` on the page ``at`` shows: the route's
    answer (``{seen, data}``, or ``{note, ...}`` for a refusal, or ``{error}``).
    ``value``: send this body instead of what the button sends (a forged request)."""
    data = still(at)
    live, row = data["x"]["live"], data["x"]["choices"]
    answer = next(a for words, a in row["options"] if words == label)
    sent = {"s": live["s"], "q": row["q"], "a": answer, "lang": live["lang"]}
    body = value if value is not _REAL else sent
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    status, got = http("POST", f"{ROUTE}/answer", raw)
    got["status"] = status
    return got
