"""The tree canvas's own words (issue 24): its buttons, menus, legend, counter, hints, tooltips
and screen-reader names, in the run's language.

The canvas's browser code (game_tree_lab/tree_canvas) holds no word a person reads: it reads
them from the payload's ``ui`` mapping (viz.tree_payload), made here with ``_`` ("Python
decides, the browser draws"). The payload carries the core's words (:func:`ui_words`); each
plugin's words come beside it as ``data.w`` only in a run that turns the plugin on
(:func:`plugin_words`, ui.common.canvas), and the core adds them to ``ui``. A word with ``{name}`` placeholders is filled in the browser
(``word(p, key, {name: ...})`` in lib/util.js); a word with a count is a plural: its forms
under ``plural[key]`` by CLDR category (``one``, ``few``, ``many``, ``other``), which the
browser picks with ``Intl.PluralRules(ui.lang)``.
"""

from __future__ import annotations

from babel import Locale

from teach.i18n import PSEUDO, _, current, ngettext, pgettext, use

# The sample count of each CLDR plural category the catalogues' languages use: the form of
# a category is ngettext's for its sample (Russian 1, 2, 5; English and Chinese 1, 5).
_SAMPLES = (1, 2, 5)


def _core() -> dict[str, str]:
    """The core's words (core.js): every canvas shows them."""
    return {
        # the step bar
        "first": _("first"),
        "first_title": _("first step (Home)"),
        "first_aria": _("first step"),
        "back": _("back"),
        "back_title": _("previous step (Left)"),
        "back_aria": _("back one step"),
        "next": _("next"),
        "next_title": _("next step (Right)"),
        "next_aria": _("next step"),
        "last": _("last"),
        "last_title": _("last step (End)"),
        "last_aria": _("last step"),
        "play_title": _("autoplay"),
        "play": _("play"),
        "pause": _("pause"),
        "counter_step": _("step"),
        "counter": _("{k} of {n}"),
        "speed": _("speed"),
        "size": _("size"),
        "size_auto": _("auto"),
        "size_fit": _("whole tree"),
        "slider": _("step"),
        "types": _("node types"),
        "types_title": _("node types, once a node is done"),
        "drawing": _("the tree's drawing (its words are in the tree view below)"),
        "step_of": _("Step {k} of {n}."),
        # the figure bigger than its box
        "hint_both": _(
            "✥ The tree scrolls both ways, following the current node; size: whole tree shows all of it."
        ),
        "hint_x": _(
            "↔ The tree scrolls sideways, following the current node; size: whole tree shows all of it."
        ),
        "hint_y": _(
            "↕ The tree scrolls up and down, following the current node; size: whole tree shows all of it."
        ),
        "hint_both_still": _("✥ The tree scrolls both ways; size: whole tree shows all of it."),
        "hint_x_still": _("↔ The tree scrolls sideways; size: whole tree shows all of it."),
        "hint_y_still": _("↕ The tree scrolls up and down; size: whole tree shows all of it."),
        # the legend
        "lg_max": _("MAX"),
        "lg_min": _("MIN"),
        "lg_leaf": _("leaf"),
        "lg_path": _("on the current path"),
        "lg_current": _("current node"),
        "lg_done": _("done"),
        "lg_pruned": _("pruned"),
        "lg_ab": _("alpha, beta, value (best so far)"),
        "lg_null": _("a null window (β = α + 1)"),
        "lg_pv": _("best play (drawn once the search has proved it)"),
        "lg_ask": _("the node the question asks about"),
        "lg_selected": _("selected"),
        "lg_sum_click": _("+N nodes: click to open"),
        "lg_sum_tap": _("+N nodes: tap to open"),
    }


def _edit() -> dict[str, str]:
    """The tree editor's (plugins/edit.js)."""
    return {
        "ed_modes": _("mode"),
        "ed_edit": _("✎ Edit the tree"),
        "ed_edit_title": _("edit the tree (e)"),
        "ed_step": _("▶ Step the search"),
        "ed_step_title": _("step the search on this tree (e)"),
        "ed_value": _("value"),
        "ed_set": _("Set"),
        "ed_set_title": _("set the selected leaf to the value (Enter)"),
        "ed_child": _("+ child"),
        "ed_child_title": _("add a child (c): the value, else 0; the parent stays selected"),
        "ed_sibling": _("+ sibling"),
        "ed_sibling_title": _("add a sibling after the node (s) and select it"),
        "ed_delete": _("Delete"),
        "ed_delete_title": _("delete the node and everything below it (Delete)"),
        "ed_undo": pgettext("tree editor", "Undo"),  # zh: not the pawn lab's 悔棋
        "ed_undo_title": _("undo (u or Ctrl+Z)"),
        "ed_redo": _("Redo"),
        "ed_redo_title": _("redo (r or Ctrl+Y)"),
        "ed_keys": _("Keys:"),
        "ed_k_select": _("select"),
        "ed_k_click": _("click, ← ↑ → ↓"),
        "ed_k_type": _("type a value"),
        "ed_k_set": _("set the leaf"),
        "ed_k_child": _("add a child"),
        "ed_k_sibling": _("add a sibling"),
        "ed_k_delete": _("delete"),
        "ed_k_undo": _("undo"),
        "ed_k_redo": _("redo"),
        "ed_k_step": _("step the search"),
        "ed_refused": _("Not done: {why}."),
        # how the editor's refusals (teach.tree_edit) name a node: replaced by its name
        "ed_node": _("node {n}"),
        "ed_hidden": _("Selected node not drawn (open its part of the tree, or click a node)."),
        "ed_leaf": _(
            "Selected: {node} (value {value}). Type a value, then Enter sets it; "
            "c gives it a child, s a sibling."
        ),
        "ed_leaf_typed": _(
            "Selected: {node} (value {value}). Enter sets it to {typed}; "
            "c gives it a child {typed}, s a sibling {typed}."
        ),
        "ed_max": _(
            "Selected: MAX {node}. c adds a child (type a value first, else 0); it stays selected."
        ),
        "ed_min": _(
            "Selected: MIN {node}. c adds a child (type a value first, else 0); it stays selected."
        ),
        "ed_max_root": _(
            "Selected: MAX {node} (the root). c adds a child (type a value first, else 0); "
            "it stays selected."
        ),
        "ed_min_root": _(
            "Selected: MIN {node} (the root). c adds a child (type a value first, else 0); "
            "it stays selected."
        ),
        "ed_max_typed": _("Selected: MAX {node}. c adds a child {typed}; it stays selected."),
        "ed_min_typed": _("Selected: MIN {node}. c adds a child {typed}; it stays selected."),
        "ed_max_root_typed": _(
            "Selected: MAX {node} (the root). c adds a child {typed}; it stays selected."
        ),
        "ed_min_root_typed": _(
            "Selected: MIN {node} (the root). c adds a child {typed}; it stays selected."
        ),
    }


def _follow() -> dict[str, str]:
    """The follow view's (plugins/follow.js)."""
    return {
        "f_cut": _("cut-off ⇥"),
        "f_cut_more": _("next"),
        "f_cut_title": _("jump to the next cut-off (C)"),
        "f_cut_aria": _("jump to the next cut-off"),
        "f_end": _("subtree ⤴"),
        "f_end_more": _("end of"),
        "f_end_title": _(
            "jump to the end of this subtree: where the node the search is in returns (U)"
        ),
        "f_end_aria": _("jump to the end of this subtree"),
        "f_view": _("View:"),
        "f_view_aria": _("view"),
        "f_follow": _("follow the search"),
        "f_tree": _("whole tree"),
        "f_head": _(
            "The path from the root to the current node, one row per ply; beside each node on it, its siblings."
        ),
        "f_searched": _("searched (its value)"),
        "f_onpath": _("on the path (best so far)"),
        "f_current": _("current node"),
        "f_pruned": _("pruned by a cut-off"),
        "f_come": _("still to come"),
        "f_best": _("best move, once the search has proved it"),
        "f_per_ply": _("Per ply so far:"),
        "f_nodes": _("nodes"),
        "f_leaves": _("leaves"),
        "f_cutoffs": _("cut-offs"),
        "f_chart": _("nodes, leaves and cut-offs per ply"),
        "f_st_s": _("searched"),
        "f_st_p": _("on the path"),
        "f_st_x": _("pruned"),
        "f_st_t": _("still to come"),
        "f_chip_title": _("{node}: {status}"),
        "f_chip_title_cur": _("{node}: {status} (the current node)"),
        "f_root": _("root"),
        "f_is": _("= {value}"),
        "f_so_far": _("so far {value}"),
        "f_pruned_chip": _("pruned"),
        "f_deep": _("{nodes} · {plies} deep"),
        "f_not_reached": _("not reached yet"),
        "f_value": _("value"),
        "f_best_so_far": _("best so far"),
        "f_ply": _("ply {d}"),
        "f_below": _("below the current node"),
        "f_bar_title": _("ply {d}: {nodes} nodes, {leaves} leaves, {cuts} cut-offs"),
        "f_now": _(
            "<b>So far at step {k}.</b> <b>Ply {d} (the current node's):</b> {nodes}, {leaves}, "
            "{cuts} so far. <b>All plies:</b> {all_nodes}, {all_leaves}, {all_cuts}. "
            "The grey bars: each ply at the end."
        ),
    }


def _answer() -> dict[str, str]:
    """Answering on the tree (plugins/answer.js)."""
    return {
        "a_check": _("Check"),
        "a_edge": _("edge {parent} to {child}: pruned"),
        "a_edge_marked": _("edge {parent} to {child}: marked pruned"),
        "a_edge_wrong": _("edge {parent} to {child}: marked pruned, wrongly"),
        "a_edge_title": _("{parent} → {child}: click to mark pruned (again to unmark)"),
        "a_field": _("{label} of {node}"),
        "a_sign": _("change the sign"),
        "a_searched": _("searched"),
        "a_wrong": _("wrong: try again"),
        "a_right": _("right"),
    }


def _mcts() -> dict[str, str]:
    """MCTS's visits (plugins/mcts.js)."""
    return {
        "m_iteration": _("iteration {k} of {n}"),
    }


def _student() -> dict[str, str]:
    """A class student's page drawn by its still (plugins/student.js)."""
    return {
        "s_away": _(
            "Reconnecting: the class database cannot be reached right now. Answers you were "
            "told are in are kept; this page comes back by itself."
        ),
    }


def _takeaway() -> dict[str, str]:
    """The take-away buttons' (plugins/takeaway.js)."""
    return {
        "t_svg": _("the tree at this step as an SVG file"),
        "t_png": _("the tree at this step as a PNG picture"),
    }


def _forms(form) -> dict[str, str]:
    """A plural's form for each CLDR category of the run's language, its ``{n}`` unfilled:
    ``form(n)`` is the ngettext of a sample count of the category."""
    lang = current()
    rule = Locale.parse("en" if lang == PSEUDO else lang).plural_form
    out: dict[str, str] = {}
    for n in _SAMPLES:
        out.setdefault(rule(n), form(n))
    return out


def _plural(key: str) -> dict[str, str]:
    form = {
        "speed": lambda n: ngettext("{n} step/s", "{n} steps/s", n, n="{n}"),
        "nodes": lambda n: ngettext("{n} node", "{n} nodes", n, n="{n}"),
        "leaves": lambda n: ngettext("{n} leaf", "{n} leaves", n, n="{n}"),
        "cuts": lambda n: ngettext("{n} cut-off", "{n} cut-offs", n, n="{n}"),
        "plies": lambda n: ngettext("{n} ply", "{n} plies", n, n="{n}"),
        "iterations": lambda n: ngettext("{n} iteration", "{n} iterations", n, n="{n}"),
    }[key]
    return _forms(form)


# Each plugin with words of its own: its words and its plurals' keys. A plugin's words travel
# only in the runs that turn it on (:func:`plugins_on`), not in the payload: the editor's and
# the follow view's alone are about 3.8 KB of every run in English.
PLUGINS = {
    "edit": (_edit, ()),
    "follow": (_follow, ("nodes", "leaves", "cuts", "plies")),
    "answer": (_answer, ()),
    "mcts": (_mcts, ("iterations",)),
    "student": (_student, ()),
    "takeaway": (_takeaway, ()),
}


def plugins_on(x: dict | None, *, still: bool) -> tuple[str, ...]:
    """The plugins with words that the canvas's data turns on: edit, follow, answer, mcts and
    student when ``data.x`` has their entry (plugins/*.js read ``data.x.NAME``), the take-away
    buttons on every canvas but a still."""
    x = x or {}
    on = [name for name in ("edit", "follow", "answer", "mcts", "student") if x.get(name)]
    return (*on, *(() if still else ("takeaway",)))


def ui_words(lang: str | None = None) -> dict:
    """The core's words in ``lang`` (default: the run's language), the payload's ``ui``:
    ``{key: text, ..., "plural": {key: {category: text}}, "lang": BCP 47 tag for
    Intl.PluralRules}``."""
    with use(lang or current()):
        words: dict = _core()
        words["plural"] = {"speed": _plural("speed")}
        words["lang"] = "en" if current() == PSEUDO else current()
    return words


def plugin_words(names, lang: str | None = None) -> dict:
    """The words of the plugins ``names`` (:data:`PLUGINS`) in ``lang`` (default: the run's
    language), sent beside the payload as ``data.w``: ``{key: text, ..., "plural": {key:
    {category: text}}}``; the core adds them to the payload's ``ui`` (core.js)."""
    words: dict = {}
    plurals: dict = {}
    with use(lang or current()):
        for name in names:
            make, keys = PLUGINS[name]
            words.update(make())
            plurals.update({key: _plural(key) for key in keys})
    if plurals:
        words["plural"] = plurals
    return words
