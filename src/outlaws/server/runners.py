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

Alone (no bus between processes), a process runs every game and none of this is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable

from sqlalchemy import Connection

from .settings import Settings
from .storage import Database, Storage

log = logging.getLogger(__name__)

#: Begins to run a game this process took over: loads it, catches it up, arms its clock
#: and lets its bot play.
TakeOver = Callable[[str], Awaitable[None]]


class Runners:
    """The games that this process (``server``, the id of its heartbeat) runs."""

    def __init__(
        self, settings: Settings, db: Database, server: str, *, shared: bool, take: TakeOver
    ) -> None:
        self.settings = settings
        self.db = db
        self.server = server
        #: Whether claims are kept: several processes, and heartbeats to judge them by.
        self.claims = shared and settings.heartbeat > 0
        self._take = take
        #: The unfinished games this process runs, as of its last look.
        self.held: set[str] = set()
        #: Games this process created while a look was being read (not in its answer).
        self._created: set[str] = set()
        self._looking: asyncio.Task[None] | None = None

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
        await self.look()
        self._looking = asyncio.create_task(self._look_forever(), name="outlaws-runners")

    async def stop(self) -> None:
        """Look no more, and let every game go: the other processes take them over at
        their next look, without waiting for this one's lease to lapse."""
        if self._looking is not None:
            self._looking.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._looking
            self._looking = None
        if self.claims and self.held:
            self.held = set()
            try:
                await self.db.write(lambda conn: Storage.let_go(conn, self.server))
            except Exception as error:  # the others take them when the lease lapses
                log.warning("games not let go: %s", error)

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
            try:
                await self._take(game_id)
            except Exception:
                log.exception("game %s could not be taken over", game_id)
        return taken

    async def _look_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.heartbeat)
            try:
                await self.look()
            except Exception as error:  # the database is away: the next look may do
                log.warning("runners not read: %s", error)


__all__ = ["Runners", "TakeOver"]
