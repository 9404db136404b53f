"""Game tree editor: build any tree, import/export URAL or brackets, step through alpha-beta."""

from __future__ import annotations

import streamlit as st

from engine.errors import InputError
from engine.random_tree import random_tree
from engine.search import VARIANTS
from engine.tree import format_value
from engine.tree_text import format_brackets, format_ural, parse_brackets, parse_ural
from teach import tree_edit as te
from ui.common import stepper
from ui.common.share import publish, restore
from ui.tree import tree_lab as tl
from ui.tree.tree_source import decode_step

K = "ed"
URAL = {
    "URAL sample 1 (+1)": "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 +1\n",
    "URAL sample 2 (0)": "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 0\n",
    "URAL sample 3 (+1)": "18\nN 1\nN 1\nN 2\nL 2 +1\nN 3\nL 3 +1\nL 3 +1\nL 4 -1\nL 4 +1\n"
    "N 4\nN 6\nL 6 -1\nL 6 -1\nL 11 -1\nL 11 +1\nL 12 +1\nL 12 -1\n",
}
PRESETS = {name: (lambda t=text: parse_ural(t)) for name, text in URAL.items()}
PRESETS["Russell & Norvig, Fig. 5.2"] = lambda: parse_brackets("((3 12 8) (2 4 6) (14 5 2))")
PRESETS["Random: 60 nodes"] = lambda: random_tree(60, 4, -9, 9, 3)
PRESETS["Random: 1,000 nodes"] = lambda: random_tree(1000, 5, -99, 99, 5)
PRESETS["Random: 12,000 nodes"] = lambda: random_tree(12000, 6, -99, 99, 11)
FORMATS = ("URAL 1282", "brackets")
ss = st.session_state


def _state() -> te.EditorState:
    return ss[f"{K}.state"]


def _put(state: te.EditorState) -> None:
    ss[f"{K}.state"] = state
    if state.error is None:
        ss[f"{K}.error"] = None


def _on_preset() -> None:
    _put(te.replace_tree(_state(), PRESETS[ss[f"{K}.preset"]]()))


def _on_import() -> None:
    parse = parse_ural if ss[f"{K}.fmt"] == FORMATS[0] else parse_brackets
    try:
        _put(te.replace_tree(_state(), parse(te.check_text(ss[f"{K}.text"]))))
    except InputError as e:
        ss[f"{K}.error"] = f"Could not import: {e}. The previous tree is still here."


def _on_edit(op: str) -> None:
    new = te.apply_edit(_state(), op, int(ss.get(f"{K}.value", 0)))
    _put(new)
    ss[f"{K}.error"] = new.error


def _on_select_box() -> None:
    _put(te.select(_state(), int(ss[f"{K}.sel"])))


def _on_node(node: int) -> None:
    _put(te.select(_state(), node))


def _tree(raw: str):
    return te.replace_tree(te.EditorState(tree=parse_brackets("0")), tl.decode_tree(raw))


st.title("Game tree editor")
tl.css()
default = te.replace_tree(te.EditorState(tree=parse_brackets("0")), PRESETS["URAL sample 1 (+1)"]())
restore("t", decode=_tree, default=default, what="tree", state_key=f"{K}.state")
restore("k", decode=decode_step, default=0, what="step", state_key=f"{K}:step")
state = _state()
tree = state.tree
source = tl.source_of_tree(tree)

top = st.columns([3, 2])
top[0].selectbox(
    "Preset",
    list(PRESETS),
    key=f"{K}.preset",
    on_change=_on_preset,
    index=None,
    placeholder="Choose a preset…",
)
variant = top[1].selectbox(
    "Alpha-beta variant",
    VARIANTS,
    key=f"{K}.variant",
    format_func=tl.VARIANT_WORDS.get,
    persist_state="session",
)
if ss.get(f"{K}.error"):
    st.error(ss[f"{K}.error"])

run_key = (source, variant, tl.AS_GIVEN, 0)
lab = tl.cached_lab(*run_key)
value, leaves = lab.run.value, sum(1 for c in tree.children if not c)
if set(v for v in tree.values if v is not None) <= {-1, 0, 1}:
    verdict = {1: "the first player wins", 0: "a draw", -1: "the second player wins"}[value]
    head = f"Value {format_value(value)}: {verdict} with perfect play"
else:
    head = f"MAX (the first player) can force {value}"
st.markdown(
    f"<div class='gtl-result'>{head}; alpha-beta looked at {lab.run.leaves_evaluated} of "
    f"{leaves} leaves ({len(tree):,} nodes).</div>",
    unsafe_allow_html=True,
)

with st.container(border=True):
    order = tree.preorder()
    options = order[:1500] if state.selected in order[:1500] else [*order[:1500], state.selected]
    ss[f"{K}.sel"] = state.selected
    names = lab.names
    is_leaf = not tree.children[state.selected]
    e = st.columns([2.6, 1.4, 1, 1, 1, 1], vertical_alignment="bottom")
    e[0].selectbox(
        "Selected node (click one in the figure)",
        options,
        key=f"{K}.sel",
        on_change=_on_select_box,
        format_func=lambda v: (
            f"{'leaf' if not tree.children[v] else 'MAX' if tree.is_max(v) else 'MIN'} {names[v]} (node {v + 1})"
        ),
    )
    e[1].number_input("Value", -(10**6), 10**6, 0, key=f"{K}.value")
    e[2].button(
        "Set value",
        key=f"{K}.set",
        on_click=_on_edit,
        args=("set",),
        width="stretch",
        disabled=not is_leaf,
        type="primary",
    )
    e[3].button("Add child", key=f"{K}.add", on_click=_on_edit, args=("add",), width="stretch")
    e[4].button(
        "Make leaf",
        key=f"{K}.leaf",
        on_click=_on_edit,
        args=("leaf",),
        width="stretch",
        disabled=is_leaf,
    )
    e[5].button(
        "Delete",
        key=f"{K}.del",
        on_click=_on_edit,
        args=("delete",),
        width="stretch",
        disabled=state.selected == 0,
    )
    st.caption(
        "Set value: leaves only. Add child: a new last child, a leaf with this value. "
        "Make leaf: drop the node's children. Delete: the node and everything below it."
    )

if ss.get(f"{K}.run_key") not in (None, run_key):  # an edit: show the finished search
    stepper.set_step(K, len(lab.run.events), len(lab.run.events))
    ss[f"{K}.focus"] = 0
ss[f"{K}.run_key"] = run_key
step = tl.run_player(
    lab,
    key=K,
    cache_args=run_key,
    on_node=_on_node,
    selected=state.selected,
    caption="Click a node to select it.",
    practice=True,
)

st.subheader("Import and export")
c1, c2 = st.columns(2)
with c1:
    st.radio("Format", FORMATS, key=f"{K}.fmt", horizontal=True)
    st.text_area(
        "Tree text",
        key=f"{K}.text",
        height=180,
        placeholder="Paste URAL lines (7, N 1, N 1, L 2 -1, …) or brackets: ((-1 1) (1 1))",
    )
    st.button("Import", key=f"{K}.import", on_click=_on_import, type="primary")
with c2:
    try:
        ural = format_ural(tree)
    except InputError:
        ural = None
    brackets = format_brackets(tree)
    if len(brackets) <= 4000:
        st.code(brackets, language=None, wrap_lines=True)
    d = st.columns(2)
    if ural is not None:
        d[0].download_button("Download URAL", ural, "tree.txt", key=f"{K}.dl_ural")
    d[1].download_button("Download brackets", brackets, "tree_brackets.txt", key=f"{K}.dl_br")

link = tl.encode_tree(tree)
publish(t=link if len(link) <= tl.LINK_LIMIT else None, k=str(step))
if len(link) > tl.LINK_LIMIT:
    st.caption("This tree is too big for a share link: download it instead.")
