"""Heartbeats: each server process records, every second or so, that it is up.

After a crash (no clean stop, so no clock was stored paused) the last heartbeat tells
the next server since when it was down: that time is given back to the running clocks.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # One row per server process (its random id), not one for the whole database: a
    # process never overwrites another's beat, so that several sharing the database
    # later each keep their own.
    op.create_table(
        "heartbeats",
        sa.Column("server", sa.String(32), primary_key=True),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("beat_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    # Only liveness is lost: a crash before the next start is then charged in full.
    op.drop_table("heartbeats")
