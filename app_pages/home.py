"""Home: what Game Tree Lab is, the four problems with a link to each lab, a link to every
other page (Practice & exams), a projector tip."""

import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

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
        "Alpha-beta on a complete tree",
        "leaves + branching",
        "Type the leaf scores and the branching factor, then step through alpha-beta and see "
        "which leaves it never has to look at.",
    ),
    (
        PROBLEM_TREE,
        ":material/account_tree:",
        "Who wins this game tree?",
        "Timus 1282",
        "Build any tree of wins, draws and losses and find out who wins with perfect play.",
    ),
    (
        PROBLEM_PAWN,
        ":material/chess_pawn:",
        "Pawn chess",
        "UVA 10838",
        "Pawns race to the far rank on a small board: who wins, and in how many plies?",
    ),
    (
        PROBLEM_CHASE,
        ":material/sprint:",
        "The chase",
        "CQOI 2013",
        "A slow white piece against a fast black one on an n x n board, solved for every "
        "position at once by retrograde analysis.",
    ),
]


def _link(spec: PageSpec) -> None:
    """A link to a lab. When this page runs on its own (outside app.py's navigation, e.g.
    `streamlit run app_pages/home.py` or AppTest) the lab is not reachable: say so, no dead link."""
    label = spec.link_label
    try:
        st.page_link(spec.path, label=label, icon=spec.icon)
    except StreamlitPageNotFoundError:
        st.caption(f"{spec.title}: open it from the full app (`streamlit run app.py`).")


page_header("Game Tree Lab")
st.markdown(
    "#### Watch **minimax** and **alpha-beta** solve classic game-search problems, step by step."
)
st.markdown(
    "Every lab takes a position or a tree you set up, gives the exact answer first "
    "(*who wins, and in how many plies*), then shows the search that found it: which nodes "
    "it visited, how the alpha-beta window narrowed, and which branches it pruned. "
    "The answers are the judge answers, so you can also check your own solution here."
)

st.subheader("The four problems")
with st.container(key=HOME_PROBLEMS):
    for row in (PROBLEMS[:2], PROBLEMS[2:]):
        for col, (problem, icon, heading, source, line) in zip(st.columns(2), row, strict=True):
            with col.container(border=True, height="stretch"):
                st.markdown(f"##### {icon} {heading}  \n:gray[{source}]")
                st.write(line)
                for spec in labs_for(problem):
                    _link(spec)

st.subheader("For the class")
with st.container(border=True):
    st.markdown("##### :material/school: Practice & exams  \n:gray[predict, fill in, get graded]")
    st.write(
        "Students predict each step of alpha-beta before it is shown and fill in whole trees; "
        "teachers print exam sheets with their answer keys and compare the variants."
    )
    for spec in other_pages():
        _link(spec)

st.subheader("On a projector")
st.markdown(
    "- Switch on **Projector** (top right of every page): the sidebar closes and the tree, "
    "its step controls and the sentence fit on one screen. A wide, short window (a "
    "projector, a browser at 150 %) starts in projector mode by itself.\n"
    "- Every position you build is in the address bar, the projector choice too: copy the "
    "link to hand the exact position to your students.\n"
    "- Step through a search one event at a time and ask the class what happens next "
    "before you click."
)
