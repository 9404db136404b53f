"""MCTS's words (teach.mcts_words) and quiz (teach.quiz.mcts): a sentence for every step,
the UCB sums as the engine chose, N and W as an independent count of the iterations says."""

from __future__ import annotations

import math

from engine import algorithms as ea
from engine.games.pawn import PawnGame, start
from engine.mcts import MctsParams, mcts_game, mcts_tree
from engine.trace import EXIT
from engine.tree import complete_tree
from teach.algorithms import LABELS, code_line, describer, pseudocode
from teach.mcts_words import mcts_sentences, summary
from teach.quiz import BACKUP_Q, SELECTION_Q, mcts_questions

TREE = complete_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)


def test_a_sentence_for_every_step_and_each_phase_named():
    m = mcts_tree(TREE, 40, 1)
    texts = mcts_sentences(m)
    assert len(texts) == len(m.run.events) + 1
    assert texts[0].startswith("Monte Carlo tree search: 40 iterations, c = 1.41, seed 1")
    joined = " ".join(texts)
    for phrase in ("selection starts at the root", "Expansion:", "Playout from", "Backup at A"):
        assert phrase in joined
    it = next(it for it in m.iterations if it.choices)
    said = texts[it.step + 1]
    ch = it.choices[0]
    for u in ch.ucb:  # every child's UCB value, to two decimals, and the chosen one
        assert f"= {u:.2f}" in said
    assert said.endswith(f"go to {'B C D'.split()[ch.children.index(ch.chosen)]}.")
    got = ea.tree_run(TREE, ea.MCTS, params=MctsParams(40, seed=1))
    assert describer(got)(got.run, it.step + 1) == said
    assert LABELS[ea.MCTS] == "MCTS"


def test_code_lines_follow_the_phases():
    m = mcts_tree(TREE, 10, 0)
    lines = pseudocode(ea.MCTS)
    at = [lines[code_line(m.run, k)] for k in range(len(m.run.events))]
    assert "selection" in at[0] and "expansion" in at[1] and "playout" in at[2]
    assert "backup" in at[3]


def test_questions_agree_with_an_independent_count():
    m = mcts_tree(TREE, 60, 5)
    qs = mcts_questions(m)
    texts = mcts_sentences(m)
    kinds = {q.kind for q in qs}
    assert kinds == {SELECTION_Q, BACKUP_Q}
    N: dict[int, int] = {}
    W: dict[int, float] = {}
    by_step = {}
    for it in m.iterations:  # the N and W before each iteration, counted here
        for v in it.path[:-1]:
            by_step[(it.step, v)] = (N.get(v, 0), W.get(v, 0.0), it.reward)
        for ch in it.choices:  # the UCB argmax from the counts
            mx = m.run.tree.is_max(ch.node)
            ucb = [
                (W[c] / N[c] if mx else 1 - W[c] / N[c])
                + m.c * math.sqrt(math.log(N[ch.node]) / N[c])
                for c in ch.children
            ]
            assert ch.chosen == ch.children[ucb.index(max(ucb))]
        for v in it.path:
            N[v] = N.get(v, 0) + 1
            W[v] = W.get(v, 0.0) + it.reward
    for q in qs:
        if q.kind == BACKUP_Q:
            assert m.run.events[q.step].kind == EXIT and m.run.events[q.step].node == q.node
            it = max((it for it in m.iterations if it.step <= q.step), key=lambda it: it.step)
            n0, w0, r = by_step[(it.step, q.node)]
            assert q.answer == (n0 + 1, w0 + r)
            assert q.check(f"N = {n0 + 1}, W = {w0 + r:.2f}").correct
            assert not q.check(f"{n0}, {w0:.2f}").correct
        else:
            # the step after the question enters the node, whose sentence says the choice;
            # the one after that enters the answer
            assert m.run.events[q.step].node == q.node
            assert m.run.events[q.step + 1].node == q.answer
            # the sentence shown with the question does not say the answer; the next one does
            says = f"go to {q.answer_text}."
            assert texts[q.step + 1].endswith(says) and not texts[q.step].endswith(says)
            assert q.check(q.answer_text).correct
            wrong = next(o for o in q.options if o != q.answer_text)
            assert not q.check(wrong).correct and q.check(wrong).valid
    assert not qs[0].check("").valid and not qs[0].check("Z").valid


def test_game_words_and_summary():
    m = mcts_game(PawnGame(), start(3, 3), 30, seed=0)
    texts = mcts_sentences(m)
    assert any("to the end: MAX won, reward 1.00" in t or "MIN won" in t for t in texts)
    assert "the exact result a MIN win" in summary(m, -994)
    t = mcts_tree(TREE, 500, 0)
    assert "minimax's exact value 3 (scaled: 0.08)" in summary(t, 3)
