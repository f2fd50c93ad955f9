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

**Its parts.** This module owns the games' life in memory (starting, finishing,
handing over) and connects the concerns kept apart, none of which imports it:
:mod:`.holding` (the tables held, a table rebuilt from its stored row), :mod:`.seating`
(new games and their seats), :mod:`.moves` (an action checked, committed and applied;
resignations and timeouts), :mod:`.placing` (R3.1), :mod:`.catchup` (announcements and
catch-ups between processes), :mod:`.botplay` (a bot's turns), :mod:`.clockwork` (clocks
and deadlines). What is not a game's (accounts, ratings, the lobby, chat, the sockets)
is built beside it by :mod:`outlaws.server.wiring`, which also hands it its
:class:`Audience` and listens to its :attr:`GameService.ended`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ...engine import Action, OutlawsError
from ..accounts.service import Accounts
from ..cluster.runners import Runners
from ..common.bus import Bus
from ..common.kinds import Actor
from ..common.settings import Settings
from ..db.storage import UNFINISHED, Database
from .botplay import play_bots
from .botpool import BotPool
from .catchup import GAMES_CHANNEL, CatchUp
from .clockwork import Clockwork
from .holding import Holding
from .imports import Imports
from .moves import Moves
from .notebook import Notebooks
from .placing import Placing
from .rebuild import rebuild
from .seating import Seating
from .table import Table

log = logging.getLogger(__name__)
T = TypeVar("T")


class Audience(Protocol):
    """Who watches the games (the hub of their sockets): told of each change."""

    def changed(self, table: Table) -> None: ...

    def watched(self, game_id: str) -> bool: ...


class GameService:
    """All the games of one server process, on the database ``db`` and the ``bus`` it
    shares with the other processes; ``audience`` is told of every change."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        bus: Bus,
        process_id: str,
        accounts: Accounts,
        audience: Audience,
    ) -> None:
        self.settings = settings
        self.now = settings.now
        self.db = db
        self.bus = bus
        #: This process on the bus: it does not catch up with its own announcements.
        self.process_id = process_id
        #: Whether other processes may write this database: a table may then be behind
        #: it, and a refusal is checked against the database before it is given.
        self.shared = db.shared
        #: The seats accounts were given for their devices (:meth:`seat_of`).
        self.accounts = accounts
        self.audience = audience
        self.bots = BotPool(settings.bot_workers)
        #: Called with each game that ends, once (the ratings settle a rated one).
        self.ended: list[Callable[[Table], None]] = []
        self._unsubscribe: Callable[[], None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.holding = Holding(
            settings,
            db,
            audience.watched,
            self._adopted,
            catch_up=lambda table: self.sync.catch_up(table),
            device_seat=accounts.seat_of_device_token,
        )
        self.active = self.holding.active
        self.finished = self.holding.finished
        self.table = self.holding.table
        self.seat_of = self.holding.seat_of
        #: Which games this process runs (plays the bots of, fires the deadlines of):
        #: all of them alone; with other processes, those it created or took over.
        self.runners = Runners(
            settings, db, bus, process_id, shared=self.shared, take=self._take_over
        )
        #: The games' clocks: periods, deadlines, pauses and the heartbeat. A deadline
        #: that passes ends a game, places late cards or lets a bot play through these.
        self.clockwork = Clockwork(
            settings,
            db,
            self.active,
            end=lambda table, result: self.moves.timeout_end(table, result),
            place=lambda table, placements: self.placing.late(table, placements),
            changed=self.after_change,
            server_id=process_id,
            runs=self.runners.runs,
        )
        #: The latest notebook of recently asked (game, seat)s, with the belief behind it.
        self.notebooks = Notebooks()
        #: Records to watch, imported; heavy work run apart from the event loop.
        self.imports = Imports(settings, db, self.holding)
        self.offload = self.imports.offload
        self.import_record = self.imports.import_record
        #: The other processes: announcements, and catch-ups from the database.
        self.sync = CatchUp(
            db,
            bus,
            process_id,
            self.active,
            self.holding.invites,
            self.clockwork,
            finish=self._finish,
            spawn=self.spawn,
            changed=lambda table: self.after_change(table, announce=False),
            unwatched=self._unwatched,
        )
        #: The placements before play (R3.1), and play: actions, resignations, timeouts.
        shared, catch_up, changed = self.shared, self.sync.catch_up, self.after_change
        self.placing = Placing(
            settings, db, self.clockwork, shared=shared, catch_up=catch_up, changed=changed
        )
        self.moves = Moves(
            settings,
            db,
            self.clockwork,
            shared=shared,
            catch_up=catch_up,
            finish=self._finish,
            changed=changed,
        )
        #: The index each idempotency key's action was stored at, by (game, seat, key).
        self.answered = self.moves.answered
        #: New games and their seats.
        self.seating = Seating(self)

    # -- life cycle --------------------------------------------------------------------
    def listen(self) -> None:
        """Hear the other processes' changes: before the games are read (:meth:`start`),
        so that a change made meanwhile is heard once its table is here."""
        self._unsubscribe = self.bus.subscribe(GAMES_CHANNEL, self.sync.heard)
        self.bus.on_reconnect(self.sync.catch_up_all)

    async def start(self) -> None:
        """Rebuild every unfinished game, restart clocks and bots.

        Every game is rebuilt before any clock resumes: the clocks a crash left running
        are first stored paused at its last heartbeat (:meth:`Clockwork.recover`), then
        they resume with those a clean stop paused."""
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
            self.holding.hold(table)
            tables.append(table)
        await self.clockwork.recover(tables)
        for table in tables:
            await self.clockwork.resume(table)
            self.clockwork.arm(table)
        # Which of them this process runs (all, alone), before any bot is let play.
        await self.runners.start()
        for table in tables:
            self.after_change(table, announce=False)
        self.clockwork.start()
        self.spawn(asyncio.to_thread(self.bots.warm))

    async def stop(self) -> None:
        """Stop hearing; let go of the games this process ran (the others take them over
        at once, while this one finishes its stop); stop the clocks and the tasks."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        await self.runners.stop()
        await self.clockwork.stop()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        """Run ``coro`` as a task of this service (cancelled by :meth:`stop`)."""
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- playing: :mod:`.moves` (and :mod:`.placing`, R3.1) -------------------------------
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

    def _finish(self, table: Table, result: dict[str, Any] | None) -> None:
        table.end(result)
        self.active.pop(table.id, None)
        self.holding.remember_finished(table)
        for hear in self.ended:
            hear(table)

    def after_change(self, table: Table, announce: bool = True) -> None:
        """Tell the table's clients (and, with ``announce``, the other processes, which
        catch up), and let a bot play if one is to act."""
        self.audience.changed(table)
        if announce:
            self.sync.announce(table)
        if table.status != "playing" or table.bot_task is not None:
            return
        if not self.runners.runs(table.id):
            return  # its runner plays the bot; this process shows the move
        to_act = table.to_act
        if to_act is not None and table.bot_for(to_act) is not None:
            table.bot_task = self.spawn(play_bots(table, self.bots, self.submit, self.shared))

    def _adopted(self, table: Table) -> None:
        """A game another process created (or this one left out), read now: played here
        from now on too, caught up once more for a change announced while it was read."""
        self.clockwork.arm(table)
        if self.shared:
            self.sync.schedule(table)

    # -- other processes ---------------------------------------------------------------
    def _unwatched(self, table: Table, sender: str) -> bool:
        """A change to ``table`` was made through the process ``sender``: if nobody
        watches the game here, that process serves its players, so it runs the game
        from now on (if this one ran it) and this one forgets the table (read again if
        it is asked for). Whether it was forgotten."""
        if self.audience.watched(table.id):
            return False
        if self.runners.runs(table.id):
            self.spawn(self.runners.hand_over(table.id, sender))
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
        self.after_change(table, announce=False)
