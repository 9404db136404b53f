"""A student's tap on a class page's answer buttons, in AppTest: the buttons are the still's
(game_tree_lab/tree_canvas/plugins/choices.js, data ``x.choices``), and a tap is the
canvas's trigger "choice". AppTest has no way to fire a component's trigger, so this sends
the widget state a browser sends for it (the component's trigger aggregator,
``<component id>__events``, with ``[{"event": "choice", "value": {q, a}}]``) through
AppTest's own run: Streamlit runs the page's real callback first, as on a server. The
browser tests tap the real buttons (tests/browser/test_class.py)."""

from __future__ import annotations

import json

from streamlit.proto.WidgetStates_pb2 import WidgetStates
from streamlit.runtime.state.session_state import STREAMLIT_INTERNAL_KEY_PREFIX
from streamlit.testing.v1 import AppTest

from ui.common.canvas import NAME as CANVAS_COMPONENT


def _still(at: AppTest):  # noqa: ANN202 - AppTest's element
    found = [
        c
        for c in at.get("bidi_component")
        if c.proto.component_name == CANVAS_COMPONENT
        and json.loads(c.proto.json).get("x", {}).get("choices")
    ]
    assert len(found) == 1, f"{len(found)} stills with answer buttons"
    return found[0]


def choices(at: AppTest) -> dict:
    """The still's answer buttons: ``{q, options: [[label, answer], ...], chosen, label}``."""
    return json.loads(_still(at).proto.json)["x"]["choices"]


def labels(at: AppTest) -> list[str]:
    """The answer buttons' words, in order."""
    return [label for label, _answer in choices(at)["options"]]


def chosen(at: AppTest) -> str | None:
    """The words of the button shown pressed (the stored answer), None if none is."""
    row = choices(at)
    return None if row["chosen"] is None else row["options"][row["chosen"]][0]


_REAL = object()


def tap(at: AppTest, label: str, value: object = _REAL) -> AppTest:
    """Tap the answer button with words ``label`` and run the page; ``value``: send this
    instead of what the button sends (a forged message)."""
    still = _still(at)
    row = json.loads(still.proto.json)["x"]["choices"]
    answer = next(a for words, a in row["options"] if words == label)
    sent = {"q": row["q"], "a": answer} if value is _REAL else value
    states = at._tree.get_widget_states()  # noqa: SLF001 - AppTest's own, as run() does
    w = states.widgets.add()
    w.id = f"{STREAMLIT_INTERNAL_KEY_PREFIX}_{still.proto.id}__events"
    w.json_trigger_value = json.dumps([{"event": "choice", "value": sent}])
    return at._run(WidgetStates(widgets=states.widgets))  # noqa: SLF001
