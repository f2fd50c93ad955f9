"""Which process runs each game: with several processes on one database, the one named
in the game's row (``games.runner``) plays its bots and fires its clock's deadlines, so
that each happens once; the others only apply and show what it commits.

**Claims.** A process runs the games it creates. Every ``settings.heartbeat`` seconds
it reads which unfinished games it runs, and takes over the games that nobody living
runs: a game whose runner has no beat in the last ``settings.lease`` seconds (it died:
a crash, ``kill -9``, a lost machine), or none at all (its runner stopped cleanly and
let it go, :meth:`Runners.stop`). A take-over is a conditional update, so that of two
processes looking at once exactly one wins the game. A process takes at most its share
of the orphans in one look (their number over the living processes'), so that the games
of a dead process spread over the others.

**Belt and braces.** A claim only avoids double work: a process too slow to beat may be
taken for dead while it still plays. What it then does twice is refused by the
database's keys (:class:`~.storage.Conflict`) and caught up, as for any two processes
writing one game: an action, an end, a placement is committed once whatever the claims.

**Following the players.** The balancer sends all of a game's requests and sockets to
one server (deploy/haproxy.cfg hashes the game's id), but a game is created wherever its
creation request landed. When a process that runs a game hears of a change made through
another, and nobody watches the game here, it hands the game over to that process
(:meth:`Runners.hand_over`), which serves its players: then one process does a game's
work, not two.

Alone (no bus between processes), a process runs every game and none of this is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable

from sqlalchemy import Connection

from ..common.settings import Settings
from ..db.storage import Database, Storage
from .bus import Bus, Message

log = logging.getLogger(__name__)

#: The bus channel of hand-overs: ``{"game": id, "to": the process that runs it now}``.
RUNNERS_CHANNEL = "runners"
#: Begins to run a game this process took over: loads it, catches it up, arms its clock
#: and lets its bot play.
TakeOver = Callable[[str], Awaitable[None]]


class Runners:
    """The games that this process (``server``, the id of its heartbeat) runs."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        bus: Bus,
        server: str,
        *,
        shared: bool,
        take: TakeOver,
    ) -> None:
        self.settings = settings
        self.db = db
        self.bus = bus
        self.server = server
        #: Whether claims are kept: several processes, and heartbeats to judge them by.
        self.claims = shared and settings.heartbeat > 0
        self._take = take
        #: The unfinished games this process runs, as of its last look.
        self.held: set[str] = set()
        #: Games this process created while a look was being read (not in its answer).
        self._created: set[str] = set()
        self._looking: asyncio.Task[None] | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    def runs(self, game_id: str) -> bool:
        """Whether this process plays the game's bots and fires its deadlines."""
        return not self.claims or game_id in self.held

    def created(self, conn: Connection, game_id: str) -> None:
        """In the transaction that stores a new game: this process runs it."""
        if self.claims:
            Storage.run_game(conn, game_id, self.server)

    def started(self, game_id: str) -> None:
        """Once the new game is committed."""
        self.held.add(game_id)
        self._created.add(game_id)

    async def start(self) -> None:
        """Take this process's share of the games nobody runs, then look again every
        beat."""
        if not self.claims:
            return
        self._unsubscribe = self.bus.subscribe(RUNNERS_CHANNEL, self._handed)
        await self.look()
        self._looking = asyncio.create_task(self._look_forever(), name="outlaws-runners")

    async def stop(self) -> None:
        """Look no more, and let every game go: the other processes take them over at
        their next look, without waiting for this one's lease to lapse."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        for task in [self._looking, *self._tasks]:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        self._looking = None
        if self.claims and self.held:
            self.held = set()
            try:
                await self.db.write(lambda conn: Storage.let_go(conn, self.server))
            except Exception as error:  # the others take them when the lease lapses
                log.warning("games not let go: %s", error)

    async def hand_over(self, game_id: str, to: str) -> bool:
        """Give the game this process runs to the process ``to`` (which serves its
        players), and tell it at once; whether it was handed (not, if another took it
        first)."""
        if not self.claims:
            return False
        moved = await self.db.write(lambda conn: Storage.take_over(conn, game_id, self.server, to))
        if moved:
            self.held.discard(game_id)
            self.bus.publish(RUNNERS_CHANNEL, {"game": game_id, "to": to})
            log.debug("game %s handed over to process %s", game_id, to)
        return bool(moved)

    def _handed(self, message: Message) -> None:
        """Another process handed this one a game: run it from now on."""
        game_id = message.get("game")
        if message.get("to") != self.server or not isinstance(game_id, str):
            return
        self.held.add(game_id)
        self._created.add(game_id)  # kept by a look whose answer was read before
        task = asyncio.create_task(self._take_safely(game_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _take_safely(self, game_id: str) -> None:
        try:
            await self._take(game_id)
        except Exception:
            log.exception("game %s could not be taken over", game_id)

    async def look(self) -> list[str]:
        """Read which games this process runs, and take over its share of the games
        that nobody living runs: those it took."""
        now = self.settings.now()
        lease = self.settings.lease

        def op(conn: Connection) -> tuple[set[str], list[str]]:
            mine = set(Storage.games_run_by(conn, self.server))
            orphans, living = Storage.orphans(conn, now, lease)
            share = math.ceil(len(orphans) / max(1, living))
            taken = []
            for game_id, old in orphans[:share]:
                if Storage.take_over(conn, game_id, old, self.server):
                    taken.append(game_id)
            return mine | set(taken), taken

        self._created = set()
        held: set[str]
        taken: list[str]
        held, taken = await self.db.write(op)
        self.held = held | self._created
        for game_id in taken:
            log.info("game %s taken over by process %s", game_id, self.server)
            await self._take_safely(game_id)
        return taken

    async def _look_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.heartbeat)
            try:
                await self.look()
            except Exception as error:  # the database is away: the next look may do
                log.warning("runners not read: %s", error)


__all__ = ["RUNNERS_CHANNEL", "Runners", "TakeOver"]
