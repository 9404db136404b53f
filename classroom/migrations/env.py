"""Alembic environment of class mode: run from code only (classroom.db.upgrade passes the
connection in ``config.attributes``). On PostgreSQL an advisory lock makes replicas that
start together migrate one after another."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from classroom.db import Base

MIGRATION_LOCK = 7_215_001  # pg_advisory_xact_lock key of class-mode migrations

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the class-mode migrations through classroom.db.upgrade(engine)")
if connection.dialect.name == "postgresql":
    connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",  # SQLite's ALTER TABLE is limited
)
with context.begin_transaction():
    context.run_migrations()
