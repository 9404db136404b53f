"""A student's tap is the lecture hall's most frequent write (issue 23): what one answer
costs the database, in statements (a count the machine's load does not move), on both
databases; and what it stored, read back by a query written here."""

from __future__ import annotations

from sqlalchemy import event, text

from classroom import access, live
from engine.tree_text import parse_brackets

TREE = "((3 12 8) (2 4 6) (14 5 2))"


def _stored(store, student: str) -> list[tuple[str, int]]:  # noqa: ANN001
    with store.engine.connect() as c:
        return [
            (r[0], r[1])
            for r in c.execute(
                text(
                    "SELECT a.value, a.changes FROM answers a JOIN students s"
                    " ON s.id = a.student_id WHERE s.name = :n"
                ),
                {"n": student},
            )
        ]


def test_a_tap_is_three_statements_and_a_write(store):
    made = live.create_session(store, parse_brackets(TREE), kinds=["value"])
    token = access.join(store, made.code, "Anna", "x").student_token
    q = live.open_question(store, made.teacher_token)
    said: list[str] = []

    def heard(conn, cursor, statement, *rest) -> None:  # noqa: ANN001
        said.append(statement.split()[0].upper())

    event.listen(store.engine, "before_cursor_execute", heard)
    try:
        steps = []
        for answer in ("3", "5", "5"):  # an answer, a change of mind, a double tap
            said.clear()
            live.answer(store, token, q.number, answer)
            steps.append([s for s in said if s in ("SELECT", "INSERT", "UPDATE", "DELETE")])
    finally:
        event.remove(store.engine, "before_cursor_execute", heard)
    # the student with the session, the question with the student's answer; then the write
    assert steps == [["SELECT", "SELECT", "INSERT"], ["SELECT", "SELECT", "UPDATE"], ["SELECT"] * 2]
    assert _stored(store, "Anna") == [("5", 1)]
