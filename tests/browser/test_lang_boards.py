"""The board labs in Chinese and Russian on the class's two screens (issue 24): the layout
walk (no control text cut, no tap target covered or under 44 px on a phone, no sideways
scroll) on the pawn lab during a game (the play panel's buttons, the verdict, the moves) and
the chase lab in edit mode (presets, size, palette, the coloured board and its scale)."""

from __future__ import annotations

import pytest

from tests.browser.helpers import board_ready
from tests.browser.test_languages import LAYOUT_CASES, walk_translated

pytestmark = pytest.mark.browser

PAGES = {
    # white played a1-a2 and b1-b2, the engine answered: the play panel mid-game
    "pawn_game": "pawn?mode=play&mv=a1-a2.a4-a3.b1-b2.c4-c3",
    "chase": "chase?c=8-2.2-7.6-w",
}


@pytest.mark.parametrize("lang, size", LAYOUT_CASES)
@pytest.mark.parametrize("name", list(PAGES))
def test_the_board_labs_keep_their_layout_in_russian_and_chinese(
    screen, base_url, name, lang, size
):
    shot = f"lang_{name}_{lang}_{size}"
    walk_translated(screen, base_url, PAGES[name], lang, size, shot, ready=board_ready)
