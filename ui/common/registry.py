"""The single list of the app's pages: app.py builds the navigation from it, the home page links
to the labs in it, and the browser tests visit every page in it.

Adding a lab is one line in ``LABS``, e.g.::

    PageSpec("pages/pawn.py", "Pawn chess", ":material/chess:", "pawn", PROBLEM_PAWN,
             Smoke(expect=".st-key-pawn_board", click=".st-key-pawn_solve button")),
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

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

    def exists(self) -> bool:
        """True when the page's script is on disk."""
        return self.file.is_file()


# The labs, one line each (the lead adds them as their pages land).
LABS: list[PageSpec] = [
    PageSpec(
        "pages/alphabeta.py",
        "Alpha-beta",
        ":material/content_cut:",
        "alphabeta",
        PROBLEM_ALPHABETA,
        Smoke(expect=".gtl-canvas .counter", click=".gtl-canvas .b-next"),
    ),
    PageSpec(
        "pages/tree_editor.py",
        "Game tree editor",
        ":material/account_tree:",
        "tree",
        PROBLEM_TREE,
        Smoke(expect=".st-key-ed-next", click=".st-key-ed-next button"),
    ),
    PageSpec(
        "pages/pawn.py",
        "Pawn chess",
        ":material/chess_pawn:",
        "pawn",
        PROBLEM_PAWN,
        Smoke(expect=".st-key-pawn_board", click=".st-key-pawn_preset_0 button"),
    ),
    PageSpec(
        "pages/chase.py",
        "The chase",
        ":material/sprint:",
        "chase",
        PROBLEM_CHASE,
        Smoke(expect=".st-key-chase_board", click=".st-key-chase_preset_1 button"),
    ),
]


def labs_for(problem: str) -> list[PageSpec]:
    """The labs about ``problem`` whose page file exists (so a link to them is never dead)."""
    return [spec for spec in LABS if spec.problem == problem and spec.exists()]


HOME = PageSpec(
    path="pages/home.py",
    title="Home",
    icon=":material/home:",
    url_path="",
    # With at least one lab, the home page's job is to link to it; before that, the problem list.
    smoke=Smoke(expect=PAGE_LINK if any(s.exists() for s in LABS) else ".st-key-home_problems"),
)

# Practice mode for class (not a lab of one problem: the home page does not list it).
PRACTICE = PageSpec(
    path="pages/practice.py",
    title="Practice & exams",
    icon=":material/school:",
    url_path="practice",
    smoke=Smoke(expect=".st-key-pq__answer input"),
)

PAGES: list[PageSpec] = [HOME, *LABS, PRACTICE]
