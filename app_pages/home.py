"""Home: what Game Tree Lab is, the four problems with a link to each lab, a link to every
other page (Practice & exams), a projector tip."""

import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

from teach.i18n import N_, _
from ui.common.keys import HOME_PROBLEMS
from ui.common.projector import page_header
from ui.common.registry import (
    PROBLEM_ALPHABETA,
    PROBLEM_CHASE,
    PROBLEM_PAWN,
    PROBLEM_TREE,
    PageSpec,
    labs_for,
    other_pages,
)

# (problem key, icon, heading, source, one line)
PROBLEMS = [
    (
        PROBLEM_ALPHABETA,
        ":material/content_cut:",
        N_("Alpha-beta on a complete tree"),
        N_("leaves + branching"),
        N_(
            "Type the leaf scores and the branching factor, then step through alpha-beta and "
            "see which leaves it never has to look at."
        ),
    ),
    (
        PROBLEM_TREE,
        ":material/account_tree:",
        N_("Who wins this game tree?"),
        "Timus 1282",
        N_("Build any tree of wins, draws and losses and find out who wins with perfect play."),
    ),
    (
        PROBLEM_PAWN,
        ":material/chess_pawn:",
        N_("Pawn chess"),
        "UVA 10838",
        N_("Pawns race to the far rank on a small board: who wins, and in how many plies?"),
    ),
    (
        PROBLEM_CHASE,
        ":material/sprint:",
        N_("The chase"),
        "CQOI 2013",
        N_(
            "A slow white piece against a fast black one on an n x n board, solved for every "
            "position at once by retrograde analysis."
        ),
    ),
]


def _link(spec: PageSpec) -> None:
    """A link to a lab. When this page runs on its own (outside app.py's navigation, e.g.
    `streamlit run app_pages/home.py` or AppTest) the lab is not reachable: say so, no dead link."""
    label = spec.link_label
    try:
        st.page_link(spec.path, label=label, icon=spec.icon)
    except StreamlitPageNotFoundError:
        st.caption(
            _("{page}: open it from the full app (`streamlit run app.py`).", page=spec.shown_title)
        )


page_header(_("Game Tree Lab"))
st.markdown(
    "#### "
    + _("Watch **minimax** and **alpha-beta** solve classic game-search problems, step by step.")
)
st.markdown(
    _(
        "Every lab takes a position or a tree you set up, gives the exact answer first "
        "(*who wins, and in how many plies*), then shows the search that found it: which "
        "nodes it visited, how the alpha-beta window narrowed, and which branches it pruned. "
        "The answers are the judge answers, so you can also check your own solution here."
    )
)

st.subheader(_("The four problems"))
with st.container(key=HOME_PROBLEMS):
    for row in (PROBLEMS[:2], PROBLEMS[2:]):
        for col, (problem, icon, heading, source, line) in zip(st.columns(2), row, strict=True):
            with col.container(border=True, height="stretch"):
                st.markdown(f"##### {icon} {_(heading)}  \n:gray[{_(source)}]")
                st.write(_(line))
                for spec in labs_for(problem):
                    _link(spec)

st.subheader(_("For the class"))
with st.container(border=True):
    st.markdown(
        "##### :material/school: "
        + _("Practice & exams")
        + "  \n:gray["
        + _("predict, fill in, get graded")
        + "]"
    )
    st.write(
        _(
            "Students predict each step of alpha-beta before it is shown and fill in whole "
            "trees; teachers print exam sheets with their answer keys and compare the variants."
        )
    )
    for spec in other_pages():
        _link(spec)

st.subheader(_("On a projector"))
TIPS = (
    N_(
        "Switch on **Projector** (top right of every page): the sidebar closes and the tree, "
        "its step controls and the sentence fit on one screen. A wide, short window (a "
        "projector, a browser at 150 %) starts in projector mode by itself."
    ),
    N_(
        "Every position you build is in the address bar, the projector choice too: copy the "
        "link to hand the exact position to your students."
    ),
    N_(
        "Step through a search one event at a time and ask the class what happens next "
        "before you click."
    ),
)
st.markdown("\n".join(f"- {_(tip)}" for tip in TIPS))
