"""What a page sends its tree canvases (ui.common.canvas), read in AppTest, and what the
canvas's debounced step report does on the server (the browser side: tests/browser)."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from ui.common.canvas import NAME as CANVAS_COMPONENT
from ui.common.keys import Canvas
from viz.tree_payload import step_text


def canvases(at: AppTest) -> list[dict]:
    """The data of every tree canvas on the page, in page order (not the projector's window
    probe, ui.common.projector: another component)."""
    return [
        json.loads(c.proto.json)
        for c in at.get("bidi_component")
        if c.proto.component_name == CANVAS_COMPONENT
    ]


def canvas(at: AppTest, i: int = 0) -> dict:
    return canvases(at)[i]


def shown(at: AppTest, i: int = 0) -> str:
    """Canvas ``i``'s sentence as the browser writes it (a still: at its last step)."""
    data = canvas(at, i)
    p = data["p"]
    k = p["n"] if p["still"] else data["step"]
    return f"Step {k} of {p['total']}. {step_text(p, k)}"


def report(at: AppTest, keys: Canvas, k: int) -> AppTest:
    """The browser stepped canvas ``keys`` to ``k`` and said so."""
    at.session_state[keys.step] = k
    at.session_state[keys.known] = k
    return at.run()
