"""The whole-tree task of a class session: the teacher hands out teach.exercise on the
session's frozen tree and closes it; each student hands in (again) while it is open, graded at
once for the teacher's table (classroom.results) and shown to the student once closed. Bad
input raises InputError and changes nothing (as classroom.live)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime

from sqlalchemy import func, select

from classroom.access import controlled_session, is_live, student_of, utc_now
from classroom.db import ClassSession, Store, TaskGrade, dialect_insert
from classroom.live import MAX_TASK_VALUE, TASK_CLOSED, TASK_OPEN, session_tree
from engine.errors import InputError
from engine.tree import GameTree
from teach.exercise import Report, grade
from teach.i18n import _

NODE, VALUE = "node", "value"  # what _int reads


def open_task(store: Store, teacher_token: str, now: datetime | None = None) -> None:
    """Hand out the whole-tree exercise (teach.exercise) on the session's tree."""
    now = utc_now(now)
    with store.sessions.begin() as db:
        cs = controlled_session(db, teacher_token, now)
        if json.loads(cs.unexplored_json):
            raise InputError(_("the whole-tree task needs a tree whose every leaf has a value"))
        if cs.task_state == TASK_OPEN:
            return
        cs.task_state = TASK_OPEN


def close_task(store: Store, teacher_token: str, now: datetime | None = None) -> int:
    """Close the task; returns how many students handed it in."""
    now = utc_now(now)
    with store.sessions.begin() as db:
        cs = controlled_session(db, teacher_token, now)
        if cs.task_state != TASK_OPEN:
            raise InputError(_("the whole-tree task is not open"))
        cs.task_state = TASK_CLOSED
        return db.scalar(select(func.count()).where(TaskGrade.session_id == cs.id)) or 0


def _task_input(
    tree: GameTree, values: object, pruned: object
) -> tuple[dict[int, int | None], list[tuple[int, int]]]:
    n = len(tree)
    if not isinstance(values, Mapping) or len(values) > n:
        raise InputError(_("the task's values must be one entry per node of the tree"))
    vals: dict[int, int | None] = {}
    for k, v in values.items():
        node = _int(k, NODE)
        if not 0 <= node < n:
            raise InputError(_("there is no node {node} in this tree", node=node))
        if v is None:
            vals[node] = None
            continue
        x = _int(v, VALUE)
        if abs(x) > MAX_TASK_VALUE:
            raise InputError(
                _("a value must be between -{most} and {most}", most=f"{MAX_TASK_VALUE:,}")
            )
        vals[node] = x
    if not isinstance(pruned, (list, tuple, set, frozenset)) or len(pruned) > n:
        raise InputError(_("the task's pruned edges must be a list of (parent, child) pairs"))
    edges = []
    for e in pruned:
        if not isinstance(e, (list, tuple)) or len(e) != 2:
            raise InputError(_("a pruned edge is a (parent, child) pair"))
        edges.append((_int(e[0], NODE), _int(e[1], NODE)))
    return vals, sorted(set(edges))


def _int(x: object, what: str) -> int:
    """``x`` as a whole number; ``what`` (NODE or VALUE) names it in the refusal."""
    if isinstance(x, bool) or not isinstance(x, (int, str)):
        raise InputError(
            _("a node must be a whole number")
            if what == NODE
            else _("a value must be a whole number")
        )
    try:
        return int(str(x).strip()[:20])
    except ValueError:
        got = repr(str(x)[:20])
        raise InputError(
            _("a node must be a whole number, not {got}", got=got)
            if what == NODE
            else _("a value must be a whole number, not {got}", got=got)
        ) from None


def submit_task(
    store: Store,
    student_token: str,
    values: Mapping[int, int | None],
    pruned: Iterable[tuple[int, int]],
    now: datetime | None = None,
) -> str:
    """Hand in (or hand in again) the whole-tree task while it is open; the last one counts.
    The grade reaches the teacher's table; the student sees it once the task is closed."""
    now = utc_now(now)
    with store.sessions.begin() as db:
        st, cs = student_of(db, student_token)
        cs = db.get(ClassSession, cs.id, with_for_update=True, populate_existing=True)
        assert cs is not None
        if cs.task_state != TASK_OPEN or not is_live(cs, now):
            raise InputError(_("the whole-tree task is not open"))
        tree = session_tree(cs)
        vals, edges = _task_input(tree, values, pruned)
        rep = grade(tree, vals, edges)
        data = {
            "answer_json": json.dumps(
                {"values": {str(k): v for k, v in vals.items()}, "pruned": edges}
            ),
            "points": rep.points,
            "max_points": rep.max_points,
            "values_right": rep.values_right,
            "values_wrong": rep.values_wrong,
            "values_missing": rep.values_missing,
            "cuts_found": rep.cuts_found,
            "cuts_missed": rep.cuts_missed,
            "cuts_wrong": rep.cuts_wrong,
            "submitted_at": now,
        }
        ins = dialect_insert(db)(TaskGrade).values(session_id=cs.id, student_id=st.id, **data)
        db.execute(
            ins.on_conflict_do_update(
                index_elements=[TaskGrade.session_id, TaskGrade.student_id], set_=data
            )
        )
        return _("your tree is handed in; you see your grade when the teacher closes the task")


def task_report(store: Store, student_token: str) -> Report | None:
    """The student's own graded task, once the teacher closed it (None if not handed in)."""
    with store.reads.begin() as db:
        st, cs = student_of(db, student_token)
        if cs.task_state != TASK_CLOSED:
            raise InputError(_("your grade shows once the teacher closes the task"))
        tg = db.scalars(
            select(TaskGrade).where(TaskGrade.session_id == cs.id, TaskGrade.student_id == st.id)
        ).one_or_none()
        if tg is None:
            return None
        a = json.loads(tg.answer_json)
        vals = {int(k): v for k, v in a["values"].items()}
        return grade(session_tree(cs), vals, [tuple(e) for e in a["pruned"]])
