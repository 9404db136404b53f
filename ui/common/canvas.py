"""The tree canvas: a search tree drawn and stepped entirely in the browser.

``tree_canvas(payload, keys=...)`` mounts ui/common/tree_canvas.js (a custom component, v2)
with a payload from viz.tree_payload. The browser steps it (buttons, keys, slider, autoplay)
with no script rerun; it tells the server only:

- the step, debounced (about 400 ms after the last change): stored in
  ``session_state[keys.step]`` (a ui.common.keys.Canvas), the step the pages and the
  practice panels read;
- a click on a "+N nodes" marker: ``on_drill(node)`` (open that subtree);
- a click on a node when ``on_select`` is given: ``on_select(node)``.

The server moves the browser's step only when it changes ``keys.step`` itself (a link,
a new run, leaving practice): the step it last sent or heard is kept, and a step that differs
from it is sent with a new sequence number, which the browser obeys.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import streamlit as st

from ui.common.keys import Canvas
from ui.common.stepper import clamp_step

_HERE = Path(__file__).parent
_COMPONENT = st.components.v2.component(
    "gtl_tree_canvas",
    js=(_HERE / "tree_canvas.js").read_text(encoding="utf-8"),
    css=(_HERE / "tree_canvas.css").read_text(encoding="utf-8"),
)


def _node_or_step(x) -> int | None:
    """``x`` when it is a whole number >= 0 (what the browser may send), else None."""
    return x if isinstance(x, int) and not isinstance(x, bool) and x >= 0 else None


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
    param: str = "k",
) -> int:
    """Mount the canvas for ``payload`` and return the step the server knows (0..n).

    ``param`` is the query parameter the browser keeps the step in (``?k=``), with
    ``history.replaceState``, so a copied link opens at that step.
    """
    ss = st.session_state
    n = int(payload["n"])
    k = clamp_step(ss.get(keys.step, 0), n)
    ss[keys.step] = k
    seq = int(ss.get(keys.seq, 0))
    if ss.get(keys.known) != k:  # the server moved the step: the browser must follow
        seq += 1
        ss[keys.seq], ss[keys.known] = seq, k
    callback = partial(_on_change, keys, on_drill, on_select)
    _COMPONENT(
        key=keys.widget,
        data={"p": payload, "step": k, "seq": seq, "select": on_select is not None, "param": param},
        default={"step": k},
        on_step_change=callback,
        on_drill_change=callback,
        on_select_change=callback,
    )
    return k
