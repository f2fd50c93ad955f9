"""The database tables, as SQLAlchemy Core metadata.

The schema itself is created and changed only by the Alembic migrations in
``migrations/versions``; this module describes it for queries. JSON values are kept as
text, so that SQLite and PostgreSQL store them the same way.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    text,
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
    Column("setup", Text, nullable=True),  # docs/format.md setup object; null while placing
    Column("turn_limit", Integer, nullable=True),
    Column("result", Text, nullable=True),  # {"winner", "how", "loser"?}
    Column("clock", Text, nullable=True),  # the clock chosen at creation
    Column("clock_state", Text, nullable=True),  # banks and the current deadline
    Column("meta", Text, nullable=False),  # players' names, imported metadata
    # The server process that plays its bots and fires its deadlines (revision 0004;
    # several processes on one database): the id of its heartbeat, or null.
    Column("runner", String(32), nullable=True),
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
    # The account whose seat it is (revision 0006; null: a guest's).
    Column("account_id", String(32), nullable=True),
    Index("seats_account", "account_id"),
)

#: The action log: every accepted action, in order, committed before anyone sees it.
actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),  # 0-based position in the record
    Column("action", Text, nullable=False),  # docs/format.md action object
    Column("seat", Integer, nullable=False),
    Column("by", String(8), nullable=False),  # "human" | "bot" | "clock" | "import"
    Column("at", Float, nullable=False),
    # The Idempotency-Key it was sent with, if any (revision 0005): a retry that reaches
    # another process is answered from it. Indexed where there is one (revision 0011).
    Column("key", String(64), nullable=True),
    Index(
        "actions_key",
        "game_id",
        "seat",
        "key",
        unique=True,
        sqlite_where=text("key IS NOT NULL"),
        postgresql_where=text("key IS NOT NULL"),
    ),
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

#: Players who signed up (revision 0006). ``name_key`` is the name folded, unique.
accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(64), nullable=False, unique=True),
    Column("password_hash", Text, nullable=False),  # argon2id, with its parameters
    Column("created_at", Float, nullable=False),
)

#: Signed-in browsers: the hash of each session cookie, and its anti-CSRF token.
sessions = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("csrf", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("sessions_account", "account_id"),
)

#: The attempts the throttles count: sign-ins (by name, by client address; a sign-in
#: that succeeds takes back its own) and sign-ups (by client address).
login_failures = Table(
    "login_failures",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(128), nullable=False),
    Column("at", Float, nullable=False),
    Index("login_failures_key", "key", "at"),
)

#: The seat tokens an account was given: one for each device its account plays a seat
#: from, and a seat's first token when it was taken while signed in.
seat_tokens = Table(
    "seat_tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("seat_tokens_account", "account_id"),
)

#: Each account's Glicko-2 rating in each pool (revision 0007): ``players`` (games
#: between accounts) and ``bots`` (its games against bots of fixed ratings).
ratings = Table(
    "ratings",
    metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("pool", String(16), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

#: A rating after each rated game: the profile's graph and its list of games.
rating_history = Table(
    "rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("pool", String(16), nullable=False),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("at", Float, nullable=False),
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("score", Float, nullable=False),  # 1 won, 0.5 drawn, 0 lost
    Column("how", String(16), nullable=False),  # the way it ended (good, bad, ugly, ...)
    Column("opponent", String(64), nullable=False),  # an account's name, or a bot's spec
    Index("rating_history_account", "account_id", "at"),
)

#: The games already rated: a game is rated once, by the first process to see its end.
rated_games = Table(
    "rated_games",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("at", Float, nullable=False),
)

#: What was said at each game's table (revision 0008), in two rooms: ``players`` (the
#: two seats) and ``spectators``. A message is free ``text`` or a quick ``phrase`` (a
#: key that each reader's page shows in its own language), never both.
chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("room", String(16), nullable=False),  # "players" | "spectators"
    Column("seat", Integer, nullable=True),  # the writer's seat; null: a spectator
    Column("author", String(64), nullable=False),  # the seat's name, or the spectator's
    Column("text", Text, nullable=True),
    Column("phrase", String(32), nullable=True),
    Column("at", Float, nullable=False),
    # A guest spectator's (revision 0009): the author is a name of their own choosing.
    Column("guest", Boolean, nullable=False, server_default=false()),
    Index("chat_messages_game", "game_id", "room", "id"),
)

#: The analysis of a finished game (revision 0010; docs/analysis.md), one row a game: the
#: seed and budget it is computed with, how many decisions it judges, where it stands,
#: and the claim of the process computing it (its id and latest renewal: a claim not
#: renewed within the lease is taken over), so that several processes compute it once.
analyses = Table(
    "analyses",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seed", BigInteger, nullable=False),
    Column("budget", Text, nullable=False),  # {"candidates", "worlds", "steps"}
    Column("total", Integer, nullable=False),  # the decisions it judges
    Column("status", String(16), nullable=False),  # "queued" | "running" | "stopped" | "done"
    Column("server", String(32), nullable=True),  # the claiming process; null: nobody
    Column("claimed_at", Float, nullable=True),
    Column("watched_at", Float, nullable=False),  # someone last asked how it goes
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

#: Each decision judged, stored as it arrives (the analysis shows it at once, and a
#: stopped analysis resumes after it): the judgement as computed, to the last bit, keyed by
#: the action's place in the record (0-based), so that a decision is stored once.
analysis_decisions = Table(
    "analysis_decisions",
    metadata,
    Column("game_id", String(32), ForeignKey("analyses.game_id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("result", Text, nullable=False),
    Column("at", Float, nullable=False),
)
