"""Every lab that shows a search offers its explored tree as GraphML and node-link JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from ui.common.keys import CHASE, AlphaBeta, Editor

PAGES = Path(__file__).resolve().parents[2] / "app_pages"


def _downloads(at: AppTest) -> list:
    return [e for e in at.get("download_button") if "tree" in str(e.proto.label).lower()]


@pytest.mark.parametrize(
    ("page", "box"),
    [("alphabeta.py", AlphaBeta.lab.export.box), ("tree.py", Editor.lab.export.box)],
)
def test_tree_labs_offer_both_files_in_the_download_box(page, box):
    """Closed, the "Download" box makes no button (a first visit's run has none); opened,
    it holds both files and the search to take away."""
    at = AppTest.from_file(str(PAGES / page), default_timeout=60).run()
    assert not at.exception
    assert "Download" in [e.label for e in at.expander]
    assert not at.get("download_button")
    at.session_state[box] = True  # a tap on the closed box: a rerun with it open
    at.run()
    assert not at.exception
    labels = sorted(e.proto.label for e in _downloads(at))
    assert labels == ["Download tree (GraphML)", "Download tree (JSON)"]
    assert [e.proto.label for e in at.get("download_button")].count(
        "Download this search (HTML)"
    ) == 1


def test_the_chase_search_tab_offers_both_files():
    at = AppTest.from_file(str(PAGES / "chase.py"), default_timeout=60)
    at.session_state[CHASE.tabs] = "The search tree"
    at.run()
    assert not at.exception and not at.get("download_button")  # the box closed
    at.session_state[CHASE.search.export.box] = True
    at.run()
    assert not at.exception
    assert len(_downloads(at)) == 2
