"""Action keys indexed only where there is one: the unique index of (game, seat, key)
holds the actions sent with an ``Idempotency-Key`` and no others.

Most actions have no key (every WebSocket action, every bot's): indexed all the same,
each of them wrote a page of this index at a random place, a third of the pages an
action's commit wrote. A null key never met another (nulls are all distinct), so the
index refuses the same rows as before, and a lookup by key (``key = ?`` implies ``key IS
NOT NULL``) still uses it, in SQLite and PostgreSQL alike.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

_HAS_KEY = sa.text("key IS NOT NULL")


def upgrade() -> None:
    op.drop_index("actions_key", table_name="actions")
    op.create_index(
        "actions_key",
        "actions",
        ["game_id", "seat", "key"],
        unique=True,
        sqlite_where=_HAS_KEY,
        postgresql_where=_HAS_KEY,
    )


def downgrade() -> None:
    op.drop_index("actions_key", table_name="actions")
    op.create_index("actions_key", "actions", ["game_id", "seat", "key"], unique=True)
