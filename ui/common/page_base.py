"""A lab's link opens without a failed first try: the document tells Streamlit's frontend
where the server is (issue 20, the first visit).

Streamlit's frontend cannot tell a page's path from a prefix the app is served under, so on
``/alphabeta`` it first asks ``/alphabeta/_stcore/health`` (a 404), waits 100 ms, and only
then asks ``/_stcore/health``: every first visit to a lab's link (a shared link, a class's
link, the home page's) paid that detour before its run began; only ``/`` did not. The
frontend takes the server's address from ``window.__streamlit.BACKEND_BASE_URL`` when the
page sets it before the frontend's code runs (the hook a host that embeds Streamlit sets),
so the document served for a page carries a small script that sets it: the page's address
less its last part when that part is one of the app's pages (``/alphabeta`` -> ``/``,
``/gtl/alphabeta`` behind a prefix -> ``/gtl/``); on any other address it sets nothing and
the frontend guesses as before.

:class:`PageBase` is the ASGI middleware (serve.py passes it to ``st.App``) that adds the
script to the document's ``<head>``: only to a whole HTML answer (status 200), asked for
without compression so it can be read (the document is about 9 KB), and without its
validators (the file's ETag would name a document without the script), and as body
messages (not the ASGI ``pathsend`` extension, which no body can be added to). Any other
answer passes untouched; a document with no ``<head>`` too.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from ui.common.registry import PAGES

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# Every page's URL but the home page's (which is "/", where the frontend's guess is right).
PAGE_PATHS = tuple(spec.url_path for spec in PAGES if spec.url_path)

_JS = """((pages) => {
  const parts = location.pathname.split("/");
  if (!pages.includes(parts[parts.length - 1])) return;
  parts.pop();
  window.__streamlit = Object.assign({}, window.__streamlit,
    { BACKEND_BASE_URL: location.origin + parts.join("/") + "/" });
})"""
SCRIPT = f"<script>{_JS}({json.dumps(list(PAGE_PATHS))});</script>"
_HEAD = b"<head>"
_DROPPED = {b"content-length", b"etag", b"last-modified"}
_PATHSEND = "http.response.pathsend"


def with_script(document: bytes, script: str = SCRIPT) -> bytes | None:
    """``document`` with ``script`` first in its head; None when it has no ``<head>``."""
    at = document.find(_HEAD)
    if at < 0:
        return None
    at += len(_HEAD)
    return document[:at] + script.encode() + document[at:]


def _asks_for_html(headers: Iterable[tuple[bytes, bytes]]) -> bool:
    return any(k == b"accept" and b"text/html" in v for k, v in headers)


class PageBase:
    """ASGI middleware: the base-address script in every HTML document the app serves."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] != "GET"
            or not _asks_for_html(scope["headers"])
        ):
            await self.app(scope, receive, send)
            return
        # the document uncompressed, to be read (Streamlit compresses what the client accepts),
        # and as body messages: a server that can send a file by its path (the ASGI pathsend
        # extension) is not told so for it
        scope = {
            **scope,
            "headers": [(k, v) for k, v in scope["headers"] if k != b"accept-encoding"],
            "extensions": {
                k: v for k, v in (scope.get("extensions") or {}).items() if k != _PATHSEND
            },
        }
        start: Message | None = None
        chunks: list[bytes] = []

        async def send_document(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers", []))
                html = headers.get(b"content-type", b"").startswith(b"text/html")
                encoded = b"content-encoding" in headers
                if message["status"] == 200 and html and not encoded:
                    start = message  # held until the whole body is here
                    return
            elif message["type"] == "http.response.body" and start is not None:
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                document = b"".join(chunks)
                changed = with_script(document)
                body = document if changed is None else changed
                # untouched, its validators still name it; changed, they would not
                dropped = _DROPPED if changed is not None else {b"content-length"}
                kept = [(k, v) for k, v in start.get("headers", []) if k.lower() not in dropped]
                kept.append((b"content-length", str(len(body)).encode()))
                await send({**start, "headers": kept})
                await send({"type": "http.response.body", "body": body, "more_body": False})
                return
            await send(message)

        await self.app(scope, receive, send_document)
