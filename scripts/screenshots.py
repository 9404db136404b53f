"""`make screenshots`: the pictures the README and the guides show, made by the real app.

Starts the app of this checkout (gtl_dev.app_server, a fresh class database, no board warm-up),
drives Debian's chromium at the desk (1400x900), projector (1280x720 at device scale 1.5) and
phone (390x844, touch, device scale 2: 3 as a phone has would triple the files for no more to
read) sizes, in English, and writes docs/pictures/*.png and the animated alphabeta-steps.webp.
Each picture is taken once its page has settled (its run over, its window probe still, its
main area not moving for a second) and stored as a 256-colour PNG. Look at every picture
before committing: a clipped tree or a page still loading is a defect.

Usage: ``python scripts/screenshots.py [NAME ...]`` (names without their extension: only those).
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PIL import Image
from playwright.sync_api import Page, expect, sync_playwright

from gtl_dev.app_server import CHROMIUM, CHROMIUM_ARGS, ROOT, Server
from gtl_dev.class_flow import (
    answer,
    choices,
    click,
    join,
    right_answer,
    shown,
    start_from_lab,
    wait_text,
)
from gtl_dev.pages import MOVED_JS, PHONE, open_url, probe_settled, rerun, settled, wait_idle

OUT = ROOT / "docs" / "pictures"
SCREENS = {
    "desk": {"viewport": {"width": 1400, "height": 900}, "device_scale_factor": 1},
    "projector": {"viewport": {"width": 1280, "height": 720}, "device_scale_factor": 1.5},
    "phone": {**PHONE, "device_scale_factor": 2},
}
CANVAS = ".gtl-canvas"
PRUNED = f"{CANVAS} .edges line.e-pruned"
FRAME_MS = 1100
PUBLIC_URL = "https://gtl.school.example"  # each step of the animation on screen


def go(page: Page, url: str) -> None:
    """Open ``url`` and wait for its first run (a loaded machine may take a minute)."""
    open_url(page, url, timeout_ms=180_000)


def ready(page: Page, probe: bool = True) -> None:
    """Wait until the page keeps its layout: the window probe still (pages with the
    projector switch), the run over, nothing in the main area moving for a second."""
    if probe:
        probe_settled(page)
    wait_idle(page, 180_000)  # and every chart drawn
    settled(page)


def save_png(png: bytes, name: str) -> Path:
    """The screenshot as a 256-colour, optimized PNG in docs/pictures/."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    small = image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    path = OUT / f"{name}.png"
    small.save(path, optimize=True)
    print(
        f"{path.relative_to(ROOT)}: {image.width}x{image.height}, {path.stat().st_size // 1024} KB"
    )
    return path


def shoot(page: Page, name: str, full_page: bool = False) -> None:
    save_png(page.screenshot(full_page=full_page, animations="disabled", caret="hide"), name)


def scroll_to(page: Page, selector: str, margin: int = 64) -> None:
    """Scroll the page so ``selector``'s first element is ``margin`` CSS px below the
    window's top (Streamlit's header covers the first 60)."""
    page.locator(selector).first.evaluate(
        "(el, m) => { el.style.scrollMarginTop = m + 'px'; el.scrollIntoView({block: 'start'}); }",
        margin,
    )
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def whole_tree(page: Page) -> None:
    """On a phone, the first canvas's size "whole tree" (its "auto" scrolls a wide tree)."""
    if page.viewport_size["width"] < 600:
        page.locator(CANVAS).first.locator("select.zoom").select_option("fit")


def step_canvas(page: Page) -> None:
    """One step on the first tree canvas (its next button; no rerun) and wait for it."""
    canvas = page.locator(CANVAS).first
    k = int(canvas.get_attribute("data-step"))
    canvas.locator(".b-next").click()
    expect(canvas).to_have_attribute("data-step", str(k + 1))  # in a shadow root: a locator


# ---- the pictures --------------------------------------------------------------------
def alphabeta(page: Page, base: str, name: str) -> None:
    """The alpha-beta lab a few steps in, past its first cut-off, the tree in view."""
    go(page, f"{base}/alphabeta")
    ready(page)
    while page.locator(PRUNED).count() == 0:
        step_canvas(page)
    step_canvas(page)
    whole_tree(page)
    scroll_to(page, CANVAS)
    ready(page)
    shoot(page, name)


def alphabeta_steps(page: Page, base: str, name: str) -> None:
    """Frames of the tree canvas from step 0 to two steps past the first cut-off."""
    go(page, f"{base}/alphabeta")
    ready(page)
    canvas = page.locator(CANVAS).first
    frames, extra = [], 2
    while True:
        canvas.scroll_into_view_if_needed()
        frames.append(Image.open(io.BytesIO(canvas.screenshot(animations="disabled"))))
        if page.locator(PRUNED).count() > 0:
            extra -= 1
            if extra < 0:
                break
        step_canvas(page)
    size = frames[0].size
    frames = [f.convert("RGB").resize(size) if f.size != size else f.convert("RGB") for f in frames]
    path = OUT / f"{name}.webp"
    durations = [FRAME_MS] * (len(frames) - 1) + [FRAME_MS * 3]
    frames[0].save(
        path,
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        lossless=False,
        quality=80,
        method=6,
    )
    print(f"{path.relative_to(ROOT)}: {len(frames)} frames, {path.stat().st_size // 1024} KB")


def page_top(path: str, probe: bool = True) -> Callable[[Page, str, str], None]:
    """The page at ``path`` as it opens."""

    def make(page: Page, base: str, name: str) -> None:
        go(page, f"{base}/{path}")
        ready(page, probe)
        shoot(page, name)

    return make


def scrolled(
    path: str, selector: str, margin: int = 64, fit: bool = False
) -> Callable[[Page, str, str], None]:
    """The page at ``path`` scrolled so ``selector`` is ``margin`` px below the window's top;
    ``fit``: the tree canvas's size "whole tree" on a phone first."""

    def make(page: Page, base: str, name: str) -> None:
        go(page, f"{base}/{path}")
        ready(page)
        page.locator(selector).first.wait_for()
        if fit:
            whole_tree(page)
        scroll_to(page, selector, margin)
        ready(page)
        shoot(page, name)

    return make


def class_start(page: Page, base: str, name: str) -> None:
    """The alpha-beta lab's "Start a class session" box, open, the tree above it."""
    go(page, f"{base}/alphabeta")
    ready(page)
    box = page.locator("summary").filter(has_text="Start a class session")
    with rerun(page, start_timeout_ms=10_000, timeout_ms=60_000):
        box.click()
    scroll_to(page, '[data-testid="stExpander"]:has-text("Start a class session")', 360)
    ready(page)
    shoot(page, name)


class ClassSession:
    """One class session, started on the projector, three students on phones: the join form,
    the question on the projector, the results at the desk, each taken as the class gets
    there (:meth:`take`)."""

    def __init__(self, contexts: dict, db_url: str) -> None:
        self.contexts = contexts
        self.db_url = db_url
        self.teacher: Page | None = None
        self.students: list[Page] = []

    def start(self, base: str) -> None:
        self.teacher = self.contexts["projector"].new_page()
        go(self.teacher, f"{base}/alphabeta")  # warm: start_from_lab waits 30 s at most
        self.code = start_from_lab(self.teacher, base)
        wait_text(self.teacher, self.code)

    def join_form(self, base: str, name: str) -> None:
        """The first student's join page from the QR code's link, the name typed."""
        student = self.contexts["phone"].new_page()
        go(student, f"{base}/classroom?join={self.code}")
        student.locator(".st-key-class-name input").fill("Anna K.")
        student.locator(".st-key-class-name input").blur()
        ready(student, probe=False)
        shoot(student, name)
        student.close()
        for who in ("Anna K.", "Ben", "Chloé"):
            pg = self.contexts["phone"].new_page()
            join(pg, base, self.code, who)
            self.students.append(pg)
        wait_text(self.teacher, "3 students joined")

    def question(self, name: str) -> None:
        """The teacher asks; two of three have answered (one right, one wrong)."""
        click(self.teacher, "class.ask")
        for s in self.students:
            wait_text(s, "Question 1")
        options = choices(self.students[0], 3)
        self.right = shown(right_answer(self.db_url, 1))
        answer(self.students[0], self.right)
        answer(self.students[1], next(o for o in options if o != self.right))
        wait_text(self.teacher, "2 of 3 students answered")
        ready(self.teacher, probe=False)
        shoot(self.teacher, name)

    def results(self, name: str) -> None:
        """The third answers, the teacher reveals: the results at a desk's width."""
        choices(self.students[2], 3)
        answer(self.students[2], self.right)
        wait_text(self.teacher, "3 of 3 students answered")
        click(self.teacher, "class.reveal")
        wait_text(self.teacher, f"Answer: {self.right}.")
        # a desk's width, and tall enough for the whole page: the answer, its bars, the tree
        # and the results table (Streamlit scrolls its main area, not the document)
        desk = SCREENS["desk"]["viewport"]
        self.teacher.set_viewport_size(desk)
        ready(self.teacher, probe=False)
        tall = self.teacher.evaluate(
            "() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight"
        )
        self.teacher.set_viewport_size({"width": desk["width"], "height": min(tall, 2000)})
        ready(self.teacher, probe=False)
        png = self.teacher.screenshot(animations="disabled", caret="hide", scale="css")
        save_png(png, name)

    def close(self) -> None:
        for pg in (self.teacher, *self.students):
            if pg is not None:
                pg.close()


def class_pictures(contexts: dict, base: str, db_url: str) -> None:
    session = ClassSession(contexts, db_url)
    try:
        session.start(base)
        session.join_form(base, "class-join-phone")
        session.question("class-question-projector")
        session.results("class-results-desk")
    finally:
        session.close()


SHOTS: dict[str, tuple[str, Callable[[Page, str, str], None]]] = {
    "alphabeta-desk": ("desk", alphabeta),
    "alphabeta-projector": ("projector", alphabeta),
    "alphabeta-phone": ("phone", alphabeta),
    "alphabeta-steps": ("desk", alphabeta_steps),
    "practice-phone": ("phone", page_top("practice")),
    "quiz-phone": ("phone", scrolled("practice", "text=Question 1 of")),
    "exercise-phone": ("phone", scrolled("practice?tab=Whole-tree+exercise", CANVAS, fit=True)),
    "exam-desk": ("desk", scrolled("practice?tab=Exam+sheets", '[role="tablist"]')),
    "tree-editor-desk": ("desk", scrolled("tree", CANVAS, 165)),
    "pawn-phone": ("phone", scrolled("pawn", ".gtl-board", 175)),
    "chase-phone": ("phone", scrolled("chase", ".gtl-board", 175)),
    "class-start-desk": ("desk", class_start),
}
# made together, by one class session (class_pictures)
CLASS = ("class-join-phone", "class-question-projector", "class-results-desk")


def main(names: list[str]) -> int:
    unknown = [n for n in names if n not in SHOTS and n not in CLASS]
    if unknown:
        print(
            f"error: no picture named {', '.join(unknown)}; pictures: {', '.join([*SHOTS, *CLASS])}"
        )
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    data = tempfile.mkdtemp(prefix="gtl-shots-")
    # the join link and QR code as a school's server shows them, not this run's loopback port
    env = {
        "GTL_DATA_DIR": data,
        "GTL_DATABASE_URL": "",
        "GTL_WARM_UP": "0",
        "GTL_PUBLIC_URL": PUBLIC_URL,
    }
    with Server(env, timeout_s=90) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        contexts = {}
        for screen, options in SCREENS.items():
            contexts[screen] = browser.new_context(**options, locale="en-US")
            contexts[screen].add_init_script(MOVED_JS)
            contexts[screen].set_default_timeout(90_000)
        for name in [n for n in SHOTS if n in names or not names]:
            screen, make = SHOTS[name]
            page = contexts[screen].new_page()
            start = time.perf_counter()
            make(page, server.url, name)
            print(f"  ({time.perf_counter() - start:.1f} s)")
            page.close()
        if not names or set(names) & set(CLASS):
            class_pictures(contexts, server.url, f"sqlite:///{data}/class.sqlite3")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
