"""The game service: creates, loads, plays and finishes games, with the engine as the
only judge of legality and the database as the only memory.

Every accepted action goes the same way, whoever took it (a human, a bot, a bot
standing in after a timeout): checked by the engine, committed, and only then applied to
the table in memory and announced (:mod:`.moves`); a placement before play likewise
(:mod:`.placing`). A restarted server rebuilds each game by replaying its stored record
(:mod:`.rebuild`). Several processes may share one database and one bus: each announces
what it commits and catches up with what the others do (:mod:`.catchup`), and a commit
another process beat is refused by the database and decided again.

What still runs in every process holding a game: bot moves and
clock deadlines. Two processes may both play a bot's move or both fire a timeout; the
keys make the second one a harmless :class:`~.storage.Conflict` (logged at debug level,
followed by a catch-up), so the worst case is wasted work, never a double move or a
double end. A bot is played by the process that committed the action that handed it the
turn (a catch-up never starts one); when a process dies, the others take over its
games' bots and deadlines once its lease lapses (:mod:`.runners`).

**Its parts.** This module owns the games' life in memory (loading, creating,
joining, finishing, records) and wires the concerns kept apart, none of which imports
it: :mod:`.rebuild` (a table from its stored row), :mod:`.moves` (an action checked,
committed and applied; resignations and timeouts), :mod:`.placing` (R3.1),
:mod:`.catchup` (announcements and catch-ups between processes), :mod:`.botplay` (a
bot's turns), :mod:`.clockwork` (clocks and deadlines), :mod:`.quotas` and :mod:`.chat`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from sqlalchemy import Connection

from ...bots.placement import bot_placement
from ...bots.tutorial import LEARNER, tutorial_setup
from ...engine import Action, OutlawsError, Placement, State
from ..accounts.service import Accounts
from ..accounts.store import accounts_of_game
from ..chat.rooms import Chat
from ..cluster.bus import make_bus
from ..cluster.runners import Runners
from ..common.errors import ApiError, bad_token, unknown_game
from ..common.kinds import Actor, GameResult, PlacementMode, TableStatus
from ..common.settings import Settings
from ..db.storage import UNFINISHED, Database, GameRow, PlacementRow, SeatRow, Storage
from ..http.auth import hash_token, new_token
from ..http.quotas import ImportQuota
from ..live.hub import Hub
from ..live.presence import Presence
from ..live.signout import SignOut
from ..lobby.feed import LobbyFeed
from ..lobby.rematch import Rematches
from ..ratings.standings import Standings
from . import records
from .botplay import play_bots
from .botpool import BotPool
from .catchup import GAMES_CHANNEL, CatchUp
from .clocks import ClockConfig, ClockState
from .clockwork import Clockwork
from .moves import Commit, Moves
from .notebook import Notebooks
from .placing import NOT_PLACED, Placing
from .rated import BOT_RATINGS, bot_rating, check_rated_terms
from .rebuild import rebuild
from .table import SeatInfo, Summary, Table

log = logging.getLogger(__name__)
T = TypeVar("T")


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


class GameService:
    """All the games of one server process."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.now = settings.now
        self.db = Database(Storage(settings.db_url, settings.sqlite_synchronous))
        self.bots = BotPool(settings.bot_workers)
        #: The connections to each game, and the messages they are sent.
        self.hub = Hub()
        #: The bus between server processes (this process alone by default).
        self.bus = settings.bus if settings.bus is not None else make_bus(settings.redis_url)
        #: Whether other processes may write this database: a table may then be behind
        #: it, and a refusal is checked against the database before it is given.
        self.shared = settings.bus is not None or settings.redis_url is not None
        self.db.shared = self.shared
        #: This process on the bus: it does not catch up with its own announcements.
        self.process_id = secrets.token_hex(8)
        self._unsubscribe: Callable[[], None] | None = None
        self._unsubscribe_rematches: Callable[[], None] = lambda: None
        #: Players who signed up: their sessions and the seats of their accounts.
        self.accounts = Accounts(settings, self.db)
        #: Their ratings, moved by each rated game's end.
        self.standings = Standings(settings, self.db)
        #: Who is online, and the lobby they see: open games, games being played.
        self.presence = Presence(self.bus, self.process_id, settings.now)
        self.lobby = LobbyFeed(self.db, self.bus, self.presence)
        #: The next game, seats swapped, offered from the game-over panel.
        self.rematches = Rematches(
            self.db, self.bus, self.hub, settings.now, self.launch, self._after_change
        )
        #: Games still being played (or waiting for a second player).
        self.active: dict[str, Table] = {}
        #: Which games this process runs (plays the bots of, fires the deadlines of):
        #: all of them alone; with other processes, those it created or took over.
        self.runners = Runners(
            settings, self.db, self.bus, self.process_id, shared=self.shared, take=self._take_over
        )
        #: The games' clocks: periods, deadlines, pauses and the heartbeat. A deadline
        #: that passes ends a game, places late cards or lets a bot play through these.
        self.clockwork = Clockwork(
            settings,
            self.db,
            self.active,
            end=lambda table, result: self.moves.timeout_end(table, result),
            place=lambda table, placements: self.placing.late(table, placements),
            changed=self._after_change,
            server_id=self.process_id,
            runs=self.runners.runs,
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
        #: The times of each client's recent imports (a quota: ``import_quota``).
        self.import_quota = ImportQuota(settings)
        #: The other processes: announcements, and catch-ups from the database.
        self.sync = CatchUp(
            self.db,
            self.bus,
            self.process_id,
            self.active,
            self.invites,
            self.clockwork,
            finish=self._finish,
            spawn=self._spawn,
            changed=lambda table: self._after_change(table, announce=False),
            unwatched=self._unwatched,
        )
        #: The placements before play (R3.1), and play: actions, resignations, timeouts.
        self.placing = Placing(
            settings,
            self.db,
            self.clockwork,
            shared=self.shared,
            catch_up=self.sync.catch_up,
            changed=self._after_change,
        )
        self.moves = Moves(
            settings,
            self.db,
            self.clockwork,
            shared=self.shared,
            catch_up=self.sync.catch_up,
            finish=self._finish,
            changed=self._after_change,
        )
        #: The index each idempotency key's action was stored at, by (game, seat, key).
        self.answered = self.moves.answered
        #: What players and spectators say at the tables (:mod:`.chat`).
        self.chat = Chat(self.db, self.bus, self.hub, self.process_id, self.now)
        #: Signing out everywhere: the seat tokens it ends, in every process.
        self.sign_out = SignOut(
            self.accounts,
            self.bus,
            self.hub,
            self.process_id,
            held=lambda game_id: self.active.get(game_id) or self.finished.get(game_id),
        )
        self._unsubscribe_sign_out: Callable[[], None] = lambda: None

    # -- life cycle --------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the schema, rebuild every unfinished game, restart clocks and bots.

        Every game is rebuilt before any clock resumes: the clocks a crash left running
        are first stored paused at its last heartbeat (:meth:`Clockwork.recover`), then
        they resume with those a clean stop paused."""
        await self.db.start()
        # Listening before the games are read: a change another process makes meanwhile
        # is heard once its table is here (or was read with it).
        self._unsubscribe = self.bus.subscribe(GAMES_CHANNEL, self.sync.heard)
        self.bus.on_reconnect(self.sync.catch_up_all)
        self.chat.listen()
        self.lobby.start()
        self._unsubscribe_rematches = self.rematches.start()
        self._unsubscribe_sign_out = self.sign_out.start()
        await self.bus.start()
        tables: list[Table] = []
        for game_id in await self.db.call(self.db.storage.game_ids, UNFINISHED):
            row = await self.db.call(self.db.storage.load_game, game_id)
            if row is None:  # pragma: no cover - deleted meanwhile
                continue
            try:
                table = rebuild(row)
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
        # Which of them this process runs (all, alone), before any bot is let play.
        await self.runners.start()
        for table in tables:
            self._after_change(table, announce=False)
        self.clockwork.start()
        self._spawn(asyncio.to_thread(self.bots.warm))

    async def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.chat.close()
        # The games this process ran are let go first: the others take them over at
        # once, while this one finishes its stop.
        await self.runners.stop()
        await self.clockwork.stop()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.hub.close()
        self._unsubscribe_rematches()
        self._unsubscribe_sign_out()
        await self.lobby.stop()
        await self.bus.close()
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
                table = rebuild(row)
            except OutlawsError as error:
                raise ApiError(
                    500, "corrupt_game", f"game {game_id} cannot be replayed: {error}"
                ) from None
            if table.finished:
                self._remember_finished(table)
            else:
                # A game another process created (or this one left out): played here
                # from now on too. Caught up once more, for a change announced while it
                # was being read.
                self.active[table.id] = table
                for info in table.seats:
                    if info.invite_hash is not None:
                        self.invites[info.invite_hash] = table.id
                self.clockwork.arm(table)
                if self.shared:
                    self.sync.schedule(table)
        return table

    async def seat_of(self, game_id: str, token: str | None) -> tuple[Table, int | None]:
        """The table and the seat ``token`` holds in it (None: a spectator, no token).

        The token is a seat's own, or one an account was given for a device of its
        (:meth:`.Accounts.device_token`). With other processes, a token this table does
        not know may be of a seat taken through another process a moment ago: the table
        is caught up before the token is refused. A token that holds no seat of this
        game is refused, not taken for a spectator."""
        table = await self.table(game_id)
        if token is None or token == "":
            return table, None
        hashed = hash_token(token)
        seat = table.seat_of_token(hashed)
        if seat is None and self.shared and not table.finished:
            async with table.lock:
                await self.sync.catch_up(table)
            seat = table.seat_of_token(hashed)
        if seat is None:
            seat = await self.accounts.seat_of_device_token(hashed, table.id)
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
        rated: bool = False,
        open_game: bool = False,
        account: str | None = None,
    ) -> NewGame:
        """A new game against a bot or a friend; the creator's seat token (and the
        invite for the friend's seat).

        ``placement="choose"``: each seat places its own cards before play (R3.1), a bot
        at once; ``"random"``: the seed deals everything and play starts now.
        ``tutorial``: the guided game, from its fixed position (bots/tutorial.py).
        ``rated``: its result moves the players' ratings (:mod:`.standings`); against a
        bot, one of fixed rating only (422 ``unrated_bot``); on the fixed terms of rated
        play only (422 ``rated_terms``: :func:`.check_rated_terms`).
        ``open_game``: a friend game listed in the lobby while its creator (of
        ``account``, if signed in) is at its table, for anyone to join (:mod:`.lobby`)."""
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
        seats[seat] = SeatInfo(
            "human", name=name, token_hash=hash_token(token), account=account is not None
        )
        if opponent == "bot":
            assert bot is not None
            if rated and bot_rating(bot) is None:
                raise ApiError(
                    422,
                    "unrated_bot",
                    f"the bot {bot} has no fixed rating yet: play it unrated, or rate a game "
                    f"against {', '.join(BOT_RATINGS)}",
                    field="bot",
                )
            seats[1 - seat] = SeatInfo("bot", bot=bot, name=bot)
            status = "playing" if state is not None else "placing"
        else:
            invite = new_token()
            seats[1 - seat] = SeatInfo("human", invite_hash=hash_token(invite))
            status = "waiting"
        if rated:
            check_rated_terms(clock, turn_limit)
        table = Table(
            id=secrets.token_urlsafe(8),
            kind=opponent,
            created_at=self.now(),
            state=state,
            seats=seats,
            status=status,
            clock=clock,
            clock_state=ClockState.fresh(clock) if clock else None,
            meta={
                "placement": placement,
                **({"tutorial": True} if tutorial else {}),
                **({"rated": True} if rated else {}),
                **(
                    {"open": True, "host": name, "host_account": account}
                    if open_game and opponent == "friend"
                    else {}
                ),
            },
            seed=seed,
            turn_limit=turn_limit,
        )
        await self.launch(table, seed=seed, state=state, turn_limit=turn_limit)
        if invite is not None:
            self.invites[hash_token(invite)] = table.id
        self._after_change(table)
        return NewGame(game=table.id, seat=seat, token=token, invite=invite)

    async def launch(
        self,
        table: Table,
        *,
        seed: int,
        state: State | None,
        turn_limit: int | None,
        also: Callable[[Connection], None] | None = None,
    ) -> None:
        """Store a new game and hold it here (its clients not told yet). A bot seat
        places at once, from a seed of its own (secret like the game's), and the clock
        starts. ``also`` runs in the same transaction, after the game's rows: what it
        raises stores nothing (a rematch stores its acceptance with the game it starts)."""
        now = self.now()
        bot_rows: list[PlacementRow] = []
        bot_placements: list[tuple[int, Placement]] = []
        if table.placing:
            for seat, info in enumerate(table.seats):
                if info.kind == "bot" and info.bot is not None:
                    bot_seed = table.bot_placement_seed(seat)
                    made = await asyncio.to_thread(bot_placement, info.bot, bot_seed, seat)
                    bot_placements.append((seat, made))
                    bot_rows.append(PlacementRow(seat, made.to_json(), now))
        if table.status == "playing":
            self.clockwork.advance(table, table.to_act)
        elif table.status == "placing":
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
            clock=table.clock.to_json() if table.clock else None,
            clock_state=table.clock_state.to_json() if table.clock_state else None,
            meta=table.meta,
            seats=[
                SeatRow(i, s.kind, s.bot, s.name, s.token_hash, s.invite_hash)
                for i, s in enumerate(table.seats)
            ],
            placements=bot_rows,
        )

        def store(conn: Connection) -> None:
            Storage.insert_game(conn, row)
            self.runners.created(conn, row.id)
            if also is not None:
                also(conn)

        await self.db.write(store)
        self.runners.started(table.id)
        if bot_placements:
            table.place(bot_placements)
        self.active[table.id] = table
        self.clockwork.arm(table)

    async def invite_open(self, invite: str) -> bool:
        """Whether the invite's seat is still free (an invite is forgotten once spent)."""
        table = await self._table_of_invite(hash_token(invite))
        return table is not None and not table.finished

    async def _table_of_invite(self, invite_hash: str) -> Table | None:
        """The game an invite was made for, while its seat is free (as far as this
        process knows; the database has the last word when the seat is claimed). An
        invite made by another process is looked up in the database."""
        game_id = self.invites.get(invite_hash)
        if game_id is None and self.shared:
            game_id = await self.db.call(self.db.storage.game_of_invite, invite_hash)
            if game_id is not None:
                with contextlib.suppress(ApiError):
                    await self.table(game_id)
        return self.active.get(game_id) if game_id else None

    async def join(self, invite: str, name: str | None, account: str | None = None) -> SeatGrant:
        """Take the seat an invite was made for: its secret token (the invite is spent).
        A rated game's seat is for an ``account`` only (409 ``account_needed``), and not
        the account of its other seat (409 ``own_game``)."""
        invite_hash = hash_token(invite)
        table = await self._table_of_invite(invite_hash)
        if table is None:
            raise ApiError(
                404, "unknown_invite", "this invite is unknown or already used", field="invite"
            )
        return await self._claim(table, invite_hash, name, account)

    async def join_open(self, game_id: str, name: str | None, account: str | None) -> SeatGrant:
        """Take the free seat of an open game of the lobby. Of two players who click at
        once, one gets it, the other 409 ``seek_taken``; the creator's own account
        cannot take it (409 ``own_game``)."""
        table = await self.table(game_id)
        if self.shared and not table.finished:
            async with table.lock:
                await self.sync.catch_up(table)
        free = next((info.invite_hash for info in table.seats if info.invite_hash), None)
        if table.status != "waiting" or not table.meta.get("open") or free is None:
            raise ApiError(409, "seek_taken", "this game is no longer open: its seat is taken")
        if account is not None and account == table.meta.get("host_account"):
            raise ApiError(409, "own_game", "this is your own open game: wait for an opponent")
        try:
            return await self._claim(table, free, name, account)
        except ApiError as error:
            if error.code != "unknown_invite":
                raise
            raise ApiError(
                409, "seek_taken", "this game is no longer open: its seat is taken"
            ) from None

    async def _claim(
        self, table: Table, invite_hash: str, name: str | None, account: str | None
    ) -> SeatGrant:
        """Turn the seat of ``invite_hash`` into a player's, once, and start the game."""
        async with table.lock:
            seat = next(
                (s for s, info in enumerate(table.seats) if info.invite_hash == invite_hash), None
            )
            if seat is None:
                raise ApiError(404, "unknown_invite", "this invite is already used", field="invite")
            if table.meta.get("rated") and account is None:
                raise ApiError(
                    409, "account_needed", "this game is rated: sign in to take its seat"
                )
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
                holders = accounts_of_game(conn, table.id).values()
                if table.meta.get("rated") and account in {held for held, _ in holders}:
                    raise ApiError(
                        409, "own_game", "this rated game is your own: another player takes it"
                    )
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

            try:
                await self.db.write(op)
            except ApiError:
                # Claimed through another process: this table is behind.
                self.sync.schedule(table)
                raise
            self.invites.pop(invite_hash, None)
            info = table.seats[seat]
            info.token_hash, info.invite_hash, info.name = token_hash, None, name
            info.account = account is not None
            table.status = status
            table.clock_state = clock_state
            table.version += 1
            self.clockwork.arm(table)
            self._after_change(table)
        return SeatGrant(game=table.id, seat=seat, token=token)

    # -- placing (R3.1) and playing: :mod:`.placing`, :mod:`.moves` ---------------------
    async def place(self, table: Table, seat: int, placement: Placement | None) -> Placement:
        """``seat`` places its cards (None: at random): :meth:`.Placing.place`."""
        return await self.placing.place(table, seat, placement)

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
        """Validate ``action`` for ``seat``, commit it, apply it; its index in the record
        (:meth:`.Moves.submit`)."""
        return await self.moves.submit(table, seat, action, by, period, expect, key)

    async def resign(self, table: Table, seat: int) -> GameResult:
        """``seat`` gives up: the other seat wins (:meth:`.Moves.resign`)."""
        return await self.moves.resign(table, seat)

    def _finish(self, table: Table, result: dict[str, Any] | None) -> None:
        table.status = "over"
        table.result = result
        self.active.pop(table.id, None)
        self._remember_finished(table)
        if table.meta.get("rated"):
            self._spawn(self.standings.settle(table))

    def _after_change(self, table: Table, announce: bool = True) -> None:
        """Tell the table's clients (and, with ``announce``, the other processes, which
        catch up), and let a bot play if one is to act."""
        self.hub.changed(table)
        if announce:
            self.sync.announce(table)
        if table.status != "playing" or table.bot_task is not None:
            return
        if not self.runners.runs(table.id):
            return  # its runner plays the bot; this process shows the move
        to_act = table.to_act
        if to_act is not None and table.bot_for(to_act) is not None:
            table.bot_task = self._spawn(play_bots(table, self.bots, self.submit, self.shared))

    # -- other processes ---------------------------------------------------------------
    def _unwatched(self, table: Table, sender: str) -> bool:
        """A change to ``table`` was made through the process ``sender``: if nobody
        watches the game here, that process serves its players, so it runs the game
        from now on (if this one ran it) and this one forgets the table (read again if
        it is asked for). Whether it was forgotten."""
        if self.hub.watched(table.id):
            return False
        if self.runners.runs(table.id):
            self._spawn(self.runners.hand_over(table.id, sender))
        self.active.pop(table.id, None)
        return True

    async def _take_over(self, game_id: str) -> None:
        """This process runs ``game_id`` from now on (its runner died or let it go):
        the game is loaded or caught up, a clock left paused by a stop of every process
        resumes, its deadline is watched and its bot plays."""
        table = await self.table(game_id)
        if table.finished:
            return
        async with table.lock:
            await self.sync.catch_up(table)
            if table.finished:
                return
            await self.clockwork.resume(table)
        self.clockwork.arm(table)
        self._after_change(table, announce=False)

    async def catch_up(self, table: Table) -> bool:
        """Bring ``table`` up to the database, under its lock (:meth:`.CatchUp.catch_up`):
        whether anything changed."""
        return await self.sync.catch_up(table)

    # -- records -----------------------------------------------------------------------
    async def offload(self, work: Callable[[], T]) -> T:
        """Run ``work`` (a replay, an import: CPU for a long game) in a thread, a few at
        a time, so that the event loop goes on serving every other game."""
        async with self._heavy:
            return await asyncio.to_thread(work)

    async def import_record(self, data: Any, client: str = "") -> Table:
        """A record to watch: replayed by the engine (a bad one is refused, naming the
        field or the action), then stored as a finished, imported game."""
        self.import_quota.count(client)
        now = self.now()
        table, row = await self.offload(lambda: records.imported(data, now))
        await self.db.write(lambda conn: Storage.insert_game(conn, row))
        self._remember_finished(table)
        return table

    # -- deduction -----------------------------------------------------------------------
    async def notebook(self, table: Table, seat: int) -> dict[str, Any]:
        """What ``seat`` can deduce of its opponent's hidden cards, from its own view
        alone (:class:`~outlaws.server.games.notebook.Notebooks`)."""
        if table.placing:
            raise ApiError(409, "not_started", NOT_PLACED, rule="R3.1")
        return await self.notebooks.of(table, seat)

    # -- listing -----------------------------------------------------------------------
    async def my_games(self, tokens: Sequence[str]) -> list[Summary]:
        """A summary of each game that one of ``tokens`` holds a seat in."""
        hashes = [hash_token(t) for t in tokens]
        return await self.summaries(await self.db.call(self.db.storage.seats_of_tokens, hashes))

    async def summaries(self, found: Sequence[tuple[str, int]]) -> list[Summary]:
        """A summary of each (game, seat), newest game first (a game that cannot be read
        is left out)."""
        out = []
        for game_id, seat in found:
            try:
                table = await self.table(game_id)
            except ApiError:
                continue
            out.append(table.summary(seat))
        out.sort(key=lambda g: -g.created_at)
        return out


__all__ = ["GAMES_CHANNEL", "Commit", "GameService", "NewGame", "SeatGrant", "hash_token"]
