"""Analyses of finished games: one row a game (its seed and budget, how many decisions,
where it stands, and the process computing it with the time of its latest claim), and
each decision judged in a row of its own, stored as it arrives.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("budget", sa.Text, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("server", sa.String(32), nullable=True),
        sa.Column("claimed_at", sa.Float, nullable=True),
        sa.Column("watched_at", sa.Float, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "analysis_decisions",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("analyses.game_id"), primary_key=True),
        sa.Column("ply", sa.Integer, primary_key=True),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analysis_decisions")
    op.drop_table("analyses")
