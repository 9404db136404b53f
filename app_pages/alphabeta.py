"""Alpha-beta on a complete tree: leaves + branching, stepped one event at a time."""

from __future__ import annotations

import streamlit as st

from engine.algorithms import ALPHABETA
from engine.alphabeta import alpha_beta
from engine.values import plural
from ui.classroom.start import start_box
from ui.common.keys import AlphaBeta as K
from ui.common.projector import page_header
from ui.common.share import publish
from ui.tree import mcts_panel
from ui.tree import tree_lab as tl
from ui.tree.algorithm_choice import algorithm_box
from ui.tree.complete_setup import link_or_file, restore_link, run_controls, setup_inputs
from ui.tree.race_panel import minimal_note, race_panel

page_header("Alpha-beta on a complete tree")
tl.css()
setup = setup_inputs(restore_link())
source = tl.source_of_complete(setup)
answer = st.cache_data(alpha_beta, max_entries=64, show_spinner=False)(
    setup.leaves, setup.branching
)
total = len(setup.leaves)
st.markdown(
    f"<div class='gtl-result'>{tl.result_words(answer[0], answer[1], total)}</div>",
    unsafe_allow_html=True,
)
m = st.columns(4)
m[0].metric("alpha_beta(leaves, branching)", str(answer))
m[1].metric("minimax evaluates", plural(total, "leaf", "leaves"))
m[2].metric("alpha-beta evaluates", plural(answer[1], "leaf", "leaves"))
m[3].metric(
    "shape", f"{plural(tl.complete_depth(total, setup.branching), 'level')} of {setup.branching}"
)
if note := minimal_note(source):
    st.caption(note)

algo = algorithm_box(st, tl.tree_of(source), K.algo)
order, variant = run_controls()
seed = int(setup.recipe[4]) if setup.recipe else 0
run_key = (source, variant, order, seed, mcts_panel.run_key_algo(algo, K.lab))
tl.new_run(K.lab, run_key)
lab = tl.cached_lab(*run_key)
step = tl.run_player(
    lab,
    keys=K.lab,
    cache_args=run_key,
    token=run_key,
    practice=algo == ALPHABETA,
    on_node=mcts_panel.answer_click(lab.mcts, K.lab) if lab.mcts else None,
    caption="Click a node to jump to the step where the search reaches it."
    + (" Tick **node types** to see which nodes were PV, CUT or ALL." if lab.types else ""),
)
if lab.mcts is not None:
    mcts_panel.mcts_block(lab.mcts, K.lab, step, f"{source}|{order}|{seed}")
start_box(K.lab.start, tl.tree_of(source), variant, order, seed, algorithm=algo)

st.subheader("Race: every algorithm, with the children as given, best first and worst first")
race_panel(source, K.lab.race)

publish(
    t=link_or_file(setup),
    k=str(step),
    order=None if order == tl.AS_GIVEN else order,
    var=None if variant == "statement" else variant,
    algo=None if algo == ALPHABETA else algo,
    mcts=mcts_panel.link_param(lab.mcts),
)
