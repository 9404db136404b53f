"""The step quiz: a "Practice" toggle that turns a tree canvas into questions.

Watching is not learning: with practice on, the student answers each step of the search
before it is shown (a value or an α/β typed in the asked node on the tree, or yes/no for a
cut-off), gets a one-line reason, and keeps a running score. The engine side is :class:`teach.quiz.QuizState`; this module only draws it.

A page wires it around its own tree canvas with :func:`practice_or_player`::

    from ui.practice.quiz_panel import practice_or_player, question_payload

    def figure(step, q):  # the quiz's step; q = the open question (None: an answered step)
        return question_payload(run, names, step, q)  # nothing of the answer in it

    lab = keys.AlphaBeta.lab  # ui.common.keys: the page's key sets
    step = practice_or_player(run, lab.quiz, player=lambda: tree_canvas(..., keys=lab.canvas),
                              figure=figure, player_keys=lab.canvas)

Practice off: the switch, then the page's canvas. Practice on: the switch where it was, the
question (and what answers it) right under it, then a still of the quiz's step (no controls:
next/last/slider would tell) with the kinds asked and the score beside it (under it on a
phone), so a phone shows the question, its answer and the asked node on one screen.
app_pages/practice.py and the tree labs (ui/tree/tree_lab.py) do exactly this.
:func:`practice_switch` and :func:`quiz_panel` are the lower-level pieces.

State lives in ``st.session_state`` under the keys of a ui.common.keys.Quiz; the quiz
restarts by itself when ``run`` searches another tree or variant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from engine.trace import UPDATE, SearchRun
from teach.explain import describe
from teach.i18n import N_, _
from teach.quiz import (
    BOUND,
    CHOICES,
    INF_HINT,
    KINDS,
    NODE_TYPE,
    PRUNE,
    RE_SEARCH_Q,
    TABLE_BOUND,
    VALUE,
    Question,
    QuizState,
    Score,
    more_kinds,
)
from ui.common.canvas import set_step, tree_still
from ui.common.keys import Canvas, Quiz
from ui.common.link_codec import choice
from ui.common.share import publish, read_once
from ui.practice import quiz_link
from viz.tree_payload import Hidden, tree_payload

KIND_LABELS = {  # in English; the pills say them in the run's language
    VALUE: N_("node values"),
    BOUND: N_("alpha / beta"),
    PRUNE: N_("cut-offs"),
    NODE_TYPE: N_("node types"),
    RE_SEARCH_Q: N_("re-searches"),
    TABLE_BOUND: N_("table bounds"),
}


def kind_label(kind: str) -> str:
    """A kind of question as the "Ask about" pills name it, in the run's language."""
    return _(KIND_LABELS[kind])


def kind_pills(
    key: str, *, remember: bool = False, kinds: Sequence[str] = KINDS, keep: bool = False
) -> None:
    """The "Ask about" pills: the question ``kinds`` offered, the three of every search
    (teach.quiz.KINDS) on by default (``remember``: the choice outlives the page for this
    session; ``keep``: it outlives a run that does not draw them, on this page). Read it with
    :func:`chosen_kinds`. A kind picked and no longer offered (the
    algorithm changed) is dropped by Streamlit."""
    st.pills(
        _("Ask about"),
        kinds,
        selection_mode="multi",
        default=list(KINDS),
        format_func=kind_label,
        key=key,
        persist_state="session" if remember else "page" if keep else None,
    )


def chosen_kinds(key: str) -> tuple[str, ...]:
    """The kinds picked in the pills of ``key``, in the quiz's order (quiz_link.chosen_kinds)."""
    return quiz_link.chosen_kinds(st.session_state.get(key))


# Questions answered with buttons (label, the text it answers), not typed in the node; a
# label in English, shown in the run's language. PV, CUT, ALL are the node types' names.
_CHOICE_WORDS = {"exact": N_("exact"), "lower": N_("lower"), "upper": N_("upper")}
_BUTTONS: dict[str, tuple[tuple[str, str], ...]] = {
    PRUNE: ((N_("Yes, pruned"), "yes"), (N_("No, searched"), "no")),
    RE_SEARCH_Q: ((N_("Yes, searched again"), "yes"), (N_("No re-search"), "no")),
    **{kind: tuple((_CHOICE_WORDS.get(c, c), c) for c in CHOICES[kind]) for kind in CHOICES},
}
_NAMES = frozenset(CHOICES[NODE_TYPE])  # said as they are in every language
MAX_TYPED = 40  # characters of a typed answer read (the rest is not a number anyway)


def run_signature(run: SearchRun) -> int:
    """Equal for two runs of the same search on the same tree (a rerun rebuilds the run)."""
    t = run.tree
    return hash((t.parent, t.values, t.labels, run.algorithm, run.variant, len(run.events)))


def quiz_state(keys: Quiz) -> QuizState | None:
    """The quiz in progress under ``keys`` (None before the panel first ran)."""
    return st.session_state.get(keys.state)


def asked(keys: Quiz) -> Question | None:
    """The question on screen now under ``keys``: None when practice is off, the quiz is done,
    or the panel is showing an answered step. Pages use it to mark the node asked about
    and to leave its answer out of the figure (:func:`question_payload`)."""
    if not st.session_state.get(keys.on):
        return None
    q = quiz_state(keys)
    if q is None or q.current is None:
        return None
    fb = q.feedback
    if fb is not None and fb.grade.valid and (fb.grade.correct or fb.revealed):
        return None
    return q.current


def step_sentence(
    run: SearchRun, step: int, question: Question | None, leaf_values: bool = True
) -> str | None:
    """teach.explain's sentence for ``step`` (the last event the practice figure shows), in
    the quiz's names; None at step 0 and when it would tell the open ``question``'s answer:
    the node of a question that hides it (a value, a node's type: ``question.hide``) acted
    last, or a cut-off question's update says why no cut follows ("... but the strict rule
    cuts only when"). ``leaf_values=False``: leaves revealed as evaluated (teach.explain)."""
    if step <= 0 or step > len(run.events):
        return None
    text = describe(run, step, leaf_values)
    if question is None:
        return text
    ev = run.events[step - 1]
    if question.hide and ev.node == question.node:  # as the figure hides it (question_payload)
        return None  # ("... so its leaves 5 and 6 are pruned" tells a CUT node)
    if question.kind == PRUNE and ev.kind == UPDATE:
        return first_sentence(text)  # the update only, not the verdict
    return text


def first_sentence(text: str) -> str:
    """The first sentence of ``text``: up to its first ". " or Chinese "。" (a step's
    sentence in English, Russian or Chinese), with its full stop."""
    ends = [i for i in (text.find(". "), text.find("。")) if i >= 0]
    if not ends:
        return text
    end = min(ends)
    return text[:end] + ("。" if text[end] == "。" else ".")


def question_payload(
    run: SearchRun,
    names: Sequence[str],
    step: int,
    question: Question | None,
    *,
    budget: int = 1500,
    pv: Sequence[int] = (),
    hide_leaves: bool = False,
) -> dict:
    """The tree canvas's still of the quiz's ``step`` (viz.tree_payload, ``upto=step``): no
    later step is in it, and nothing of what an open value ``question`` asks for: the asked
    node's α, β and best-so-far (just before a node returns, its best-so-far is the answer,
    and so is the bound on its own side) and the α/β of its subtree (``question.hide``: a
    child entered after the last update carries that bound in its window). The sentence is
    :func:`step_sentence` (blank when it would tell). The principal variation shows only at
    the last step. ``hide_leaves``: leaves revealed as evaluated, as on the lab's canvas (a
    leaf the search has not evaluated by ``step`` has no value in it)."""
    hidden = None
    if question is not None and question.hide:  # a value question, a node's type
        hidden = Hidden(question.node, tuple(question.hide))
    return tree_payload(
        run,
        lambda r, k: step_sentence(r, k, question, not hide_leaves) or "",
        names,
        budget=budget,
        pv=pv if step >= len(run.events) else (),
        upto=step,
        hidden=hidden,
        hide_leaves=hide_leaves,
    )


def _ensure(keys: Quiz, run: SearchRun, kinds: tuple[str, ...]) -> QuizState:
    ss = st.session_state
    sig = (run_signature(run), kinds)
    if ss.get(keys.sig) != sig or keys.state not in ss:
        ss[keys.state] = QuizState.start(run, kinds)
        ss[keys.sig] = sig
        ss[keys.nonce] = ss.get(keys.nonce, 0) + 1
    return ss[keys.state]


def _of_run(keys: Quiz, run: SearchRun) -> QuizState | None:
    """The quiz under ``keys`` when it is ``run``'s (None: none yet, or another tree's)."""
    sig = st.session_state.get(keys.sig)
    return quiz_state(keys) if sig and sig[0] == run_signature(run) else None


def _do(keys: Quiz, action: str, text: str | None = None) -> None:
    """Callback: replace the quiz with the result of one of its actions."""
    ss = st.session_state
    q: QuizState = ss[keys.state]
    if action == "answer":
        ss[keys.state] = q.answer(text or "")
    elif action == "restart":
        ss[keys.state] = QuizState(q.questions, q.end_step, 0, (None,) * len(q.questions))
    else:
        ss[keys.state] = getattr(q, action)()
    ss[keys.nonce] = ss.get(keys.nonce, 0) + 1  # a fresh, empty answer box


def _sent(keys: Quiz, raw: object) -> None:
    """The browser sent the text typed in the asked node (plugins/answer.js): kept for
    the run to answer with (untrusted: anything but text is no answer)."""
    st.session_state[keys.sent] = raw


def _take_sent(keys: Quiz) -> None:
    """Answer the open question with the text the browser sent, if it sent one."""
    ss = st.session_state
    if keys.sent not in ss:
        return
    raw = ss.pop(keys.sent)
    text = raw if isinstance(raw, str) else ""
    _do(keys, "answer", text if len(text) <= MAX_TYPED else text[:MAX_TYPED] + "…")


def on_node(q: Question | None) -> bool:
    """Whether ``q`` is answered by typing in its node on the tree (a value, an α or β)
    rather than with buttons (yes / no, a node's type, a table entry's bound)."""
    return q is not None and q.kind in (VALUE, BOUND)


def node_answer(run: SearchRun, keys: Quiz, q: Question | None) -> dict:
    """The answer plugin's data for a still that asks ``q`` (plugins/answer.js): one
    field under the asked node, labelled with what to type ("value", "α" or "β"), sent as
    the ``answer`` event on Enter or Check. Empty when ``q`` is not answered on its node."""
    if not on_node(q):
        return {}
    assert q is not None
    state = quiz_state(keys)
    fb = state.feedback if state is not None else None
    wrong = fb is not None and fb.question == q and fb.grade.valid and not fb.grade.correct
    label = _("value") if q.kind == VALUE else ("α" if run.tree.is_max(q.node) else "β")
    return {
        "answer": {
            "key": f"{run_signature(run)}:{q.step}:{q.kind}:{q.node}",
            "fields": [[q.node, label]],
            "where": "below",
            "edges": False,
            "event": "answer",
            "marks": {"v": {str(q.node): "wrong"}} if wrong else {},
            "tries": st.session_state.get(keys.nonce, 0),
        }
    }


def _leave(keys: Quiz) -> None:
    st.session_state[keys.on] = False


def score_line(s: Score) -> str:
    """ "3 ✓ · 1 ✗ · 0 revealed · 4 of 12 asked" for the panel's header."""
    return _(
        "**{right}** ✓ right · **{wrong}** ✗ wrong · {revealed} revealed · "
        "{skipped} skipped · {done} of {total} asked",
        right=s.right,
        wrong=s.wrong,
        revealed=s.revealed,
        skipped=s.skipped,
        done=s.done,
        total=s.total,
    )


def practice_switch(keys: Quiz, default_on: bool = False) -> bool:
    """The practice toggle; True when it is on. Drawn in the same place on or off, so that
    turning practice on does not move the switch itself (issue 21)."""
    return st.toggle(
        _("Practice: predict each step"),
        value=default_on,
        key=keys.on,
        persist_state="session",
        help=_("Answer each step before it is shown. Your score is kept for this tree."),
    )


def quiz_panel(run: SearchRun, keys: Quiz, side: DeltaGenerator) -> int:
    """The current question (after :func:`practice_switch` is on), above the figure: its
    words, the buttons or the hint that answer it, what the last answer got, and Reveal,
    Skip, Leave; the kinds of question asked and the score go in ``side`` (beside the figure
    on a desk, under it on a phone). So on a phone the question, its answer and the asked
    node are on one screen (issue 21).

    Returns the step the page must draw (``replay(run, step)``). Never raises on anything
    typed.
    """
    with side:
        kind_pills(keys.kinds, remember=True, kinds=(*KINDS, *more_kinds(run)))
    chosen = chosen_kinds(keys.kinds)
    _ensure(keys, run, chosen)
    _take_sent(keys)  # an answer typed in the asked node
    q = st.session_state[keys.state]
    s = q.score
    with side:
        st.markdown(score_line(s))
        st.progress(s.done / s.total if s.total else 1.0)
    fb = q.feedback
    shown = fb is not None and fb.grade.valid and (fb.grade.correct or fb.revealed)
    if shown:  # the answered step is on the figure now, with its reason
        assert fb is not None
        (st.success if fb.grade.correct else st.info)(fb.grade.reason, icon=None)
        c1, c2 = st.columns(2)
        label = _("Next question") if not q.finished else _("See the result")
        c1.button(
            label,
            key=keys.next,
            type="primary",
            on_click=_do,
            args=(keys, "retry"),
            width="stretch",
        )
        c2.button(
            _("Leave practice"), key=keys.leave, on_click=_leave, args=(keys,), width="stretch"
        )
        return min(fb.question.step + 1, q.end_step)
    if q.finished:
        if s.total == 0:
            st.info(_("No questions of this kind on this tree: choose more kinds."))
        else:
            pct = round(100 * s.right / s.total)
            st.success(
                _(
                    "Done: {right} of {total} right at the first try ({pct}%).",
                    right=s.right,
                    total=s.total,
                    pct=pct,
                )
            )
        c1, c2 = st.columns(2)
        c1.button(
            _("Start again"),
            key=keys.restart,
            on_click=_do,
            args=(keys, "restart"),
            width="stretch",
        )
        c2.button(
            _("Leave practice"), key=keys.leave, on_click=_leave, args=(keys,), width="stretch"
        )
        return q.end_step
    cur = q.current
    assert cur is not None
    st.markdown(
        _(
            "**Question {i} of {n}** · step {step}",
            i=q.index + 1,
            n=s.total,
            step=cur.step + 1,
        )
    )
    st.subheader(cur.prompt, anchor=False)
    buttons = _BUTTONS.get(cur.kind)
    if buttons is not None:
        for col, (label, text) in zip(st.columns(len(buttons)), buttons, strict=True):
            col.button(
                label if label in _NAMES else _(label),
                key=keys.yes if text == "yes" else keys.no if text == "no" else keys.pick(text),
                on_click=_do,
                args=(keys, "answer", text),
                width="stretch",
            )
    else:  # typed in the asked node on the tree (node_answer)
        st.markdown(
            _(
                ":material/edit: Type your answer **in the ringed node on the tree**, then "
                "press Enter or Check (a whole number, or {infinity}).",
                infinity=INF_HINT,
            )
        )
    if fb is not None and not fb.grade.valid:
        st.warning(fb.grade.reason)
    elif fb is not None:  # a wrong answer: no spoiler, try again or reveal
        st.error(_("Not quite. Try again, or reveal the answer."))
    c1, c2, c3 = st.columns(3)
    c1.button(_("Reveal"), key=keys.reveal, on_click=_do, args=(keys, "reveal"), width="stretch")
    c2.button(_("Skip"), key=keys.skip, on_click=_do, args=(keys, "skip"), width="stretch")
    c3.button(_("Leave practice"), key=keys.leave, on_click=_leave, args=(keys,), width="stretch")
    return q.step


def _restore(run: SearchRun, keys: Quiz) -> None:
    """The link's practice switch, kinds and score (ui.practice.quiz_link), once per session,
    before the switch is drawn; the score is replayed onto the page's quiz of ``run``."""
    ss = st.session_state
    on = read_once(
        "practice", decode=choice(quiz_link.SWITCH, N_("the practice switch")), what=N_("practice")
    )
    if on is not None:
        ss[keys.on] = on == quiz_link.SWITCH[0]
    kinds = read_once("ask", decode=quiz_link.decode_kinds, what=N_("kinds of question"))
    if kinds is not None:
        ss[keys.kinds] = list(kinds)

    def decode(raw: str) -> QuizState:
        return quiz_link.resumed(_ensure(keys, run, chosen_kinds(keys.kinds)), raw)

    state = read_once("score", decode=decode, what=N_("score"))
    if state is not None:
        ss[keys.state] = state


def _link(keys: Quiz, default_on: bool, state: QuizState | None) -> dict[str, str | None]:
    """``practice``, ``ask`` and ``score`` for ``publish``; ``state`` is the quiz of the run
    on the page (None: not started), its score kept while practice is on."""
    on = practice_on(keys, default_on)
    kinds = chosen_kinds(keys.kinds)
    score = quiz_link.encode_score(state) if on and state is not None else ""
    return {
        "practice": None if on == default_on else quiz_link.SWITCH[0 if on else 1],
        "ask": None if kinds == KINDS else ",".join(kinds),
        "score": score or None,
    }


def practice_on(keys: Quiz, default_on: bool = False) -> bool:
    """Whether the practice switch under ``keys`` is on (also before it is drawn in a run)."""
    return bool(st.session_state.get(keys.on, default_on))


def practice_or_player(
    run: SearchRun,
    keys: Quiz,
    *,
    player: Callable[[], int],
    figure: Callable[[int, Question | None], dict],
    player_keys: Canvas | None = None,
    default_on: bool = False,
    widths: tuple[float, float] = (3, 2),
) -> int:
    """The practice switch around a page's tree canvas; returns the step on screen.

    Practice off: the switch, then ``player()`` (the page's tree canvas, full width), whose
    step is returned. Practice on: the question panel, then ``figure(step, question)`` beside
    the kinds and the score (``widths`` = figure, side), with ``step`` the quiz's step and ``question`` the open one
    (:func:`asked`: None while an answered step is shown). ``figure`` returns the still's
    payload of that step only, with nothing of what the question asks for, and the step's
    sentence (:func:`question_payload` makes one); it is mounted here with the asked node
    ringed and, for a value or α/β question, a field in that node to type the answer in
    (:func:`node_answer`). The step is written to the page's canvas ``player_keys`` too, so
    leaving practice shows the same step there.
    """
    _restore(run, keys)  # the link's switch, kinds and score (once)
    on = practice_switch(keys, default_on)
    step = None
    if on:
        ask = st.container()  # the question, above the figure and its column
        fig_col, quiz_col = st.columns(widths)
        with ask:
            step = quiz_panel(run, keys, quiz_col)
    publish(**_link(keys, default_on, _of_run(keys, run)))
    if step is None:
        return player()
    if player_keys is not None:
        set_step(player_keys, step, len(run.events))
    q = asked(keys)
    with fig_col:
        tree_still(
            figure(step, q),
            key=keys.figure,
            ask=None if q is None else q.node,
            extra=node_answer(run, keys, q),
            events={"answer": partial(_sent, keys)},
        )
    return step
