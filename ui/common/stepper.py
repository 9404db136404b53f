"""The step player the tree and board pages share: walk a search forwards and backwards.

``step_player`` draws one row of first / previous / next / last buttons (keyboard: Home,
Left, Right, End), "step k of n" and a compact speed box for the figure's own autoplay, then a
slider over every step, the figure (through ``draw``) and the one-sentence description of the
step under it. Everything above the figure takes two rows, so the tree stays high on a
projector.

The step lives in ``st.session_state[keys.step]`` (ui.common.keys.Player), a plain key that
no widget owns, so it survives page switches and runs where the player is hidden; the slider
is re-seeded from it on every run. Step arithmetic is plain functions, tested without streamlit.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import streamlit as st

from ui.common.keys import Player

SPEEDS = (1, 2, 4, 8, 15, 30)  # steps per second for the in-figure autoplay
DEFAULT_SPEED = 4


def clamp_step(k: int, n: int) -> int:
    """``k`` clamped to ``0..n`` (``n`` = number of steps; ``n < 0`` counts as 0)."""
    return max(0, min(int(k), max(0, int(n))))


def step_after(k: int, n: int, action: str) -> int:
    """The step after pressing ``first``, ``prev``, ``next`` or ``last`` at step ``k``."""
    k = clamp_step(k, n)
    moves = {"first": 0, "prev": k - 1, "next": k + 1, "last": n}
    if action not in moves:
        raise ValueError(f"unknown step action {action!r}")
    return clamp_step(moves[action], n)


def reconcile(k: int, old_n: int | None, n: int, old_token, token) -> int:
    """The step to show when the run may have changed: 0 for a new ``token`` (a new tree or
    position), else ``k`` clamped to the new length."""
    if old_n is not None and token is not None and token != old_token:
        return 0
    return clamp_step(k, n)


def frame_ms(speed: float) -> int:
    """Milliseconds per frame for ``speed`` steps per second."""
    return max(20, int(round(1000 / max(0.1, float(speed)))))


def speed_label(speed: int) -> str:
    """The speed box's text for ``speed`` steps per second, e.g. ``▶ 4 steps/s``."""
    return f"▶ {speed} step{'' if speed == 1 else 's'}/s"


def step_speed(keys: Player) -> int:
    """Autoplay speed (steps per second) chosen in player ``keys``."""
    return int(st.session_state.get(keys.speed_value, DEFAULT_SPEED))


def set_step(keys: Player, k: int, n_steps: int) -> None:
    """Jump player ``keys`` to step ``k`` (e.g. from a click on the figure). Call it before
    the player is drawn in a run, or from a callback."""
    k = clamp_step(k, n_steps)
    st.session_state[keys.step] = k
    st.session_state[keys.slider] = k


def step_player(
    keys: Player,
    n_steps: int,
    *,
    describe: Callable[[int], str],
    draw: Callable[[int], None] | None = None,
    token: Hashable | None = None,
) -> int:
    """Draw the player for a run of ``n_steps`` steps and return the current step (0..n_steps).

    ``draw(k)`` draws the figure for step ``k`` between the controls and the description.
    ``token`` identifies the run (e.g. a hash of the tree): when it changes the step resets to
    0; when only ``n_steps`` changes the step is clamped.
    """
    ss = st.session_state
    n = max(0, int(n_steps))
    k = reconcile(ss.get(keys.step, 0), ss.get(keys.n), n, ss.get(keys.token), token)
    ss[keys.step], ss[keys.n], ss[keys.token] = k, n, token
    ss[keys.slider] = k  # re-seed: the slider's own value is lost when it was not drawn

    def press(action: str) -> None:
        set_step(keys, step_after(ss[keys.step], n, action), n)

    def slid() -> None:
        ss[keys.step] = clamp_step(ss[keys.slider], n)

    def sped() -> None:
        ss[keys.speed_value] = ss[keys.speed]

    cols = st.columns([1, 1, 1, 1, 1.6, 1.4], vertical_alignment="center")
    # Material icons rather than ⏮/⏭ glyphs: those are missing from many system fonts
    # (headless chromium here draws them as empty boxes), the icon font always has them.
    buttons = (
        ("first", "first", ":material/first_page:", "Home", k == 0),
        ("prev", "back", ":material/chevron_left:", "Left", k == 0),
        ("next", "next", ":material/chevron_right:", "Right", k >= n),
        ("last", "last", ":material/last_page:", "End", k >= n),
    )
    for col, (action, label, icon, shortcut, disabled) in zip(cols, buttons, strict=False):
        col.button(
            label,
            icon=icon,
            key=keys.button(action),
            on_click=press,
            args=(action,),
            shortcut=shortcut,
            disabled=disabled,
            help=f"keyboard: {shortcut}",
            width="stretch",
        )
    cols[4].markdown(f"**step {k} of {n}**")
    ss[keys.speed] = ss.get(keys.speed_value, DEFAULT_SPEED)
    cols[5].selectbox(
        "autoplay speed (steps per second, ▶ play in the figure)",
        options=SPEEDS,
        key=keys.speed,
        on_change=sped,
        format_func=speed_label,
        label_visibility="collapsed",
        help="autoplay speed: steps per second when you press ▶ play in the figure",
    )
    if n > 0:
        st.slider("step", 0, n, key=keys.slider, on_change=slid, label_visibility="collapsed")
    if draw is not None:
        draw(k)
    st.markdown(describe(k))
    return k
