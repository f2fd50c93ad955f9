"""Storage: the games, seats and action logs in a SQL database (SQLAlchemy 2 Core).

:class:`Storage` holds the synchronous queries; :class:`Database` runs them on one
dedicated thread, off the event loop, and commits the writes of many tables together
(group commit) on a connection of its own: each caller is answered only once its write
is committed. The action log, written at every accepted action, goes through the
driver's cursor with statements compiled once (:meth:`Storage.insert_action_rows`).

Several server processes may write one database. Each holds its games in memory and
writes what it believes comes next; the keys of the tables refuse a second action at the
same index or a second placement of a seat, and the game's end is stored only over a
game still being played, at the number of actions its process saw. Such a refusal
reaches the caller as :class:`Conflict`: another process stored first, nothing of this
write was stored, and the caller reads the game again (its catch-up) before answering.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    ClauseElement,
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.compiler import SQLCompiler

from ..common.codec import dumps
from ..common.kinds import (
    Actor,
    SeatKind,
    TableKind,
    TableStatus,
    actor,
    seat_kind,
    table_kind,
    table_status,
)
from .schema import actions, games, heartbeats, placements, seats

T = TypeVar("T")
MIGRATIONS = Path(__file__).parent / "migrations"
#: The statuses of a game not over yet: waiting for a second player, placing, playing.
UNFINISHED: tuple[TableStatus, ...] = ("waiting", "placing", "playing")


@dataclass
class SeatRow:
    """A seat as stored: who plays it and the hashes of its token and invite."""

    seat: int
    kind: SeatKind
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    #: An account holds the seat (as read; :meth:`.accounts.Accounts.give` stores it).
    account: bool = False


@dataclass(slots=True)
class ActionRow:
    """One accepted action of a game's log."""

    idx: int
    action: dict[str, Any]
    seat: int
    by: Actor
    at: float
    #: The Idempotency-Key it was sent with (None: none).
    key: str | None = None


@dataclass
class PlacementRow:
    """One seat's placement of its cards (R3.1): docs/format.md's ``{"street", "saloon"}``."""

    seat: int
    placement: dict[str, Any]
    at: float


@dataclass
class GameRow:
    """A game as stored: enough to rebuild it exactly by replaying its record."""

    id: str
    created_at: float
    kind: TableKind
    status: TableStatus
    seed: int
    #: None while the seats are placing their cards (then ``placements`` holds theirs).
    setup: dict[str, Any] | None
    turn_limit: int | None
    result: dict[str, Any] | None
    clock: dict[str, Any] | None
    clock_state: dict[str, Any] | None
    meta: dict[str, Any]
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    placements: list[PlacementRow] = field(default_factory=list)


@dataclass
class LobbySeat:
    """A seat as the lobby shows it: who plays it (a bot's spec, a name, an account), not
    its token."""

    seat: int
    kind: SeatKind
    bot: str | None
    name: str | None
    account_id: str | None


@dataclass
class LobbyRow:
    """A game not over yet, as the lobby lists it."""

    id: str
    created_at: float
    status: TableStatus
    clock: dict[str, Any] | None
    meta: dict[str, Any]
    seats: list[LobbySeat] = field(default_factory=list)


#: The columns of ``games`` stored as they are, and those stored as JSON text.
_PLAIN_COLUMNS = ("id", "created_at", "kind", "status", "seed", "turn_limit")
_JSON_COLUMNS = ("setup", "result", "clock", "clock_state", "meta")


def _dump(value: Any) -> str | None:
    return None if value is None else dumps(value)


def _load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


class Conflict(Exception):
    """Another writer (another server process) stored first: a row this write adds is
    there already (an action's index, a seat's placement), or the game moved on under it
    (it ended, or holds more actions than the writer saw). Nothing of the write was
    stored; the game is to be read again before anything is decided on it."""


class Storage:
    """Synchronous access to the database. Call it from one thread at a time."""

    def __init__(self, url: str, sqlite_synchronous: str = "FULL") -> None:
        self.url = make_url(url)
        self.engine: Engine = create_engine(self.url)
        if self.url.get_backend_name() == "sqlite":
            self._prepare_sqlite(sqlite_synchronous)

    def _prepare_sqlite(self, synchronous: str) -> None:
        database = self.url.database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
        if synchronous.upper() not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError(f"sqlite synchronous must be FULL, NORMAL or EXTRA: {synchronous}")

        @event.listens_for(self.engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA synchronous={synchronous.upper()}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

    # -- schema ------------------------------------------------------------------------
    def migrate(self) -> None:
        """Bring the schema up to date with the Alembic migrations shipped in the package."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        sqlite = self.url.get_backend_name() == "sqlite"
        with self.engine.connect() as connection:
            if sqlite:
                # SQLite changes a column by copying its table and dropping the old one,
                # which other tables' foreign keys point to: they are checked at the drop
                # unless turned off, and that can only be done outside a transaction.
                connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
                connection.commit()
            with connection.begin():
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
            if sqlite:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
                if broken:
                    raise RuntimeError(f"the migrated database breaks its foreign keys: {broken}")

    def dispose(self) -> None:
        self.engine.dispose()

    # -- writes (each takes the connection of a transaction) ----------------------------
    @staticmethod
    def insert_game(conn: Connection, game: GameRow) -> None:
        conn.execute(
            insert(games).values(
                **{name: getattr(game, name) for name in _PLAIN_COLUMNS},
                **{name: _dump(getattr(game, name)) for name in _JSON_COLUMNS},
            )
        )
        if game.seats:
            conn.execute(
                insert(seats),
                [
                    {
                        "game_id": game.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": s.bot,
                        "name": s.name,
                        "token_hash": s.token_hash,
                        "invite_hash": s.invite_hash,
                    }
                    for s in game.seats
                ],
            )
        if game.actions:
            Storage.insert_actions(conn, game.id, game.actions)
        for row in game.placements:
            Storage.insert_placement(conn, game.id, row)

    @staticmethod
    def insert_placement(conn: Connection, game_id: str, row: PlacementRow) -> None:
        """A seat's placement (R3.1); a second one of the same seat is refused by the
        primary key, whatever the server in memory believed."""
        conn.execute(
            insert(placements).values(
                game_id=game_id, seat=row.seat, placement=_dump(row.placement), at=row.at
            )
        )

    @staticmethod
    def insert_actions(conn: Connection, game_id: str, rows: Sequence[ActionRow]) -> None:
        Storage.insert_action_rows(conn, [(game_id, row) for row in rows])

    @staticmethod
    def insert_action_rows(conn: Connection, rows: Sequence[tuple[str, ActionRow]]) -> None:
        """Append actions to the logs of one or more games.

        This is the hot path of every accepted action. The rows go in multi-row INSERTs
        (of 64, 32, ..., 1 rows: a few statements for any number), compiled once for the
        driver and run by its own cursor in ``conn``'s transaction: SQLAlchemy's work for
        each statement cost more than the write itself, and the driver lets go of the GIL
        for every statement it runs (every row, with ``executemany``); getting it back
        from the busy event loop takes up to a switch interval (5 ms) each time."""
        rows = list(rows)
        done = 0
        while done < len(rows):
            size = min(_INSERT_CHUNK, 1 << ((len(rows) - done).bit_length() - 1))
            chunk = rows[done : done + size]
            done += size
            params: dict[str, Any] = {}
            for i, (game_id, row) in enumerate(chunk):
                params[f"game_id_{i}"] = game_id
                params[f"idx_{i}"] = row.idx
                params[f"action_{i}"] = _dump(row.action)
                params[f"seat_{i}"] = row.seat
                params[f"by_{i}"] = row.by
                params[f"at_{i}"] = row.at
                params[f"key_{i}"] = row.key

            def statement(size: int = size) -> ClauseElement:
                return insert(actions).values(
                    [
                        {name: bindparam(f"{name}_{i}") for name in _ACTION_COLUMNS}
                        for i in range(size)
                    ]
                )

            _execute(conn, ("insert_actions", size), statement, [params])

    @staticmethod
    def update_games(conn: Connection, changes: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """For each (game id, values): change those columns of that game, as
        :meth:`update_game` does, with one statement for each set of columns."""
        by_columns: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        for game_id, values in changes:
            params = {
                "v_" + name: _dump(value) if name in _JSON_COLUMNS else value
                for name, value in values.items()
            }
            params["k_id"] = game_id
            by_columns.setdefault(tuple(sorted(values)), []).append(params)
        for names, params_list in by_columns.items():

            def statement(names: tuple[str, ...] = names) -> ClauseElement:
                return (
                    update(games)
                    .where(games.c.id == bindparam("k_id"))
                    .values({name: bindparam("v_" + name) for name in names})
                )

            _execute(conn, ("update_games", names), statement, params_list)

    @staticmethod
    def update_game(conn: Connection, game_id: str, **values: Any) -> None:
        """Change some columns of a game (JSON columns take Python values)."""
        for name in _JSON_COLUMNS:
            if name in values:
                values[name] = _dump(values[name])
        conn.execute(update(games).where(games.c.id == game_id).values(**values))

    @staticmethod
    def end_game(conn: Connection, game_id: str, actions_seen: int, **values: Any) -> None:
        """Store the end of a game (``values``: its status, result and clock), only if it
        is not over and holds ``actions_seen`` actions: else :class:`Conflict` (another
        process ended it, or played on), and the transaction is to be rolled back.

        The update comes first: on SQLite it takes the database's write lock, so that
        the count after it sees every commit of other processes (it also locks the row
        on PostgreSQL against another end)."""
        for name in _JSON_COLUMNS:
            if name in values:
                values[name] = _dump(values[name])
        done = conn.execute(
            update(games).where(games.c.id == game_id, games.c.status != "over").values(**values)
        )
        if done.rowcount != 1:
            raise Conflict(f"game {game_id} is over already")
        stored = conn.execute(
            select(func.count()).select_from(actions).where(actions.c.game_id == game_id)
        ).scalar()
        if stored != actions_seen:
            raise Conflict(f"game {game_id} holds {stored} actions, not {actions_seen}")

    @staticmethod
    def games_over(conn: Connection, game_ids: Iterable[str]) -> list[str]:
        """Those of ``game_ids`` stored as over (an action appended to one is refused)."""
        query = select(games.c.id).where(games.c.id.in_(list(game_ids)), games.c.status == "over")
        return [row.id for row in conn.execute(query)]

    @staticmethod
    def lock_games(conn: Connection, game_ids: Iterable[str]) -> None:
        """:meth:`lock_game` for several games, in the order of their ids (two
        transactions that lock the same games then never wait for each other in a
        circle)."""
        ordered = sorted(game_ids)
        conn.execute(
            select(games.c.id).where(games.c.id.in_(ordered)).order_by(games.c.id).with_for_update()
        )

    @staticmethod
    def lock_game(conn: Connection, game_id: str) -> None:
        """Lock the game's row until the transaction ends (PostgreSQL: ``FOR UPDATE``), so
        that two processes changing the game's phase take turns. SQLite has no row locks
        (nor needs them: its writers take turns for the whole database)."""
        conn.execute(select(games.c.id).where(games.c.id == game_id).with_for_update())

    @staticmethod
    def placements_made(conn: Connection, game_id: str) -> int:
        """How many seats of the game have placed their cards (R3.1), as stored."""
        query = select(func.count()).select_from(placements)
        return int(conn.execute(query.where(placements.c.game_id == game_id)).scalar() or 0)

    @staticmethod
    def claim_invite(conn: Connection, invite_hash: str, token_hash: str, name: str | None) -> Any:
        """Turn an unused invite into a seat token; (game id, seat) or None."""
        row = conn.execute(
            select(seats.c.game_id, seats.c.seat).where(seats.c.invite_hash == invite_hash)
        ).first()
        if row is None:
            return None
        # Claimed only while still unclaimed: of two processes taking one seat (an open
        # game joined by two players at once), the second updates nothing and loses.
        done = conn.execute(
            update(seats)
            .where(
                seats.c.game_id == row.game_id,
                seats.c.seat == row.seat,
                seats.c.invite_hash == invite_hash,
            )
            .values(token_hash=token_hash, invite_hash=None, name=name)
        )
        return (row.game_id, row.seat) if done.rowcount == 1 else None

    # -- heartbeats (revision 0003) --------------------------------------------------------
    @staticmethod
    def claim_heartbeat(
        conn: Connection, server: str, now: float, stale: float, alive: float
    ) -> tuple[bool, float | None]:
        """A server process starts as ``server``: its first beat. Answers whether it is
        alone (no other process beat in the last ``alive`` seconds) and the latest beat
        before its own (None: none ever beat).

        Rows are per process, so that none overwrites another's; those older than
        ``stale`` seconds (processes long dead) are forgotten, but never the latest: it is
        the last sign of life the next start needs if this one fails before its first
        beat is read. The table is locked first (on SQLite the first write locks the
        database), so that two processes starting at once take turns: the second sees
        the first alive, and only the first gives the downtime back."""
        if conn.dialect.name == "postgresql":
            conn.execute(text("LOCK TABLE heartbeats IN EXCLUSIVE MODE"))
        else:
            conn.execute(delete(heartbeats).where(heartbeats.c.server == server))
        last = conn.execute(select(func.max(heartbeats.c.beat_at))).scalar()
        others = conn.execute(
            select(func.count())
            .select_from(heartbeats)
            .where(heartbeats.c.beat_at >= now - alive, heartbeats.c.server != server)
        ).scalar()
        cutoff = now - stale if last is None else min(float(last), now - stale)
        conn.execute(delete(heartbeats).where(heartbeats.c.beat_at < cutoff))
        conn.execute(insert(heartbeats).values(server=server, started_at=now, beat_at=now))
        return not others, None if last is None else float(last)

    @staticmethod
    def beat(conn: Connection, server: str, started_at: float, now: float) -> None:
        """``server`` is up at ``now`` (its row is made again if it was removed)."""
        done = conn.execute(
            update(heartbeats).where(heartbeats.c.server == server).values(beat_at=now)
        )
        if done.rowcount == 0:
            conn.execute(
                insert(heartbeats).values(server=server, started_at=started_at, beat_at=now)
            )

    # -- runners (revision 0004) -------------------------------------------------------
    @staticmethod
    def run_game(conn: Connection, game_id: str, server: str) -> None:
        """``server`` runs the game from now on (it created it)."""
        conn.execute(update(games).where(games.c.id == game_id).values(runner=server))

    @staticmethod
    def orphans(conn: Connection, now: float, alive: float) -> tuple[list[tuple[str, Any]], int]:
        """The unfinished games that no living process runs (no runner, or a runner with
        no beat in the last ``alive`` seconds), each with its runner; and how many
        processes are alive."""
        living = select(heartbeats.c.server).where(heartbeats.c.beat_at >= now - alive)
        query = select(games.c.id, games.c.runner).where(
            games.c.status.in_(UNFINISHED),
            or_(games.c.runner.is_(None), games.c.runner.not_in(living)),
        )
        count = conn.execute(select(func.count()).select_from(living.subquery())).scalar()
        return [(row.id, row.runner) for row in conn.execute(query)], int(count or 0)

    @staticmethod
    def take_over(conn: Connection, game_id: str, old: str | None, server: str) -> bool:
        """``server`` takes the game over from ``old`` (a dead process, or None), unless
        another took it first: whether it did."""
        runner = games.c.runner.is_(None) if old is None else games.c.runner == old
        done = conn.execute(
            update(games)
            .where(games.c.id == game_id, runner, games.c.status.in_(UNFINISHED))
            .values(runner=server)
        )
        return done.rowcount == 1

    @staticmethod
    def games_run_by(conn: Connection, server: str) -> list[str]:
        """The unfinished games that ``server`` runs."""
        query = select(games.c.id).where(games.c.runner == server, games.c.status.in_(UNFINISHED))
        return [row.id for row in conn.execute(query)]

    @staticmethod
    def let_go(conn: Connection, server: str) -> None:
        """``server`` stops: its games are left for the others to take at once."""
        conn.execute(update(games).where(games.c.runner == server).values(runner=None))

    @staticmethod
    def running_clocks(conn: Connection) -> list[tuple[str, Any]]:
        """Each unfinished game's stored clock state (games with a clock)."""
        query = select(games.c.id, games.c.clock_state).where(
            games.c.status.in_(UNFINISHED), games.c.clock_state.is_not(None)
        )
        return [(row.id, _load(row.clock_state)) for row in conn.execute(query)]

    @staticmethod
    def latest_beat(conn: Connection) -> float | None:
        """The latest beat of any server process (None: none ever beat)."""
        last = conn.execute(select(func.max(heartbeats.c.beat_at))).scalar()
        return None if last is None else float(last)

    # -- reads -------------------------------------------------------------------------
    def last_heartbeat(self) -> float | None:
        """The latest beat of any server process (None: none ever beat)."""
        with self.engine.connect() as conn:
            return self.latest_beat(conn)

    def game_ids(self, statuses: Iterable[str]) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id).where(games.c.status.in_(list(statuses))))
            return [row.id for row in rows]

    @contextlib.contextmanager
    def _snapshot(self) -> Iterator[Connection]:
        """A connection whose reads all see the database as of one moment, though other
        processes commit between them: a game's row and its actions, read one after the
        other, then agree (never an end without the action that brought it, nor the
        action without its end)."""
        with self.engine.connect() as conn:
            if self.url.get_backend_name() == "sqlite":
                # The sqlite3 module begins no transaction for a read, so each would see
                # the file of its own moment; in one, every read sees the first's (WAL).
                conn.exec_driver_sql("BEGIN")
            else:
                conn.execution_options(isolation_level="REPEATABLE READ")
            yield conn  # read only: closing rolls the transaction back

    def load_game(self, game_id: str, since: int = 0) -> GameRow | None:
        """A game with its seats and every action (from the action ``since`` on: a
        process that holds the first ones catches up), or None; all read at one moment
        (:meth:`_snapshot`)."""
        with self._snapshot() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            game = GameRow(
                **{name: getattr(row, name) for name in _PLAIN_COLUMNS},
                **{name: _load(getattr(row, name)) for name in _JSON_COLUMNS},
            )
            # The words are checked as they come back: a damaged row is an error here,
            # not a game in a state the server does not know.
            game.kind, game.status = table_kind(game.kind), table_status(game.status)
            for s in conn.execute(select(seats).where(seats.c.game_id == game_id)):
                game.seats.append(
                    SeatRow(
                        s.seat,
                        seat_kind(s.kind),
                        s.bot,
                        s.name,
                        s.token_hash,
                        s.invite_hash,
                        s.account_id is not None,
                    )
                )
            game.seats.sort(key=lambda s: s.seat)
            query = (
                select(actions)
                .where(actions.c.game_id == game_id, actions.c.idx >= since)
                .order_by(actions.c.idx)
            )
            for a in conn.execute(query):
                game.actions.append(
                    ActionRow(a.idx, _load(a.action), a.seat, actor(a.by), a.at, a.key)
                )
            query = (
                select(placements)
                .where(placements.c.game_id == game_id)
                .order_by(placements.c.seat)
            )
            for pl in conn.execute(query):
                game.placements.append(PlacementRow(pl.seat, _load(pl.placement), pl.at))
            return game

    def index_of_key(self, game_id: str, seat: int, key: str) -> int | None:
        """The index of the action ``seat`` sent with the Idempotency-Key ``key``, if
        one was stored (by any process)."""
        query = select(actions.c.idx).where(
            actions.c.game_id == game_id, actions.c.seat == seat, actions.c.key == key
        )
        with self.engine.connect() as conn:
            found = conn.execute(query).scalar()
            return None if found is None else int(found)

    def game_of_invite(self, invite_hash: str) -> str | None:
        """The game whose seat waits for this invite (None: unknown, or already used)."""
        with self.engine.connect() as conn:
            query = select(seats.c.game_id).where(seats.c.invite_hash == invite_hash)
            found = conn.execute(query).scalar()
            return None if found is None else str(found)

    def game_meta(self, game_id: str) -> dict[str, Any]:
        """A game's ``meta`` as stored (another process may have changed it)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(games.c.meta).where(games.c.id == game_id)).scalar()
        meta: dict[str, Any] = _load(found) or {}
        return meta

    @staticmethod
    def locked_meta(conn: Connection, game_id: str) -> dict[str, Any]:
        """A game's ``meta``, its row locked until the transaction ends (:meth:`lock_game`)."""
        Storage.lock_game(conn, game_id)
        found = conn.execute(select(games.c.meta).where(games.c.id == game_id)).scalar()
        meta: dict[str, Any] = _load(found) or {}
        return meta

    def unfinished_games(self, limit: int) -> list[LobbyRow]:
        """The newest ``limit`` games not over yet, with their seats: the lobby's open
        games and games being played (:mod:`.lobby`)."""
        with self.engine.connect() as conn:
            query = (
                select(games.c.id, games.c.created_at, games.c.status, games.c.clock, games.c.meta)
                .where(games.c.status.in_(list(UNFINISHED)))
                .order_by(games.c.created_at.desc())
                .limit(limit)
            )
            found = {
                row.id: LobbyRow(
                    row.id,
                    row.created_at,
                    table_status(row.status),
                    _load(row.clock),
                    _load(row.meta),
                )
                for row in conn.execute(query)
            }
            if found:
                query = select(
                    seats.c.game_id,
                    seats.c.seat,
                    seats.c.kind,
                    seats.c.bot,
                    seats.c.name,
                    seats.c.account_id,
                ).where(seats.c.game_id.in_(list(found)))
                for s in conn.execute(query):
                    found[s.game_id].seats.append(
                        LobbySeat(s.seat, seat_kind(s.kind), s.bot, s.name, s.account_id)
                    )
            for game in found.values():
                game.seats.sort(key=lambda s: s.seat)
            return list(found.values())

    def seats_of_tokens(self, token_hashes: Sequence[str]) -> list[tuple[str, int]]:
        """(game id, seat) of each token hash that holds a seat."""
        if not token_hashes:
            return []
        with self.engine.connect() as conn:
            query = select(seats.c.game_id, seats.c.seat).where(
                seats.c.token_hash.in_(list(token_hashes))
            )
            return [(row.game_id, row.seat) for row in conn.execute(query)]


#: (dialect, paramstyle, statement key): the statement's SQL text for that driver and,
#: for a positional paramstyle (SQLite's ``?``), the order of its parameters.
_DRIVER_SQL: dict[tuple[str, str, Any], tuple[str, tuple[str, ...] | None]] = {}
#: The most rows an INSERT of actions takes (7 parameters each: SQLite allows 999).
_INSERT_CHUNK = 64
_ACTION_COLUMNS = ("game_id", "idx", "action", "seat", "by", "at", "key")


def _execute(
    conn: Connection,
    key: Any,
    statement: Callable[[], ClauseElement],
    params: list[dict[str, Any]],
) -> None:
    """Run ``statement`` (made once per driver) for each row of named ``params`` with the
    driver's cursor of ``conn``, in its transaction."""
    dialect = conn.dialect
    cache_key = (dialect.name, dialect.paramstyle, key)
    found = _DRIVER_SQL.get(cache_key)
    if found is None:
        # A statement compiles to SQL for its dialect: an SQLCompiler, with its positions.
        compiled = cast(SQLCompiler, statement().compile(dialect=dialect))
        order = tuple(compiled.positiontup or ()) if compiled.positional else None
        found = _DRIVER_SQL[cache_key] = (str(compiled), order)
    sql, order = found
    rows: list[Any] = params
    if order is not None:
        rows = [tuple(row[name] for name in order) for row in params]
    cursor = conn.connection.cursor()
    try:
        if len(rows) == 1:
            cursor.execute(sql, rows[0])
        else:
            cursor.executemany(sql, rows)
    finally:
        cursor.close()


Op = Callable[[Connection], Any]


@dataclass(frozen=True, slots=True)
class Append:
    """A write of the commonest kind: one action appended to a game's log, with the
    changes it makes to the game's row. A group's appends go in one statement."""

    game_id: str
    row: ActionRow
    changes: dict[str, Any]


Item = Op | Append


class Database:
    """:class:`Storage` run on one thread, with writes committed in groups.

    ``await write(op)`` returns once ``op`` (a function of a connection in a transaction)
    is committed; ops that arrive while a commit is under way are committed together
    in the next transaction, in the order they came. If a group fails, its ops are retried
    one by one so that one bad write cannot sink the others. A write the database's keys
    refuse (another process stored that row first) fails with :class:`Conflict`.

    ``commit_window`` (seconds): under load (the last transaction held more than one
    write) a transaction begins no sooner than this after the one before, and takes every
    write that came meanwhile. Each transaction costs about as much whether it holds one
    action or ten (its begin and commit, the thread it runs on, the pages of the
    database's indexes written and synced): at a thousand busy tables they held two
    actions each, and the commits were a fifth of the server's CPU. A write alone (no
    other in the last transaction) never waits.
    """

    MAX_GROUP = 500

    def __init__(self, storage: Storage, commit_window: float = 0.0) -> None:
        self.storage = storage
        self.commit_window = commit_window
        #: When the last transaction began (the event loop's clock), and whether it held
        #: more than one write.
        self._began = 0.0
        self._busy = False
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="outlaws-db")
        self._queue: asyncio.Queue[tuple[Item, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        #: Whether other processes write the database too: an action is then appended
        #: only to a game not stored as over (another process may have ended it).
        self.shared = False
        #: The writer's own connection, kept open between groups (database thread only).
        self._conn: Connection | None = None

    async def start(self) -> None:
        await self.call(self.storage.migrate)
        self._task = asyncio.create_task(self._run(), name="outlaws-db-writer")

    async def stop(self) -> None:
        """Commit what is queued, then stop the writer and close the connections."""
        if self._task is not None:
            self._queue.put_nowait(None)
            await self._task
        await self.call(self._close_writer)
        await self.call(self.storage.dispose)
        self._thread.shutdown(wait=True)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a (read) function of :class:`Storage` on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, fn, *args)

    async def read(self, fn: Callable[[Connection], T]) -> T:
        """Run the read ``fn`` on a connection of the database thread."""

        def run() -> T:
            with self.storage.engine.connect() as conn:
                return fn(conn)

        return await self.call(run)

    def queue_append(
        self, game_id: str, row: ActionRow, changes: dict[str, Any]
    ) -> asyncio.Future[Any]:
        """Queue one action of a game's log and the game's ``changes`` (status, result,
        clock) for the next commit; the future is done once it is committed, or with its
        error. It is written even if nobody waits for it (nothing cancels it)."""
        return self._queued(Append(game_id, row, changes))

    async def write(self, op: Item) -> Any:
        """Commit ``op``; its return value once it is committed, or its error."""
        return await self._queued(op)

    def _queued(self, op: Item) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((op, future))
        return future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        stopping = False
        while not stopping:
            group: list[tuple[Item, asyncio.Future[Any]]] = []
            item = await self._queue.get()
            if self._busy and item is not None:
                wait = self._began + self.commit_window - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
            while True:
                if item is None:
                    stopping = True
                else:
                    group.append(item)
                if self._queue.empty() or len(group) >= self.MAX_GROUP:
                    break
                item = self._queue.get_nowait()
            if not group:
                continue
            self._began, self._busy = loop.time(), len(group) > 1 and self.commit_window > 0
            outcomes = await self.call(self._commit, [op for op, _ in group])
            for (_, future), (ok, value) in zip(group, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    def _commit(self, ops: list[Item]) -> list[tuple[bool, Any]]:
        """Run ``ops`` in one transaction; if it fails, each in its own. The functions run
        in order, then every append (appends of one game never share a group: the game's
        lock is held until its write is committed)."""
        try:
            if self._conn is None:
                self._conn = self.storage.engine.connect()
            conn = self._conn
            with conn.begin():
                results = [(True, None if isinstance(op, Append) else op(conn)) for op in ops]
                appends = [op for op in ops if isinstance(op, Append)]
                if appends:
                    if self.shared:
                        # The games' rows first (PostgreSQL: FOR UPDATE, in one order):
                        # an end another process is storing waits for this commit and
                        # then counts this action, or this waits for the end and sees
                        # it. Without the lock each could miss the other's uncommitted
                        # row, and an action would follow a stored end.
                        Storage.lock_games(conn, {a.game_id for a in appends})
                    Storage.insert_action_rows(conn, [(a.game_id, a.row) for a in appends])
                    if self.shared:
                        # After the insert: on SQLite it holds the write lock, so the
                        # read sees every end another process committed.
                        over = Storage.games_over(conn, {a.game_id for a in appends})
                        if over:
                            raise Conflict(f"game {over[0]} is over already")
                    changes = [(a.game_id, a.changes) for a in appends if a.changes]
                    if changes:
                        Storage.update_games(conn, changes)
                return results
        except Exception as error:
            # The transaction was rolled back; a fresh connection for what follows, in case
            # this one is broken (a database that went away).
            self._close_writer()
            if len(ops) == 1:
                if self._refused_by_a_key(error):
                    # A key refused the row: another process appended or placed first.
                    conflict = Conflict(f"stored first by another writer: {error}")
                    conflict.__cause__ = error
                    return [(False, conflict)]
                return [(False, error)]
            return [self._commit([op])[0] for op in ops]

    def _refused_by_a_key(self, error: Exception) -> bool:
        """Whether ``error`` is the database refusing a row its keys forbid: SQLAlchemy's
        IntegrityError, or the driver's own (the action log is written through the
        driver's cursor, :meth:`Storage.insert_action_rows`)."""
        if isinstance(error, IntegrityError):
            return True
        dbapi = self.storage.engine.dialect.dbapi
        driver_error = getattr(dbapi, "IntegrityError", None)
        return driver_error is not None and isinstance(error, driver_error)

    def _close_writer(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()
