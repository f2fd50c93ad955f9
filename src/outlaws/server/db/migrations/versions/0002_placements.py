"""Placements (R3.1): each seat's placement, and no setup while the seats are placing.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "placements",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("placement", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    # SQLite cannot change a column: batch mode copies the table into a new one (with
    # its foreign keys off: Storage.migrate).
    with op.batch_alter_table("games") as batch:
        batch.alter_column("setup", existing_type=sa.Text, nullable=True)


def downgrade() -> None:
    # A game still placing has no setup to keep: it cannot go back to revision 0001.
    bind = op.get_bind()
    placing = bind.execute(sa.text("SELECT COUNT(*) FROM games WHERE setup IS NULL")).scalar()
    if placing:
        raise RuntimeError(f"{placing} games are placing: finish or delete them first")
    with op.batch_alter_table("games") as batch:
        batch.alter_column("setup", existing_type=sa.Text, nullable=False)
    op.drop_table("placements")
