"""The projector's bar chart of a revealed class question: how many students gave each
answer, the right answer's bar green, the others grey, each bar labelled with its count."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

RIGHT, OTHER = "#2ea043", "#9aa5b1"
CHART_CONFIG = {"displayModeBar": False, "scrollZoom": False, "doubleClick": False}  # a still


def answer_bars(
    distribution: Sequence[tuple[str, int]], right: str, height: int = 260
) -> go.Figure:
    """``distribution`` = (answer shown, count) pairs (classroom.live.Revealed's); the right
    answer gets a bar (of 0) even when nobody gave it, and comes first."""
    counts = dict(distribution)
    labels = [right, *(a for a, _ in distribution if a != right)]
    ys = [counts.get(a, 0) for a in labels]
    fig = go.Figure(
        go.Bar(
            x=[f"{a} ✓" if a == right else a for a in labels],
            y=ys,
            marker_color=[RIGHT if a == right else OTHER for a in labels],
            text=ys,
            textposition="outside",
            textfont={"size": 18},
            hoverinfo="skip",
            cliponaxis=False,
        )
    )
    fig.update_layout(
        height=height,
        margin={"l": 10, "r": 10, "t": 24, "b": 10},
        plot_bgcolor="#fff",
        paper_bgcolor="#fff",
        showlegend=False,
        font={"size": 16},
        xaxis={"type": "category", "fixedrange": True, "tickfont": {"size": 18}},
        yaxis={"visible": False, "fixedrange": True, "range": [0, max(ys + [1]) * 1.25]},
        bargap=0.35,
    )
    return fig
