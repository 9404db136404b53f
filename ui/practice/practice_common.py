"""Pieces the "Practice & exams" panels share: the tree chooser (bound to the URL) and the
node names and payloads of the tree canvas (ui.common.canvas).

The tree is in the link in the labs' one format (ui.tree.tree_source: ``?t=b3:3,12,8,…``, a
packed ``zb3:…`` or a random recipe ``r:…``), so a tree link opens on either page. Links of
the old form (``?t=3, 12, 8,…&b=3``) still open: :func:`class_tree` converts them, and the
page then writes the new form.
"""

from __future__ import annotations

import random
from functools import partial

import streamlit as st

from engine.alphabeta import parse_leaves
from engine.errors import InputError
from engine.trace import SearchRun
from engine.tree import GameTree, complete_depth, complete_tree, minimax
from teach.engine_words import reason
from teach.exam import make_exercise
from teach.explain import describe, node_name
from teach.i18n import N_, _, ngettext
from ui.common.boxes import lazy_box
from ui.common.keys import Practice as K
from ui.common.link_codec import int_in
from ui.common.share import publish, read_once, restore
from ui.tree.tree_source import Complete, decode_complete
from viz.tree_payload import Code, tree_payload

PRESETS = {  # each name in English, shown in the run's language
    N_("Textbook (3 x 3)"): ("3, 12, 8, 2, 4, 6, 14, 5, 2", 3),
    N_("Deep binary (2^4)"): ("3, 17, 2, 12, 15, 25, 2, 5, 3, 2, 14, 20, 8, 9, 4, 7", 2),
    N_("Ties (cut on equality)"): ("5, 6, 5, 4, 5, 7, 5, 3, 9", 3),
    N_("Best move last (few cuts)"): ("1, 2, 3, 4, 5, 6, 7, 8, 9", 3),
}
DEFAULT_LEAVES, DEFAULT_B = PRESETS["Textbook (3 x 3)"]
MAX_CLASS_LEAVES = 81  # a class tree: fits on a projector and keeps a quiz under ~200 questions


def class_tree(raw: str, old_branching: int = DEFAULT_B) -> Complete:
    """The link's tree (``?t=``) as a class tree: the labs' format (``b3:3,12,…``, packed or
    a random recipe; :func:`ui.tree.tree_source.decode_complete`), or the old form of this
    page's links, bare leaves (``3, 12, …``) with the branching of ``?b=``
    (``old_branching``). InputError past a class tree (branching 2 to 5, at most
    MAX_CLASS_LEAVES leaves; bare leaves are counted before parsing)."""
    if ":" in raw:
        setup = decode_complete(raw)
        setup = Complete(setup.leaves, setup.branching)  # a recipe's leaves: the chooser's
    else:
        n = len(raw.replace(",", " ").split())
        if n > MAX_CLASS_LEAVES:
            raise InputError(_too_many(n))
        setup = Complete(tuple(parse_leaves(raw)), int(old_branching))
    build_tree(setup.text, setup.branching)  # the class limits, in their own words
    return setup


def _too_many(n: int) -> str:
    return ngettext(
        "{n} leaf is too many for class (at most {most})",
        "{n} leaves is too many for class (at most {most})",
        n,
        n=f"{n:,}",
        most=MAX_CLASS_LEAVES,
    )


def build_tree(leaves_text: str, branching: object) -> GameTree:
    """The complete tree of ``leaves_text`` with ``branching``; InputError says what is wrong."""
    if not isinstance(branching, int | float) or int(branching) != branching:
        raise InputError(_("branching must be a whole number, not {value}", value=repr(branching)))
    b = int(branching)
    if not 2 <= b <= 5:
        raise InputError(_("branching must be between 2 and 5, not {value}", value=b))
    leaves = parse_leaves(str(leaves_text or ""))
    if len(leaves) > MAX_CLASS_LEAVES:
        raise InputError(_too_many(len(leaves)))
    complete_depth(len(leaves), b)
    return complete_tree(leaves, b)


def _preset(name: str) -> None:
    st.session_state[K.leaves], st.session_state[K.branching] = PRESETS[name]


def on_random_tree() -> None:
    """Callback: put a random complete tree (the chooser's branching, the depth of its
    "Depth of a random tree" box, leaves 0..20) into the tree chooser."""
    ss = st.session_state
    b = ss.get(K.branching)
    b = int(b) if isinstance(b, int | float) and 2 <= b <= 5 else 3
    d = ss.get(K.depth)
    d = int(d) if isinstance(d, int | float) and 1 <= d <= 4 and b**d <= MAX_CLASS_LEAVES else 2
    ex = make_exercise(random.randrange(10**6), b, d, 0, 20)
    ss[K.leaves], ss[K.branching] = ", ".join(map(str, ex.leaves)), b


def tree_chooser() -> GameTree | None:
    """Leaves + branching (URL param ``t``, and ``b`` of old links), presets and a random
    tree.

    Returns the tree, or None after showing an error box (the page goes on without it).
    """
    ss = st.session_state
    old_b = restore(
        "b",
        decode=int_in(2, 5, N_("branching"), clamp=False),
        default=DEFAULT_B,
        what=N_("branching"),
        state_key=K.branching,
    )
    decode = partial(class_tree, old_branching=old_b)
    setup = read_once("t", decode=decode, what=N_("tree"))
    ss.setdefault(K.leaves, DEFAULT_LEAVES)
    if setup is not None:
        ss[K.leaves], ss[K.branching] = setup.text, setup.branching
    c1, c2, c3 = st.columns([6, 2, 3], vertical_alignment="bottom")
    text = c1.text_input(
        _("Leaves, left to right"), key=K.leaves, help=_("Scores separated by commas or spaces.")
    )
    b = c2.number_input(_("Branching"), step=1, key=K.branching, persist_state="session")
    # its contents are made only while it is open: a first visit's run has five buttons and a
    # number input fewer (ui.common.boxes)
    lazy_box(
        c3.popover,
        _("Presets and random trees"),
        _presets_and_random,
        width="stretch",
        key=K.presets,
    )
    try:
        tree = build_tree(text, b)
    except InputError as e:
        st.error(_("This tree cannot be used: {problem}", problem=reason(e)))
        return None
    publish(t=Complete(tuple(parse_leaves(text)), int(b)).encode(), b=None)
    return tree


def _presets_and_random() -> None:
    """The popover's contents: the presets and a random tree of a chosen depth."""
    for i, name in enumerate(PRESETS):
        st.button(_(name), key=K.preset(i), on_click=_preset, args=(name,))
    st.number_input(
        _("Depth of a random tree"), value=2, step=1, key=K.depth, persist_state="session"
    )
    st.button(_("Random tree"), key=K.random, on_click=on_random_tree)


def quiz_names(tree: GameTree) -> list[str]:
    """The node names as the canvas wants them (teach.explain.node_name: A, B, ... and each
    leaf by its bare number; the canvas writes "leaf 1" itself, in the page's language), as
    the questions and step sentences name the nodes. Words of no language: a cache that
    keeps them serves every language."""
    return [node_name(tree, i) for i in range(len(tree))]


def run_payload(run: SearchRun, *, code: Code | None = None) -> dict:
    """The canvas payload of a class tree's run, named as its sentences name the nodes."""
    tree = run.tree
    pv = minimax(tree).principal_variation()
    return tree_payload(run, describe, quiz_names(tree), pv=pv, code=code)
