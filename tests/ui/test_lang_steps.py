"""The alpha-beta lab's step sentences in the pseudo-language, through the app (issue 24):
the canvas's sentence of every step, the cut-offs' notes and sentences, the headline and the
figures' labels are all wrapped in ⟦ ⟧ while the class steps through the sample."""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from teach.i18n import CLOSE, OPEN, PSEUDO, use
from tests.canvas_data import canvas, report, shown
from tests.ui.tables import figures
from ui.common.keys import AlphaBeta
from ui.tree import tree_lab as tl

APP_FILE = str(Path(__file__).resolve().parents[2] / "app.py")


def _outside(text: str) -> str:
    """What is left of ``text`` outside its wrapped sentences (innermost first)."""
    while True:
        shorter = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "", text)
        if shorter == text:
            return text
        text = shorter


def _words(text: str) -> set[str]:
    """The words outside the wrapped sentences, node names (one or two capitals) aside."""
    return {
        w for w in re.findall(r"[A-Za-z]+", _outside(text)) if not re.fullmatch("[A-Z]{1,2}", w)
    }


def test_stepping_the_alpha_beta_lab_shows_only_wrapped_sentences():
    # The lab's payload and run are cached per process without the language yet (the cache
    # keys are the canvas's engineer's work): start from empty caches, as a fresh server does.
    tl.cached_lab.clear()
    tl._cached_payload.clear()
    at = AppTest.from_file(APP_FILE, default_timeout=120)
    at.query_params["lang"] = PSEUDO
    at.run()
    at.switch_page("app_pages/alphabeta.py").run()
    assert not at.exception
    p = canvas(at)["p"]
    n = p["n"]
    assert n > 10 and len(p["texts"]) > 10
    for text in p["texts"]:
        assert text.startswith(OPEN) and not _words(text), text
    assert p["cuts"]
    for cut in p["cuts"]:
        for text in (cut["note"], cut["text"]):
            assert OPEN in text and not _words(text), text
    keys = AlphaBeta.lab.canvas
    for k in (1, 2, 5, n):  # the class steps: the sentence under the canvas, step by step
        with use(PSEUDO):  # AppTest formats the menus' values (their format_func) here
            report(at, keys, k)
        assert not at.exception
        said = shown(at).split(". ", 1)[1]  # after the counter (the canvas's own words)
        assert said.startswith(OPEN) and not _words(said), said
    headline = [m.value for m in at.markdown if "can force" in m.value]
    assert headline and all(not _words(h) for h in headline), headline
    # the run's counts (teach.run_words.metrics; the others are the page's)
    labels = [label for label in figures(at) if "evaluates" in label]
    assert len(labels) == 2 and all(not _words(label) for label in labels), labels
