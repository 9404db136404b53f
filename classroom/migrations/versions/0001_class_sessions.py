"""Class sessions, students, questions, answers, task grades and join attempts.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("teacher_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("tree_text", sa.Text(), nullable=False),
        sa.Column("labels_json", sa.Text(), nullable=True),
        sa.Column("unexplored_json", sa.Text(), nullable=False),
        sa.Column("algorithm", sa.String(16), nullable=False),
        sa.Column("variant", sa.String(16), nullable=False),
        sa.Column("ordering", sa.String(32), nullable=False),
        sa.Column("kinds", sa.String(40), nullable=False),
        sa.Column("events", sa.Integer(), nullable=False),
        sa.Column("quiz_total", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("task_state", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "students",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("class_sessions.id"), nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("session_id", "name_key"),
    )
    op.create_index("ix_students_session_id", "students", ["session_id"])
    op.create_table(
        "questions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("class_sessions.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("quiz_index", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("node", sa.Integer(), nullable=False),
        sa.Column("prompt", sa.Text(), nullable=False),
        sa.Column("answer", sa.String(32), nullable=False),
        sa.Column("explanation", sa.Text(), nullable=False),
        sa.Column("hide_json", sa.Text(), nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("session_id", "quiz_index"),
    )
    op.create_index("ix_questions_session_id", "questions", ["session_id"])
    op.create_table(
        "answers",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("question_id", sa.Integer(), sa.ForeignKey("questions.id"), nullable=False),
        sa.Column("student_id", sa.Integer(), sa.ForeignKey("students.id"), nullable=False),
        sa.Column("value", sa.String(32), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("changes", sa.Integer(), nullable=False),
        sa.Column("answered_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("question_id", "student_id"),
    )
    op.create_index("ix_answers_question_id", "answers", ["question_id"])
    op.create_table(
        "task_grades",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("class_sessions.id"), nullable=False),
        sa.Column("student_id", sa.Integer(), sa.ForeignKey("students.id"), nullable=False),
        sa.Column("answer_json", sa.Text(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("max_points", sa.Integer(), nullable=False),
        sa.Column("values_right", sa.Integer(), nullable=False),
        sa.Column("values_wrong", sa.Integer(), nullable=False),
        sa.Column("values_missing", sa.Integer(), nullable=False),
        sa.Column("cuts_found", sa.Integer(), nullable=False),
        sa.Column("cuts_missed", sa.Integer(), nullable=False),
        sa.Column("cuts_wrong", sa.Integer(), nullable=False),
        sa.Column("submitted_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("session_id", "student_id"),
    )
    op.create_index("ix_task_grades_session_id", "task_grades", ["session_id"])
    op.create_table(
        "join_attempts",
        sa.Column("client_hash", sa.String(64), primary_key=True),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("blocked_until", sa.DateTime(), nullable=True),
    )


def downgrade() -> None:
    for name in ("join_attempts", "task_grades", "answers", "questions", "students"):
        op.drop_table(name)
    op.drop_table("class_sessions")
