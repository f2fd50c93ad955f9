"""The game service's clocks over time and over restarts: periods that begin and end,
deadlines armed and handled, clocks paused by a stop and resumed by the next start,
and the heartbeat that dates a crash.

:mod:`.clocks` holds a clock's arithmetic (:class:`~.clocks.ClockState`) and the timer
that fires at deadlines (:class:`~.clocks.ClockService`); this module applies them to
the service's tables. It knows the tables and the database, not the service: what a
timeout does to a game beyond its clock (ending it, committing placements, telling
the clients) is handed in as functions by :class:`~.service.GameService`.

**Downtime.** The time the server is down counts against nobody. A clean stop stores
each running clock paused (:meth:`Clockwork.stop`), and the next start resumes it: its
deadline moves by the downtime (:meth:`Clockwork.resume`). A crash stores nothing, so
the server records a heartbeat every ``settings.heartbeat`` seconds; the next start
stores each running clock that is not paused as paused at the last beat
(:meth:`Clockwork.recover`), then resumes it like the others.

**Several processes.** Heartbeats are kept per process (a random id for each start),
so that several processes sharing a database never overwrite each other's. With several
processes on one database (``docs/architecture.md``) only the process that runs a game
(:class:`~.runners.Runners`) fires its deadlines; if it dies, another takes the game over
and fires them. Should two fire one anyway, the database refuses the second
(:class:`~.storage.Conflict`), which catches up. A process's stop or start is no downtime
while another is up, and pauses no clock (:attr:`Clockwork.shared`); when the last one
stops, the next to start finds nobody alive and gives back the time since the latest
beat of any, as after a crash (:meth:`Clockwork.recover`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import Connection

from ...engine import Placement
from ..common.kinds import GameResult
from ..common.settings import Settings
from ..db.storage import Database, Storage
from .clocks import ClockConfig, ClockService, ClockState
from .table import Table

log = logging.getLogger(__name__)
#: The least time a placement gets (R3.1): arranging ten cards is one decision, but a
#: long one, and a turn's allowance (15 s on a fast clock) ran out before a newcomer had
#: read the cards, who then played an arrangement they never chose.
PLACING_SECONDS = 60.0

#: Ends a game with a result (stored, then announced): a timeout's loss.
EndGame = Callable[[Table, GameResult], Awaitable[None]]
#: Commits placements (and starts the game if they are the last): late seats' random ones.
PlaceCards = Callable[[Table, list[tuple[int, Placement]]], Awaitable[None]]
#: Tells a table's clients it changed, and lets a bot play if one is to act.
Changed = Callable[[Table], None]


class Clockwork:
    """The clocks of the games in ``active`` (the service's dictionary, shared).

    ``end``, ``place`` and ``changed`` are the service's: called under the table's lock
    when a deadline passes."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        active: Mapping[str, Table],
        *,
        end: EndGame,
        place: PlaceCards,
        changed: Changed,
        server_id: str,
        runs: Callable[[str], bool] = lambda game_id: True,
    ) -> None:
        self.settings = settings
        self.now = settings.now
        self.db = db
        self.active = active
        self._end = end
        self._place = place
        self._changed = changed
        #: Whether this process fires the game's deadlines (:class:`~.runners.Runners`).
        self._runs = runs
        self.timer = ClockService(settings.now, settings.clock_tick, self._timeout)
        #: Whether other processes serve these games too (a bus between processes): one
        #: of them stopping or starting is no downtime of the games, whose clocks the
        #: others go on running. It then neither pauses the clocks it holds when it stops
        #: nor stores them paused after a crash when it starts (either would stop the
        #: clocks of games the others are playing); a stop of every process, for now,
        #: counts against the seats to act.
        self.shared = settings.bus is not None or settings.redis_url is not None
        #: This process in the ``heartbeats`` table (random: a restart is a new process).
        self.server_id = server_id
        self._started_at = 0.0
        self._beating = False
        self._beats: asyncio.Task[None] | None = None

    # -- life cycle --------------------------------------------------------------------
    async def recover(self, tables: Sequence[Table]) -> None:
        """At start-up, once the unfinished games are rebuilt and before any clock
        resumes: this process's first beat, and, if no other process is alive, the
        clocks that the last one's end left running are stored paused at its last beat
        (:meth:`_pause_after_crash`), to be resumed with the downtime given back.

        Both are one transaction: a crash during the start leaves the clocks as they
        were, to be paused by the next start from the same beat, never twice; and of two
        processes starting at once only the first gives the downtime back (the second
        sees it alive)."""
        interval = self.settings.heartbeat
        self._started_at = now = self.now()
        # Rows of processes gone for a while are removed (never the latest).
        stale = max(60.0, 10 * interval)

        def op(conn: Connection) -> dict[str, ClockState]:
            if interval > 0:
                alone, last_beat = Storage.claim_heartbeat(
                    conn, self.server_id, now, stale, self.settings.lease
                )
            else:
                alone, last_beat = True, Storage.latest_beat(conn)
            if (self.shared and not alone) or last_beat is None:
                # Another process is up: the games were served all along. No beat ever:
                # nothing is known of the downtime, and the clocks are left as they are.
                return {}
            return self._pause_after_crash(conn, last_beat)

        paused = await self.db.write(op)
        for table in tables:
            if table.id in paused:
                table.set_clock(paused[table.id])
        if interval > 0:
            self._beating = True
            self._beats = asyncio.create_task(
                self._beat_forever(interval), name="outlaws-heartbeat"
            )

    def start(self) -> None:
        """Begin to watch the deadlines (once every clock has resumed and is armed)."""
        self.timer.start()

    async def stop(self) -> None:
        """The server stops: no deadline fires any more, every running clock is stored
        paused (alone; with other processes, their clocks go on), and the last beat is
        recorded: after the last process of several, the next start gives back the time
        from it."""
        await self.timer.stop()
        if not self.shared:
            await self._pause_all()
        await self._beat()  # the last sign of life: a clock that failed to pause gets it
        if self._beats is not None:
            self._beats.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._beats
            self._beats = None

    async def _pause_all(self) -> None:
        """Each running clock is stored paused, so that the time the server is down
        counts against nobody (:meth:`resume`)."""
        now = self.now()
        for table in list(self.active.values()):
            async with table.lock:
                cs = table.clock_state
                if cs is None or cs.deadline is None or table.finished:
                    continue
                paused = cs.copy()
                paused.pause(now)
                stored = paused.to_json()

                def op(conn: Connection, game_id: str = table.id, c: Any = stored) -> None:
                    Storage.update_game(conn, game_id, clock_state=c)

                try:
                    await self.db.write(op)
                except Exception as error:  # pragma: no cover - the database is going away
                    log.error("pausing the clock of %s failed: %s", table.id, error)
                    continue
                table.set_clock(paused)

    @staticmethod
    def _pause_after_crash(conn: Connection, last_beat: float) -> dict[str, ClockState]:
        """The servers before this one stopped without pausing their clocks (a crash, a
        kill, a power cut, or the last of several processes stopping): each clock still
        running is stored paused at their last sign of life, the latest heartbeat (or
        the start of the clock's period, if later: a server was up to begin it), so that
        the downtime is given back. The clocks as stored, by game.

        At most one heartbeat interval is misjudged, and in the seat's favour: the crash
        came up to an interval after the last beat. A seat whose deadline had passed
        before the last beat gets no time back."""
        paused: dict[str, ClockState] = {}
        for game_id, stored in Storage.running_clocks(conn):
            cs = ClockState.from_json(stored)
            if cs.paused is not None or cs.deadline is None:
                continue
            cs.pause(max(last_beat, cs.start))
            Storage.update_game(conn, game_id, clock_state=cs.to_json())
            paused[game_id] = cs
        return paused

    async def resume(self, table: Table) -> None:
        """A clock stored paused goes on where it stopped: its deadline moves by the time
        the server was down."""
        cs = table.clock_state
        if cs is None or cs.paused is None:
            return
        resumed = cs.copy()
        down = resumed.resume(self.now())
        await self.db.write(
            lambda conn: Storage.update_game(conn, table.id, clock_state=resumed.to_json())
        )
        table.set_clock(resumed)
        log.info("game %s: clock resumed, %.1f s of downtime given back", table.id, down)

    # -- the heartbeat -----------------------------------------------------------------
    async def _beat_forever(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            await self._beat()

    async def _beat(self) -> None:
        """Record that this process is up now (a failure is logged: the next beat may
        succeed; meanwhile a crash would be charged a little more of its downtime)."""
        if not self._beating:
            return
        try:
            # The time is read on the database thread, as the write is made: a beat
            # queued behind other writes does not claim more than it knows.
            await self.db.write(
                lambda conn: Storage.beat(conn, self.server_id, self._started_at, self.now())
            )
        except Exception as error:
            log.warning("heartbeat not stored: %s", error)

    # -- periods -----------------------------------------------------------------------
    def advance(
        self,
        table: Table,
        to_act: int | None,
        dry: bool = False,
        turn: int | None = None,
        reacting: bool = False,
    ) -> ClockState | None:
        """The clock once ``to_act`` is to decide, in ``turn`` (default: the table's),
        in a reaction or not (a copy when ``dry``)."""
        if table.clock is None or table.clock_state is None:
            return None
        clock_state = table.clock_state.copy() if dry else table.clock_state
        turn = table.turn if turn is None else turn
        clock_state.advance(table.clock, to_act, table.timed_seats(), self.now(), turn, reacting)
        return clock_state

    def placing_deadline(self, clock: ClockConfig, clock_state: ClockState) -> None:
        """Time the placement: each seat gets one period, ``per_turn`` (or the bank if
        the clock has no ``per_turn``) but never less than :data:`PLACING_SECONDS`, free
        of its bank; both seats place at once, so the period is the same for both. A
        seat that has not placed at its end gets a random placement (:meth:`_timeout`)."""
        allowance = max(clock.per_turn if clock.per_turn > 0 else clock.bank, PLACING_SECONDS)
        now = self.now()
        clock_state.seat, clock_state.start = None, now
        clock_state.deadline = now + allowance

    def start_placing(self, table: Table) -> None:
        """The table's seats begin to place their cards: their period starts."""
        if table.clock is not None and table.clock_state is not None:
            self.placing_deadline(table.clock, table.clock_state)

    def arm(self, table: Table) -> None:
        """Watch the deadline of the table's running period (if it has one)."""
        cs = table.clock_state
        if cs is not None and cs.deadline is not None and table.status in ("placing", "playing"):
            if cs.autopilot != cs.period:
                self.timer.arm(table.id, cs.period, cs.deadline)

    # -- deadlines ---------------------------------------------------------------------
    async def _timeout(self, game_id: str, period: int) -> None:
        """A deadline passed: if that period still runs, its seat loses or a bot plays."""
        table = self.active.get(game_id)
        if table is None or table.clock is None or not self._runs(game_id):
            return
        async with table.lock:
            cs = table.clock_state
            if table.status == "placing" and cs is not None and cs.period == period == 0:
                if cs.deadline is not None and self.now() >= cs.deadline:
                    await self._place_late_seats(table)
                return
            if table.status != "playing" or cs is None or cs.period != period:
                return
            if cs.deadline is None or cs.seat is None or self.now() < cs.deadline:
                return
            seat = cs.seat
            if table.clock.on_timeout == "lose":
                await self._end(table, {"winner": 1 - seat, "how": "timeout", "loser": seat})
                return
            new_state = cs.copy()
            new_state.banks[seat] = 0.0
            new_state.autopilot = period
            new_state.deadline = None
            await self.db.write(
                lambda conn: Storage.update_game(conn, table.id, clock_state=new_state.to_json())
            )
            table.set_clock(new_state)
            table.changed()
            self._changed(table)

    async def _place_late_seats(self, table: Table) -> None:
        """The placing time ran out: each seat that has not placed gets a random
        placement (not a loss), committed like any other; the game starts."""
        late = [
            (seat, table.random_placement(seat))
            for seat, done in enumerate(table.placed)
            if not done and table.seats[seat].kind == "human"
        ]
        if late:
            await self._place(table, late)


__all__ = ["Clockwork"]
