"""Accounts: players who sign up, their sessions, their seats on any device.

Playing as a guest stays as it was (a seat is its secret token, kept by one browser). A
player who signs up gets an account; the seats they take while signed in, and the guest
seats whose tokens their browser hands over, are the account's; on another device the
account gets a token of its own for each of them (``seat_tokens``).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(32), nullable=False),
        # The name folded (case and width): two accounts never differ only by case.
        sa.Column("name_key", sa.String(64), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("sessions_account", "sessions", ["account_id"])
    # Failed sign-ins, by name and by client address: the throttle counts them.
    op.create_table(
        "login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(128), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("login_failures_key", "login_failures", ["key", "at"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
    op.create_index("seats_account", "seats", ["account_id"])
    # More tokens of a seat: one for each device an account plays it from.
    op.create_table(
        "seat_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("seat_tokens_account", "seat_tokens", ["account_id"])


def downgrade() -> None:
    op.drop_index("seat_tokens_account", table_name="seat_tokens")
    op.drop_table("seat_tokens")
    op.drop_index("seats_account", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
    op.drop_index("login_failures_key", table_name="login_failures")
    op.drop_table("login_failures")
    op.drop_index("sessions_account", table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
