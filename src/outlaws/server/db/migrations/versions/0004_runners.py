"""Runners: each unfinished game names the server process that runs it.

With several processes on one database, the one named plays the game's bots and fires
its clock's deadlines, so that each happens once; a process whose heartbeat stops is
taken for dead, and the others take its games over (``server/cluster/runners.py``).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Null: no process runs the game yet (an older database, or its runner let it go):
    # the first process to look takes it.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("runner", sa.String(32), nullable=True))


def downgrade() -> None:
    # Only the claims are lost: every process then runs every game it holds, and the
    # database's keys still keep each action and each end to one commit.
    with op.batch_alter_table("games") as batch:
        batch.drop_column("runner")
