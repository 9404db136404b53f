"""Step quiz: the student predicts the next alpha-beta step before the tree canvas shows it.

:func:`questions` turns a :class:`~engine.trace.SearchRun` into questions, each placed just
before the event that answers it (``Question.step`` = that event's index, so
``replay(run, q.step)`` is the picture to show while asking):

- ``VALUE``: "What value does node B return?" (before its EXIT; before a LEAF too when
  ``include_leaves``, the default for game searches where leaf scores are not on screen);
- ``BOUND``: "B gets 2 from leaf 4. What is beta at B now?" (before an UPDATE; alpha at MAX
  nodes, beta at MIN nodes, always from MAX's point of view);
- ``PRUNE``: "Are the remaining children of B pruned?" (right after an UPDATE when children
  remain; the answer is yes when a CUT follows).

:class:`QuizState` is an immutable quiz in progress: a page keeps one in its session state
and replaces it with the result of ``answer(text)``, ``reveal()``, ``retry()`` or ``skip()``.
Nothing a student types raises: bad input gives a Grade with ``valid=False``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.trace import CUT, ENTER, EXIT, LEAF, UPDATE, SearchRun
from engine.tree import GameTree
from engine.values import fmt_value
from teach.explain import node_name

VALUE = "value"
BOUND = "bound"
PRUNE = "prune"
KINDS = (VALUE, BOUND, PRUNE)
# after alpha-beta (questions from node_type_questions, re_search_questions,
# table_bound_questions)
NODE_TYPE = "node type"  # answer "PV" / "CUT" / "ALL"
RE_SEARCH_Q = "re-search"  # answer True when the null-window probe is followed by a re-search
TABLE_BOUND = "table bound"  # answer "exact" / "lower" / "upper"
ALL_KINDS = (*KINDS, NODE_TYPE, RE_SEARCH_Q, TABLE_BOUND)  # a quiz's order of kinds
CHOICES = {NODE_TYPE: ("PV", "CUT", "ALL"), TABLE_BOUND: ("exact", "lower", "upper")}
_CHOICE_WORDS = {
    "pv": "PV",
    "1": "PV",
    "type 1": "PV",
    "cut": "CUT",
    "2": "CUT",
    "type 2": "CUT",
    "all": "ALL",
    "3": "ALL",
    "type 3": "ALL",
    "exact": "exact",
    "exact value": "exact",
    "lower": "lower",
    "lower bound": "lower",
    "at least": "lower",
    "upper": "upper",
    "upper bound": "upper",
    "at most": "upper",
}

# per-question outcomes in a QuizState
RIGHT, WRONG, REVEALED, SKIPPED = "right", "wrong", "revealed", "skipped"

_YES = {"yes", "y", "ja", "true", "t", "1", "pruned", "prune", "cut", "skip", "skipped"}
_NO = {"no", "n", "nein", "false", "f", "0", "searched", "search", "continue", "not pruned"}
_INF = {"inf", "infinity", "∞", "+inf", "+infinity", "+∞", "oo", "+oo"}
_NEG_INF = {"-inf", "-infinity", "-∞", "-oo"}
INF_HINT = "inf / -inf"  # how to type an infinity (parse_number reads these and more)


def node_names(tree: GameTree) -> list[str]:
    """Names as nouns in a question: :func:`teach.explain.node_name` (inner nodes A, B, C,
    ... in BFS order; move paths in a game search), with leaves of an explicit tree as
    "leaf 1", "leaf 2", ... left to right, the numbers node_name gives them (the step
    sentences of teach.explain say "leaf 5" too)."""
    names = [node_name(tree, n) for n in range(len(tree))]
    if tree.labels is None:
        for leaf in tree.leaves():
            names[leaf] = f"leaf {names[leaf]}"
    return names


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer. ``valid`` is False when the text could not be read at all
    (then ``correct`` is False and ``reason`` says what to type); such answers do not count."""

    correct: bool
    reason: str
    valid: bool = True


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
    for cand in (t, t.split(",")[0].strip(), t.split(" ")[0].strip(",")):
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
            return "yes, pruned" if self.answer else "no, searched"
        if self.kind == RE_SEARCH_Q:
            return "yes, re-searched" if self.answer else "no re-search"
        if self.kind in CHOICES:
            return str(self.answer)
        return fmt_value(self.answer)  # type: ignore[arg-type]

    def check(self, text: str) -> Grade:
        """Grade the student's text. Never raises."""
        if not str(text).strip():
            return Grade(False, "Type an answer first.", valid=False)
        if self.kind in CHOICES:
            got = parse_choice(text, CHOICES[self.kind])
            if got is None:
                return Grade(
                    False,
                    f"Answer one of {', '.join(CHOICES[self.kind])}, not {text.strip()!r}.",
                    valid=False,
                )
        elif self.kind == RE_SEARCH_Q:
            got = parse_yes_no(text)
            if got is None:
                return Grade(
                    False,
                    f"Answer yes (re-searched) or no, not {text.strip()!r}.",
                    valid=False,
                )
        elif self.kind == PRUNE:
            got = parse_yes_no(text)
            if got is None:
                return Grade(
                    False,
                    f"Answer yes (pruned) or no (searched), not {text.strip()!r}.",
                    valid=False,
                )
        else:
            got = parse_number(text)
            if got is None:
                return Grade(
                    False,
                    f"{text.strip()!r} is not a number: type a whole number such as 3 or -2, "
                    f"or {INF_HINT}.",
                    valid=False,
                )
        if got == self.answer:
            return Grade(True, f"Right: {self.explanation}")
        return Grade(False, f"Not quite: {self.explanation}")


def _list(names: list[str], nodes: Iterable[int]) -> str:
    items = [names[n] for n in nodes]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def questions(
    run: SearchRun,
    kinds: Iterable[str] = KINDS,
    include_leaves: bool | None = None,
    names: list[str] | None = None,
) -> list[Question]:
    """All questions for ``run`` in step order. ``include_leaves=None`` asks for leaf values
    only in game searches (``run.states`` set), where they are not printed on the tree."""
    want = set(kinds)
    tree = run.tree
    names = names or node_names(tree)
    if include_leaves is None:
        include_leaves = run.states is not None
    pruning = run.algorithm == "alphabeta"
    strict = run.variant == "strict"
    hard = run.variant == "fail-hard"
    ev = run.events
    window: dict[int, tuple[float, float]] = {}  # node -> its current window
    first: dict[int, tuple[float, float]] = {}  # node -> the window it was given
    got: dict[int, list[int]] = {}  # node -> child values received so far
    best_of: dict[int, int | None] = {}  # node -> best so far
    out: list[Question] = []

    def kind_of(n: int) -> str:
        return "MAX" if tree.is_max(n) else "MIN"

    for i, e in enumerate(ev):
        n, nm = e.node, names[e.node]
        if e.kind == ENTER:
            window[n] = first[n] = (e.alpha, e.beta)
            got[n] = []
            best_of[n] = None
        elif e.kind == LEAF and include_leaves and VALUE in want:
            out.append(
                Question(
                    i,
                    VALUE,
                    n,
                    f"What is the value of {nm}?",
                    int(e.value or 0),
                    f"{nm} evaluates to {e.value}.",
                )
            )
        elif e.kind == UPDATE:
            c = e.child if e.child is not None else -1
            a0, b0 = window[n]
            got[n].append(int(e.value or 0))
            prev = best_of.get(n)
            best_of[n] = e.best
            if pruning and BOUND in want:
                mx = tree.is_max(n)
                f = "max" if mx else "min"
                what, old, new = ("alpha", a0, e.alpha) if mx else ("beta", b0, e.beta)
                rule = (
                    f"best = {e.best}"
                    if prev is None
                    else f"best = {f}({prev}, {e.value}) = {e.best}"
                )
                rule += f"; {what} = {f}({what}, best) = {f}({fmt_value(old)}, {e.best})"
                out.append(
                    Question(
                        i,
                        BOUND,
                        n,
                        f"{names[c]} returns {e.value} to {nm} ({kind_of(n)}). "
                        f"What is {what} at {nm} now?",
                        new,
                        f"{rule} = {fmt_value(new)}.",
                    )
                )
            window[n] = (e.alpha, e.beta)
            kids = tree.children[n]
            rest = kids[kids.index(c) + 1 :] if c in kids else ()
            if pruning and PRUNE in want and rest and i + 1 < len(ev):
                cut = ev[i + 1].kind == CUT and ev[i + 1].node == n
                op = ">" if strict else ">="
                a, b = fmt_value(e.alpha), fmt_value(e.beta)
                if cut:
                    why = f"alpha = {a} {op} beta = {b}, so {_list(names, rest)} {'is' if len(rest) == 1 else 'are'} skipped."
                else:
                    neg = "<=" if strict else "<"
                    why = (
                        f"alpha = {a} {neg} beta = {b}, so the search goes on to {names[rest[0]]}."
                    )
                out.append(
                    Question(
                        i + 1,
                        PRUNE,
                        n,
                        f"Are the remaining children of {nm} ({_list(names, rest)}) pruned?",
                        cut,
                        why,
                    )
                )
        elif e.kind == EXIT and VALUE in want:
            vals = got.get(n, [])
            pick = "largest" if tree.is_max(n) else "smallest"
            why = f"{nm} ({kind_of(n)}) returns the {pick} value it received"
            why += f" ({', '.join(map(str, vals))})" if vals else ""
            if hard:
                a0, b0 = first[n]
                why += (
                    f", {e.best}, clamped to the window it was given "
                    f"[{fmt_value(a0)}, {fmt_value(b0)}]: {e.value}."
                )
            else:
                why += f": {e.value}."
            if len(vals) < len(tree.children[n]):
                why += " It stopped early, so this is a bound, not an exact value."
            out.append(
                Question(
                    i,
                    VALUE,
                    n,
                    f"What value does {nm} ({kind_of(n)}) return?",
                    int(e.value or 0),
                    why,
                )
            )
    # The windows of the asked node's subtree carry its bound (a MIN node enters its last
    # children with beta = its best so far): a figure must hide them too.
    out = [replace(q, hide=tuple(tree.preorder(q.node))) if q.kind == VALUE else q for q in out]
    more = [q for kind in more_kinds(run) if kind in want for q in _MORE[kind](run, names)]
    # in step order; at one step the value question first (a node's type or table entry
    # asked first would show the value it returns)
    return sorted(out + more, key=lambda q: q.step) if more else out


def more_kinds(run: SearchRun) -> tuple[str, ...]:
    """The kinds past :data:`KINDS` that ``run`` has questions of: a node's type in an
    alpha-beta run, a null-window probe's re-search in a PVS run, a table entry's bound in
    iterative deepening with the table."""
    if run.algorithm == "alphabeta":
        return (NODE_TYPE,)
    if run.algorithm == "pvs":
        return (RE_SEARCH_Q,)
    if run.algorithm == "deepening":  # (MTD(f)'s memory narrows windows: not this rule)
        return (TABLE_BOUND,)
    return ()


# ---- after alpha-beta: node types, null windows, table bounds ---------------------------------
def node_type_questions(run: SearchRun, names: list[str] | None = None) -> list[Question]:
    """ "What type is node C: PV, CUT or ALL?" before each inner node's EXIT in an alpha-beta
    run (Knuth and Moore's types, :mod:`engine.node_types`)."""
    from engine.node_types import ALL, CUT_NODE, KNUTH_MOORE_TYPE, classify

    tree = run.tree
    names = names or node_names(tree)
    nt = classify(run)
    out: list[Question] = []
    for i, e in enumerate(run.events):
        n = e.node
        if e.kind != EXIT or n not in nt.types:
            continue
        t = nt.types[n]
        a0, b0 = nt.window[n]
        mx = tree.is_max(n)
        side = "MAX" if mx else "MIN"
        win = f"[{fmt_value(a0)}, {fmt_value(b0)}]"
        v = fmt_value(e.value)
        if t == CUT_NODE:
            edge = f"{v} >= beta = {fmt_value(b0)}" if mx else f"{v} <= alpha = {fmt_value(a0)}"
            why = f"it failed high for {side} ({edge}): a cut-off node"
        elif t == ALL:
            edge = f"{v} <= alpha = {fmt_value(a0)}" if mx else f"{v} >= beta = {fmt_value(b0)}"
            why = f"it failed low for {side} ({edge}): every child searched, none raised its bound"
        else:
            why = f"{v} lies strictly inside its window"
        out.append(
            Question(
                i,
                NODE_TYPE,
                n,
                f"{names[n]} ({side}) was given the window {win}. What type of node is it: "
                "PV, CUT or ALL?",
                t,
                f"{names[n]} returns {v} from the window {win}; {why}, so it is a {t} node "
                f"(Knuth and Moore's type {KNUTH_MOORE_TYPE[t]}).",
                hide=tuple(tree.preorder(n)),
            )
        )
    return out


def re_search_questions(run: SearchRun, names: list[str] | None = None) -> list[Question]:
    """ "C is probed with a null window. Does a re-search follow?" before each null-window
    probe of a PVS run; yes when the probe fails high strictly inside the parent's window.
    Another run has none (MTD(f)'s passes are null windows at the root, never re-searched)."""
    from engine.trace import NULL_WINDOW, RE_SEARCH

    if run.algorithm != "pvs":
        return []

    tree = run.tree
    names = names or node_names(tree)
    ev = run.events
    out: list[Question] = []
    for i, e in enumerate(ev):
        if e.kind != ENTER or e.tag != NULL_WINDOW:
            continue
        n = e.node
        p = tree.parent[n]
        j = next(k for k in range(i + 1, len(ev)) if ev[k].node == n and ev[k].kind in (EXIT, LEAF))
        again = j + 1 < len(ev) and ev[j + 1].node == n and ev[j + 1].tag == RE_SEARCH
        # the parent's window in its own (negamax) view, and the probe's score there
        up = next(ev[k] for k in range(i - 1, -1, -1) if ev[k].node == p)
        a, b = up.nm_alpha, up.nm_beta
        score = -(ev[j].nm_value or 0)
        if again:
            why = f"{fmt_value(a)} < {score} < {fmt_value(b)}: it failed high inside the window"
        elif score >= (b if b is not None else math.inf):
            why = (
                f"{score} >= beta = {fmt_value(b)}: it failed high beyond beta, so {names[p]} cuts"
            )
        else:
            why = f"{score} <= alpha = {fmt_value(a)}: it failed low, {names[n]} is no better"
        out.append(
            Question(
                i,
                RE_SEARCH_Q,
                n,
                f"{names[p]} probes {names[n]} with a null window around its alpha = "
                f"{fmt_value(a)}. Will {names[n]} be searched again with the full window?",
                again,
                f"The probe scores {score} for {names[p]}: {why}.",
            )
        )
    return out


def table_bound_questions(run: SearchRun, names: list[str] | None = None) -> list[Question]:
    """ "C returns 2 from the window [3, +∞]. What does its table entry hold?" before each
    inner node's EXIT that stores an entry (iterative deepening with the table)."""
    from engine.deepening import flag_of
    from engine.trace import TABLE

    tree = run.tree
    names = names or node_names(tree)
    words = {"exact": "an exact value", "lower": "a lower bound", "upper": "an upper bound"}
    window: dict[int, tuple[float, float]] = {}
    answered: set[int] = set()
    out: list[Question] = []
    for i, e in enumerate(run.events):
        n = e.node
        if e.kind == ENTER:
            window[n] = (e.alpha, e.beta)
            answered.discard(n)
        elif e.kind == TABLE and e.value is not None:
            answered.add(n)
        elif e.kind == EXIT and n not in answered and tree.children[n]:
            a0, b0 = window[n]
            flag = flag_of(e.value, a0, b0)  # type: ignore[arg-type]
            v = fmt_value(e.value)
            why = {
                "upper": f"{v} <= alpha = {fmt_value(a0)}: it failed low, the value is at most {v}",
                "lower": f"{v} >= beta = {fmt_value(b0)}: it failed high, the value is at least {v}",
                "exact": f"{v} lies strictly inside the window: it is exact",
            }[flag]
            out.append(
                Question(
                    i,
                    TABLE_BOUND,
                    n,
                    f"{names[n]} returns {v} from the window [{fmt_value(a0)}, "
                    f"{fmt_value(b0)}]. Its table entry holds {v} as what: an exact value, a "
                    "lower bound or an upper bound?",
                    flag,
                    f"{why}, so the entry is {words[flag]}.",
                )
            )
    return out


_MORE = {
    NODE_TYPE: node_type_questions,
    RE_SEARCH_Q: re_search_questions,
    TABLE_BOUND: table_bound_questions,
}


@dataclass(frozen=True)
class Feedback:
    """What to show after the last action: the question it was about and the verdict."""

    question: Question
    grade: Grade
    revealed: bool = False


@dataclass(frozen=True)
class Score:
    right: int
    wrong: int
    revealed: int
    skipped: int
    total: int

    @property
    def done(self) -> int:
        return self.right + self.wrong + self.revealed + self.skipped

    def __str__(self) -> str:
        return (
            f"{self.right} right, {self.wrong} wrong, {self.revealed} revealed, "
            f"{self.skipped} skipped of {self.total}"
        )


@dataclass(frozen=True)
class QuizState:
    """An immutable quiz in progress. Every action returns a new state.

    A question's outcome is set once: by the first readable answer (right or wrong), or by
    ``reveal()`` / ``skip()`` if nothing was answered. A right answer, ``reveal()`` and
    ``skip()`` move to the next question; a wrong answer stays (answer again or ``retry()``).
    """

    questions: tuple[Question, ...]
    end_step: int
    index: int = 0
    outcomes: tuple[str | None, ...] = ()
    feedback: Feedback | None = None

    @classmethod
    def start(
        cls, run: SearchRun, kinds: Iterable[str] = KINDS, include_leaves: bool | None = None
    ) -> QuizState:
        qs = tuple(questions(run, kinds, include_leaves))
        return cls(qs, len(run.events), 0, (None,) * len(qs), None)

    @property
    def current(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.questions)

    @property
    def step(self) -> int:
        """The replay step to show now: before the current question's event, or the end."""
        q = self.current
        return q.step if q is not None else self.end_step

    @property
    def score(self) -> Score:
        o = self.outcomes
        return Score(
            o.count(RIGHT), o.count(WRONG), o.count(REVEALED), o.count(SKIPPED), len(self.questions)
        )

    def _set(self, outcome: str) -> tuple[str | None, ...]:
        o = list(self.outcomes)
        if o[self.index] is None:
            o[self.index] = outcome
        return tuple(o)

    def answer(self, text: str) -> QuizState:
        q = self.current
        if q is None:
            return replace(self, feedback=None)
        g = q.check(text)
        if not g.valid:
            return replace(self, feedback=Feedback(q, g))
        outcomes = self._set(RIGHT if g.correct else WRONG)
        nxt = self.index + 1 if g.correct else self.index
        return replace(self, index=nxt, outcomes=outcomes, feedback=Feedback(q, g))

    def reveal(self) -> QuizState:
        q = self.current
        if q is None:
            return self
        g = Grade(False, f"The answer is {q.answer_text}: {q.explanation}")
        return replace(
            self,
            index=self.index + 1,
            outcomes=self._set(REVEALED),
            feedback=Feedback(q, g, revealed=True),
        )

    def retry(self) -> QuizState:
        """Clear the feedback and ask the current question again."""
        return replace(self, feedback=None)

    def skip(self) -> QuizState:
        if self.current is None:
            return self
        return replace(self, index=self.index + 1, outcomes=self._set(SKIPPED), feedback=None)
