"""Ratings: Glicko-2 ratings of accounts, their history, and which games were rated.

Two pools: ``players`` (rated games between two accounts) and ``bots`` (an account's
rated games against bots, whose ratings are fixed: measured in the arena). A game is
rated once (``rated_games``), whichever server process sees it end first.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Whether a game is rated is in its ``meta`` (``"rated": true``), set at creation.
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("pool", sa.String(16), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("pool", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("how", sa.String(16), nullable=False),
        sa.Column("opponent", sa.String(64), nullable=False),
    )
    op.create_index("rating_history_account", "rating_history", ["account_id", "at"])
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_games")
    op.drop_index("rating_history_account", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_table("ratings")
