"""Plotly animation in the browser for the boards' best lines (viz.board); search trees are
stepped on the tree canvas instead (viz.tree_payload, ui.common.canvas).

A figure gets one frame per step (named ``str(step)``, restyling a fixed list of traces with
``redraw=False``), a play/pause pair of buttons and a slider under the plot. Playing,
pausing and scrubbing happen in the browser with no server round trip. ``PLOTLY_CONFIG`` is
the one ``config`` for every chart of the app (no mode bar, no zoom: a board or a tree is
clicked, not explored).
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

PLOTLY_CONFIG = {"displayModeBar": False, "scrollZoom": False, "doubleClick": False}


def frame(name: int | str, data: list, traces: Sequence[int]) -> go.Frame:
    """One frame restyling ``traces`` with ``data`` (built from checked data: no validation)."""
    return go.Frame(name=str(name), data=data, traces=list(traces), _validate=False)


def attach_frames(fig: go.Figure, frames: Sequence[go.Frame]) -> None:
    """Give ``fig`` its frames without plotly copying and re-validating each one.

    ``fig.frames = ...`` rebuilds every frame with full validation (about 2 ms a frame: most
    of a chase click's server time for a 56-ply best line, seconds for a few dozen frames of
    a 1,000-node tree); :func:`frame` builds them from checked data with ``_validate=False``.
    Tests compare the JSON with plotly's validated frames (tests/ui/test_board_search.py), so a plotly that changes this private attribute fails
    loudly.
    """
    fig._frame_objs = tuple(frames)


def add_player(
    fig: go.Figure,
    steps: Sequence[int],
    *,
    active: int,
    frame_ms: int,
    prefix: str,
    top: int = 0,
    slider_x: float = 0.2,
    y: float = 0,
) -> None:
    """Play/pause buttons and a slider over ``steps`` (the frames' names) under the plot.

    ``active`` is the slider's index at first; ``prefix`` names the step in the slider's
    label ("step ", "ply "); ``top`` px between the plot and the slider (the buttons sit a
    little lower), ``slider_x`` the share of the width the buttons take on the left, ``y`` the
    height (paper share) of the player's top: 0 = the bottom of the plot.
    """
    still = dict(
        mode="immediate", frame=dict(duration=0, redraw=False), transition=dict(duration=0)
    )
    play = dict(
        frame=dict(duration=frame_ms, redraw=False),
        transition=dict(duration=0),
        fromcurrent=True,
        mode="immediate",
    )
    fig.update_layout(
        updatemenus=[
            dict(
                type="buttons",
                direction="left",
                x=0,
                y=y,
                xanchor="left",
                yanchor="top",
                pad=dict(t=top + 12, r=10),
                showactive=False,
                font=dict(size=15),
                buttons=[
                    dict(label="▶ play", method="animate", args=[None, play]),
                    dict(label="❚❚ pause", method="animate", args=[[None], still]),
                ],
            )
        ],
        sliders=[
            dict(
                active=active,
                x=slider_x,
                len=1 - slider_x,
                y=y,
                yanchor="top",
                pad=dict(t=top),
                currentvalue=dict(prefix=prefix, font=dict(size=15)),
                font=dict(size=12),
                ticklen=0,
                steps=[dict(method="animate", label=str(k), args=[[str(k)], still]) for k in steps],
            )
        ],
    )
