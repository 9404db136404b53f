"""The pulse of a class (classroom.pulse) is what the pages draw from: after any sequence of
actions, the pulse read for many sessions at once equals what the projector's and each
student's own views say (classroom.live.room and student_view, read one session at a time)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest

from classroom import access, live, pulse, student_state
from classroom.task import close_task, open_task, submit_task
from engine.errors import InputError
from engine.tree import complete_tree

T0 = datetime(2026, 12, 1, 9, 0, 0)


def _agrees(store, classes, now, seen=None, changed=None) -> None:
    """``changed``: (code, question number) -> answers changed, counted by the test."""
    got = pulse.pulses(store, [c.code for c, _ in classes] + ["NOSUCH"], now=now)
    if seen is not None:
        seen.update(f for p in got.values() for f in ("answered", "tasks_in") if getattr(p, f))
        seen.update("changed" for p in got.values() if p.changed)
        seen.update("step" for p in got.values() if p.common.step)
        seen.update(p.common.state for p in got.values() if p.common.state)
    assert "NOSUCH" not in got
    for c, students in classes:
        p = got[c.code]
        room = live.room(store, c.teacher_token, now=now)
        assert p.teacher() == pulse.of_room(room)
        if changed is not None:
            q = room.question
            assert p.changed == (changed.get((c.code, q.number), 0) if q else 0)
        state = student_state.class_state(store, c.code, now=now)  # what the student pages share
        for tok in students:
            view = student_state.student_view(store, tok, now=now)
            assert p.student() == pulse.of_student(view)
            assert state.view(student_state.whoami(store, tok)) == view


@pytest.mark.parametrize("seed", [1, 2])
def test_the_pulse_agrees_with_the_views_after_any_actions(store, seed):
    rng = random.Random(seed)
    classes = []
    for _ in range(3):
        tree = complete_tree([rng.randint(-9, 9) for _k in range(9)], 3)
        classes.append((live.create_session(store, tree, now=T0), []))
    now, seen = T0, set()
    given: dict[tuple[str, int, str], str] = {}  # (code, question, student) -> their answer
    changed: dict[tuple[str, int], int] = {}
    texts = random.Random(-seed)  # the answers given (apart: the actions stay as they were)
    _agrees(store, classes, now)
    for i in range(80):
        c, students = rng.choice(classes)
        t = c.teacher_token
        action = rng.choice(["join", "step", "open", "answer", "close", "reveal", "task", "hand"])
        try:
            if action == "join":
                students.append(access.join(store, c.code, f"S{i}", f"c{i}", now=now).student_token)
            elif action == "step":
                live.step_to(store, t, live.room(store, t, now=now).step + 1, now=now)
            elif action == "open":
                live.open_question(store, t, now=now)
            elif action == "answer" and students:
                q = live.room(store, t, now=now).question
                who, n = rng.choice(students), q.number if q else 1
                for text in texts.choice(["3", "5", "35", "53"]):  # two: a change of mind
                    live.answer(store, who, n, text, now=now)  # counted once it is in
                    if given.get((c.code, n, who), text) != text:
                        changed[c.code, n] = changed.get((c.code, n), 0) + 1
                    given[c.code, n, who] = text
            elif action == "close":
                live.close_question(store, t, now=now)
            elif action == "reveal":
                live.reveal(store, t, now=now)
            elif action == "task":
                (open_task if rng.random() < 0.6 else close_task)(store, t, now=now)
            elif action == "hand" and students:
                submit_task(store, rng.choice(students), {}, [], now=now)
        except InputError:
            pass  # refused in this state: the pulse must still agree
        _agrees(store, classes, now, seen, changed)
    # the actions got everywhere: answers and sheets counted, steps, every question state
    assert seen >= {"answered", "tasks_in", "step", live.OPEN, live.CLOSED, live.REVEALED}
    live.end_session(store, classes[0][0].teacher_token, now=now)
    _agrees(store, classes, now)
    assert pulse.pulses(store, [classes[0][0].code], now=now)[classes[0][0].code].common.read_only
    later = T0 + live.DEFAULT_TTL + timedelta(seconds=1)  # the others expire
    _agrees(store, classes, later)
    assert all(
        p.common.read_only
        for p in pulse.pulses(store, [c.code for c, _ in classes], later).values()
    )


def test_a_changed_answer_moves_the_pulse_and_no_page_part_of_it(store):
    """A student who changes their answer changes no count, yet the class's state does (the
    pages share it per pulse): the pulse counts changes, which no page draws."""
    c = live.create_session(store, complete_tree(list(range(9)), 3), now=T0)
    ann = access.join(store, c.code, "Ann", "a", now=T0).student_token
    live.open_question(store, c.teacher_token, now=T0)
    before = pulse.pulses(store, [c.code], now=T0)[c.code]
    live.answer(store, ann, 1, "3", now=T0)
    one = pulse.pulses(store, [c.code], now=T0)[c.code]
    live.answer(store, ann, 1, "3", now=T0)  # the same again: nothing changed
    assert pulse.pulses(store, [c.code], now=T0)[c.code] == one
    live.answer(store, ann, 1, "5", now=T0)
    two = pulse.pulses(store, [c.code], now=T0)[c.code]
    assert (before.changed, one.changed, two.changed) == (0, 0, 1) and two != one
    assert two.student() == one.student() == before.student() and two.teacher() == one.teacher()


def test_no_codes_no_query(store):
    assert pulse.pulses(store, []) == {}
