"""Reading what a student types into a quiz answer: a number (``3``, ``-inf``, ``∞``), a yes
or no (``yes, pruned``), one of a question's choices (``CUT node``, ``lower bound``; node types by name only: the
numbers 1, 2, 3 are Knuth and Moore's *expected* types, not the actual ones the quiz asks). Each
parser returns None for text it cannot read; nothing here raises on what a person types."""

from __future__ import annotations

import math
from collections.abc import Iterable

_CHOICE_WORDS = {
    "pv": "PV",
    "cut": "CUT",
    "all": "ALL",
    "exact": "exact",
    "exact value": "exact",
    "lower": "lower",
    "lower bound": "lower",
    "at least": "lower",
    "upper": "upper",
    "upper bound": "upper",
    "at most": "upper",
    # Chinese and Russian (teach.quiz.model.CHOICE_WORDS' translations, and their nouns)
    "精确值": "exact",
    "精确": "exact",
    "下界": "lower",
    "上界": "upper",
    "точное": "exact",
    "точное значение": "exact",
    "нижняя": "lower",
    "нижняя граница": "lower",
    "верхняя": "upper",
    "верхняя граница": "upper",
}
_YES = {"yes", "y", "ja", "true", "t", "1", "pruned", "prune", "cut", "skip", "skipped"}
_YES |= {"да", "是", "是的", "剪掉", "отсечены", "отсечён"}
_NO = {"no", "n", "nein", "false", "f", "0", "searched", "search", "continue", "not pruned"}
_NO |= {"нет", "否", "不", "不是"}
_INF = {"inf", "infinity", "∞", "+inf", "+infinity", "+∞", "oo", "+oo"}
_NEG_INF = {"-inf", "-infinity", "-∞", "-oo"}
INF_HINT = "inf / -inf"  # how to type an infinity (parse_number reads these and more)


def parse_number(text: str) -> float | int | None:
    """ "3", " -2 ", "+4", "inf", "∞", "-inf", "−∞" (unicode minus), "3.0" -> number; else None."""
    t = str(text).strip().lower().replace("−", "-").replace("–", "-").replace(" ", "")
    if t in _INF:
        return math.inf
    if t in _NEG_INF:
        return -math.inf
    try:
        return int(t)
    except ValueError:
        pass
    try:
        f = float(t)
    except ValueError:
        return None
    if math.isfinite(f) and f.is_integer():
        return int(f)
    return None


def parse_yes_no(text: str) -> bool | None:
    """yes/y/pruned/cut -> True, no/n/searched -> False ("yes, pruned" too); else None."""
    t = " ".join(str(text).strip().lower().rstrip(".!").split())
    for cand in (t, t.split(",")[0].strip(), t.split(" ")[0].strip(","), t.split("，")[0]):
        if cand in _YES:
            return True
        if cand in _NO:
            return False
    return None


def parse_choice(text: str, choices: Iterable[str]) -> str | None:
    """ "pv", "Type 1", "cut node", "lower bound", "at most" -> the choice it names; else None."""
    t = " ".join(str(text).strip().lower().rstrip(".!").split())
    for cand in (t, t.removesuffix(" node"), t.removesuffix(" bound")):
        got = _CHOICE_WORDS.get(cand)
        if got is not None and got in choices:
            return got
    return None
