"""Quiz questions on Monte Carlo tree search (engine.mcts): "Which child does selection pick
next?" (the UCB argmax, answered by clicking the child on the tree or typing its name) and
"What are N and W at X after this backup?" (two numbers; W to two decimals).

A question is asked before event ``step`` of the run, as :class:`teach.quiz.model.Question`
is: the figure shows the first ``step`` events, so the answer is not on it yet. A selection
question at a node is asked before selection enters the node (that step's sentence lists
the UCB values and says the child chosen)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.mcts import Mcts
from engine.trace import EXIT
from teach.explain import node_name
from teach.i18n import _
from teach.mcts_words import ucb_term
from teach.quiz.model import Grade

SELECTION_Q = "selection"
BACKUP_Q = "backup"
MCTS_KINDS = (SELECTION_Q, BACKUP_Q)
W_TOLERANCE = 0.01  # a W typed to two decimals is right within this
_NUMBER = re.compile(r"-?\d+(?:\.\d*)?|-?\.\d+")


@dataclass(frozen=True)
class MctsQuestion:
    """One question before event ``step``: ``answer`` the chosen child (a node id) for
    SELECTION_Q, ``(N, W)`` for BACKUP_Q; ``options`` the children a selection picks from
    (their names, in order); ``explanation`` says why."""

    step: int
    kind: str
    node: int
    prompt: str
    answer: int | tuple[int, float]
    explanation: str
    options: tuple[str, ...] = ()
    option_ids: tuple[int, ...] = ()

    @property
    def answer_text(self) -> str:
        if self.kind == SELECTION_Q:
            return self.options[self.option_ids.index(self.answer)]  # type: ignore[arg-type]
        n, w = self.answer  # type: ignore[misc]
        return f"N = {n}, W = {w:.2f}"

    def check(self, text: str) -> Grade:
        """Grade the student's text (a child's name, or "N W"). Never raises."""
        text = str(text).strip()
        if not text:
            return Grade(False, _("Type an answer first."), valid=False)
        if self.kind == SELECTION_Q:
            names: dict[str, int] = {}
            for o, i in zip(self.options, self.option_ids, strict=True):
                names[o.lower()] = names[o.lower().removeprefix("leaf ")] = i
                names[o.lower().removeprefix("лист ").removeprefix("叶子 ")] = i
            got = names.get(text.lower())
            if got is None:
                return Grade(
                    False,
                    _(
                        "Answer one of {choices}, not {text}.",
                        choices=", ".join(self.options),
                        text=repr(text[:40]),
                    ),
                    False,
                )
            right = got == self.answer
        else:
            nums = _NUMBER.findall(text)
            if len(nums) != 2:
                return Grade(False, _("Type two numbers, N then W, such as 4, 2.5."), valid=False)
            n, w = int(float(nums[0])), float(nums[1])
            want_n, want_w = self.answer  # type: ignore[misc]
            right = n == want_n and abs(w - want_w) <= W_TOLERANCE
        if right:
            return Grade(True, _("Right: {why}", why=self.explanation))
        return Grade(False, _("Not quite: {why}", why=self.explanation))


def mcts_questions(m: Mcts) -> list[MctsQuestion]:
    """Every question of a traced MCTS run, in step order: a selection question at every
    node where selection chose among its children by UCB, a backup question before every
    EXIT (a node's N and W after the reward is added)."""
    tree = m.run.tree
    events = m.run.events

    def name(v: int) -> str:
        if tree.labels is None and not tree.children[v]:
            return _("leaf {name}", name=node_name(tree, v))
        return node_name(tree, v)

    N: dict[int, int] = {}
    W: dict[int, float] = {}
    out: list[MctsQuestion] = []
    for i, it in enumerate(m.iterations, start=1):
        for j, ch in enumerate(it.choices):
            v = ch.node
            mx = tree.is_max(v)
            terms = "; ".join(
                f"{name(c)} " + ucb_term(m.c, W[c] / N[c] if mx else 1 - W[c] / N[c], N[v], N[c], u)
                for c, u in zip(ch.children, ch.ucb, strict=True)
            )
            out.append(
                MctsQuestion(
                    step=it.step + j,  # before the step entering the node: it says the choice
                    kind=SELECTION_Q,
                    node=v,
                    prompt=_(
                        "Iteration {i}: at {node} (N = {n}) every child is in the tree. "
                        "Which child does selection pick next? Choose it on the tree.",
                        i=i,
                        node=name(v),
                        n=N[v],
                    ),
                    answer=ch.chosen,
                    explanation=_(
                        "UCB = q + c·√(ln N / n) with q = {q}: {terms}; {best} has the largest.",
                        q="W/n" if mx else "1 − W/n",
                        terms=terms,
                        best=name(ch.chosen),
                    ),
                    options=tuple(name(c) for c in ch.children),
                    option_ids=ch.children,
                )
            )
        for k in range(it.step, it.step + 2 * len(it.path)):
            e = events[k]
            if e.kind != EXIT:
                continue
            v = e.node
            n0, w0 = N.get(v, 0), W.get(v, 0.0)
            out.append(
                MctsQuestion(
                    step=k,
                    kind=BACKUP_Q,
                    node=v,
                    prompt=_(
                        "Iteration {i}: the playout's reward {reward} is on its way up. "
                        "What are N and W at {node} after this backup?",
                        i=i,
                        reward=f"{it.reward:.2f}",
                        node=name(v),
                    ),
                    answer=(n0 + 1, w0 + it.reward),
                    explanation=_(
                        "backup adds 1 to N and the reward to W: N = {n0} + 1 = {n1}, "
                        "W = {w0} + {reward} = {w1}.",
                        n0=n0,
                        n1=n0 + 1,
                        w0=f"{w0:.2f}",
                        reward=f"{it.reward:.2f}",
                        w1=f"{w0 + it.reward:.2f}",
                    ),
                )
            )
        for v in it.path:
            N[v] = N.get(v, 0) + 1
            W[v] = W.get(v, 0.0) + it.reward
    out.sort(key=lambda q: q.step)
    return out
