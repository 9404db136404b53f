"""Game tree editor: build any tree, import/export URAL or brackets, step through alpha-beta."""

from __future__ import annotations

import streamlit as st

from engine.algorithms import ALPHABETA
from teach.i18n import _
from ui.classroom.start import start_box
from ui.common.canvas import canvas_files, set_step
from ui.common.keys import Editor as K
from ui.common.projector import page_header
from ui.common.share import publish
from ui.tree import editor_panel as ep
from ui.tree import leaf_option, mcts_panel
from ui.tree import tree_lab as tl
from ui.tree.algorithm_choice import algorithm_box
from ui.tree.complete_setup import variant_box
from ui.tree.race_panel import race_panel

page_header(_("Game tree editor"), preload=canvas_files())
state = ep.restore_link()
tree = state.tree
top = st.container(horizontal=True, gap="medium", vertical_alignment="bottom")  # wraps: nothing cut
ep.preset_box(top)
variant = variant_box(top, K.variant, K.variant_menu)
algo = algorithm_box(st, tree, K.algo, on_change=ep.on_algorithm)
ep.loaded_note(tree, algo)
hide = leaf_option.leaves_switch(st, K.lab)

source = tl.source_of_tree(tree)
run_key = (source, variant, tl.AS_GIVEN, 0, mcts_panel.run_key_algo(algo, K.lab))
lab = tl.searched(*run_key)
tl.result_line(ep.headline(tree, lab))

if tl.new_run(K.lab, run_key):  # an edit: the whole tree from step 0, no jump to the end
    set_step(K.lab.canvas, 0, 0)
step = tl.run_player(
    lab,
    keys=K.lab,
    cache_args=run_key,
    practice=algo == ALPHABETA,
    hide_leaves=hide,
    on_node=mcts_panel.answer_click(lab.mcts, K.lab) if lab.mcts else None,
    extra=ep.canvas_extra(state, source, st.session_state.get(K.lab.canvas.step, 0)),
    events={"edit": ep.on_edit},
)
if lab.mcts is not None:
    mcts_panel.mcts_block(lab.mcts, lab.exact, K.lab, step, source)
start_box(K.lab.start, tree, variant, algorithm=algo)

st.subheader(_("Race: every algorithm on this tree"))
race_panel(source, K.lab.race)

ep.import_export(tree)

link = tl.encode_tree(tree)
publish(
    t=link if len(link) <= tl.LINK_LIMIT else None,
    k=str(step),
    algo=None if algo == ALPHABETA else algo,
    mcts=mcts_panel.link_param(lab.mcts),
    leaves=leaf_option.link_param(hide),
)
if len(link) > tl.LINK_LIMIT:
    st.caption(_("This tree is too big for a share link: download it instead."))
