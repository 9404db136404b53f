"""The document's base-address script (ui.common.page_base): what the middleware changes and
what it leaves alone, and what the script tells Streamlit's frontend on each address.

The middleware is driven as an ASGI server drives it (a scope, the app's messages); the
script runs in node with the address a browser would give it. The browser test
(tests/browser/test_first_visit.py) checks the whole: a lab's link connects at its first try.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from ui.common.page_base import PAGE_PATHS, SCRIPT, PageBase
from ui.common.registry import PAGES

DOC = b"<!DOCTYPE html><html><head><title>x</title></head><body></body></html>"


def _serve(
    body_parts: list[bytes],
    status: int = 200,
    content_type: bytes = b"text/html; charset=utf-8",
    accept: bytes = b"text/html,application/xhtml+xml",
    scope_type: str = "http",
) -> tuple[list[dict], list[tuple[bytes, bytes]]]:
    """The messages the middleware sends for an inner app answering ``body_parts``, and the
    request headers the inner app saw."""
    seen: list[tuple[bytes, bytes]] = []

    async def inner(scope, receive, send):
        seen.extend(scope.get("headers", []))
        seen.extend((b"extension", name.encode()) for name in scope.get("extensions") or {})
        headers = [
            (b"content-type", content_type),
            (b"content-length", str(sum(map(len, body_parts))).encode()),
            (b"etag", b'"abc"'),
            (b"last-modified", b"Sat, 05 Dec 2026 09:44:08 GMT"),
            (b"cache-control", b"no-cache"),
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        for i, part in enumerate(body_parts):
            more = i < len(body_parts) - 1
            await send({"type": "http.response.body", "body": part, "more_body": more})

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request"}

    scope = {
        "type": scope_type,
        "method": "GET",
        "path": "/alphabeta",
        "headers": [(b"accept", accept), (b"accept-encoding", b"gzip, deflate")],
        "extensions": {"http.response.pathsend": {}, "http.response.trailers": {}},
    }
    # in a thread of its own: a browser test before this one may hold this thread's event loop
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, PageBase(inner)(scope, receive, send)).result()
    return sent, seen


def _body(sent: list[dict]) -> bytes:
    return b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def _headers(sent: list[dict]) -> dict[bytes, bytes]:
    return dict(sent[0]["headers"])


@pytest.mark.parametrize(
    "parts", [[DOC], [DOC[:20], DOC[20:40], DOC[40:]]], ids=["whole", "3 parts"]
)
def test_a_document_gets_the_script_first_in_its_head(parts):
    sent, seen = _serve(parts)
    body = _body(sent)
    assert body == DOC.replace(b"<head>", b"<head>" + SCRIPT.encode())
    headers = _headers(sent)
    assert int(headers[b"content-length"]) == len(body)
    # validators of the file would name a document without the script
    assert b"etag" not in headers and b"last-modified" not in headers
    assert headers[b"cache-control"] == b"no-cache"  # the rest kept
    assert b"accept-encoding" not in dict(seen)  # asked for uncompressed, to be read
    # sent as body messages, which the script can be added to, not a file by its path
    assert [v for k, v in seen if k == b"extension"] == [b"http.response.trailers"]


def test_what_is_not_a_whole_document_passes_untouched():
    for sent, _ in (
        _serve([b""], status=304),  # a revalidated document: no body to change
        _serve([b"console.log(1)"], content_type=b"text/javascript", accept=b"*/*"),
        _serve([b"<html><body>no head</body></html>"]),
    ):
        assert b"<script>" not in _body(sent)
        assert _headers(sent)[b"etag"] == b'"abc"'
    _, seen = _serve([b"x"], content_type=b"text/javascript", accept=b"*/*")
    assert dict(seen)[b"accept-encoding"] == b"gzip, deflate"  # a file may still be compressed
    assert b"http.response.pathsend" in [v for k, v in seen if k == b"extension"]


def test_a_websocket_passes_untouched():
    sent, seen = _serve([DOC], scope_type="websocket")
    assert _body(sent) == DOC
    assert dict(seen)[b"accept-encoding"] == b"gzip, deflate"


def test_every_page_but_home_is_named():
    assert sorted(PAGE_PATHS) == sorted(s.url_path for s in PAGES if not s.default)
    assert "" not in PAGE_PATHS


NODE = """
const out = {};
for (const path of %s) {
  globalThis.location = { pathname: path, origin: "https://school.example" };
  globalThis.window = globalThis;
  delete globalThis.__streamlit;
  eval(%s);
  out[path] = globalThis.__streamlit ? globalThis.__streamlit.BACKEND_BASE_URL : null;
}
console.log(JSON.stringify(out));
"""


def test_the_script_names_the_server_by_the_address_less_its_page():
    paths = ["/", "/alphabeta", "/chase", "/gtl/alphabeta", "/a/b/practice", "/gtl/", "/nope"]
    paths += ["/alphabeta/", "/alphabeta/x"]
    script = SCRIPT.removeprefix("<script>").removesuffix("</script>")
    run = subprocess.run(
        ["node", "-e", NODE % (json.dumps(paths), json.dumps(script))],
        capture_output=True,
        text=True,
        check=True,
    )
    said = json.loads(run.stdout)
    site = "https://school.example"
    assert said == {
        "/": None,  # home: the frontend's own guess is right at once
        "/alphabeta": f"{site}/",
        "/chase": f"{site}/",
        "/gtl/alphabeta": f"{site}/gtl/",  # served under a prefix
        "/a/b/practice": f"{site}/a/b/",
        "/gtl/": None,
        "/nope": None,  # not a page: left to the frontend
        "/alphabeta/": None,
        "/alphabeta/x": None,
    }
