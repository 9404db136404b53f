"""A plotly chart that hears single clicks: the one counter behind every clickable board and
tree.

Clicking the same point twice deselects it (an empty selection), so the chart's key changes
after every handled click: a fresh chart, and the next click on that point counts again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import plotly.graph_objects as go
import streamlit as st

from ui.common.keys import Clicks

T = TypeVar("T")


def selected_points(state: Any) -> list[dict]:
    """The points of a chart's selection state (``st.session_state[chart key]``)."""
    if not state:
        return []
    return list(state.get("selection", {}).get("points", []))


def first_hit(points: list[dict], pick: Callable[[dict], T | None]) -> T | None:
    """``pick(point)`` of the first point it recognises (None: no point is a target)."""
    for pt in points:
        got = pick(pt)
        if got is not None:
            return got
    return None


def clickable_chart(
    keys: Clicks,
    fig: go.Figure,
    *,
    pick: Callable[[dict], T | None],
    on_hit: Callable[[T], None],
    config: dict,
    width: str = "stretch",
) -> None:
    """Draw ``fig``; a click on a point that ``pick`` recognises calls ``on_hit(pick(point))``
    in the widget callback (before the rerun), then the chart's key moves on."""
    ss = st.session_state
    chart_key = keys.chart(ss.get(keys.count, 0))

    def handle() -> None:
        hit = first_hit(selected_points(ss.get(chart_key)), pick)
        if hit is not None:
            on_hit(hit)
        ss[keys.count] = ss.get(keys.count, 0) + 1

    st.plotly_chart(
        fig,
        key=chart_key,
        on_select=handle,
        selection_mode="points",
        config=config,
        width=width,
    )
