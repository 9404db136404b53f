"""The tree canvas: a search tree drawn and stepped entirely in the browser.

``tree_canvas(payload, keys=...)`` mounts the tree canvas component (components v2) with a
payload from viz.tree_payload. Its browser code is ES modules and style sheets in
game_tree_lab/tree_canvas/ (the core, its plugins and the plugin interface: core.js), declared
with an ``asset_dir`` in pyproject.toml: the browser fetches them once as static files, and a
run's message carries only the data. That needs the project installed (``pip install -e .``).
A big payload, or a plugin's big data, travels packed (:func:`packed`: deflated once per
payload; its browser code inflates it). The browser steps it (buttons, keys, slider, autoplay)
with no script rerun; it tells the server only:

- the step, debounced (about 400 ms after the last change): stored in
  ``session_state[keys.step]`` (a ui.common.keys.Canvas), the step the pages and the
  practice panels read;
- a click on a "+N nodes" marker: ``on_drill(node)`` (open that subtree);
- a click on a node when ``on_select`` is given: ``on_select(node)``.

The server moves the browser's step only when it changes ``keys.step`` itself (a link,
a new run, leaving practice: :func:`set_step`): the step it last sent or heard is kept, and a
step that differs from it is sent with a new sequence number, which the browser obeys.

:func:`tree_still` mounts a still (viz.tree_payload's ``upto``: a practice question's step,
a tree to fill in): no controls, no report. Step arithmetic is plain functions, tested without streamlit.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Hashable
from functools import partial

import streamlit as st

from teach.i18n import N_
from ui.common.component import declare, module_url
from ui.common.keys import Canvas
from ui.common.link_codec import nearest_of
from ui.common.projector import PROJECTOR, is_on
from ui.common.share import restore
from viz.canvas_ui import plugin_words, plugins_on

# The speed box's choices, steps per second (SPEEDS in core.js; a test keeps them equal).
SPEEDS = (1, 2, 4, 8, 15, 30)

# The distribution's name and the component's in pyproject.toml's [tool.streamlit.component].
NAME = "game-tree-lab.tree_canvas"


# A payload (or a plugin's data with an ``id``) whose JSON is longer than this travels packed.
PACK_BYTES = 256 * 1024


@st.cache_resource(max_entries=16, show_spinner=False)
def packed(digest: str, _value: dict) -> dict | None:
    """``_value`` (a payload, or a plugin's data, named by its content digest ``digest``: its
    ``id``) packed, ``{"z": its JSON deflated (zlib) in base64}``, when its JSON is longer
    than :data:`PACK_BYTES`; else None (sent as it is). The browser inflates it
    (game_tree_lab/tree_canvas/lib/unpack.js). The pawn search tab's first run was 4.7 MB of
    JSON, most of it its 80,897 steps' arrays and sentences: Streamlit wrote that JSON and
    the websocket deflated it on every run, and the browser decoded it all from the
    message. Packed once per payload here, a run carries 0.6 MB of base64."""
    raw = json.dumps(_value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(raw) <= PACK_BYTES:
        return None
    return {"z": base64.b64encode(zlib.compress(raw, 6)).decode("ascii")}


def _sent(value):
    """``value`` as a run sends it: packed (:func:`packed`) when it is a dict with an ``id``
    and its JSON is long, else as it is."""
    if isinstance(value, dict) and isinstance(value.get("id"), str):
        return packed(value["id"], value) or value
    return value


def packed_parts(payload: dict, extra: dict | None) -> dict:
    """The canvas data's ``p`` and ``x`` as a run sends them (:func:`_sent`). A class page's
    HTTP follow (:func:`still_data`) sends them as they are: its answer is gzipped whole."""
    return {"p": _sent(payload), "x": {name: _sent(v) for name, v in (extra or {}).items()}}


def _component():
    return declare(NAME, "The tree canvas")


def canvas_files() -> list[str]:
    """The URL path of the canvas's module, index.js (the bundle of its modules, one file).
    A page that will draw a canvas gives it to ui.common.projector.page_header, whose window
    probe (the first element of every page) has the browser import it while the page's run
    goes on; else the browser asks for it only once the canvas's element has arrived, at the
    run's end. Its style sheet is not preloaded: Streamlit fetches it its own way, and a
    preload it did not use was a second fetch of the same file."""
    return [module_url(NAME)]


def clamp_step(k: int, n: int) -> int:
    """``k`` clamped to ``0..n`` (``n`` = number of steps; ``n < 0`` counts as 0)."""
    return max(0, min(int(k), max(0, int(n))))


def reconcile(k: int, old_n: int | None, n: int, old_token, token) -> int:
    """The step to show when the run may have changed: 0 for a new ``token`` (a new tree or
    position), else ``k`` clamped to the new length."""
    if old_n is not None and token is not None and token != old_token:
        return 0
    return clamp_step(k, n)


def set_step(keys: Canvas, k: int, n_steps: int) -> None:
    """Move canvas ``keys`` to step ``k`` (a quiz's step, an edit, a link); the browser
    follows on the next run."""
    st.session_state[keys.step] = clamp_step(k, n_steps)


def follow_run(keys: Canvas, n: int, token: Hashable | None) -> int:
    """The step of canvas ``keys`` for a run of ``n`` steps named ``token``: a new token
    starts at step 0, a shorter run clamps the step. Remembers the run; returns the step."""
    ss = st.session_state
    k = reconcile(ss.get(keys.step, 0), ss.get(keys.n), n, ss.get(keys.token), token)
    ss[keys.step], ss[keys.n], ss[keys.token] = k, n, token
    return k


def _node_or_step(x) -> int | None:
    """``x`` when it is a whole number >= 0 (what the browser may send), else None."""
    return x if isinstance(x, int) and not isinstance(x, bool) and x >= 0 else None


def _on_event(widget: str, name: str, handle: Callable[[object], None]) -> None:
    """A plugin of the component under key ``widget`` reported ``name``: ``handle`` gets the
    raw value (it must check it: the browser's messages are not trusted)."""
    state = st.session_state.get(widget) or {}
    if state.get(name) is not None:
        handle(state.get(name))


def _plugin_callbacks(widget: str, events: dict | None) -> dict:
    """The ``on_NAME_change`` arguments that route each plugin event of the canvas keyed
    ``widget`` to its handler (:func:`_on_event`)."""
    return {
        f"on_{name}_change": partial(_on_event, widget, name, handle)
        for name, handle in (events or {}).items()
    }


def _on_change(keys: Canvas, on_drill, on_select) -> None:
    """The browser reported something: the step, a drill-down or a selection. Anything
    else than a whole number >= 0 is ignored (the browser's messages are not trusted)."""
    ss = st.session_state
    state = ss.get(keys.widget) or {}
    step = _node_or_step(state.get("step"))
    if step is not None:
        ss[keys.step] = ss[keys.known] = step
    drill = _node_or_step(state.get("drill"))
    if on_drill is not None and drill is not None:
        on_drill(drill)
    picked = _node_or_step(state.get("select"))
    if on_select is not None and picked is not None:
        on_select(picked)


def tree_canvas(
    payload: dict,
    *,
    keys: Canvas,
    on_drill: Callable[[int], None] | None = None,
    on_select: Callable[[int], None] | None = None,
    selected: int | None = None,
    ask: int | None = None,
    param: str | None = "k",
    fit: bool = False,
    extra: dict | None = None,
    events: dict[str, Callable[[object], None]] | None = None,
) -> int:
    """Mount the canvas for ``payload`` and return the step the server knows (0..n).

    ``selected`` gets a blue ring, ``ask`` (the node a question is about) a red one (see
    also :func:`tree_still`).
    ``param`` is the query parameter the browser keeps the step in (``?k=``), with
    ``history.replaceState``, so a copied link opens at that step; None: not in the link.
    With ``param``, autoplay is in the link too: ``?play=SPEED`` while it runs (the browser
    writes and removes it); a link's ``play`` (read once, nearest speed offered) starts the
    canvas playing from its step.
    ``fit``: start with the whole tree in the width (a canvas in a narrow column).
    ``extra``: data for the plugins (game_tree_lab/tree_canvas/plugins/), sent as ``data.x``; ``events``: for
    each name a plugin reports (setTriggerValue / setStateValue), the function that gets
    the value.
    """
    ss = st.session_state
    n = int(payload["n"])
    marks = {"sel": selected, "ask": ask}
    k = clamp_step(ss.get(keys.step, 0), n)
    ss[keys.step] = k
    seq = int(ss.get(keys.seq, 0))
    if ss.get(keys.known) != k:  # the server moved the step: the browser must follow
        seq += 1
        ss[keys.seq], ss[keys.known] = seq, k
    play = None
    if param is not None:
        decode = nearest_of(SPEEDS, N_("the speed"))
        speed = restore(
            "play", decode=decode, default=None, what=N_("autoplay speed"), state_key=keys.play
        )
        play = None if ss.get(keys.played) else speed  # sent once: the browser starts playing
        ss[keys.played] = True
    callback = partial(_on_change, keys, on_drill, on_select)
    _component()(
        key=keys.widget,
        data={
            **packed_parts(payload, extra),
            "step": k,
            "seq": seq,
            "select": on_select is not None,
            "param": param,
            "play": play,
            "fit": fit,
            "w": _words(payload, extra),
            "view": _view(),
            **marks,
        },
        default={"step": k},
        on_step_change=callback,
        on_drill_change=callback,
        on_select_change=callback,
        **_plugin_callbacks(keys.widget, events),
    )
    return k


def tree_still(
    payload: dict,
    *,
    key: str,
    ask: int | None = None,
    extra: dict | None = None,
    events: dict[str, Callable[[object], None]] | None = None,
) -> None:
    """Mount a still (viz.tree_payload's ``upto``): the tree at one step, no controls, no
    report; ``ask`` (the node a question is about) gets a red ring. ``extra`` and
    ``events`` as in :func:`tree_canvas` (answering on the still: plugins/answer.js)."""
    _component()(
        key=key,
        data={
            **still_data(payload, ask=ask, extra=extra),
            "view": _view(),
            **packed_parts(payload, extra),
        },
        **_plugin_callbacks(key, events),
    )


def still_data(payload: dict, *, ask: int | None = None, extra: dict | None = None) -> dict:
    """A still's data but its view (:func:`tree_still`): also what a class page's HTTP
    follow hands the still to draw anew, with no script run (ui.classroom.routes)."""
    return {
        "p": payload,
        "step": payload["n"],
        "seq": 0,
        "ask": ask,
        "x": extra or {},
        "w": _words(payload, extra),
    }


def _words(payload: dict, extra: dict | None) -> dict:
    """The words of the plugins this run turns on (viz.canvas_ui.plugin_words), in the
    run's language (the payload's, made in it); the payload carries only the core's."""
    return plugin_words(plugins_on(extra, still=bool(payload.get("still"))))


def _view() -> str | None:
    """``projector`` in projector mode (plugins/projector.js draws larger), else None."""
    return PROJECTOR if is_on() else None
