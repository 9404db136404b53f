"""The step player: plain step arithmetic, then the widget through AppTest."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st_
from streamlit.testing.v1 import AppTest

from ui.common.stepper import (
    DEFAULT_SPEED,
    SPEEDS,
    clamp_step,
    frame_ms,
    reconcile,
    speed_label,
    step_after,
)


@settings(max_examples=200, deadline=None)
@given(st_.integers(-50, 50), st_.integers(-5, 40))
def test_clamp_step_stays_in_range(k, n):
    c = clamp_step(k, n)
    assert 0 <= c <= max(0, n)
    if 0 <= k <= n:
        assert c == k


@settings(max_examples=200, deadline=None)
@given(st_.integers(0, 30), st_.integers(0, 30))
def test_step_after(k, n):
    k = min(k, n)
    assert step_after(k, n, "first") == 0
    assert step_after(k, n, "last") == n
    assert step_after(k, n, "next") == min(n, k + 1)
    assert step_after(k, n, "prev") == max(0, k - 1)


def test_reconcile_resets_on_new_token_and_clamps_otherwise():
    assert reconcile(7, 10, 5, "a", "a") == 5
    assert reconcile(3, 10, 5, "a", "a") == 3
    assert reconcile(3, 10, 12, "a", "b") == 0
    assert reconcile(3, None, 12, None, "b") == 3  # first run: keep what a link asked for


def test_frame_ms():
    assert frame_ms(4) == 250
    assert frame_ms(1000) == 20


def _app():
    import streamlit as st

    from ui.common.keys import Player
    from ui.common.stepper import step_player, step_speed

    n = st.session_state.get("n_steps", 10)
    if st.checkbox("show player", value=True, key="show"):
        k = step_player(Player("ab"), n, describe=lambda k: f"Step {k} says hello.", token="t")
        st.session_state["seen"] = k
        st.session_state["speed_seen"] = step_speed(Player("ab"))
    st.text_input("unrelated", key="other")


def _run():
    at = AppTest.from_function(_app)
    at.run()
    assert not at.exception
    return at


def _press(at, name):
    at.button(key=f"ab.{name}").click().run()
    assert not at.exception


def test_buttons_move_and_clamp():
    at = _run()
    assert at.session_state["seen"] == 0
    _press(at, "next")
    _press(at, "next")
    assert at.session_state["seen"] == 2
    assert at.slider(key="ab.slider").value == 2
    assert any("Step 2 says hello." in m.value for m in at.markdown)
    _press(at, "prev")
    assert at.session_state["seen"] == 1
    _press(at, "last")
    assert at.session_state["seen"] == 10
    assert at.button(key="ab.next").disabled
    _press(at, "first")
    assert at.session_state["seen"] == 0
    assert at.button(key="ab.prev").disabled


def test_slider_sets_step_and_survives_unrelated_widgets_and_hiding():
    at = _run()
    at.slider(key="ab.slider").set_value(7).run()
    assert at.session_state["seen"] == 7
    at.text_input(key="other").input("hello").run()
    assert at.session_state["seen"] == 7
    at.checkbox(key="show").uncheck().run()  # player hidden for a run: its widgets vanish
    assert not at.exception
    at.checkbox(key="show").check().run()
    assert at.session_state["seen"] == 7
    assert at.slider(key="ab.slider").value == 7
    _press(at, "next")
    assert at.session_state["seen"] == 8


def test_fewer_steps_clamp_and_zero_steps_work():
    at = _run()
    _press(at, "last")
    at.session_state["n_steps"] = 4
    at.run()
    assert not at.exception
    assert at.session_state["seen"] == 4
    at.session_state["n_steps"] = 0
    at.run()
    assert not at.exception
    assert at.session_state["seen"] == 0
    assert not at.slider  # no slider over a single step


def test_speed_labels_are_distinct():
    labels = [speed_label(s) for s in SPEEDS]
    assert len(set(labels)) == len(SPEEDS) and labels[0] == "▶ 1 step/s"


def test_speed_box_sits_in_the_button_row_and_persists():
    at = _run()
    assert at.session_state["speed_seen"] == DEFAULT_SPEED
    box = at.selectbox(key="ab.speed")
    assert box.value == DEFAULT_SPEED and list(box.options) == [speed_label(s) for s in SPEEDS]
    # one row: the four buttons, the step text and the speed box share one st.columns block
    assert len(at.columns) == 6 and at.columns[5].selectbox(key="ab.speed").value == DEFAULT_SPEED
    assert [b.key for b in at.columns[0].button] == ["ab.first"]
    box.set_value(15).run()
    assert at.session_state["speed_seen"] == 15
    at.checkbox(key="show").uncheck().run()  # hidden for a run: the chosen speed survives
    at.checkbox(key="show").check().run()
    assert at.selectbox(key="ab.speed").value == 15 and at.session_state["speed_seen"] == 15
    _press(at, "next")
    assert at.session_state["speed_seen"] == 15 and at.session_state["seen"] == 1
