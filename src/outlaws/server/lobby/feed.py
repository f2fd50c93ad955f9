"""The lobby, for everyone online and across server processes: the open games waiting
for an opponent (seeks), the games being played (to watch) and who is online.

- **Open games** are friend games created with ``open``: their free seat is listed, and
  one click takes it (:meth:`~.service.GameService.join_open`). A seek is listed only
  while its creator is at its table somewhere (a socket to the game, on any process), so
  that nobody joins a game its creator has left.
- **Presence** (:class:`~outlaws.server.live.presence.Presence`): who is connected, on
  every process; the lobby lists its names and counts its guests.
- **The feed** (:class:`LobbyFeed`): the lobby as one JSON message, read from the
  database (the one memory of games, whichever process created them) and the presence of
  every process. It is read again when a game changes status (heard on the games'
  channel), when presence changes, and every :data:`REFRESH_EVERY` seconds, and sent to
  the lobby's sockets when it differs from what they have. ``GET /lobby`` is answered
  from the same copy (:meth:`LobbyFeed.latest`): read again only when something changed
  or it is :data:`REFRESH_EVERY` seconds old, once for all who ask at that moment, and
  never more than once in :data:`SETTLE` seconds.

The lobby never reads a game's cards: it lists who plays, the clock and whether the
game is rated, as the game's public view would.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import orjson
from sqlalchemy import Connection

from ..common.bus import Bus, Message
from ..db.storage import Database, LobbyRow
from ..games.catchup import GAMES_CHANNEL
from ..http.quotas import ClientRates
from ..live.presence import PRESENCE_CHANNEL, PRESENCE_EVERY, Presence
from ..ratings.store import rating_of

log = logging.getLogger(__name__)

#: Seconds between two reads of the lobby while someone looks at it.
REFRESH_EVERY = 5.0
#: Seconds a burst of changes is gathered before the lobby is read again.
SETTLE = 0.2
#: How many unfinished games are read; how many games being played are listed.
READ_LIMIT = 200
LIVE_LIMIT = 20
#: Names shown in the list of who is online (the count says the rest).
ONLINE_LIMIT = 50


def _player(seat: Any) -> dict[str, Any]:
    """A seat as a game's ``players`` show it (a bot by its spec, for its ladder name;
    ``guest``: a person no account vouches for)."""
    guest = seat.kind == "human" and seat.account_id is None
    return {"kind": seat.kind, "bot": seat.bot, "name": seat.name, "guest": guest}


def _clock(clock: dict[str, Any] | None) -> dict[str, Any] | None:
    if not clock:
        return None
    return {"bank": clock.get("bank"), "per_turn": clock.get("per_turn")}


class LobbyFeed:
    """The lobby's message, kept up to date for the lobby sockets of this process."""

    def __init__(self, db: Database, bus: Bus, presence: Presence) -> None:
        self.db = db
        self.bus = bus
        self.presence = presence
        presence.changed = self.poke
        #: One queue a lobby socket: the latest message it has not sent yet.
        self.sockets: set[asyncio.Queue[bytes]] = set()
        self.current: bytes = b""
        #: The status of each unfinished game last read: a change of one is news.
        self._statuses: dict[str, str] = {}
        self._wake = asyncio.Event()
        #: Something the lobby shows changed since :attr:`current` was read, and when
        #: that was (the event loop's time).
        self._stale = True
        self._read_at = -REFRESH_EVERY
        self._reading = asyncio.Lock()
        #: ``GET /lobby`` by each client: 20 at once, then 2 a second (the page itself
        #: reads the lobby on its socket).
        self.readers = ClientRates(20.0, 2.0)
        self._task: asyncio.Task[None] | None = None
        self._unsubscribe: list[Callable[[], None]] = []

    def start(self) -> None:
        self._unsubscribe = [
            self.bus.subscribe(PRESENCE_CHANNEL, self.presence.heard),
            self.bus.subscribe(GAMES_CHANNEL, self._game_changed),
        ]
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.presence.gone()

    def poke(self) -> None:
        """Something the lobby shows may have changed: read it again soon."""
        self._stale = True
        self._wake.set()

    def _game_changed(self, message: Message) -> None:
        # Every action of every game is announced: only a game that starts, fills up,
        # ends, or that the lobby does not know yet makes the lobby read again.
        game, status = message.get("game"), message.get("status")
        if isinstance(game, str) and self._statuses.get(game) != status:
            self._statuses[game] = str(status)
            if self.sockets:
                self.poke()
            else:  # nobody looks: the next GET /lobby reads it again
                self._stale = True

    def subscribe(self) -> asyncio.Queue[bytes]:
        """A queue that receives the lobby whenever it changes (the current one first)."""
        queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=1)
        if self.current:
            queue.put_nowait(self.current)
        self.sockets.add(queue)
        self.poke()
        return queue

    def unsubscribe(self, queue: asyncio.Queue[bytes]) -> None:
        self.sockets.discard(queue)

    async def _run(self) -> None:
        since_presence = 0.0
        loop = asyncio.get_running_loop()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), REFRESH_EVERY)
            await asyncio.sleep(SETTLE)  # a burst of changes is read once
            self._wake.clear()
            now = loop.time()
            self.presence.publish(force=now - since_presence >= PRESENCE_EVERY)
            if now - since_presence >= PRESENCE_EVERY:
                since_presence = now
            if not self.sockets:
                continue
            try:
                await self.refresh()
            except Exception:  # the database is away: the lobby waits for it
                log.warning("the lobby could not be read", exc_info=True)

    async def latest(self) -> bytes:
        """The lobby as its sockets have it, read again first if it may be out of date
        (a change since, or :data:`REFRESH_EVERY` seconds), unless it was read in the
        last :data:`SETTLE` seconds; one read for every caller waiting."""
        async with self._reading:
            age = asyncio.get_running_loop().time() - self._read_at
            if not self.current or age >= REFRESH_EVERY or (self._stale and age >= SETTLE):
                await self.refresh()
            return self.current

    async def refresh(self) -> bytes:
        """Read the lobby again and send it to the sockets that do not have it."""
        self._stale, self._read_at = False, asyncio.get_running_loop().time()
        text = orjson.dumps({"type": "lobby", **await self.snapshot()})
        if text != self.current:
            self.current = text
            for queue in list(self.sockets):
                if queue.full():
                    queue.get_nowait()
                queue.put_nowait(text)
        return text

    async def snapshot(self) -> dict[str, Any]:
        """The lobby: ``seeks`` (open games whose creator is at the table), ``playing``
        (the newest games being played, to watch) and ``online``."""
        rows = await self.db.call(self.db.storage.unfinished_games, READ_LIMIT)
        self._statuses = {row.id: row.status for row in rows}
        seeking = self.presence.seeking()
        seeks = [row for row in rows if _is_seek(row) and row.id in seeking]
        ratings = await self._ratings(seeks)
        names, guests = self.presence.online()
        return {
            "seeks": [self._seek(row, ratings) for row in seeks],
            "playing": [self._live(row) for row in rows if _is_live(row)][:LIVE_LIMIT],
            "online": {"players": names[:ONLINE_LIMIT], "count": len(names), "guests": guests},
        }

    async def _ratings(self, seeks: list[LobbyRow]) -> dict[str, float]:
        """The rating (players' pool) of each rated seek's creator, by account id."""
        wanted = {
            str(row.meta["host_account"])
            for row in seeks
            if row.meta.get("rated") and row.meta.get("host_account")
        }
        if not wanted:
            return {}

        def ratings(conn: Connection) -> dict[str, float]:
            found = {account: rating_of(conn, account, "players") for account in wanted}
            return {a: stored.rating.rating for a, stored in found.items() if stored is not None}

        return await self.db.read(ratings)

    @staticmethod
    def _seek(row: LobbyRow, ratings: dict[str, float]) -> dict[str, Any]:
        host = next((s for s in row.seats if s.account_id or s.name), None)
        account = row.meta.get("host_account")
        rating = ratings.get(str(account)) if account else None
        return {
            "game": row.id,
            "name": row.meta.get("host") or (host.name if host else None),
            "rating": round(rating) if rating is not None else None,
            "rated": bool(row.meta.get("rated")),
            "clock": _clock(row.clock),
            "placement": row.meta.get("placement", "choose"),
            "created_at": row.created_at,
        }

    @staticmethod
    def _live(row: LobbyRow) -> dict[str, Any]:
        return {
            "game": row.id,
            "players": [_player(seat) for seat in row.seats],
            "status": row.status,
            "rated": bool(row.meta.get("rated")),
            "clock": _clock(row.clock),
            "created_at": row.created_at,
        }


def _is_seek(row: LobbyRow) -> bool:
    return row.status == "waiting" and bool(row.meta.get("open"))


def _is_live(row: LobbyRow) -> bool:
    return row.status in ("placing", "playing") and not row.meta.get("tutorial")
