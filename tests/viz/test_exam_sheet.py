"""Exam sheets draw on their own Figures: no global matplotlib state, one value notation."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.figure

from teach.exam import make_sheet
from viz import exam_sheet
from viz.exam_sheet import render_sheet

SOURCE = Path(exam_sheet.__file__).read_text(encoding="utf-8")


def test_no_global_matplotlib_state():
    for word in (
        "rc_context",
        "rcParams[",
        "rcParams.update",
        "matplotlib.use",
        "matplotlib.pyplot",
    ):
        assert word not in SOURCE, word


def test_rcparams_untouched_while_a_sheet_is_drawn(monkeypatch):
    before = dict(matplotlib.rcParams)
    seen = []
    savefig = matplotlib.figure.Figure.savefig

    def spy(self, *a, **kw):  # rcParams as every other session sees them mid-drawing
        seen.append(dict(matplotlib.rcParams))
        return savefig(self, *a, **kw)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", spy)
    sheet = make_sheet(3, 2, 2, 2, -9, 9)
    render_sheet(sheet, answers=True, fmt="pdf")
    render_sheet(sheet, answers=False, fmt="png")
    assert seen and all(s == before for s in seen)
    assert dict(matplotlib.rcParams) == before


def test_every_text_names_its_font_and_the_window_reads_minus_plus_infinity():
    figs = exam_sheet._pages(make_sheet(5, 2, 2, 2, -9, 9), answers=False)
    texts = [t for f in figs for t in f.findobj(matplotlib.text.Text) if t.get_text()]
    assert texts and all(t.get_fontfamily() == list(exam_sheet.families()) for t in texts)
    words = " ".join(t.get_text() for t in texts)
    assert "alpha = −∞, beta = +∞" in words and "inf" not in words


def test_the_leaf_row_is_labelled_leaves_not_max_or_min():
    for depth in (2, 3):
        sheet = make_sheet(3, 1, 2, depth, -9, 9)
        figs = exam_sheet._pages(sheet, answers=False)
        labels = [
            t.get_text()
            for f in figs
            for t in f.findobj(matplotlib.text.Text)
            if t.get_text() in ("MAX", "MIN", "leaves")
        ]
        rows = ["MAX" if d % 2 == 0 else "MIN" for d in range(depth)] + ["leaves"]
        assert labels[: depth + 1] == rows
