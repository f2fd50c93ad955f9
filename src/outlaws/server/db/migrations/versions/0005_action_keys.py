"""Action keys: the ``Idempotency-Key`` an action was sent with, kept in the log.

With several processes a retry may reach another process than the one that stored the
action: that one finds the key in the database and answers the index stored, instead of
playing the action again.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("key", sa.String(64), nullable=True))
    # One action per key and seat of a game (keys are null for most actions: nulls are
    # all distinct, in SQLite and PostgreSQL alike).
    op.create_index("actions_key", "actions", ["game_id", "seat", "key"], unique=True)


def downgrade() -> None:
    # Retries are then answered by the process that took the action only.
    op.drop_index("actions_key", table_name="actions")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("key")
