"""Practice & exams: students predict alpha-beta step by step, fill in whole trees and get
graded; teachers print exam sheets; the common variants side by side with their pseudocode.

The tree (leaves + branching) and the exam parameters live in the URL, so a teacher can hand
out a link to exactly this exercise.
"""

import streamlit as st

from engine.search import search_tree
from teach.i18n import N_, _
from ui.common.canvas import canvas_files, follow_run, tree_canvas
from ui.common.embed import embed_box
from ui.common.keys import Practice as K
from ui.common.projector import page_header
from ui.common.share import link_tabs
from ui.practice.exam_panel import exam_panel
from ui.practice.exercise_panel import exercise_panel
from ui.practice.practice_common import quiz_names, run_payload, tree_chooser
from ui.practice.quiz_panel import practice_or_player, question_payload, run_signature
from ui.practice.variants_panel import variants_panel

# The link's words (?tab=Exam+sheets), each shown translated (share.link_tabs).
TABS = [N_("Step quiz"), N_("Whole-tree exercise"), N_("Exam sheets"), N_("Variants side by side")]
# every tab but the exam sheets draws a tree canvas: its files are fetched during the run
page_header(
    _("Practice & exams"), preload=[] if st.query_params.get("tab") == TABS[2] else canvas_files()
)
st.markdown(
    _(
        "Watching is not learning: **predict** each step of alpha-beta before it is shown, "
        "fill in a whole tree and get it graded, or print exam sheets with their answer keys."
    )
)

tree = tree_chooser()
# Lazy tabs: only the open one runs (the exam sheet costs seconds the first time), and the
# open tab is in the URL (?tab=...), so a link can open the exam sheet directly.
quiz_tab, exercise_tab, exam_tab, variants_tab = link_tabs(
    "tab", TABS, _, key=K.tab, what=N_("tab")
)

if quiz_tab.open:
    with quiz_tab:
        if tree is None:
            st.info(_("Fix the tree above to start a quiz."))
        else:
            run = search_tree(tree)

            def free() -> int:  # practice off: the tree canvas, stepped in the browser
                follow_run(K.free, len(run.events), run_signature(run))
                return tree_canvas(run_payload(run), keys=K.free, param=None)

            def quiz_figure(step: int, q) -> dict:  # the step, without the asked answer
                return question_payload(run, quiz_names(tree), step, q)

            practice_or_player(
                run, K.quiz, player=free, figure=quiz_figure, player_keys=K.free, default_on=True
            )

if exercise_tab.open:
    with exercise_tab:
        exercise_panel(tree)

if exam_tab.open:
    with exam_tab:
        st.markdown(
            _(
                "Printable sheets of random trees: students fill in the node values and cross "
                "out the pruned edges. **The same seed always gives the same sheet**, so the "
                "link to this page is the exam's reference."
            )
        )
        exam_panel()

if variants_tab.open:
    with variants_tab:
        st.markdown(
            _(
                "The same tree under five formulations. They agree on the root value; they "
                "differ in what an inner node returns and in when they cut."
            )
        )
        variants_panel(tree)

embed_box(K.embed)  # this page as its link holds it (tree, tab), for another site
