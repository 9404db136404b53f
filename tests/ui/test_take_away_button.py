"""The tree labs and the board search tabs offer "Download this search (HTML)"."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from ui.common.keys import PAWN, AlphaBeta

PAGES = Path(__file__).resolve().parents[2] / "app_pages"
LABEL = "Download this search (HTML)"


def _labels(at: AppTest) -> list[str]:
    return [e.proto.label for e in at.get("download_button")]


def test_the_alpha_beta_lab_and_the_pawn_search_tab_offer_the_file():
    at = AppTest.from_file(str(PAGES / "alphabeta.py"), default_timeout=60)
    at.session_state[AlphaBeta.lab.export.box] = True  # the lab's "Download" box open
    at.run()
    assert not at.exception and _labels(at).count(LABEL) == 1
    at = AppTest.from_file(str(PAGES / "pawn.py"), default_timeout=60)
    at.query_params["p"] = "3x3w:ppp/.../PPP"
    at.session_state["tab"] = "The search tree"
    at.session_state[PAWN.search.export.box] = True  # the search tab's "Download" box open
    at.run()
    assert not at.exception and _labels(at).count(LABEL) == 1
