"""The game review of a game against the engine (teach.game_review): shown under the play
panel once the game ends, and on demand (a toggle) while it goes on. The verdicts are the
exact solver's (the ``describe`` the board lab's play panel has: cached per position)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from engine.game import Game
from engine.play import PlaySession
from teach.game_review import BEST, LOSING, review, review_summary, row_sentence
from teach.i18n import _
from ui.common.keys import Play


def review_panel(
    keys: Play, sess: PlaySession, game: Game, describe: Callable[[Any], Any], over: bool
) -> None:
    """Every move the person played with the verdict before and after it, the losing move
    named; the whole review once the game is over, else behind a toggle (it solves the
    positions the engine has not shown, so it costs only when asked for)."""
    box = st.container(key=keys.review)
    if not over and not box.toggle(_("Review my moves so far"), key=keys.review_on):
        return
    rows = review(sess, game, describe)
    box.markdown(_("**Game review**") if over else _("**Review so far**"))
    box.markdown(review_summary(rows))
    lines = []
    for r in rows:
        text = row_sentence(r)
        mark = "✓" if r.kind == BEST else "✗" if r.kind == LOSING else "•"
        lines.append(f"- {mark} **{text}**" if r.kind == LOSING else f"- {mark} {text}")
    if lines:
        box.markdown("\n".join(lines))
        box.caption(
            _(
                "Plies to the end with perfect play on both sides, counted from before your "
                "move (a best move keeps the number); from the exact solver."
            )
        )
