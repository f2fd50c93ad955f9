"""The database tables, as SQLAlchemy Core metadata.

The schema itself is created and changed only by the Alembic migrations in
``migrations/versions``; this module describes it for queries. JSON values are kept as
text, so that SQLite and PostgreSQL store them the same way.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

#: One row a game: how it started (seed and setup), its outcome and its clock.
games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created_at", Float, nullable=False),
    Column("kind", String(16), nullable=False),  # "bot" | "friend" | "imported"
    # "waiting" | "placing" | "playing" | "over"
    Column("status", String(16), nullable=False, index=True),
    Column("seed", BigInteger, nullable=False),
    Column("setup", Text, nullable=True),  # FORMAT.md setup object; null while placing
    Column("turn_limit", Integer, nullable=True),
    Column("result", Text, nullable=True),  # {"winner", "how", "loser"?}
    Column("clock", Text, nullable=True),  # the clock chosen at creation
    Column("clock_state", Text, nullable=True),  # banks and the current deadline
    Column("meta", Text, nullable=False),  # players' names, imported metadata
)

#: The two seats of each game: who plays it and the hash of its secret token.
seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" | "bot" | "none" (imported)
    Column("bot", String(32), nullable=True),
    Column("name", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("invite_hash", String(64), nullable=True, unique=True),
)

#: The action log: every accepted action, in order, committed before anyone sees it.
actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # 0-based position in the record
    Column("action", Text, nullable=False),  # FORMAT.md action object
    Column("seat", Integer, nullable=False),
    Column("by", String(8), nullable=False),  # "human" | "bot" | "clock" | "import"
    Column("at", Float, nullable=False),
)

#: Each seat's placement of its cards (R3.1), committed before it counts; the game's
#: ``setup`` is written when the second one arrives (revision 0002).
placements = Table(
    "placements",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("placement", Text, nullable=False),  # {"street": [8 names], "saloon": [2 names]}
    Column("at", Float, nullable=False),
)

#: Each server process's latest sign of life (revision 0003): after a crash, the time
#: since the last beat is downtime, given back to the running clocks at the next start.
heartbeats = Table(
    "heartbeats",
    metadata,
    Column("server", String(32), primary_key=True),  # a random id of the process
    Column("started_at", Float, nullable=False),
    Column("beat_at", Float, nullable=False),  # the wall clock of its latest beat
)
