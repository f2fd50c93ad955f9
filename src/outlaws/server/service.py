"""The game service: creates, loads, plays and finishes games, with the engine as the
only judge of legality and the database as the only memory.

Every accepted action goes the same way, whoever took it (a human over HTTP or a
WebSocket, a bot, a bot standing in after a timeout): the engine checks it, it is
appended to the game's action log and committed, and only then is it applied to the
table in memory and announced. A restarted server rebuilds each game by replaying its
stored record.

Before the first action each seat may place its own cards (R3.1): a placement goes the
same way (committed, then taken by the table), and the one that completes both starts the
game in the same transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from sqlalchemy import Connection

from ..bots.placement import bot_placement
from ..bots.tutorial import LEARNER, tutorial_setup
from ..engine import Action, OutlawsError, Placement, Setup, State
from . import records
from .botpool import BotPool
from .clocks import ClockConfig, ClockState
from .clockwork import Clockwork
from .errors import ApiError, bad_token, from_engine, unknown_game
from .hub import Hub
from .kinds import Actor, GameResult, PlacementMode, TableStatus
from .notebook import Notebooks
from .settings import Settings
from .storage import ActionRow, Database, GameRow, PlacementRow, SeatRow, Storage
from .table import SeatInfo, Summary, Table

log = logging.getLogger(__name__)
T = TypeVar("T")


def hash_token(token: str) -> str:
    """Tokens are stored only as hashes: a copy of the database plays no seat."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


@dataclass(frozen=True, slots=True)
class SeatGrant:
    """A seat handed to a player: the game, the seat and its secret token (shown once:
    only its hash is stored)."""

    game: str
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class NewGame(SeatGrant):
    """A game just created: the creator's seat, and the invite for a friend's seat."""

    invite: str | None


@dataclass(frozen=True, slots=True)
class Commit:
    """One accepted action and all it changes, stored in one transaction before the
    table follows: the action's row in the log, the clock after it, and the outcome
    when it ends the game."""

    row: ActionRow
    action: Action
    by: Actor
    clock_state: ClockState | None
    result: GameResult | None

    def changes(self) -> dict[str, Any]:
        """The game row's columns this commit changes."""
        changes: dict[str, Any] = {}
        if self.result is not None:
            changes["status"] = "over"
            changes["result"] = self.result
        if self.clock_state is not None:
            changes["clock_state"] = self.clock_state.to_json()
        return changes


class GameService:
    """All the games of one server process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.now = settings.now
        self.db = Database(Storage(settings.db_url, settings.sqlite_synchronous))
        self.bots = BotPool(settings.bot_workers)
        #: The connections to each game, and the messages they are sent.
        self.hub = Hub()
        #: Games still being played (or waiting for a second player).
        self.active: dict[str, Table] = {}
        #: The games' clocks: periods, deadlines, pauses and the heartbeat. A deadline
        #: that passes ends a game, places late cards or lets a bot play through these.
        self.clockwork = Clockwork(
            settings,
            self.db,
            self.active,
            end=self._store_end,
            place=self._commit_placements,
            changed=self._after_change,
        )
        #: Finished games recently opened.
        self.finished: OrderedDict[str, Table] = OrderedDict()
        self.invites: dict[str, str] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        #: The latest notebook of recently asked (game, seat)s, with the belief behind it.
        self.notebooks = Notebooks()
        #: Heavy work (replays, imports) runs in threads, a few at a time, never on the
        #: event loop: the other games' messages do not wait for it.
        self._heavy = asyncio.Semaphore(settings.heavy_workers)
        #: The index each idempotency key's action was stored at, by (game, seat, key).
        self.answered: OrderedDict[tuple[str, int, str], int] = OrderedDict()
        #: The times of each client's recent imports (a quota: ``import_quota``).
        self._imports: dict[str, deque[float]] = {}

    # -- life cycle --------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the schema, rebuild every unfinished game, restart clocks and bots.

        Every game is rebuilt before any clock resumes: the clocks a crash left running
        are first stored paused at its last heartbeat (:meth:`Clockwork.recover`), then
        they resume with those a clean stop paused."""
        await self.db.start()
        unfinished = ("waiting", "placing", "playing")
        tables: list[Table] = []
        for game_id in await self.db.call(self.db.storage.game_ids, unfinished):
            row = await self.db.call(self.db.storage.load_game, game_id)
            if row is None:  # pragma: no cover - deleted meanwhile
                continue
            try:
                table = self._rebuild(row)
            except OutlawsError as error:
                log.error("game %s cannot be replayed and is left out: %s", game_id, error)
                continue
            self.active[table.id] = table
            for info in table.seats:
                if info.invite_hash is not None:
                    self.invites[info.invite_hash] = table.id
            tables.append(table)
        await self.clockwork.recover(tables)
        for table in tables:
            await self.clockwork.resume(table)
            self.clockwork.arm(table)
            self._after_change(table)
        self.clockwork.start()
        self._spawn(asyncio.to_thread(self.bots.warm))

    async def stop(self) -> None:
        await self.clockwork.stop()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.hub.close()
        self.bots.shutdown()
        await self.db.stop()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- finding games -------------------------------------------------------------------
    async def table(self, game_id: str) -> Table:
        """The game ``game_id`` (loaded from the database if it is not in memory)."""
        table = self.active.get(game_id) or self.finished.get(game_id)
        if table is not None:
            if game_id in self.finished:
                self.finished.move_to_end(game_id)
            return table
        if len(game_id) > 64:
            raise unknown_game(game_id[:64])
        row = await self.db.call(self.db.storage.load_game, game_id)
        if row is None:
            raise unknown_game(game_id)
        # Another request may have loaded it meanwhile.
        table = self.active.get(game_id) or self.finished.get(game_id)
        if table is None:
            try:
                table = self._rebuild(row)
            except OutlawsError as error:
                raise ApiError(
                    500, "corrupt_game", f"game {game_id} cannot be replayed: {error}"
                ) from None
            self._remember_finished(table)
        return table

    async def seat_of(self, game_id: str, token: str | None) -> tuple[Table, int | None]:
        """The table and the seat ``token`` holds in it (None: a spectator, no token).

        A token that holds no seat of this game is refused, not taken for a spectator."""
        table = await self.table(game_id)
        if token is None or token == "":
            return table, None
        seat = table.seat_of_token(hash_token(token))
        if seat is None:
            raise bad_token()
        return table, seat

    def _remember_finished(self, table: Table) -> None:
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > self.settings.finished_cache:
            old_id = next(iter(self.finished))
            if self.hub.watched(old_id):
                self.finished.move_to_end(old_id)
                break
            del self.finished[old_id]

    def _rebuild(self, row: GameRow) -> Table:
        """A table from its stored row: the record is replayed by the engine; a game
        still placing comes back with the placements made so far."""
        state = None
        placements: list[Placement | None] = [None, None]
        if row.setup is None:
            for placed in row.placements:
                placements[placed.seat] = Placement.from_json(placed.placement)
        else:
            setup = Setup.from_json(row.setup)
            state = State.new(seed=row.seed, setup=setup, turn_limit=row.turn_limit)
            for number, action_row in enumerate(row.actions):
                if action_row.idx != number:
                    raise OutlawsError(f"action log has a gap at {number}")
                state.apply(Action.from_json(action_row.action, where=f"actions[{number}]"))
        return Table(
            id=row.id,
            kind=row.kind,
            created_at=row.created_at,
            state=state,
            seats=[SeatInfo(s.kind, s.bot, s.name, s.token_hash, s.invite_hash) for s in row.seats],
            status=row.status,
            result=row.result,
            clock=ClockConfig.from_json(row.clock) if row.clock else None,
            clock_state=ClockState.from_json(row.clock_state) if row.clock_state else None,
            meta=row.meta,
            actors=[a.by for a in row.actions],
            seed=row.seed,
            turn_limit=row.turn_limit,
            placements=placements,
        )

    # -- creating and joining ------------------------------------------------------------
    async def create(
        self,
        *,
        opponent: Literal["bot", "friend"],
        bot: str | None,
        seat: int | None,
        name: str | None,
        clock: ClockConfig | None,
        turn_limit: int | None,
        placement: PlacementMode = "choose",
        tutorial: bool = False,
    ) -> NewGame:
        """A new game against a bot or a friend; the creator's seat token (and the
        invite for the friend's seat).

        ``placement="choose"``: each seat places its own cards before play (R3.1), a bot
        at once; ``"random"``: the seed deals everything and play starts now.
        ``tutorial``: the guided game, from its fixed position (bots/tutorial.py)."""
        if tutorial:
            seat, bot, placement = LEARNER, "tutorial", "random"
        if seat is None:
            seat = secrets.randbelow(2)
        seed = secrets.randbits(62)
        state = None
        if placement == "random":
            setup = tutorial_setup() if tutorial else None
            state = State.new(seed=seed, setup=setup, turn_limit=turn_limit)
        token = new_token()
        invite = None
        seats = [SeatInfo("human"), SeatInfo("human")]
        status: TableStatus
        seats[seat] = SeatInfo("human", name=name, token_hash=hash_token(token))
        if opponent == "bot":
            assert bot is not None
            seats[1 - seat] = SeatInfo("bot", bot=bot, name=bot)
            status = "playing" if state is not None else "placing"
        else:
            invite = new_token()
            seats[1 - seat] = SeatInfo("human", invite_hash=hash_token(invite))
            status = "waiting"
        table = Table(
            id=secrets.token_urlsafe(8),
            kind=opponent,
            created_at=self.now(),
            state=state,
            seats=seats,
            status=status,
            clock=clock,
            clock_state=ClockState.fresh(clock) if clock else None,
            meta={"placement": placement, **({"tutorial": True} if tutorial else {})},
            seed=seed,
            turn_limit=turn_limit,
        )
        now = self.now()
        bot_rows: list[PlacementRow] = []
        bot_placements: list[tuple[int, Placement]] = []
        if state is None and opponent == "bot":
            # The bot places at once, from a seed of its own (secret like the game's).
            spec = seats[1 - seat].bot
            assert spec is not None
            bot_seed = table.bot_placement_seed(1 - seat)
            made = await asyncio.to_thread(bot_placement, spec, bot_seed, 1 - seat)
            bot_placements.append((1 - seat, made))
            bot_rows.append(PlacementRow(1 - seat, made.to_json(), now))
        if status == "playing":
            self.clockwork.advance(table, table.to_act)
        elif status == "placing":
            self.clockwork.start_placing(table)
        row = GameRow(
            id=table.id,
            created_at=table.created_at,
            kind=table.kind,
            status=table.status,
            seed=seed,
            setup=state.setup.to_json() if state is not None and state.setup else None,
            turn_limit=turn_limit,
            result=None,
            clock=clock.to_json() if clock else None,
            clock_state=table.clock_state.to_json() if table.clock_state else None,
            meta=table.meta,
            seats=[
                SeatRow(i, s.kind, s.bot, s.name, s.token_hash, s.invite_hash)
                for i, s in enumerate(seats)
            ],
            placements=bot_rows,
        )
        await self.db.write(lambda conn: Storage.insert_game(conn, row))
        if bot_placements:
            table.place(bot_placements)
        self.active[table.id] = table
        if invite is not None:
            self.invites[hash_token(invite)] = table.id
        self.clockwork.arm(table)
        self._after_change(table)
        return NewGame(game=table.id, seat=seat, token=token, invite=invite)

    def invite_open(self, invite: str) -> bool:
        """Whether the invite's seat is still free (an invite is forgotten once spent)."""
        game_id = self.invites.get(hash_token(invite))
        return game_id is not None and game_id in self.active

    async def join(self, invite: str, name: str | None) -> SeatGrant:
        """Take the seat an invite was made for: its secret token (the invite is spent)."""
        invite_hash = hash_token(invite)
        game_id = self.invites.get(invite_hash)
        table = self.active.get(game_id) if game_id else None
        if table is None:
            raise ApiError(
                404, "unknown_invite", "this invite is unknown or already used", field="invite"
            )
        async with table.lock:
            seat = next(
                (s for s, info in enumerate(table.seats) if info.invite_hash == invite_hash), None
            )
            if seat is None:
                raise ApiError(404, "unknown_invite", "this invite is already used", field="invite")
            token = new_token()
            token_hash = hash_token(token)
            # Both seats are there: the seats place their cards (R3.1), or play starts.
            status: TableStatus = "placing" if table.placing else "playing"
            clock_state = table.clock_state.copy() if table.clock_state else None
            if clock_state is not None and table.clock is not None:
                if table.placing:
                    self.clockwork.placing_deadline(table.clock, clock_state)
                else:
                    timed = [s for s, info in enumerate(table.seats) if info.kind == "human"]
                    clock_state.advance(
                        table.clock, table.to_act, timed, self.now(), table.turn, table.reacting
                    )

            def op(conn: Connection) -> Any:
                claimed = Storage.claim_invite(conn, invite_hash, token_hash, name)
                if claimed is None:
                    raise ApiError(404, "unknown_invite", "this invite is already used")
                Storage.update_game(
                    conn,
                    table.id,
                    status=status,
                    clock_state=clock_state.to_json() if clock_state else None,
                )
                return claimed

            await self.db.write(op)
            del self.invites[invite_hash]
            info = table.seats[seat]
            info.token_hash, info.invite_hash, info.name = token_hash, None, name
            table.status = status
            table.clock_state = clock_state
            table.version += 1
            self.clockwork.arm(table)
            self._after_change(table)
        return SeatGrant(game=table.id, seat=seat, token=token)

    # -- placing (R3.1) -----------------------------------------------------------------
    async def place(self, table: Table, seat: int, placement: Placement | None) -> Placement:
        """``seat`` places its cards (None: at random); the placement it made.

        Committed before it counts; the second placement starts the game in the same
        transaction. Raises :class:`ApiError` (409 ``already_placed``, ``not_placing``),
        and then nothing changed."""
        async with table.lock:
            if table.kind == "imported":
                raise ApiError(409, "not_playable", "an imported game is for watching only")
            if table.meta.get("placement") == "choose" and table.placed[seat]:
                raise ApiError(
                    409, "already_placed", "this seat has placed its cards already", rule="R3.1"
                )
            if not table.placing:
                raise ApiError(
                    409,
                    "not_placing",
                    "this game is not placing its cards: they were dealt from its seed",
                    rule="R3.1",
                )
            if placement is None:
                placement = table.random_placement(seat)
            await self._commit_placements(table, [(seat, placement)])
            return placement

    async def _commit_placements(
        self, table: Table, placements: list[tuple[int, Placement]]
    ) -> None:
        """Store these placements (and, if they are the last, the start of the game:
        its setup, status and clock) in one transaction; only then change the table.
        Under the table's lock."""
        try:
            after = table.rehearse_placement(placements)
        except RuntimeError as error:  # pragma: no cover - checked by the caller
            raise ApiError(409, "already_placed", str(error), rule="R3.1") from None
        now = self.now()
        rows = [PlacementRow(seat, placement.to_json(), now) for seat, placement in placements]
        changes: dict[str, Any] = {}
        clock_state = table.clock_state.copy() if table.clock_state else None
        if after.setup is not None:
            changes = {"setup": after.setup, "status": "playing"}
            if clock_state is not None and table.clock is not None:
                clock_state.advance(table.clock, after.to_act, table.timed_seats(), now, 1)
                changes["clock_state"] = clock_state.to_json()

        def op(conn: Connection) -> None:
            for row in rows:
                Storage.insert_placement(conn, table.id, row)
            if changes:
                Storage.update_game(conn, table.id, **changes)

        try:
            await self.db.write(op)
        except Exception as error:
            log.error("storing a placement of game %s failed: %s", table.id, type(error).__name__)
            raise ApiError(503, "storage", "the placement could not be stored") from None
        table.place(placements)
        if after.setup is not None:
            table.status = "playing"
            table.clock_state = clock_state
        table.version += 1
        self.clockwork.arm(table)
        self._after_change(table)

    # -- playing -----------------------------------------------------------------------
    async def submit(
        self,
        table: Table,
        seat: int,
        action: Action,
        by: Actor = "human",
        period: int | None = None,
        expect: int | None = None,
        key: str | None = None,
    ) -> int:
        """Validate ``action`` for ``seat``, commit it, apply it; its index in the record.

        ``period``: for a bot standing in after a timeout, the clock period it plays in
        (if that period is over, the action is refused). ``expect``: the number of
        actions the client saw when it chose this one; if the game has moved on since,
        the action is a retry of one stored (its index is answered again, nothing is
        played) or stale (409 ``stale``). ``key``: an idempotency key: an action sent
        again with the key of one stored gets that one's index, and is not played again.
        Raises :class:`ApiError`, and then nothing changed."""
        async with table.lock:
            if key is not None and (table.id, seat, key) in self.answered:
                return self.answered[table.id, seat, key]
            if expect is not None and expect != table.actions:
                if expect < table.actions and table.took(expect, seat, action):
                    return expect
                raise ApiError(
                    409,
                    "stale",
                    f"the game has {table.actions} actions, not {expect}: this action was "
                    "chosen for another position",
                    field="expect",
                )
            self._check_turn(table, seat)
            cs = table.clock_state
            if by == "human" and cs is not None and cs.seat == seat and cs.deadline is not None:
                if self.now() >= cs.deadline:  # the clock service ends the game at once
                    raise ApiError(409, "out_of_time", "this seat's time ran out")
            if period is not None:
                cs = table.clock_state
                if cs is None or cs.autopilot != period or cs.period != period:
                    raise ApiError(409, "stale", "the period the bot played for is over")
            try:
                after = table.rehearse(action)
            except OutlawsError as error:
                raise from_engine(error) from None
            index = table.actions
            now = self.now()
            clock_state = self.clockwork.advance(
                table, after.to_act, dry=True, turn=after.turn, reacting=after.reacting
            )
            if clock_state is not None and after.result is not None:
                clock_state.stop(now)
            row = ActionRow(index, action.to_json(), seat, by, now)
            commit = Commit(row, action, by, clock_state, after.result)
            # Shielded: once the write is under way, the table must follow the database
            # even if the caller goes away (a closed socket, a shutdown).
            task = asyncio.ensure_future(self._commit_then_apply(table, commit))
            try:
                await asyncio.shield(task)
            except asyncio.CancelledError:
                await task
                raise
            if key is not None:
                self.answered[table.id, seat, key] = index
                while len(self.answered) > 10_000:
                    self.answered.popitem(last=False)
            return index

    async def _commit_then_apply(self, table: Table, commit: Commit) -> None:
        """Store ``commit``; only then change the table and tell everyone."""
        try:
            await self.db.append(table.id, commit.row, commit.changes())
        except ApiError:
            raise
        except Exception as error:
            log.exception("storing an action of game %s failed", table.id)
            raise ApiError(503, "storage", f"the action could not be stored: {error}") from None
        table.apply(commit.action, commit.by)
        table.clock_state = commit.clock_state
        if commit.result is not None:
            self._finish(table, dict(commit.result))
        table.version += 1
        self.clockwork.arm(table)
        self._after_change(table)

    def _check_turn(self, table: Table, seat: int) -> None:
        if table.kind == "imported":
            raise ApiError(409, "not_playable", "an imported game is for watching only")
        if table.finished:
            raise ApiError(409, "game_over", "the game is over", rule="R9")
        if table.status == "waiting":
            raise ApiError(409, "not_started", "the second player has not joined yet")
        if table.placing:
            raise ApiError(409, "not_started", _NOT_PLACED, rule="R3.1")
        if table.to_act != seat:
            raise ApiError(409, "not_your_turn", f"it is seat {table.to_act}'s decision")

    async def resign(self, table: Table, seat: int) -> GameResult:
        """``seat`` gives up: the other seat wins. Stored as the game's outcome."""
        async with table.lock:
            if table.kind == "imported":
                raise ApiError(409, "not_playable", "an imported game is for watching only")
            if table.finished:
                raise ApiError(409, "game_over", "the game is over", rule="R9")
            if table.placing:
                # There is no game to give up yet: nothing was dealt.
                raise ApiError(409, "not_started", _NOT_PLACED, rule="R3.1")
            result: GameResult = {"winner": 1 - seat, "how": "resign", "loser": seat}
            await self._store_end(table, result)
            return result

    async def _store_end(self, table: Table, result: GameResult) -> None:
        """End the game by ``result`` (resignation, timeout): stored, then announced."""
        clock_state = table.clock_state.copy() if table.clock_state else None
        if clock_state is not None:
            clock_state.stop(self.now())
        changes: dict[str, Any] = {"status": "over", "result": result}
        if clock_state is not None:
            changes["clock_state"] = clock_state.to_json()
        await self.db.write(lambda conn: Storage.update_game(conn, table.id, **changes))
        table.clock_state = clock_state
        self._finish(table, dict(result))
        table.version += 1
        self._after_change(table)

    def _finish(self, table: Table, result: dict[str, Any] | None) -> None:
        table.status = "over"
        table.result = result
        self.active.pop(table.id, None)
        self._remember_finished(table)

    def _after_change(self, table: Table) -> None:
        """Tell the table's clients, and let a bot play if one is to act."""
        self.hub.changed(table)
        if table.status != "playing" or table.bot_task is not None:
            return
        to_act = table.to_act
        if to_act is not None and table.bot_for(to_act) is not None:
            table.bot_task = self._spawn(self._bot_moves(table))

    async def _bot_moves(self, table: Table) -> None:
        """Play for the bot seat(s) of ``table`` while a bot is to act."""
        try:
            while table.status == "playing":
                seat = table.to_act
                bot = table.bot_for(seat) if seat is not None else None
                if seat is None or bot is None:
                    return
                spec, by = bot
                version = table.version
                view = table.view(seat)
                legal = table.legal_actions(seat)
                action = await self.bots.choose(spec, table.bot_seed(seat), view, legal)
                if table.version != version:
                    continue  # the game moved on meanwhile (a resignation): think again
                period = table.clock_state.period if by == "clock" and table.clock_state else None
                await self.submit(table, seat, action, by=by, period=period)
        except asyncio.CancelledError:
            raise
        except ApiError as error:
            log.warning("bot move in game %s refused: %s", table.id, error.message)
        except Exception:
            log.exception("bot of game %s failed", table.id)
        finally:
            table.bot_task = None

    # -- records -----------------------------------------------------------------------
    async def offload(self, work: Callable[[], T]) -> T:
        """Run ``work`` (a replay, an import: CPU for a long game) in a thread, a few at
        a time, so that the event loop goes on serving every other game."""
        async with self._heavy:
            return await asyncio.to_thread(work)

    def _count_import(self, client: str) -> None:
        """A client may import ``import_quota`` records an hour (429 past it)."""
        now = time.monotonic()
        recent = self._imports.setdefault(client, deque())
        while recent and recent[0] < now - 3600.0:
            recent.popleft()
        if len(recent) >= self.settings.import_quota:
            raise ApiError(429, "rate_limited", "too many imports from this client: wait an hour")
        recent.append(now)
        if len(self._imports) > 10_000:  # forget the quietest clients
            for key in [k for k, times in self._imports.items() if not times][:5000]:
                del self._imports[key]

    async def import_record(self, data: Any, client: str = "") -> Table:
        """A record to watch: replayed by the engine (a bad one is refused, naming the
        field or the action), then stored as a finished, imported game."""
        self._count_import(client)
        now = self.now()
        table, row = await self.offload(lambda: records.imported(data, now))
        await self.db.write(lambda conn: Storage.insert_game(conn, row))
        self._remember_finished(table)
        return table

    # -- deduction -----------------------------------------------------------------------
    async def notebook(self, table: Table, seat: int) -> dict[str, Any]:
        """What ``seat`` can deduce of its opponent's hidden cards, from its own view
        alone (:class:`~outlaws.server.notebook.Notebooks`)."""
        if table.placing:
            raise ApiError(409, "not_started", _NOT_PLACED, rule="R3.1")
        return await self.notebooks.of(table, seat)

    # -- listing -----------------------------------------------------------------------
    async def my_games(self, tokens: Sequence[str]) -> list[Summary]:
        """A summary of each game that one of ``tokens`` holds a seat in."""
        hashes = [hash_token(t) for t in tokens]
        found = await self.db.call(self.db.storage.seats_of_tokens, hashes)
        out = []
        for game_id, seat in found:
            try:
                table = await self.table(game_id)
            except ApiError:
                continue
            out.append(table.summary(seat))
        out.sort(key=lambda g: -g.created_at)
        return out


_NOT_PLACED = "the game starts when both seats have placed their cards (R3.1)"

__all__ = ["Commit", "GameService", "NewGame", "SeatGrant", "hash_token"]
