"""The quiz's question model: the kinds of question, a :class:`Question` with its answer and
why, the :class:`Grade` of one answer, and the node names questions use."""

from __future__ import annotations

from dataclasses import dataclass

from engine.tree import GameTree
from engine.values import fmt_value
from teach.explain import node_name
from teach.i18n import N_, _
from teach.quiz.answers import INF_HINT, parse_choice, parse_number, parse_yes_no

VALUE = "value"
BOUND = "bound"
PRUNE = "prune"
KINDS = (VALUE, BOUND, PRUNE)
# after alpha-beta (questions from teach.quiz.windows)
NODE_TYPE = "node type"  # answer "PV" / "CUT" / "ALL"
RE_SEARCH_Q = "re-search"  # answer True when the null-window probe is followed by a re-search
TABLE_BOUND = "table bound"  # answer "exact" / "lower" / "upper"
ALL_KINDS = (*KINDS, NODE_TYPE, RE_SEARCH_Q, TABLE_BOUND)  # a quiz's order of kinds
CHOICES = {NODE_TYPE: ("PV", "CUT", "ALL"), TABLE_BOUND: ("exact", "lower", "upper")}
# a choice as a person reads it (the node types are names: they stay as they are)
CHOICE_WORDS = {"exact": N_("exact"), "lower": N_("lower"), "upper": N_("upper")}


def choice_label(choice: str) -> str:
    """A choice of :data:`CHOICES` in the run's language ("PV", "exact", "нижняя")."""
    return _(CHOICE_WORDS[choice]) if choice in CHOICE_WORDS else choice


def node_names(tree: GameTree) -> list[str]:
    """Names as nouns in a question: :func:`teach.explain.node_name` (inner nodes A, B, C,
    ... in BFS order; move paths in a game search), with leaves of an explicit tree as
    "leaf 1", "leaf 2", ... left to right, the numbers node_name gives them (the step
    sentences of teach.explain say "leaf 5" too)."""
    names = [node_name(tree, n) for n in range(len(tree))]
    if tree.labels is None:
        for leaf in tree.leaves():
            names[leaf] = _("leaf {name}", name=names[leaf])
    return names


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer. ``valid`` is False when the text could not be read at all
    (then ``correct`` is False and ``reason`` says what to type); such answers do not count."""

    correct: bool
    reason: str
    valid: bool = True


@dataclass(frozen=True)
class Question:
    """One question, asked before event ``step`` of the run (show ``replay(run, step)``).

    ``answer`` is an int (VALUE), a number that may be +-inf (BOUND), a bool (PRUNE: True
    means the remaining children are pruned; RE_SEARCH_Q: True means a re-search follows) or
    one of ``CHOICES[kind]`` (NODE_TYPE, TABLE_BOUND). ``explanation`` says why, in plain words.
    ``hide``: nodes whose best-so-far or α/β a figure must not show while the question is
    open (a value question: the asked node and its subtree).
    """

    step: int
    kind: str
    node: int
    prompt: str
    answer: int | float | bool | str
    explanation: str
    hide: tuple[int, ...] = ()

    @property
    def answer_text(self) -> str:
        if self.kind == PRUNE:
            return _("yes, pruned") if self.answer else _("no, searched")
        if self.kind == RE_SEARCH_Q:
            return _("yes, re-searched") if self.answer else _("no re-search")
        if self.kind in CHOICES:
            return choice_label(str(self.answer))
        return fmt_value(self.answer)  # type: ignore[arg-type]

    def check(self, text: str) -> Grade:
        """Grade the student's text. Never raises."""
        if not str(text).strip():
            return Grade(False, _("Type an answer first."), valid=False)
        got = self._read(text)
        if got is None:
            return Grade(False, self._what_to_type(text.strip()), valid=False)
        if got == self.answer:
            return Grade(True, _("Right: {why}", why=self.explanation))
        return Grade(False, _("Not quite: {why}", why=self.explanation))

    def _read(self, text: str) -> int | float | bool | str | None:
        """The answer ``text`` gives, in the form of :attr:`answer` (None: unreadable)."""
        if self.kind in CHOICES:
            return parse_choice(text, CHOICES[self.kind])
        if self.kind in (PRUNE, RE_SEARCH_Q):
            return parse_yes_no(text)
        return parse_number(text)

    def _what_to_type(self, text: str) -> str:
        """What to type instead of the unreadable ``text``."""
        if self.kind in CHOICES:
            return _(
                "Answer one of {choices}, not {text}.",
                choices=", ".join(choice_label(c) for c in CHOICES[self.kind]),
                text=repr(text),
            )
        if self.kind == RE_SEARCH_Q:
            return _("Answer yes (re-searched) or no, not {text}.", text=repr(text))
        if self.kind == PRUNE:
            return _("Answer yes (pruned) or no (searched), not {text}.", text=repr(text))
        return _(
            "{text} is not a number: type a whole number such as 3 or -2, or {hint}.",
            text=repr(text),
            hint=INF_HINT,
        )
