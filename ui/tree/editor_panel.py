"""The tree editor page's blocks: presets, the share link's tree, editing on the canvas, and
import / export in URAL 1282 or bracket notation.

The editor's state is one teach.tree_edit.EditorState under ui.common.keys.Editor.state;
every control changes it in a callback, so an edit that fails keeps the tree and says why.
The tree is edited on the canvas itself (game_tree_lab/tree_canvas/plugins/edit.js): a click or the
arrow keys select in the browser, and each edit is one message to :func:`on_edit`.
"""

from __future__ import annotations

import hashlib

import streamlit as st

from engine.algorithms import ALL_ALGOS, DEFAULT, EXPECTIMAX
from engine.errors import InputError
from engine.random_tree import random_tree
from engine.tree import GameTree, format_value
from engine.tree_text import format_brackets, format_ural, parse_brackets, parse_ural
from teach import tree_edit as te
from teach.algorithms import (
    CHANCE_PRESET,
    CHANCE_PRESET_TREE,
    LABELS,
    expectimax_loaded,
    expectimax_plain,
)
from teach.engine_words import reason
from teach.i18n import N_, _, use
from teach.mcts_words import mcts_headline
from teach.run_words import headline as headline_words
from ui.common.boxes import lazy_box
from ui.common.keys import Editor as K
from ui.common.language import session_language
from ui.common.plain_text import plain_text
from ui.common.share import restore
from ui.tree.complete_setup import choice
from ui.tree.tree_lab import Lab
from ui.tree.tree_source import decode_step, decode_tree

URAL = {  # the presets' names are their English ones, translated where shown
    N_("URAL sample 1 (+1)"): "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 +1\n",
    N_("URAL sample 2 (0)"): "7\nN 1\nN 1\nL 2 -1\nL 2 +1\nL 3 +1\nL 3 0\n",
    N_("URAL sample 3 (+1)"): "18\nN 1\nN 1\nN 2\nL 2 +1\nN 3\nL 3 +1\nL 3 +1\nL 4 -1\nL 4 +1\n"
    "N 4\nN 6\nL 6 -1\nL 6 -1\nL 11 -1\nL 11 +1\nL 12 +1\nL 12 -1\n",
}
PRESETS = {name: (lambda t=text: parse_ural(t)) for name, text in URAL.items()}
PRESETS[N_("Russell & Norvig, Fig. 5.2")] = lambda: parse_brackets("((3 12 8) (2 4 6) (14 5 2))")
PRESETS[CHANCE_PRESET] = lambda: parse_brackets(CHANCE_PRESET_TREE)
PRESETS[N_("Random: 60 nodes")] = lambda: random_tree(60, 4, -9, 9, 3)
PRESETS[N_("Random: 1,000 nodes")] = lambda: random_tree(1000, 5, -99, 99, 5)
PRESETS[N_("Random: 12,000 nodes")] = lambda: random_tree(12000, 6, -99, 99, 11)
FORMATS = ("URAL 1282", N_("brackets"))  # the second translated where shown
SHOWN_TEXT = 4000  # characters of tree text shown on the page at most


def _state() -> te.EditorState:
    return st.session_state[K.state]


def _put(state: te.EditorState) -> None:
    st.session_state[K.state] = state
    if state.error is None:
        st.session_state[K.error] = None


def _on_preset() -> None:
    _put(te.replace_tree(_state(), PRESETS[st.session_state[K.preset]]()))


def on_algorithm() -> None:
    """Expectimax chosen on a tree without chance nodes: load the preset that has them (an
    edit like any other: Undo brings the tree back), and say so."""
    ss = st.session_state
    if ss.get(K.algo) == EXPECTIMAX and not _state().tree.has_chance:
        _put(te.replace_tree(_state(), PRESETS[CHANCE_PRESET]()))
        ss[K.said] = LOADED_SAID


def loaded_note(tree: GameTree, algo: str) -> None:
    """The sentence under the menu: the new empty tree's or the chance preset's just loaded,
    or expectimax on a tree with no chance node (a link's) giving minimax's values."""
    said = st.session_state.pop(K.said, None)
    if said == EMPTY_SAID:
        st.info(
            _(
                "A new tree: the root alone, selected. Type a value and press + child (c) to "
                "give it a child; select a node and press + sibling (s) for the next one "
                "beside it. Undo (u) brings the last tree back."
            )
        )
    elif said == LOADED_SAID and tree.has_chance:
        st.info(expectimax_loaded())
    elif algo == EXPECTIMAX and not tree.has_chance:
        st.info(expectimax_plain())


# what the page says after a callback (K.said), worded when shown, in the page's language
EMPTY_SAID, LOADED_SAID = "empty", "loaded"


def _on_new() -> None:
    _put(te.replace_tree(_state(), te.empty_tree()))
    st.session_state[K.said] = EMPTY_SAID


def _on_import() -> None:
    ss = st.session_state
    parse = parse_ural if ss[K.fmt] == FORMATS[0] else parse_brackets
    with use(session_language()):  # a callback: before the page sets its language
        try:
            _put(te.replace_tree(_state(), parse(te.check_text(ss[K.text]))))
        except InputError as e:
            ss[K.error] = _(
                "Could not import: {why}. The previous tree is still here.", why=reason(e)
            )


def on_edit(raw: object) -> None:
    """The canvas's edit plugin sent one edit, ``{"op", "node", "value", "seq"}`` (a
    callback: a refusal is worded in the session's language)."""
    with use(session_language()):
        take_edit(st.session_state, raw)


def take_edit(ss, raw: object) -> None:
    """Edit message ``raw`` on session state ``ss``: teach.tree_edit.edit checks every field
    and applies it (or keeps the tree and says why). Its number ``seq`` is the plugin's
    answer; a number already answered is a repeat (the plugin sends again when no answer
    came) and is not applied twice."""
    seq = raw.get("seq") if isinstance(raw, dict) else None
    numbered = isinstance(seq, int) and not isinstance(seq, bool) and 0 < seq < 2**31
    if numbered and seq <= int(ss.get(K.done, 0)):
        return
    ss[K.state] = te.edit(ss[K.state], raw)
    ss[K.error] = None
    if numbered:
        ss[K.done] = seq  # the plugin waits for this before it sends the next edit


def canvas_extra(state: te.EditorState, source: str, step: int) -> dict:
    """What the canvas's edit plugin needs: the selected node, the answer to its last edit
    (its number and any refusal), the tree's digest (a new tree: take the selection), the
    mode to open in (stepping when the page shows a step of the search or a link plays it),
    the history."""
    return {
        "edit": {
            "sel": state.selected,
            "done": int(st.session_state.get(K.done, 0)),
            "rev": hashlib.sha1(source.encode()).hexdigest()[:12],
            "error": state.error,
            "mode": "step" if step > 0 or "play" in st.query_params else "edit",
            "undo": len(state.undo),
            "redo": len(state.redo),
        }
    }


def _decode(raw: str) -> te.EditorState:
    return te.start(decode_tree(raw))


def restore_link() -> te.EditorState:
    """The link's tree, step and algorithm, once per session; the editor's state."""
    default = te.start(PRESETS[next(iter(URAL))]())
    restore("t", decode=_decode, default=default, what=N_("tree"), state_key=K.state)
    restore("k", decode=decode_step, default=0, what=N_("step"), state_key=K.lab.canvas.step)
    restore(
        "algo", decode=choice(ALL_ALGOS), default=DEFAULT, what=N_("algorithm"), state_key=K.algo
    )
    return _state()


def preset_box(where) -> None:
    """The presets and the "New empty tree" button."""
    where.button(
        _("New empty tree"),
        key=K.new,
        on_click=_on_new,
        help=_("The root alone, selected: add its children with + child (c)."),
    )
    where.menu_button(
        _("Choose a preset…"), list(PRESETS), key=K.preset, on_click=_on_preset, format_func=_
    )
    if st.session_state.get(K.error):
        st.error(st.session_state[K.error])


def headline(tree: GameTree, lab: Lab) -> str:
    """Who wins (a tree of wins, draws and losses) or what MAX can force, and the run's work
    (teach.run_words); for MCTS, an estimate, the exact value and what MCTS did."""
    value = lab.run.value
    if lab.mcts is not None:
        value = lab.exact  # the tree's exact value, computed with the lab
    verdict = None
    if set(v for v in tree.values if v is not None) <= {-1, 0, 1} and value in (-1, 0, 1):
        verdict = {
            1: _("Value {value}: the first player wins with perfect play"),
            0: _("Value {value}: a draw with perfect play"),
            -1: _("Value {value}: the second player wins with perfect play"),
        }[value].format(value=format_value(value))
    if lab.mcts is not None:
        return mcts_headline(lab.mcts, value, verdict)
    name = lab.run.algorithm
    return headline_words(lab.run, _(LABELS[name]) if name in LABELS else name, verdict)


def import_export(tree: GameTree) -> None:
    """The "Import and export" box. Its contents are made only while it is open: a first
    visit's run has a radio, a text box, the plain-text component and two buttons fewer
    (ui.common.boxes)."""
    lazy_box(
        st.expander,
        _("Import and export"),
        lambda: _import_export(tree),
        key=K.port,
        icon=":material/swap_vert:",
    )


def _import_export(tree: GameTree) -> None:
    """Paste a tree in either format; the tree shown, to copy or download. What was typed
    and chosen is kept while the box is closed (persist_state)."""
    c1, c2 = st.columns(2)
    with c1:
        st.radio(
            _("Format"),
            FORMATS,
            key=K.fmt,
            horizontal=True,
            format_func=lambda f: f if f == FORMATS[0] else _(f),  # URAL 1282: a name
            persist_state="page",
        )
        st.text_area(
            _("Tree text"),
            key=K.text,
            height=180,
            placeholder=_("Paste URAL lines (7, N 1, N 1, L 2 -1, …) or brackets: ((-1 1) (1 1))"),
            persist_state="page",
        )
        st.button(_("Import"), key=K.import_, on_click=_on_import, type="primary")
    with c2:
        if st.session_state.get(K.fmt, FORMATS[0]) == FORMATS[0]:
            try:
                ural = format_ural(tree)
            except InputError:
                st.info(_("A tree of one node has no URAL 1282 form (N > 1): add a child first."))
                return
            _shown(ural)
            st.download_button(_("Download URAL"), ural, "tree.txt", key=K.download_ural)
        else:
            brackets = format_brackets(tree)
            _shown(brackets)
            st.download_button(
                _("Download brackets"), brackets, "tree_brackets.txt", key=K.download_brackets
            )


def _shown(text: str) -> None:
    if len(text) <= SHOWN_TEXT:
        plain_text(text, key=K.shown, copy=True, wrap=True)
    else:
        st.caption(_("The text has {n} characters: download it to read it.", n=f"{len(text):,}"))
