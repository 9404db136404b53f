"""Alpha-beta on a complete tree: leaves + branching, stepped one event at a time."""

from __future__ import annotations

import streamlit as st

from engine.algorithms import ALPHABETA
from teach.i18n import _, ngettext
from teach.search_words import node_types_definition
from ui.classroom.start import start_box
from ui.common.canvas import canvas_files
from ui.common.keys import AlphaBeta as K
from ui.common.projector import page_header
from ui.common.share import publish
from ui.tree import leaf_option, mcts_panel
from ui.tree import tree_lab as tl
from ui.tree.algorithm_choice import algorithm_box, expectimax_offer
from ui.tree.complete_setup import link_or_file, restore_link, run_controls, setup_inputs
from ui.tree.race_panel import minimal_note, race_panel

page_header(_("Alpha-beta on a complete tree"), preload=canvas_files())
setup = setup_inputs(restore_link())
source = tl.source_of_complete(setup)
head = st.container()  # the run's words and counts, above its controls
algo = algorithm_box(st, tl.tree_of(source), K.algo)
expectimax_offer(st, tl.tree_of(source), algo)
order, variant = run_controls()
hide = leaf_option.leaves_switch(st, K.lab)
seed = int(setup.recipe[4]) if setup.recipe else 0
run_key = (source, variant, order, seed, mcts_panel.run_key_algo(algo, K.lab))
tl.new_run(K.lab, run_key)
lab = tl.searched(*run_key)
statement = algo == ALPHABETA and variant == "statement" and order == tl.AS_GIVEN
depth = tl.complete_depth(len(setup.leaves), setup.branching)
tl.run_head(
    head,
    lab,
    call="alpha_beta(leaves, branching)" if statement else None,
    more=[
        (
            _("shape"),
            ngettext("{n} level of {b}", "{n} levels of {b}", depth, b=setup.branching),
        )
    ],
)
if note := minimal_note(source):
    head.caption(note)
step = tl.run_player(
    lab,
    keys=K.lab,
    cache_args=run_key,
    token=run_key,
    practice=algo == ALPHABETA,
    hide_leaves=hide,
    on_node=mcts_panel.answer_click(lab.mcts, K.lab) if lab.mcts else None,
    caption=_(
        "Click a node to jump to the step where the search reaches it. Tick **node types** to "
        "see each node's. {definition}",
        definition=node_types_definition(),
    )
    if lab.types
    else _("Click a node to jump to the step where the search reaches it."),
)
if lab.mcts is not None:
    mcts_panel.mcts_block(lab.mcts, lab.exact, K.lab, step, f"{source}|{order}|{seed}")
start_box(K.lab.start, tl.tree_of(source), variant, order, seed, algorithm=algo)

st.subheader(_("Race: every algorithm, with the children as given, best first and worst first"))
race_panel(source, K.lab.race, order, seed)

publish(
    t=link_or_file(setup),
    k=str(step),
    order=None if order == tl.AS_GIVEN else order,
    var=None if variant == "statement" else variant,
    algo=None if algo == ALPHABETA else algo,
    mcts=mcts_panel.link_param(lab.mcts),
    leaves=leaf_option.link_param(hide),
)
