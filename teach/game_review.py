"""A game review: each of the person's moves in a game against the engine, with the exact
verdict before and after it, and the move that lost the game named.

Pure: the game's positions and move names (an :class:`engine.play.PlaySession`) and an
exact verdict ``describe(position) -> (winner, plies)`` in (the exact solver's: the pawn
solver, the chase's retrograde table; the board labs pass their cached ones), sentences
out. A verdict is the person's: "a win in 9" (plies to the end with perfect play on both
sides, counted from the position before the move, so a best move keeps the number: the
move itself is one of the plies), "a loss in 6", "a draw".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.game import Game
from engine.play import PlaySession
from teach.i18n import _, ngettext

Verdict = tuple[str | None, int]  # (winner, plies to the end) with perfect play
BEST, SLOWER, GAVE_WIN, LOSING = "best", "slower", "gave-win", "losing"


@dataclass(frozen=True)
class ReviewRow:
    """One of the person's moves: ply ``number`` (1-based, as the game's move list numbers
    them), its ``name``, the person's verdict ``before`` it (their move to make) and
    ``after`` it (the move counted as a ply, as ``before``), and its ``kind``: BEST (the
    verdict kept), SLOWER (the same result, further away for a win or sooner for a loss),
    GAVE_WIN (a win became a draw) or LOSING (a win or a draw became a loss: the losing
    move). No move improves an exact verdict (the verdict before is the best move's)."""

    number: int
    name: str
    before: tuple[str, int]  # ("win" | "loss" | "draw", plies)
    after: tuple[str, int]
    kind: str


def _mine(verdict: Verdict, human: str, extra: int = 0) -> tuple[str, int]:
    who, plies = verdict
    if who is None:
        return "draw", 0
    return ("win" if who.lower() == human.lower() else "loss"), plies + extra


def _kind(before: tuple[str, int], after: tuple[str, int]) -> str:
    if after == before:
        return BEST
    rank = {"loss": 0, "draw": 1, "win": 2}
    if rank[after[0]] == rank[before[0]]:
        return SLOWER
    if after[0] == "loss":
        return LOSING
    return GAVE_WIN


def review(session: PlaySession, game: Game, describe: Callable[[Any], Verdict]) -> list[ReviewRow]:
    """Every move the person played in ``session``, oldest first."""
    rows = []
    for i in range(session.plies):
        pos, nxt = session.history[i], session.history[i + 1]
        if game.to_move(pos) != session.human:
            continue
        before = _mine(describe(pos), session.human)
        w, n = describe(nxt)
        after = _mine((w, n), session.human, extra=1 if w is not None else 0)
        rows.append(ReviewRow(i + 1, session.names[i], before, after, _kind(before, after)))
    return rows


def verdict_phrase(v: tuple[str, int]) -> str:
    """``a win in 9`` / ``a loss in 1`` / ``a draw``."""
    what, plies = v
    if what == "win":
        return _("a win in {n}", n=plies)
    if what == "loss":
        return _("a loss in {n}", n=plies)
    return _("a draw")


def row_sentence(row: ReviewRow) -> str:
    """``move 3, c1-c2: a win in 9 became a loss in 6 (the losing move)``."""
    b, a = verdict_phrase(row.before), verdict_phrase(row.after)
    kw = {"number": row.number, "name": row.name, "before": b, "after": a}
    if row.kind == BEST:
        return _("move {number}, {name}: {before}, kept (a best move)", **kw)
    if row.kind == SLOWER and row.before[0] == "win":
        return _("move {number}, {name}: {before} became {after} (not the quickest win)", **kw)
    if row.kind == SLOWER:
        return _("move {number}, {name}: {before} became {after} (not the slowest defence)", **kw)
    if row.kind == GAVE_WIN:
        return _("move {number}, {name}: {before} became {after} (the win slipped away)", **kw)
    return _("move {number}, {name}: {before} became {after} (the losing move)", **kw)


def review_summary(rows: list[ReviewRow]) -> str:
    """One sentence on the whole game: the losing move named, or why there is none."""
    if not rows:
        return _("You have not moved yet: nothing to review.")
    losing = next((r for r in rows if r.kind == LOSING), None)
    if losing is not None:
        return _(
            "The losing move: move {number}, {name} ({before} became {after}).",
            number=losing.number,
            name=losing.name,
            before=verdict_phrase(losing.before),
            after=verdict_phrase(losing.after),
        )
    slipped = next((r for r in rows if r.kind == GAVE_WIN), None)
    if slipped is not None:
        return _(
            "No losing move, but move {number}, {name} let the win slip ({before} became {after}).",
            number=slipped.number,
            name=slipped.name,
            before=verdict_phrase(slipped.before),
            after=verdict_phrase(slipped.after),
        )
    first = rows[0].before
    best = sum(r.kind == BEST for r in rows)
    kept = ngettext(
        "{best} of {n} move kept the verdict",
        "{best} of {n} moves kept the verdict",
        len(rows),
        best=best,
    )
    if first[0] == "loss":
        return _(
            "No losing move: the position was {verdict} from your first move on, whatever "
            "you played; {kept}.",
            verdict=verdict_phrase(first),
            kept=kept,
        )
    if first[0] == "win":
        return _(
            "No losing move: you held the win from {verdict}; {kept}.",
            verdict=verdict_phrase(first),
            kept=kept,
        )
    return _("No losing move: you held the draw; {kept}.", kept=kept)
