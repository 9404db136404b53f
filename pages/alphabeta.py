"""Alpha-beta on a complete tree: leaves + branching, stepped one event at a time."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from engine.alphabeta import alpha_beta
from engine.errors import InputError
from engine.search import VARIANTS
from ui.common.share import publish, restore
from ui.tree import tree_lab as tl

K = "ab"  # session-state prefix of this page
PRESETS = {
    "Statement sample 1 (Russell & Norvig, Fig. 5.2)": tl.Complete(
        (3, 12, 8, 2, 4, 6, 14, 5, 2), 3
    ),
    "Statement sample 2": tl.Complete((5, 6, 7, 4), 2),
    "Random: 3 levels of 3 (27 leaves)": tl.random_complete(3, 3, -20, 20, 7),
    "Random: 5 levels of 5 (3,125 leaves)": tl.random_complete(5, 5, -99, 99, 1),
    "Random: 10,000 leaves (4 levels of 10)": tl.random_complete(10, 4, -99, 99, 1),
}
DEFAULT = next(iter(PRESETS.values()))
ss = st.session_state


def _step(raw: str) -> int:
    if not raw.isdigit():
        raise InputError(f"step {raw!r} is not a whole number")
    return int(raw)


def _choice(options):
    def decode(raw: str) -> str:
        if raw not in options:
            raise InputError(f"{raw!r} is not one of {', '.join(options)}")
        return raw

    return decode


def _use(setup: tl.Complete) -> None:
    ss[f"{K}.setup"] = setup
    ss[f"{K}.error"] = None


def _on_preset() -> None:
    _use(PRESETS[ss[f"{K}.preset"]])


def _on_typed() -> None:
    try:
        _use(tl.complete_from(ss[f"{K}.leaves"], ss[f"{K}.b"]))
    except InputError as e:
        ss[f"{K}.error"] = str(e)


def _on_random() -> None:
    try:
        r = [int(ss[f"{K}.r{x}"]) for x in "bdlhs"]
        _use(tl.random_complete(*r))
    except InputError as e:
        ss[f"{K}.error"] = str(e)


st.title("Alpha-beta on a complete tree")
tl.css()
setup: tl.Complete = restore("t", decode=tl.decode_complete, default=DEFAULT, what="tree",
                             state_key=f"{K}.setup")  # fmt: skip
restore("k", decode=_step, default=0, what="step", state_key=f"{K}:step")
restore("order", decode=_choice(tl.ORDERINGS), default=tl.AS_GIVEN, what="ordering",
        state_key=f"{K}.order")  # fmt: skip
restore("var", decode=_choice(VARIANTS), default="statement", what="variant",
        state_key=f"{K}.variant")  # fmt: skip
if ss.get(f"{K}.shown") != setup.encode():  # a new tree: show it in the inputs
    ss[f"{K}.shown"] = setup.encode()
    ss[f"{K}.leaves"], ss[f"{K}.b"] = setup.text, setup.branching

with st.container(border=True):
    c1, c2, c3 = st.columns([3, 6, 1.3])
    c1.selectbox("Preset", list(PRESETS), key=f"{K}.preset", on_change=_on_preset, index=None,
                 placeholder="Choose a preset…")  # fmt: skip
    c2.text_area("Leaves, left to right (commas or spaces)", key=f"{K}.leaves", height=68,
                 on_change=_on_typed)  # fmt: skip
    c3.number_input("Branching", 2, 10, key=f"{K}.b", on_change=_on_typed)
    with st.expander("Random tree"):
        r = st.columns(6, vertical_alignment="bottom")
        r[0].number_input("branching", 2, 10, 3, key=f"{K}.rb")
        r[1].number_input("depth", 1, 8, 3, key=f"{K}.rd")
        r[2].number_input("lowest value", -1000, 1000, -20, key=f"{K}.rl")
        r[3].number_input("highest value", -1000, 1000, 20, key=f"{K}.rh")
        r[4].number_input("seed", 0, 10**6, 1, key=f"{K}.rs")
        r[5].button("Generate", key=f"{K}.gen", on_click=_on_random, width="stretch")
if ss.get(f"{K}.error"):
    st.error(f"Could not use that tree: {ss[f'{K}.error']}. The previous tree is still shown.")

setup = ss[f"{K}.setup"]
source = tl.source_of_complete(setup)
answer = st.cache_data(alpha_beta, show_spinner=False)(setup.leaves, setup.branching)
total = len(setup.leaves)
st.markdown(f"<div class='gtl-result'>{tl.result_words(answer[0], answer[1], total)}</div>",
            unsafe_allow_html=True)  # fmt: skip
m = st.columns(4)
m[0].metric("alpha_beta(leaves, branching)", str(answer))
m[1].metric("minimax evaluates", f"{total:,} leaves")
m[2].metric("alpha-beta evaluates", f"{answer[1]:,} leaves")
m[3].metric("shape", f"{tl.complete_depth(total, setup.branching)} levels of {setup.branching}")

o1, o2 = st.columns([3, 2])
order = o1.segmented_control("Children ordered", tl.ORDERINGS, key=f"{K}.order",
                             format_func=tl.ORDER_WORDS.get, required=True,
                             persist_state="session")  # fmt: skip
variant = o2.selectbox("Alpha-beta variant", VARIANTS, key=f"{K}.variant",
                       format_func=tl.VARIANT_WORDS.get, persist_state="session")  # fmt: skip
seed = int(setup.recipe[4]) if setup.recipe else 0
run_key = (source, variant, order, seed)
if ss.get(f"{K}.run_key") not in (None, run_key):  # another run: back to the whole tree
    ss[f"{K}.focus"] = 0
ss[f"{K}.run_key"] = run_key
lab = tl.cached_lab(*run_key)
step = tl.run_player(lab, key=K, cache_args=run_key, token=run_key, practice=True, canvas=True,
                     caption="Click a node to jump to the step where the search reaches it.")  # fmt: skip

st.subheader("Move ordering: same tree, different order of children")
rows = tl.cached_counts(source, variant, seed)
st.dataframe(pd.DataFrame(rows), hide_index=True, width="content")
best, worst = (rows[tl.ORDERINGS.index(o)]["alpha-beta leaves"] for o in tl.REORDER_MODES[:2])
st.caption(f"Best move first, alpha-beta needs {best:,} leaves; worst first, {worst:,}. Every "
           "ordering gives the same value: only the work changes.")  # fmt: skip

link = setup.encode()
publish(t=link if len(link) <= tl.LINK_LIMIT else None, k=str(step),
        order=None if order == tl.AS_GIVEN else order,
        var=None if variant == "statement" else variant)  # fmt: skip
if len(link) > tl.LINK_LIMIT:
    st.caption("This tree is too long for a share link; generate it from a random recipe instead.")
