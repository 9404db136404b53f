"""The single list of the app's pages: app.py builds the navigation from it, the home page links
to the labs in it, and the browser tests visit every page in it.

Adding a lab is one entry in ``LABS``, e.g.::

    PageSpec("app_pages/pawn.py", N_("Pawn chess"), ":material/chess:", PROBLEM_PAWN,
             Smoke(expect=css(PAWN.board), click=css(PAWN.preset(0)) + " button"),
             link=N_("Open the Pawn chess lab")),

The title and the link are English message ids, marked with ``N_`` (teach.i18n) and shown
translated.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from teach.i18n import N_, _
from ui.common.keys import CHASE, PAWN, Classroom, css

ROOT = Path(__file__).resolve().parents[2]
# The browser tab's icon, the app's own file (scripts/draw_favicon.py): a Material icon's name
# made every visit fetch it from fonts.gstatic.com, another host
ICON = ROOT / "game_tree_lab" / "icons" / "favicon.png"

# The four problems (see PROBLEMS.md); a lab names the one it is about.
PROBLEM_ALPHABETA = "alphabeta"
PROBLEM_PAWN = "pawn"
PROBLEM_CHASE = "chase"
PROBLEM_TREE = "tree"

# CSS selector of a Streamlit page link (st.page_link).
PAGE_LINK = '[data-testid="stPageLink"] a'


@dataclass(frozen=True)
class Smoke:
    """How the browser smoke test proves a page's main control responds.

    ``click``: CSS selector of an element to click first (None: nothing to click).
    ``expect``: CSS selector that must be visible (after the click, when there is one).
    """

    expect: str
    click: str | None = None


@dataclass(frozen=True)
class PageSpec:
    """One page of the app.

    ``path`` is relative to the repository root; ``problem`` is one of the PROBLEM_* keys
    for a lab (None for other pages). The URL is the file's name (see :attr:`url_path`).
    """

    path: str
    title: str  # English, marked with N_: the navigation shows it translated (app.py)
    icon: str
    problem: str | None = None
    smoke: Smoke | None = None
    default: bool = False
    link: str = ""  # the home page's link to it, a whole sentence (N_: translated when shown)

    @property
    def url_path(self) -> str:
        """The page's URL: "" for the default page, else the file's stem. They must agree:
        until app.py has run once, Streamlit serves the app_pages/ folder by file name, so a URL
        that is not a file name shows "Page not found" to a fresh server's first visitor
        (streamlit issue 9992)."""
        return "" if self.default else Path(self.path).stem

    @property
    def shown_title(self) -> str:
        """The title in the run's language (the navigation's, the page's heading)."""
        return _(self.title)

    @property
    def link_label(self) -> str:
        """The home page's link to the page, a whole sentence in the run's language
        (``link``; the title when it has none)."""
        return _(self.link or self.title)

    @property
    def file(self) -> Path:
        """Absolute path of the page's script."""
        return ROOT / self.path


# The labs, one per problem.
LABS: list[PageSpec] = [
    PageSpec(
        "app_pages/alphabeta.py",
        N_("Alpha-beta"),
        ":material/content_cut:",
        PROBLEM_ALPHABETA,
        Smoke(expect=".gtl-canvas .counter", click=".gtl-canvas .b-next"),
        link=N_("Open the Alpha-beta lab"),
    ),
    PageSpec(
        "app_pages/tree.py",
        N_("Game tree editor"),
        ":material/account_tree:",
        PROBLEM_TREE,
        # the editor opens editing (plugins/edit.js): "+ child" is one edit, one rerun
        Smoke(expect=".gtl-canvas .ed-tools", click='.gtl-canvas .ed-b[data-k="c"]'),
        link=N_("Open the Game tree editor lab"),
    ),
    PageSpec(
        "app_pages/pawn.py",
        N_("Pawn chess"),
        ":material/chess_pawn:",
        PROBLEM_PAWN,
        Smoke(expect=css(PAWN.board), click=css(PAWN.preset(0)) + " button"),
        link=N_("Open the Pawn chess lab"),
    ),
    PageSpec(
        "app_pages/chase.py",
        N_("The chase"),
        ":material/sprint:",
        PROBLEM_CHASE,
        Smoke(expect=css(CHASE.board), click=css(CHASE.preset(1)) + " button"),
        link=N_("Open the chase lab"),
    ),
]


def labs_for(problem: str) -> list[PageSpec]:
    """The labs about ``problem``."""
    return [spec for spec in LABS if spec.problem == problem]


HOME = PageSpec(
    path="app_pages/home.py",
    title=N_("Home"),
    icon=":material/home:",
    smoke=Smoke(expect=PAGE_LINK),
    default=True,
)

# Practice mode for class (not a lab of one problem: the home page links it on its own).
PRACTICE = PageSpec(
    path="app_pages/practice.py",
    title=N_("Practice & exams"),
    link=N_("Open Practice & exams"),
    icon=":material/school:",
    smoke=Smoke(expect=".gtl-canvas .ans-f input"),  # the first question: typed in its node
)

# Class mode: the join form, a student's page, the teacher's projector view (by the link).
CLASSROOM = PageSpec(
    path="app_pages/classroom.py",
    title=N_("Class"),
    link=N_("Open Class"),
    icon=":material/co_present:",
    smoke=Smoke(expect=css(Classroom.code) + " input"),
)

PAGES: list[PageSpec] = [HOME, *LABS, PRACTICE, CLASSROOM]


def other_pages() -> list[PageSpec]:
    """The pages that are neither the home page nor a lab of a problem (Practice & exams,
    Class): the home page links each of them besides the four problems."""
    return [spec for spec in PAGES if spec.problem is None and not spec.default]
