"""Embedding (issue 40): a page of another site frames the app with ``?embed=true``.

The app runs on http://127.0.0.1:PORT; the host page is served from http://127.0.0.2 (another
address: another site for the browser, whose rules for cookies in a third party's frame
then apply). The lab's own "Copy embed code" box gives the snippet the host page holds; in
its frame the lab opens at the step the link held, steps on its canvas and shows none of the
app's chrome. A class started inside the frame keeps its teacher's view over a reload (the
frame keeps no cookie of the app's: the frame's address keeps the token), a framed join page
joins, and the teacher's framed view counts the student.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from html.parser import HTMLParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest

from gtl_dev.class_flow import Sqlite, class_server
from gtl_dev.pages import open_url, probe_settled, wait_idle
from tests.browser.helpers import expect

pytestmark = pytest.mark.browser

HOST_ADDRESS = "127.0.0.2"  # another loopback address: another site than 127.0.0.1
CANVAS = ".gtl-canvas"
CODE = "pre"  # the embed-code box's text (ui.common.embed: written in the browser)
EMBED_BOX = "Copy embed code"
# What the app's chrome is made of: the page navigation and the sidebar that holds it, the
# toolbar's menu, the top bar's coloured line (Streamlit's own, gone with embed=true).
NAV = '[data-testid="stSidebarNav"]'
CHROME = (
    NAV,
    '[data-testid="stSidebar"]',
    '[data-testid="stMainMenu"]',
    '[data-testid="stDecoration"]',
)
TOP_BUTTONS = '[data-testid="stHeader"] button:visible'  # e.g. the sidebar's ">>"


class _Host(BaseHTTPRequestHandler):
    pages: dict[str, str] = {}

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        body = self.pages.get(urlsplit(self.path).path)
        if body is None:
            self.send_error(404)
            return
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


class HostSite:
    """A tiny site on 127.0.0.2: :meth:`page` puts a page with ``body`` at a path."""

    def __init__(self) -> None:
        self.server = ThreadingHTTPServer((HOST_ADDRESS, 0), _Host)
        self.url = f"http://{HOST_ADDRESS}:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def page(self, path: str, body: str) -> str:
        _Host.pages[path] = (
            f"<!doctype html><html lang=en><meta charset=utf-8><title>Course page</title>"
            f"<h1>Our course</h1>{body}</html>"
        )
        return self.url + path


@pytest.fixture(scope="module")
def host() -> Iterator[HostSite]:
    site = HostSite()
    site.thread.start()
    yield site
    site.server.shutdown()
    site.server.server_close()


@pytest.fixture(scope="module")
def app() -> Iterator[str]:
    with class_server(Sqlite().env) as server:
        yield server.url


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    ctx.set_default_timeout(60_000)
    yield ctx
    ctx.close()


def framed(page, url: str):
    """(the frame's locator scope, its Frame) of the page's one iframe, once its app is idle."""
    page.goto(url, wait_until="domcontentloaded")
    frame = page.locator("iframe").element_handle().content_frame()
    wait_idle(frame, 60_000)
    return page.frame_locator("iframe"), frame


class _Frames(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "iframe":
            self.found.append(dict(attrs))


def iframes(text: str) -> list[dict[str, str | None]]:
    """The attributes of each <iframe> of ``text``, as an HTML parser reads them."""
    parser = _Frames()
    parser.feed(text)
    return parser.found


def query_of(frame) -> dict[str, list[str]]:
    return parse_qs(urlsplit(frame.url).query)


def embed_code(page, holds: str) -> str:
    """Open the lab's "Copy embed code" box and return its code once it holds ``holds``
    (the box is made in the run that opens it, with the address bar's query then)."""
    page.locator("summary").filter(has_text=EMBED_BOX).click()
    code = page.locator(CODE).filter(has_text="<iframe")
    expect(code).to_contain_text(holds)
    return code.inner_text()


def test_a_lab_framed_by_another_site_steps_with_no_chrome(context, app, host):
    page = context.new_page()
    open_url(page, f"{app}/alphabeta", 60_000)
    probe_settled(page)
    expect(page.locator(NAV)).to_be_visible()  # the same lab opened on its own: the menu
    page.locator(f"{CANVAS} .b-next").click()
    page.locator(f"{CANVAS} .b-next").click()
    expect(page.locator(CANVAS)).to_have_attribute("data-step", "2")
    expect(page).to_have_url(re.compile(r"[?&]k=2(&|$)"))
    snippet = embed_code(page, "k=2")
    (attrs,) = iframes(snippet)
    src = urlsplit(attrs["src"])
    assert f"{src.scheme}://{src.netloc}{src.path}" == f"{app}/alphabeta"
    query = parse_qs(src.query)
    assert (query["k"], query["embed"], query["t"]) == (["2"], ["true"], ["b3:3,12,8,2,4,6,14,5,2"])
    assert (attrs["title"], attrs["allow"]) == ("Game Tree Lab: Alpha-beta", "clipboard-write")
    page.locator(f"{CANVAS} .b-next").click()  # the code follows the step on screen
    expect(page.locator(CODE).filter(has_text="<iframe")).to_contain_text("k=3")
    page.locator(f"{CANVAS} .b-prev").click()
    expect(page.locator(CODE).filter(has_text="<iframe")).to_contain_text("k=2")
    snippet = page.locator(CODE).filter(has_text="<iframe").inner_text()
    page.close()

    course = context.new_page()
    inside, frame = framed(course, host.page("/lab", snippet))
    canvas = inside.locator(CANVAS)
    expect(canvas).to_have_attribute("data-step", "2")  # the step the link held
    canvas.locator(".b-next").click()
    expect(canvas).to_have_attribute("data-step", "3")
    expect(canvas.locator(".sentence")).to_contain_text("Step 3 of")
    for t in CHROME:
        expect(inside.locator(t)).not_to_be_visible()
    expect(inside.locator(TOP_BUTTONS)).to_have_count(0)
    assert query_of(frame)["embed"] == ["true"]
    course.close()


def test_a_class_runs_in_frames_on_another_site(context, app, host):
    """The teacher starts a class inside a framed lab; a reload of the frame (what a server
    restart does) keeps the teacher's view; a framed join page joins; the teacher's framed
    view counts the student, and the student's frame keeps its place over a reload too."""
    teacher_page = context.new_page()
    frame_tag = '<iframe src="{src}" width="100%" height="860" style="border:0"></iframe>'
    inside, teacher = framed(
        teacher_page, host.page("/teach", frame_tag.format(src=f"{app}/alphabeta?embed=true"))
    )
    probe_settled(teacher)
    inside.locator("summary").filter(has_text="Start a class session").click()
    go = inside.locator(".st-key-ab-class_go button")
    expect(go).to_be_visible()
    wait_idle(teacher)  # the run that made the box's contents is over: a click is not lost
    go.click()
    code_box = inside.locator(".gtl-code")
    expect(code_box).to_have_text(re.compile(r"^\s*[A-Z2-9]{6}\s*$"))
    code = code_box.inner_text().strip()
    # the frame's address keeps the token (a frame shows no address bar), and embed=true
    teacher.wait_for_url(re.compile(r"/classroom\?(.*&)?t=[^&]+"))
    query = query_of(teacher)
    assert query["embed"] == ["true"] and "room" not in query
    assert context.cookies() == []  # the app's cookies are refused in another site's frame

    teacher.evaluate("location.reload()")
    expect(code_box).to_have_text(re.compile(rf"^\s*{code}\s*$"))
    expect(inside.locator(".st-key-class-name input")).to_have_count(0)  # not the join form
    expect(inside.get_by_text("0 students joined")).to_be_visible()

    student_page = context.new_page()
    pupil, student = framed(
        student_page,
        host.page("/join", frame_tag.format(src=f"{app}/classroom?join={code}&embed=true")),
    )
    pupil.locator(".st-key-class-name input").fill("Ann")
    pupil.locator(".st-key-class-join button").click()
    expect(pupil.get_by_text(f"You are Ann in class {code}")).to_be_visible()
    expect(inside.get_by_text("1 student joined")).to_be_visible()
    student.wait_for_url(re.compile(r"/classroom\?(.*&)?s=[^&]+"))  # the student's token
    student.evaluate("location.reload()")
    expect(pupil.get_by_text(f"You are Ann in class {code}")).to_be_visible()
    teacher_page.close()
    student_page.close()
