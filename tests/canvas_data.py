"""What a page sends its tree canvases (ui.common.canvas), read in AppTest; what the canvas's
debounced step report does on the server (the browser side: tests/browser); and a payload
decoded step by step the way the browser does (viz.tree_payload's format)."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass

from streamlit.testing.v1 import AppTest

from ui.common.canvas import NAME as CANVAS_COMPONENT
from ui.common.keys import Canvas
from viz.tree_payload import STATUSES, step_text


def canvases(at: AppTest) -> list[dict]:
    """The data of every tree canvas on the page, in page order (not the projector's window
    probe, ui.common.projector: another component), packed values inflated (:func:`opened`)."""
    return [
        opened(json.loads(c.proto.json))
        for c in at.get("bidi_component")
        if c.proto.component_name == CANVAS_COMPONENT
    ]


def inflated(value):
    """A value as sent (ui.common.canvas.packed): ``{"z": ...}`` read back, else ``value``."""
    if isinstance(value, dict) and set(value) == {"z"}:
        return json.loads(zlib.decompress(base64.b64decode(value["z"])))
    return value


def opened(data: dict) -> dict:
    """A canvas's data as its browser code draws it (lib/unpack.js): its payload and every
    plugin's data inflated when they came packed."""
    x = {name: inflated(v) for name, v in (data.get("x") or {}).items()}
    return {**data, "p": inflated(data.get("p")), "x": x}


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


# ---- a payload decoded (what the browser does; the tests check it against engine.trace.Replayer)
@dataclass
class Decoded:
    status: list[str]
    alpha: list[str | None]
    beta: list[str | None]
    value: list[str | None]
    current: int  # view position, or -(s+1) for a summary


def decode(payload: dict, k: int) -> Decoded:
    """The state of every drawn node at step ``k``, by applying the deltas of steps 1..k."""
    m = len(payload["nodes"]["id"])
    vals = payload["vals"]
    st, a, b, v = [0] * m, [-1] * m, [-1] * m, [-1] * m
    for delta in payload["steps"][:k]:
        for j in range(0, len(delta), 5):
            i = delta[j]
            st[i], a[i], b[i], v[i] = delta[j + 1 : j + 5]

    def text(ix: list[int]) -> list[str | None]:
        return [None if x < 0 else vals[x] for x in ix]

    return Decoded([STATUSES[s] for s in st], text(a), text(b), text(v), payload["cur"][k])
