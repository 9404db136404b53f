"""The single list of the app's pages: app.py builds the navigation from it, the home page links
to the labs in it, and the browser tests visit every page in it.

Adding a lab is one entry in ``LABS``, e.g.::

    PageSpec("pages/pawn.py", "Pawn chess", ":material/chess:", "pawn", PROBLEM_PAWN,
             Smoke(expect=css(PAWN.board.ns), click=css(PAWN.preset(0)) + " button")),
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ui.common.keys import CHASE, PAWN, AlphaBeta, Editor, Practice, css

ROOT = Path(__file__).resolve().parents[2]

# The four problems (see PROBLEMS.md); a lab names the one it is about.
PROBLEM_ALPHABETA = "alphabeta"
PROBLEM_PAWN = "pawn"
PROBLEM_CHASE = "chase"
PROBLEM_TREE = "tree"

# CSS selector of a Streamlit page link (st.page_link).
PAGE_LINK = '[data-testid="stPageLink"] a'
_AB_NEXT = AlphaBeta.lab.player.button("next")
_ED_NEXT = Editor.lab.player.button("next")


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

    ``path`` is relative to the repository root; ``url_path`` is "" for the default page;
    ``problem`` is one of the PROBLEM_* keys for a lab (None for other pages).
    """

    path: str
    title: str
    icon: str
    url_path: str
    problem: str | None = None
    smoke: Smoke | None = None

    @property
    def file(self) -> Path:
        """Absolute path of the page's script."""
        return ROOT / self.path


# The labs, one per problem.
LABS: list[PageSpec] = [
    PageSpec(
        "pages/alphabeta.py",
        "Alpha-beta",
        ":material/content_cut:",
        "alphabeta",
        PROBLEM_ALPHABETA,
        Smoke(expect=css(_AB_NEXT), click=css(_AB_NEXT) + " button"),
    ),
    PageSpec(
        "pages/tree_editor.py",
        "Game tree editor",
        ":material/account_tree:",
        "tree",
        PROBLEM_TREE,
        Smoke(expect=css(_ED_NEXT), click=css(_ED_NEXT) + " button"),
    ),
    PageSpec(
        "pages/pawn.py",
        "Pawn chess",
        ":material/chess_pawn:",
        "pawn",
        PROBLEM_PAWN,
        Smoke(expect=css(PAWN.board.ns), click=css(PAWN.preset(0)) + " button"),
    ),
    PageSpec(
        "pages/chase.py",
        "The chase",
        ":material/sprint:",
        "chase",
        PROBLEM_CHASE,
        Smoke(expect=css(CHASE.board.ns), click=css(CHASE.preset(1)) + " button"),
    ),
]


def labs_for(problem: str) -> list[PageSpec]:
    """The labs about ``problem``."""
    return [spec for spec in LABS if spec.problem == problem]


HOME = PageSpec(
    path="pages/home.py",
    title="Home",
    icon=":material/home:",
    url_path="",
    smoke=Smoke(expect=PAGE_LINK),
)

# Practice mode for class (not a lab of one problem: the home page does not list it).
PRACTICE = PageSpec(
    path="pages/practice.py",
    title="Practice & exams",
    icon=":material/school:",
    url_path="practice",
    smoke=Smoke(expect=css(Practice.quiz.answer) + " input"),
)

PAGES: list[PageSpec] = [HOME, *LABS, PRACTICE]
