"""The step quiz in a share link: the practice switch (``?practice=on|off``, written when it
differs from the page's default), the kinds of question (``?ask=value,prune``, written when
not all) and the running score (``?score=``).

The score is the outcome of every question answered so far, in order, one letter each:
``r`` right at the first try, ``w`` wrong at the first try (then answered, revealed or
skipped), ``v`` revealed, ``s`` skipped; a letter may carry a count (``r3`` = ``rrr``); a trailing ``x``
means the open question already had a wrong try. ``?score=r3wv2x`` is 7 questions done and
the eighth tried once. A link's score is replayed onto the page's quiz of the same tree.

Pure codecs (no Streamlit, here or in what it imports; tests/test_layers.py checks): reading
the link and writing it is ui.practice.quiz_panel's, around its practice switch.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from engine.errors import InputError
from teach.i18n import _, ngettext
from teach.quiz import ALL_KINDS, KINDS, REVEALED, RIGHT, SKIPPED, WRONG, QuizState
from ui.common.link_codec import quoted

LETTERS = {RIGHT: "r", WRONG: "w", REVEALED: "v", SKIPPED: "s"}
OUTCOMES = {v: k for k, v in LETTERS.items()}
OPEN_WRONG = "x"  # the open question had a wrong try
MAX_SCORE = 8_000  # characters of ``?score=`` at most
MAX_ASK = len(",".join(ALL_KINDS))  # characters of ``?ask=`` at most
SWITCH = ("on", "off")
_RUN = re.compile(r"([rwvs])([0-9]*)")
_SCORE = re.compile(r"(?:[rwvs][0-9]*)*x?")


def encode_score(state: QuizState) -> str:
    """``?score=`` of ``state``: the outcomes so far, run-length coded ("" = none yet)."""
    done = [LETTERS[o] for o in state.outcomes[: state.index]]
    out, i = [], 0
    while i < len(done):
        j = i
        while j < len(done) and done[j] == done[i]:
            j += 1
        out.append(done[i] + (str(j - i) if j - i > 1 else ""))
        i = j
    pending = state.index < len(state.outcomes) and state.outcomes[state.index] == WRONG
    return "".join(out) + (OPEN_WRONG if pending else "")


def decode_score(raw: str, total: int) -> tuple[list[str], bool]:
    """(the outcomes of the questions done, whether the open one had a wrong try) of
    ``?score=`` for a quiz of ``total`` questions; InputError naming what is wrong."""
    if len(raw) > MAX_SCORE:
        raise InputError(
            ngettext(
                "is {n} character long (a score holds at most {most})",
                "is {n} characters long (a score holds at most {most})",
                len(raw),
                n=f"{len(raw):,}",
                most=f"{MAX_SCORE:,}",
            )
        )
    if not _SCORE.fullmatch(raw):
        raise InputError(
            _(
                "{value} is not a score: letters r, w, v, s (each with an optional count), "
                "then an optional x",
                value=quoted(raw),
            )
        )
    done: list[str] = []
    for letter, count in _RUN.findall(raw):
        n = int(count) if count else 1
        if n < 1 or len(done) + n > total:
            raise InputError(
                ngettext(
                    "the score counts more answers than this quiz's {n} question",
                    "the score counts more answers than this quiz's {n} questions",
                    total,
                )
            )
        done += [OUTCOMES[letter]] * n
    pending = raw.endswith(OPEN_WRONG)
    if pending and len(done) >= total:
        raise InputError(_("the score has a question open after the quiz's last one"))
    return done, pending


def resumed(state: QuizState, raw: str) -> QuizState:
    """``state`` (a quiz not started) with the score of ``?score=`` replayed onto it."""
    total = len(state.questions)
    done, pending = decode_score(raw, total)
    outcomes = [*done, *([WRONG] if pending else [])]
    outcomes += [None] * (total - len(outcomes))
    return replace(state, index=len(done), outcomes=tuple(outcomes), feedback=None)


def decode_kinds(raw: str) -> tuple[str, ...]:
    """``?ask=``: kinds of question, comma-separated, in the quiz's order."""
    if len(raw) > MAX_ASK:
        raise InputError(
            ngettext(
                "is {n} character long (at most {most})",
                "is {n} characters long (at most {most})",
                len(raw),
                n=f"{len(raw):,}",
                most=MAX_ASK,
            )
        )
    got = raw.split(",")
    bad = [k for k in got if k not in ALL_KINDS]
    if bad or not got or len(set(got)) != len(got):
        raise InputError(
            _(
                "{value} is not a list of {kinds} (each once, comma-separated)",
                value=quoted(raw),
                kinds=", ".join(ALL_KINDS),
            )
        )
    return tuple(k for k in ALL_KINDS if k in got)


def chosen_kinds(picked: Sequence[str] | None) -> tuple[str, ...]:
    """The kinds a quiz asks about for the pills' ``picked``, in the quiz's order (none
    picked: the three of every search, teach.quiz.KINDS)."""
    return tuple(k for k in ALL_KINDS if k in (picked or KINDS))
