"""Every page in the pseudo-language ``xx``, as a reader sees it in a browser (issue 24).

``xx`` wraps every translated string in ⟦ ⟧. The AppTests (tests/ui/test_lang_*.py) see
what Python hands Streamlit; this walk sees what the browser draws, the words the
components' JS draws included: the tree canvas (its SVG, bar, legend, counter, tooltips and
aria labels, inside its shadow root), the boards, the open lists of the menus. On each page
and state it reads the visible text of the document, of open shadow roots and of same-origin
iframes (block by block, as innerText does), the aria-label, title, placeholder and alt of
visible elements, and the SVG <title>s of visible shapes, and every word must be inside
⟦ ⟧ except what stays the same in every language (:data:`KEEP`).

Left out by selector: Streamlit's own chrome (the header with its main menu and "Deploy",
the "Running..." status, the toolbar, the sidebar's buttons, "Skip to main content", icons'
ligature names), and by its exact words Streamlit's own aria labels (:data:`CHROME_LABELS`):
the app does not write them. Left out by pattern, for now: the chase's move names (``W up``),
which another change translates (the engines' refusal reasons, translated by the same
change, show on none of these states). The canvas's pseudocode is code: only its comments
are read.
"""

from __future__ import annotations

import re

import pytest

from classroom import access, live
from classroom.db import database_url, open_store
from engine.tree_text import parse_brackets
from gtl_dev.pages import rerun, wait_idle
from teach.quiz import PRUNE
from tests.browser.helpers import (
    CANVAS,
    assert_no_exception,
    board_cell,
    board_ready,
    expect,
    open_page,
    tap_square,
)
from tests.pseudo_marks import outside_marks

pytestmark = pytest.mark.browser

SAMPLE = "t=b3:3,12,8,2,4,6,14,5,2"
PAWN = "pawn?p=4x4w:.ppp/..../.PPP/...."
STATES = {  # name -> the link (lang=xx is added)
    "home": "",
    "alphabeta": "alphabeta",
    "alphabeta_steps": f"alphabeta?{SAMPLE}&k=5",
    "alphabeta_cutoff": f"alphabeta?{SAMPLE}&k=18",  # the statement's cut-off at C
    "alphabeta_pvs": f"alphabeta?{SAMPLE}&algo=pvs&k=12",
    "alphabeta_mcts": "alphabeta?algo=mcts&mcts=200,1.41,0,random&k=40",
    "tree": "tree",
    "pawn_play": f"{PAWN}&mode=play",
    "pawn_search": f"{PAWN}&tab=The+search+tree",
    "chase_play": "chase?c=8-2.2-7.6-w&mode=play",
    "chase_search": "chase?c=6-1.1-5.4-w&tab=The+search+tree&depth=5",
    "practice_quiz": "practice?t=3,12,8,2,4,6,14,5,2&b=3&tab=Step+quiz",
    "practice_exercise": "practice?t=3,12,8,2,4,6,14,5,2&b=3&tab=Whole-tree+exercise",
    "practice_exam": "practice?tab=Exam+sheets&seed=11&n=2&eb=2&ed=3",
    "practice_variants": "practice?t=3,12,8,2,4,6,14,5,2&b=3&tab=Variants+side+by+side",
    "join": "classroom",
    "class_student": "classroom?s={student}",
    "class_teacher": "classroom?t={teacher}",
}

# The states with a tree canvas: its words (bar, legend, sentence) are drawn by its script
CANVAS_STATES = [n for n in STATES if n.startswith(("alphabeta", "tree", "pawn_s", "chase_s"))]

# What stays the same in every language.
KEEP = [
    r"\b[WB] (up|down|left|right)( 2)?( x)?",  # chase moves: tr-engine translates them
    r"\b[a-h][1-8][-x][a-h][1-8]\b",  # pawn moves
    r"\b[a-h][1-8]\b",  # squares
    r"\b(MCTS|MAX|MIN|PVS|UCB|MTD\(f\)|W/N|ms)\b",  # names of algorithms and players
    r"English|Русский|中文",  # the language menu: each language in its own words
    # key names in tooltips and the editor's keys: "(Right)", "u / Ctrl+Z", "Del"
    r"\b(Right|Left|Home|End|Space|Enter|Esc|Ctrl|Shift|Alt|Del|Tab|Backspace)\b",
    r"\b(alpha_beta\(leaves, branching\)|URAL 1282)",  # the problems' own names
    r"\b(WHITE|BLACK|DRAW)\b",  # the judge's answer format (the chase's "6 1 1 5 4 → BLACK 12")
    r"(?m)^[.pP]{2,8}$",  # the judge's pawn board rows (".ppp")
    r"https?://\S+",  # links
    r"\bAnn\b",  # the student's name, as she typed it
    r"\b[0-9A-Z]{6}\b",  # a class's join code
    r"\b(SVG|PNG|CSV)\b",  # file formats on the download buttons
    # Streamlit names an icon-only button by its icon for a screen reader ("casino icon",
    # the exam sheet's new-seed button): Streamlit's words, no label of ours to translate
    r"(?m)^\s*[a-z_]+ icon\s*$",
]
# Streamlit's chrome, not the app's words.
CHROME = ", ".join(
    [
        '[data-testid="stHeader"]',
        '[data-testid="stToolbar"]',
        '[data-testid="stStatusWidget"]',
        '[data-testid="stDecoration"]',
        '[data-testid="stSidebarCollapseButton"]',
        '[data-testid="stSidebarCollapsedControl"]',
        '[data-testid="stExpandSidebarButton"]',
        '[data-testid="stSkipToContent"]',  # "Skip to main content"
        '[data-testid="stIconMaterial"]',  # an icon's ligature name (home, expand_more)
        "script",
        "style",
        "noscript",
        "template",
    ]
)

# Streamlit's own words in aria labels: its sidebar and navigation, a help icon's "Help for
# <label>" (the label is ours, and translated), an icon's "<name> icon".
# Its number input's steppers, its select box's arrow and placeholder, a button's shortcut,
# a progress bar.
CHROME_LABELS = re.compile(
    r"^(Sidebar|App pages|Help for .*|[a-z_]+ icon|Increment|Decrement|Open|Choose an option"
    r"|Shortcut .|progress)$"
)

_COLLECT = r"""(skip) => {
  const SVG = "http://www.w3.org/2000/svg";
  const BLOCK = /^(block|flex|grid|list-item|table|table-row|table-cell|table-caption|flow-root|inline-block|inline-flex|inline-grid)$/;
  const buf = [], attrs = [];
  const shown = (el) => {
    const d = getComputedStyle(el).display;
    if (d === "contents") return true;
    return el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  };
  const walk = (node) => {
    for (const ch of node.childNodes) {
      if (ch.nodeType === 3) { if (ch.data.trim()) buf.push(ch.data); continue; }
      if (ch.nodeType !== 1) continue;
      const el = ch;
      if (el.matches(skip)) continue;
      // an icon: its ligature's name (expand_more) is drawn as a picture
      if (getComputedStyle(el).fontFamily.includes("Material Symbols")) continue;
      if (el.localName === "title" && el.namespaceURI === SVG) {
        if (el.textContent.trim()) attrs.push(el.textContent.trim());
        continue;
      }
      if (!shown(el)) continue;
      for (const a of ["aria-label", "title", "placeholder", "alt", "aria-description"]) {
        const v = el.getAttribute(a);
        if (v && v.trim()) attrs.push(v.trim());
      }
      if (el.localName === "br") { buf.push("\n"); continue; }
      if (el.matches(".code pre.lines")) {  // the canvas's pseudocode: only its comments
        for (const line of el.querySelectorAll(".cl")) {
          const at = line.textContent.indexOf("#");
          buf.push("\n", at < 0 ? "" : line.textContent.slice(at + 1), "\n");
        }
        continue;
      }
      if (el.localName === "iframe") {
        let doc = null;
        try { doc = el.contentDocument; } catch (e) { doc = null; }
        if (doc && doc.body) { buf.push("\n"); walk(doc.body); buf.push("\n"); }
        continue;
      }
      const block = el.namespaceURI === SVG
        ? el.localName === "text"
        : BLOCK.test(getComputedStyle(el).display);
      if (block) buf.push("\n");
      if (el.shadowRoot) walk(el.shadowRoot);
      walk(el);
      if (block) buf.push("\n");
    }
  };
  walk(document.body);
  return {text: buf.join(""), attrs, title: document.title};
}"""

_OPEN_LISTS = '[data-baseweb="popover"], [data-testid="stPopoverBody"], [role="menu"]'
# What opens a list: select boxes, popovers, menu buttons (the language menu, presets, the
# alpha-beta variant).
OPENERS = ", ".join(
    [
        '[data-testid="stMain"] [data-testid="stSelectbox"] [data-baseweb="select"]:visible',
        '[data-testid="stPopover"] button:visible',
        '[data-testid="stMenuButton"] button:visible',
    ]
)


def outside(text: str) -> str:
    """What of ``text`` is outside every ⟦ ⟧ and is not kept as it is in every language."""
    return outside_marks(text, KEEP)


def escapes(text: str) -> list[str]:
    """The lines of ``text`` that show a word (two letters or more) outside the marks."""
    rest = outside(text)
    return [
        " ".join(line.split()) for line in rest.splitlines() if re.search(r"[^\W\d_]{2,}", line)
    ]


def seen(page) -> list[str]:  # noqa: ANN001
    """Every escape on the page as it stands, its open lists of menus included."""
    got = page.evaluate(_COLLECT, CHROME)
    # the walk read the app's words (marked ones at least): an empty read would pass
    assert "⟦" in got["text"], f"no translated word read: {got['text'][:300]!r}"
    found = escapes(got["text"]) + [
        f"[attr] {a}" for a in got["attrs"] if escapes(a) and not CHROME_LABELS.match(a)
    ]
    if escapes(got["title"]):
        found.append(f"[tab title] {got['title']}")
    return found


def open_lists(page) -> tuple[int, list[str]]:  # noqa: ANN001
    """Open each select box, popover and menu of the main block and read its list: how many
    opened, and the escapes."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    found: list[str] = []
    openers = page.locator(OPENERS)
    count = openers.count()  # read once: the caller waited for the page's run (wait_idle)
    for i in range(count):
        opener = openers.nth(i)
        opener.scroll_into_view_if_needed()
        # a popover may make its contents only once open (on_change="rerun"): its run first
        lazy = opener.evaluate("(e) => !!e.closest('[data-testid=\"stPopover\"]')")
        with rerun(page, start_timeout_ms=2_000 if lazy else 0):
            opener.click()
        lists = page.locator(_OPEN_LISTS)
        lists.first.wait_for()
        # read once: a list is drawn whole when it opens (its run, if any, waited for above)
        text = "\n".join(lists.nth(j).inner_text() for j in range(lists.count()))
        found += [f"[list] {line}" for line in escapes(text)]
        with rerun(page, start_timeout_ms=2_000 if lazy else 0):
            page.keyboard.press("Escape")
        try:
            lists.first.wait_for(state="detached", timeout=5_000)
        except PlaywrightTimeout:  # the tree editor keeps Escape: the opener closes it
            with rerun(page, start_timeout_ms=2_000 if lazy else 0):
                opener.click()
            lists.first.wait_for(state="detached")
    return count, found


@pytest.fixture(scope="module")
def class_links(base_url) -> dict[str, str]:
    """A class session in the server's database, made as the pages make one, with a student
    who has joined and a question open: the links of the student's and teacher's pages."""
    store = open_store(database_url())
    try:
        made = live.create_session(
            store, parse_brackets("((3 12 8) (2 4 6) (14 5 2))"), kinds=[PRUNE]
        )
        student = access.join(store, made.code, "Ann", "test-walk").student_token
        live.open_question(store, made.teacher_token)
    finally:
        store.close()
    return {"student": student, "teacher": made.teacher_token}


@pytest.mark.parametrize("name", list(STATES))
def test_every_word_on_every_page_is_translated(page, base_url, class_links, name):
    link = STATES[name].format(**class_links)
    open_page(page, base_url, link + ("&" if "?" in link else "?") + "lang=xx", 90_000)
    wait_idle(page, 90_000)
    if name.startswith(("pawn", "chase")):
        board_ready(page)
    if name == "pawn_play":  # a move by taps: b2 picked, then b3; the engine answers
        tap_square(page, 9, reruns=False)
        tap_square(page, 5)
        wait_idle(page, 90_000)
        # it was played: b2's pawn has left (black takes it on b3: c4xb3)
        expect(board_cell(page, 9)).not_to_have_attribute("data-piece", "white")
    if name in CANVAS_STATES:  # the canvas's words are drawn with its first step
        expect(page.locator(CANVAS).first).to_have_attribute("data-step", re.compile(r"^\d+$"))
    # every canvas on the page has drawn a step (its words with it), not only the first
    page.wait_for_function(
        "(s) => [...document.querySelectorAll(s)].every((c) => c.dataset.step !== undefined)",
        arg=CANVAS,
        timeout=90_000,
    )
    assert_no_exception(page)
    opened, in_lists = open_lists(page)
    assert opened >= 1  # the language menu at least: the lists are read
    found = seen(page) + in_lists
    assert not found, f"{name}: words outside ⟦ ⟧:\n" + "\n".join(dict.fromkeys(found))
