"""The alpha-beta page's setup: presets, typed leaves + branching, a random recipe, and the
share link's tree, step, ordering and variant read back into the session.

State is under ui.common.keys.AlphaBeta; the tree shown is always ``session_state[setup]``,
so a bad edit keeps the previous tree and says why.
"""

from __future__ import annotations

import streamlit as st

from engine.algorithms import ALL_ALGOS
from engine.algorithms import DEFAULT as DEFAULT_ALGO
from engine.errors import InputError
from engine.search import VARIANTS
from teach.engine_words import reason
from teach.i18n import N_, _
from teach.variants import label as variant_label
from ui.common.boxes import lazy_box
from ui.common.keys import SETUP_ROW, THIRDS
from ui.common.keys import AlphaBeta as K
from ui.common.link_codec import choice
from ui.common.share import restore
from ui.tree.tree_lab import AS_GIVEN, ORDER_WORDS, ORDERINGS
from ui.tree.tree_source import (
    LINK_LIMIT,
    RANDOM_RANGES,
    Complete,
    complete_from,
    decode_complete,
    decode_step,
    random_complete,
)

PRESETS = {  # the menu's values: its English names (translated where shown)
    N_("Statement sample 1 (Russell & Norvig, Fig. 5.2)"): Complete(
        (3, 12, 8, 2, 4, 6, 14, 5, 2), 3
    ),
    N_("Statement sample 2"): Complete((5, 6, 7, 4), 2),
    N_("Random: 3 levels of 3 (27 leaves)"): random_complete(3, 3, -20, 20, 7),
    N_("Random: 5 levels of 5 (3,125 leaves)"): random_complete(5, 5, -99, 99, 1),
    N_("Random: 10,000 leaves (4 levels of 10)"): random_complete(10, 4, -99, 99, 1),
}
DEFAULT = next(iter(PRESETS.values()))
DEFAULT_VARIANT = "statement"  # the statement's rule: a link without "var", a first visit


def _use(setup: Complete) -> None:
    st.session_state[K.setup] = setup
    st.session_state[K.error] = None


def _on_preset() -> None:
    _use(PRESETS[st.session_state[K.preset]])


def _on_typed() -> None:
    ss = st.session_state
    try:
        _use(complete_from(ss[K.leaves], ss[K.branching]))
    except InputError as e:
        ss[K.error] = e  # worded where it is shown, in the page's language


def _on_random() -> None:
    ss = st.session_state
    try:
        _use(random_complete(*(int(ss[K.random[x]]) for x in "bdlhs")))
    except InputError as e:
        ss[K.error] = e  # worded where it is shown, in the page's language


def restore_link() -> Complete:
    """The link's tree, step, ordering, variant and algorithm, once per session; the tree to
    show."""
    setup = restore(
        "t", decode=decode_complete, default=DEFAULT, what=N_("tree"), state_key=K.setup
    )
    restore("k", decode=decode_step, default=0, what=N_("step"), state_key=K.lab.canvas.step)
    restore(
        "order",
        decode=choice(ORDERINGS, N_("ordering")),
        default=AS_GIVEN,
        what=N_("ordering"),
        state_key=K.order,
    )
    restore(
        "var",
        decode=choice(VARIANTS, N_("variant")),
        default=DEFAULT_VARIANT,
        what=N_("variant"),
        state_key=K.variant,
    )
    restore(
        "algo",
        decode=choice(ALL_ALGOS, N_("algorithm")),
        default=DEFAULT_ALGO,
        what=N_("algorithm"),
        state_key=K.algo,
    )
    return setup


def setup_inputs(setup: Complete) -> Complete:
    """Presets, the leaves and branching, a random recipe; returns the tree to show."""
    ss = st.session_state
    if ss.get(K.shown) != setup.encode():  # a new tree: show it in the inputs
        ss[K.shown] = setup.encode()
        ss[K.leaves], ss[K.branching] = setup.text, setup.branching
    with st.container(border=True):
        # 4:5:2, at 150 % every label and box fits; one container, not a column each (every
        # block is a render in the browser, issue 21): its style is in ui.common.projector
        c1 = c2 = c3 = st.container(horizontal=True, key=SETUP_ROW)
        c1.menu_button(
            _("Choose a preset…"), list(PRESETS), key=K.preset, on_click=_on_preset, format_func=_
        )
        c2.text_area(
            _("Leaves, left to right (commas or spaces)"),
            key=K.leaves,
            height=68,
            on_change=_on_typed,
        )
        c3.number_input(_("Branching"), 2, 10, key=K.branching, on_change=_on_typed)
        # Its inputs are made only while it is open: five number inputs and a button fewer
        # in a first visit's run (ui.common.boxes)
        lazy_box(st.expander, _("Random tree"), _random_inputs, key=K.random_box)
    if ss.get(K.error):
        st.error(
            _(
                "Could not use that tree: {why}. The previous tree is still shown.",
                why=reason(ss[K.error]),
            )
        )
    return ss[K.setup]


def _random_inputs() -> None:
    """The "Random tree" box's recipe inputs and its Generate button."""
    # three to a line (six left "Generate" too narrow for its word at 150 %), in one wrapping
    # container: every block is a render in the browser (issue 21)
    row = st.container(horizontal=True, vertical_alignment="bottom", key=THIRDS)
    kept = {"persist_state": "page"}  # what was typed is kept while the box is closed
    row.number_input(_("branching"), *RANDOM_RANGES["branching"], 3, key=K.random["b"], **kept)
    row.number_input(_("depth"), *RANDOM_RANGES["depth"], 3, key=K.random["d"], **kept)
    row.number_input(_("seed"), *RANDOM_RANGES["seed"], 1, key=K.random["s"], **kept)
    lo, hi = RANDOM_RANGES["lowest value"], RANDOM_RANGES["highest value"]
    row.number_input(_("lowest value"), *lo, -20, key=K.random["l"], **kept)
    row.number_input(_("highest value"), *hi, 20, key=K.random["h"], **kept)
    row.button(_("Generate"), key=K.generate, on_click=_on_random, width="stretch")


def link_or_file(setup: Complete) -> str | None:
    """The setup's share-link token; when it is longer than a link should be, None, and the
    leaves are offered as a file to paste back into "Leaves" instead."""
    link = setup.encode()
    if len(link) <= LINK_LIMIT:
        return link
    st.caption(
        _(
            "This tree is too long for a share link ({n} characters packed; a link holds "
            "{limit}): download its leaves and paste them into Leaves, branching {b}.",
            n=f"{len(link):,}",
            limit=f"{LINK_LIMIT:,}",
            b=setup.branching,
        )
    )
    st.download_button(
        _("Download the leaves"),
        setup.text,
        f"leaves-b{setup.branching}-{len(setup.leaves)}.txt",
        "text/plain",
        key=K.download_leaves,
        icon=":material/download:",
    )
    return None


def run_controls() -> tuple[str, str]:
    """The children's ordering and the alpha-beta variant, side by side; on a narrow page
    the variant goes under the ordering (a row that wraps: nothing is cut)."""
    row = st.container(horizontal=True, gap="medium", vertical_alignment="bottom")
    order = row.segmented_control(
        _("Children ordered"),
        ORDERINGS,
        key=K.order,
        format_func=lambda o: _(ORDER_WORDS[o]),
        required=True,
        persist_state="session",
    )
    variant = variant_box(row, K.variant, K.variant_menu)
    return order, variant


def _variant_chosen(key: str, menu: str) -> None:
    st.session_state[key] = st.session_state[menu]


def variant_box(where, key: str, menu: str) -> str:  # noqa: ANN001
    """The alpha-beta variant (both tree pages): a menu button that names the one in use
    ("Variant: Statement (fail-soft, α ≥ β cuts)") and lists the four. The choice is kept in
    session state under ``key`` (where the link's "var" restores it); ``menu`` is the
    button's key. A menu button, not a select box: every page has one (the language menu),
    so a first visit fetches no select box's code for it (ui.common.language.menu)."""
    ss = st.session_state
    if ss.get(key) not in VARIANTS:
        ss[key] = DEFAULT_VARIANT
    where.menu_button(
        _("Variant: {variant}", variant=variant_label(ss[key])),
        VARIANTS,
        key=menu,
        on_click=_variant_chosen,
        args=(key, menu),
        format_func=variant_label,
        help=_("The alpha-beta variant: how it cuts, and what it returns."),
    )
    return ss[key]
