"""Join attempts counted per page and per address: an address's different wrong codes and
the time of the last one (classroom.guard).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("join_attempts") as t:
        t.add_column(sa.Column("codes", sa.Text(), nullable=False, server_default=""))
        t.add_column(sa.Column("last_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("join_attempts") as t:
        t.drop_column("last_at")
        t.drop_column("codes")
