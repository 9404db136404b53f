"""What a figure of Monte Carlo tree search adds to the tree canvas's payload: every drawn
node's visits N at every step (the canvas's plugins/mcts.js writes them beside the nodes,
whose value box shows W/N), and the chart of the root's estimate over the iterations with
the exact value as a line."""

from __future__ import annotations

import plotly.graph_objects as go

from engine.mcts import Mcts
from engine.trace import EXIT, LEAF
from teach.i18n import _
from teach.mcts_words import LEGEND

ESTIMATE, EXACT = "#1f6feb", "#2ea043"


def visits_extra(m: Mcts) -> dict:
    """The plugin's data (``data.x.mcts``): ``n`` a flat list ``[step, node id, N, W/N,
    ...]`` of every change of a node's visits and mean (a backup adds 1 and the reward at
    the node's LEAF or EXIT step; W/N to two decimals), ``it`` the step each iteration
    starts at (1-based: its first event), ``legend``."""
    n = [0] * len(m.run.tree)
    w = [0.0] * len(m.run.tree)
    changes: list[float] = []
    reward = 0.0
    for k, e in enumerate(m.run.events, start=1):
        if e.kind == LEAF:
            reward = e.value
        if e.kind == LEAF or e.kind == EXIT:
            v = e.node
            n[v] += 1
            w[v] += reward
            changes += [k, v, n[v], round(w[v] / n[v], 2)]
    its = [it.step + 1 for it in m.iterations]
    return {"mcts": {"n": changes, "it": its, "legend": _(LEGEND)}}


def estimate_chart(m: Mcts, exact: float, height: int = 260) -> go.Figure:
    """The root's mean reward after each iteration, and ``exact`` (minimax's value on the
    same [0, 1] scale) as a horizontal line."""
    xs = list(range(1, len(m.means) + 1))
    fig = go.Figure(
        go.Scatter(
            x=xs,
            y=m.means,
            mode="lines",
            name=_("MCTS estimate (root's W/N)"),
            line={"color": ESTIMATE, "width": 2},
        )
    )
    fig.add_hline(
        y=exact,
        line={"color": EXACT, "dash": "dash", "width": 2},
        annotation_text=_("minimax's exact value {value}", value=f"{exact:.2f}"),
        annotation_position="top left",
    )
    fig.update_layout(
        height=height,
        margin={"l": 10, "r": 10, "t": 24, "b": 10},
        plot_bgcolor="#fff",
        paper_bgcolor="#fff",
        showlegend=False,
        xaxis={"title": _("iteration"), "fixedrange": True},
        yaxis={"title": _("reward for MAX"), "range": [-0.02, 1.02], "fixedrange": True},
    )
    return fig
