"""A student's class page as its still draws it: the head (who, the question, its state, the
verdict), the answer buttons and the tree at the teacher's step, as one piece of the still's
data (plugins/student.js). The page's script run mounts it (ui.classroom.student); after
that the still follows the class by itself over HTTP and sends a tap there
(ui.classroom.routes), and both ask this module, so what a student sees is made one way.

No Streamlit element is drawn here, and nothing here reads a session's state: a route runs
outside any script run. The words come out in the language given (``lang``).
"""

from __future__ import annotations

import html
import re
from dataclasses import astuple, dataclass

from classroom import live, student_state
from classroom.pulse import StudentPulse, of_student
from engine.values import MINUS_INF, PLUS_INF, fmt_value
from teach import i18n
from teach.i18n import _
from teach.quiz import BOUND, PRUNE
from ui.classroom import shared as sh
from ui.common.canvas import still_data

MAX_CHOICES = 12  # answer buttons at most; a tree with more values gets a box to type in
ROUTE = "/gtl/class"  # the HTTP follow and the taps (ui.classroom.routes; serve.py mounts them)

# What the Streamlit run draws around the still: when it changes, the still asks for a script
# run (plugins/student.js) rather than drawing the new state itself.
ASK, TYPED, TASK, ENDED = "ask", "typed", "task", "ended"


@dataclass(frozen=True)
class Live:
    """One state of a student's page: ``data`` the still draws, ``seen`` names it (the
    follow's question: anything newer than this?), ``pulse`` the class's part it was drawn
    from, ``page`` what the script run draws around the still (a change needs a run)."""

    data: dict
    seen: str
    pulse: StudentPulse
    page: str
    code: str


def page_now(
    token: str,
    lang: str,
    *,
    view: student_state.StudentView | None = None,
    follow: bool = True,
    note: str | None = None,
) -> Live:
    """The student page of ``token`` now (``view``: the one the caller read), in ``lang``;
    AccessError for a token that names nobody. ``follow``: the still follows the class
    (not once it ended). ``note``: a line under the question (a refused tap)."""
    with i18n.use(lang):
        if view is None:
            view = sh.view_of(token)
        run, _names = sh.session_run(code=view.code, _token=token)
        row = choices_row(view, run)
        pulse = of_student(view)
        page = _page(view, row)
        seen = repr((astuple(pulse), view.my_answer, lang))
        shown = sh.shown_question(view.question)
        x: dict = {
            "live": {
                "head": head_html(token, view, note, typed=page.startswith(TYPED)),
                "seen": seen,
                "page": page,
                "url": ROUTE if follow and not view.read_only else None,
                "s": token,
                "lang": lang,
            }
        }
        if row is not None:
            x["choices"] = row
        data = still_data(
            sh.still(view.code, view.step, shown, lang, token),
            ask=shown.node if shown is not None else None,
            extra=x,
        )
    return Live(data=data, seen=seen, pulse=pulse, page=page, code=view.code)


def _page(view: student_state.StudentView, row: dict | None) -> str:
    if view.read_only:
        return ENDED
    q = view.question
    typed = q is not None and q.state == live.OPEN and row is None
    return "|".join((TYPED if typed else ASK, TASK + view.task_state))


def _choices(run, kind: str) -> list[str]:
    values = sorted({v for v in run.tree.values if v is not None})
    shown = [fmt_value(v) for v in values]
    if kind == BOUND:
        shown = [fmt_value(MINUS_INF), *shown, fmt_value(PLUS_INF)]
    return shown


def choices_row(view: student_state.StudentView, run) -> dict | None:
    """The answer buttons the still draws above the tree for the open question (one per
    answer), None when the answer is typed (too many values) or no question is open."""
    q = view.question
    if q is None or q.state != live.OPEN:
        return None
    mine = view.my_answer
    if q.kind == PRUNE:
        options = [[_("Yes, pruned"), "yes"], [_("No, searched"), "no"]]
        chosen = next(
            (i for i, (_l, a) in enumerate(options) if mine is not None and mine.startswith(a)),
            None,
        )
    else:
        labels = _choices(run, q.kind)
        if len(labels) > MAX_CHOICES:
            return None
        options = [[label, label] for label in labels]
        chosen = labels.index(mine) if mine in labels else None
    return {"q": q.number, "options": options, "chosen": chosen, "label": _("Your answer")}


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def md(text: str) -> str:
    """``text`` as HTML: every character escaped, then ``**bold**`` made bold (the only
    markdown the class's sentences use)."""
    return _BOLD.sub(r"<b>\1</b>", html.escape(text, quote=False))


def _box(kind: str, text: str) -> str:
    return f"<div class='st-box {kind}' role='status'>{md(text)}</div>"


def head_html(
    token: str, view: student_state.StudentView, note: str | None = None, typed: bool = False
) -> str:
    """The head of the page as HTML, every word escaped: who and which class, then the
    question and what the student answered while it is open, the verdict once revealed, a
    line while it is closed; a box while no question was asked or once the class ended.
    ``typed``: the answer is typed in a box under the tree (no buttons)."""
    me = _("You are {name} in class {code}", name=f"**{view.name}**", code=f"**{view.code}**")
    parts = [f"<p class='st-who'>{md(me)}</p>"]
    extra = [_box("error", note)] if note else []
    q = view.question
    if view.read_only:
        parts.append(_box("info", _("This class session has ended. Thank you!")))
    if q is None:
        if not view.read_only:
            parts.append(
                _box("info", _("Watch the tree: your teacher asks the first question soon."))
            )
        return "".join(parts + extra)
    prompt, why = sh.asked(view.code, q, view.explanation, token)
    asked = _("**Question {number}** · {prompt}", number=q.number, prompt=prompt)
    parts.append(f"<p class='st-q'>{md(asked)}</p>")
    mine = live.say_answer(view.my_answer) if view.my_answer else None
    if q.state == live.OPEN:
        status = (
            _("Your answer: **{mine}** (you may change it until the teacher closes).", mine=mine)
            if mine
            else _("Type your answer in the box below the tree.")
            if typed
            else _("Tap your answer.")
        )
        parts.append(f"<p class='st-status'>{md(status)}</p>")
    elif q.state == live.REVEALED:
        right = live.say_answer(view.right_answer or "")
        if view.correct:
            parts.append(_box("success", _("**Right: {answer}.** {why}", answer=right, why=why)))
        elif mine:
            said = _(
                "**Not this time: the answer is {answer}** (you said {mine}). {why}",
                answer=right,
                mine=mine,
                why=why,
            )
            parts.append(_box("error", said))
        else:
            said = _(
                "**Not this time: the answer is {answer}** (you did not answer). {why}",
                answer=right,
                why=why,
            )
            parts.append(_box("error", said))
    elif q.state == live.CLOSED:
        closed = (
            _("Answers are closed. Yours: **{mine}**. Wait for the reveal.", mine=mine)
            if mine
            else _("Answers are closed. Yours: **none**. Wait for the reveal.")
        )
        parts.append(_box("warning", closed))
    return "".join(parts + extra)
