"""What a depth-limited pawn search says about its frontier: which leaves the evaluation
(engine.games.pawn_eval) scored and which the end of the game scored exactly. Pure."""

from __future__ import annotations

from engine.game import EVAL_BOUND, Game
from engine.trace import SearchRun
from teach.i18n import N_, _, ngettext

EVALUATION_MSG = N_(
    "At the depth limit an undecided position is scored by an evaluation, White's view "
    "minus Black's: 3 points a pawn (material), 1 point for every row a pawn stands ahead of "
    "its own back rank (advance) and 1 point for every move its pawns have (mobility), kept "
    "between −{bound} and {bound}. A win at ply k scores 1000 − k, above "
    "any evaluation: a root value that is a win is exact, a smaller one is the evaluation's "
    "guess."
)


def evaluation_text() -> str:
    """How the evaluation scores a position cut short, in the run's language."""
    return _(EVALUATION_MSG, bound=EVAL_BOUND - 1)


def scored_leaves(run: SearchRun, game: Game) -> tuple[int, int]:
    """(leaves where the game ended: exact, leaves the evaluation scored) among the leaves
    the search evaluated (``run.states`` needed)."""
    tree, states = run.tree, run.states
    ends = guesses = 0
    for n, kids in enumerate(tree.children):
        if kids or tree.values[n] is None:
            continue
        if game.winner(states[n]) is None:
            guesses += 1
        else:
            ends += 1
    return ends, guesses


def frontier_words(run: SearchRun, game: Game, depth: int | None) -> str:
    """Where the evaluation is used: ``Of the 45 leaves evaluated, 3 are ends of the game
    (exact) and 42 undecided positions at depth 4, scored by the evaluation.``"""
    ends, guesses = scored_leaves(run, game)
    total = ends + guesses
    if depth is None or not guesses:
        return ngettext(
            "All {n} leaf evaluated are ends of the game: every value is exact.",
            "All {n} leaves evaluated are ends of the game: every value is exact.",
            total,
            n=f"{total:,}",
        )
    # three counts in one sentence: each says its own plural
    return _(
        "Of the {total} evaluated, {ends} of the game (exact) and {guesses} at depth {depth}, "
        "scored by the evaluation.",
        total=ngettext("{n} leaf", "{n} leaves", total, n=f"{total:,}"),
        ends=ngettext("{n} is an end", "{n} are ends", ends, n=f"{ends:,}"),
        guesses=ngettext(
            "{n} is an undecided position", "{n} are undecided positions", guesses, n=f"{guesses:,}"
        ),
        depth=depth,
    )
