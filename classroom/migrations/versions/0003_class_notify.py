"""PostgreSQL tells listeners of every change to a class: a statement that changes a class
session, its students, questions, answers or task sheets sends ``NOTIFY gtl_class`` in its
own transaction (delivered at the commit, once per transaction), so every replica's bell
(ui.classroom.notify) looks at once instead of every 0.2 s. SQLite has no such thing: its
bells keep looking.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

CHANNEL = "gtl_class"  # classroom.listen.CHANNEL
TABLES = ("class_sessions", "students", "questions", "answers", "task_grades")


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        f"""CREATE FUNCTION gtl_class_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_notify('{CHANNEL}', ''); RETURN NULL; END $$"""
    )
    for table in TABLES:
        op.execute(
            f"CREATE TRIGGER {table}_notify AFTER INSERT OR UPDATE OR DELETE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION gtl_class_changed()"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"DROP TRIGGER {table}_notify ON {table}")
    op.execute("DROP FUNCTION gtl_class_changed()")
