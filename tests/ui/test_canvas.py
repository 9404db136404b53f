"""The tree canvas's server side (ui.common.canvas): what a report from the browser does.
The browser side is tests/browser/test_canvas.py; the page's use, tests/ui/test_page_alphabeta.py."""

from __future__ import annotations

import pytest

from ui.common import canvas
from ui.common.keys import AlphaBeta

K = AlphaBeta.lab.canvas


@pytest.fixture
def ss(monkeypatch):
    state: dict = {}
    monkeypatch.setattr(canvas.st, "session_state", state)
    return state


def test_a_step_report_becomes_the_pages_step_and_what_the_server_knows(ss):
    ss[K.widget] = {"step": 12}
    canvas._on_change(K, None, None)
    assert ss[K.step] == 12 and ss[K.known] == 12


@pytest.mark.parametrize("bad", [-1, True, "7", 2.5, None])
def test_a_malformed_report_changes_nothing(ss, bad):
    ss[K.step] = 3
    ss[K.widget] = {"step": bad, "drill": bad, "select": bad}
    seen = []
    canvas._on_change(K, seen.append, seen.append)
    assert ss[K.step] == 3 and K.known not in ss and seen == []


def test_drill_and_select_reach_their_handlers(ss):
    ss[K.widget] = {"step": 4, "drill": 17}
    drilled, picked = [], []
    canvas._on_change(K, drilled.append, picked.append)
    assert drilled == [17] and picked == []
    ss[K.widget] = {"step": 4, "select": 5}
    canvas._on_change(K, drilled.append, picked.append)
    assert drilled == [17] and picked == [5]
    canvas._on_change(K, None, None)  # no handlers: a trigger is ignored
