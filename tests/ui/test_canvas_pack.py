"""A canvas's big payload travels packed (ui.common.canvas.packed), a small one as it is: read
back here with the standard library (tests.canvas_data.inflated), not the browser's code."""

from __future__ import annotations

import json

from tests.canvas_data import inflated, opened
from ui.common import canvas

SENTENCE = "Evaluate leaf … d1-d2 a3-a2 b3-b4: its value is 989 (значение, 值)."


def _payload(n: int, tag: str) -> dict:
    return {
        "id": f"{tag}-{n}",
        "n": n,
        "texts": [f"{SENTENCE} #{k}" for k in range(n + 1)],
        "cur": [k % 5 for k in range(n + 1)],
    }


def test_a_big_payload_and_a_big_plugin_data_go_packed_and_read_back_whole():
    big, follow = _payload(20_000, "p"), _payload(20_000, "f")
    assert len(json.dumps(big)) > canvas.PACK_BYTES
    parts = canvas.packed_parts(big, {"follow": follow, "mode": "follow", "answers": {"a": 1}})
    assert set(parts["p"]) == {"z"} and set(parts["x"]["follow"]) == {"z"}
    assert parts["x"]["mode"] == "follow" and parts["x"]["answers"] == {"a": 1}  # no id: as is
    sent = len(json.dumps(parts))
    assert sent < len(json.dumps([big, follow])) / 5
    back = opened(parts)
    assert back["p"] == big and back["x"]["follow"] == follow


def test_a_small_payload_goes_as_it_is():
    small = _payload(30, "s")
    parts = canvas.packed_parts(small, None)
    assert parts == {"p": small, "x": {}}
    assert inflated(small) is small


def test_a_payload_is_packed_once_however_many_runs_send_it():
    big = _payload(20_000, "once")
    first = canvas.packed_parts(big, None)["p"]
    assert canvas.packed_parts(big, None)["p"] is first  # cached by the payload's id
