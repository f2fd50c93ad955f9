"""The hub: message fan-out, apart from the game logic (as lila-ws is apart from lila).

A :class:`Room` holds the connections of one table (its seats' and its spectators'),
what their messages are made of (per seat, computed once for every connection of that
seat), and the messages themselves. The game service changes tables and tells the
:class:`Hub` that one changed; the hub never changes a game.

Updates are *pulled*: a change to a table only wakes each of its connections, whose own
sender task then builds the message from the table as it is now (the events the client
has not had yet, the current view, the legal actions). A slow client therefore gets
fewer, larger updates instead of an ever-growing queue, and never holds up a table.

This is the seam where messages between server processes plug in: a hub that hears
another process announce a change wakes its own room of that game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from starlette.websockets import WebSocket

from ...engine.actionspace import mask_of_bits
from ..common.codec import dumps
from ..common.errors import ApiError
from ..games.table import Table
from ..http.widths import fixed_width
from .texts import Written, event_text, head_text

#: The two messages a room builds: the first after a (re)connection, and each later one.
MessageKind = Literal["hello", "events"]

#: The most events a ``hello`` carries (after a connection with an old ``since`` or a
#: ``sync``): its older events are left out, ``since`` moves forward and the message
#: says ``"truncated": true``. A game's log grows some 70 bytes an event and an imported
#: game may hold 4,000 actions (a spectator's hello of it was 431,872 bytes): unbounded,
#: a 27-byte ``sync`` made the server encode and send all of it, again and again. 500
#: events (the hello is then 36 kB) are more than a client needs to show the recent
#: play; the whole game is in its replay, and the seat's notebook counts every event.
MAX_SYNC_EVENTS = 500


log = logging.getLogger(__name__)

#: The close codes of a connection the server ends: its seat token ended (as a bad
#: token's, 4003), or a newer connection of its seat took its place (policy, 1008: a
#: client that reconnected would only take the newer one's place in turn).
ENDED_TOKEN = 4003
REPLACED = 1008


class Connection:
    """One WebSocket of a seat (0 or 1) or of a spectator (None) at one table;
    ``token_hash``: the hash of the seat token it came with."""

    def __init__(
        self,
        ws: WebSocket,
        room: Room,
        seat: int | None,
        since: int,
        now: Callable[[], float],
        token_hash: str | None = None,
    ) -> None:
        self.ws = ws
        self.room = room
        self.seat = seat
        self.token_hash = token_hash
        self.now = now
        #: When it joined its room (the oldest of a seat's goes first, :meth:`Room.make_room_for`).
        self.joined = time.monotonic()
        #: The close code it is to be closed with once its last messages are sent.
        self.closing: int | None = None
        #: The next event index the client has not been sent; the table version it saw.
        self.sent = since
        self.seen_version = -1
        self.hello = True
        #: Whether the last message it was sent found the seats placing (R3.1).
        self.placing = False
        self.outbox: deque[str] = deque()
        #: Whether there may be something to send; the sender's wait while there is not
        #: (a future of its own: an asyncio.Event costs more, and a table wakes each of
        #: its connections at every action).
        self._woken = True
        self._waiter: asyncio.Future[None] | None = None
        self.closed = False
        self.task: asyncio.Task[None] | None = None

    # -- called by the game service and the receive loop ---------------------------------
    def notify(self) -> None:
        """The table changed: send what is new."""
        self._woken = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def push(self, message: dict[str, object]) -> None:
        """Queue a message of its own for this client (an error, an ack, a pong): they
        say nothing the client did not send or everyone may know."""
        self.outbox.append(dumps(message))
        self.notify()

    def push_error(self, error: ApiError, ref: object = None) -> None:
        message: dict[str, object] = {"type": "error", "error": error.body()}
        if ref is not None:
            message["ref"] = ref
        self.push(message)

    def end(self, error: ApiError, code: int) -> None:
        """Tell the client ``error`` and close the connection with ``code`` (its seat
        token was ended, or a newer connection of its seat took its place)."""
        self.push_error(error)
        self.closing = code

    def resync(self, since: int) -> None:
        """Send a fresh ``hello`` from event ``since`` on (a client that lost track)."""
        self.sent = since
        self.hello = True
        self.notify()

    # -- the sender task ---------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._send_loop(), name=f"ws-send-{self.room.id}")

    async def stop(self) -> None:
        self.closed = True
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task

    async def _send_loop(self) -> None:
        try:
            while not self.closed:
                if not self._woken:
                    self._waiter = asyncio.get_running_loop().create_future()
                    try:
                        await self._waiter
                    finally:
                        self._waiter = None
                self._woken = False
                while self.outbox:
                    await self.ws.send_text(self.outbox.popleft())
                if self.closing is not None:
                    self.closed = True
                    await self.ws.close(code=self.closing)
                    return
                room = self.room
                if self.hello or room.table.version != self.seen_version:
                    if self.placing and not room.table.placing:
                        # Play started: the client has no view nor log yet, so it gets
                        # them whole, as after a connection.
                        self.hello, self.sent = True, 0
                    kind: MessageKind = "hello" if self.hello else "events"
                    version = room.table.version
                    self.placing = room.table.placing
                    text, self.sent = room.message(kind, self.seat, self.sent, self.now())
                    self.hello = False
                    self.seen_version = version
                    await self.ws.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the client went away: the receive loop ends it
            log.debug("send to a client of %s failed: %s", self.room.id, error)
            self.closed = True


class Room:
    """The connections of one table and the messages built for them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.id = table.id
        self.conns: set[Connection] = set()
        self._parts: dict[int | None, _Parts] = {}
        self._texts: dict[tuple[int | None, int, MessageKind], tuple[int, str]] = {}
        #: Each reader's last events (a seat's, or None: a spectator's) as fixed-width
        #: JSON text (at most :data:`_TAIL`), with the index in the log of the first.
        self._events: dict[int | None, tuple[int, list[str]]] = {}
        #: What each reader's view was last written from (:func:`~.texts.head_text`).
        self._written: dict[int | None, Written] = {}

    def notify(self) -> None:
        """The table changed: wake every connection."""
        for conn in self.conns:
            conn.notify()

    def spectators(self) -> int:
        """How many of its connections are spectators'."""
        return sum(1 for conn in self.conns if conn.seat is None)

    def make_room_for(self, seat: int, most: int) -> None:
        """Before a new connection of ``seat`` joins: if the seat has ``most`` already,
        its oldest ones are closed. A seat's connections are never refused for its
        game's load; only the seat's own connections take their place."""
        mine = sorted(
            (c for c in self.conns if c.seat == seat and c.closing is None),
            key=lambda c: c.joined,
        )
        for old in mine[: max(0, len(mine) - most + 1)]:
            old.end(
                ApiError(
                    429,
                    "too_many_sockets",
                    f"a seat has {most} connections at most: a newer one took this one's place",
                ),
                REPLACED,
            )

    def _state_parts(self, seat: int | None) -> _Parts:
        """What the messages of this version to ``seat`` are made of, from what it may
        know (its frame), computed once (for every connection of the seat)."""
        table = self.table
        cached = self._parts.get(seat)
        if cached is None or cached.version != table.version:
            first, kept = self._events.get(seat, (max(0, table.log_length - _TAIL), []))
            frame = table.frame(seat, since=first + len(kept))
            kept = kept + [event_text(raw, seat) for raw in frame.events]
            if len(kept) > _TAIL:
                first, kept = first + len(kept) - _TAIL, kept[-_TAIL:]
            self._events[seat] = (first, kept)
            legal = None
            if seat is not None and table.status == "playing" and table.to_act == seat:
                legal = mask_of_bits(table.legal_bits(seat))
            head = head_text(frame, self._written.setdefault(seat, {}))
            cached = _Parts(table.version, head, legal, frame.log_length)
            self._parts[seat] = cached
        return cached

    def message(
        self, kind: MessageKind, seat: int | None, since: int, now: float
    ) -> tuple[str, int]:
        """The ``hello`` or ``events`` message for ``seat`` from event ``since`` on, as
        JSON text whose view and events are in fixed width
        (:mod:`~outlaws.server.http.widths`), and the number of events it brings the
        client to.

        More than :data:`MAX_SYNC_EVENTS` events from ``since`` on are not sent: the
        message is a ``hello`` with the last ones, ``"truncated": true`` and its
        ``since`` moved forward (the client's log starts there)."""
        table = self.table
        if table.placing:
            return self._placing_message(kind, seat, now), 0
        parts = self._state_parts(seat)
        total = parts.total
        since = min(max(0, since), total)
        truncated = total - since > MAX_SYNC_EVENTS
        if truncated:
            # A hello, even for a client that fell that far behind while connected: it
            # replaces the client's log instead of leaving a gap in it.
            since, kind = total - MAX_SYNC_EVENTS, "hello"
        key = (seat, since, kind)
        cached = self._texts.get(key)
        if cached is not None and cached[0] == table.version and table.clock is None:
            return cached[1], total
        first, kept = self._events[seat]
        if since >= first:
            events = ",".join(kept[since - first :])
        else:  # a (re)connection, a client far behind: written again from the log
            events = ",".join(event_text(raw, seat) for raw in table.frame(seat, since).events)
        body: dict[str, Any] = {"type": kind, "game": table.id, "seat": seat}
        if kind == "hello":
            body["kind"] = table.kind
        body["players"] = [info.public() for info in table.seats]
        body["since"] = since
        body["actions"] = table.actions
        body["status"] = table.status
        body["result"] = table.result
        body["clock"] = table.clock_json(now)
        body["phase"] = "play"
        body["placement"] = None
        if truncated:
            body["truncated"] = True
        # The parts already written (the view and the events, in fixed width; the mask)
        # are put in the text of the rest.
        head = parts.head
        if kind == "hello":
            state = f'"view":{head[:-1]},"log":[{events}]}}'
        else:
            state = f'"events":[{events}],"view":{head}'
        legal = "null" if parts.legal is None else f'"{parts.legal}"'
        text = f'{dumps(body)[:-1]},{state},"legal":{legal}}}'
        if len(self._texts) > 64:
            self._texts.clear()
        self._texts[key] = (table.version, text)
        return text, total

    def _placing_message(self, kind: MessageKind, seat: int | None, now: float) -> str:
        """The message while the seats place their cards (R3.1): no view, no log and no
        legal actions yet; whether each seat is done, and the seat's own placement."""
        table = self.table
        body: dict[str, Any] = {"type": kind, "game": table.id, "seat": seat, "view": None}
        if kind == "hello":
            body["kind"] = table.kind
        else:
            body["events"] = []
        body["players"] = [info.public() for info in table.seats]
        body["since"] = 0
        body["actions"] = 0
        body["status"] = table.status
        body["result"] = table.result
        body["clock"] = table.clock_json(now)
        body["phase"] = "placing"
        body["placement"] = table.placement_json(seat)
        body["legal"] = None
        return fixed_width(body)


class Hub:
    """Every room of this process, by game id: created with a table's first connection,
    dropped with its last."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}

    def join(
        self,
        ws: WebSocket,
        table: Table,
        seat: int | None,
        since: int,
        now: Callable[[], float],
        token_hash: str | None = None,
    ) -> Connection:
        """A new connection to ``table``'s room, its sender started."""
        room = self.rooms.get(table.id)
        if room is None or room.table is not table:  # new, or the game was reloaded
            room = self.rooms[table.id] = Room(table)
        conn = Connection(ws, room, seat, since, now, token_hash)
        room.conns.add(conn)
        conn.start()
        return conn

    async def leave(self, conn: Connection) -> None:
        room = conn.room
        room.conns.discard(conn)
        if not room.conns and self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        await conn.stop()

    def changed(self, table: Table) -> None:
        """``table`` changed: its connections send what is new."""
        room = self.rooms.get(table.id)
        if room is not None:
            room.notify()

    def expel(self, game_id: str, token_hash: str) -> None:
        """Close the connections to ``game_id`` that came with the seat token of
        ``token_hash`` (it was ended): told ``bad_token``, closed with 4003."""
        room = self.rooms.get(game_id)
        for conn in list(room.conns) if room is not None else ():
            if conn.token_hash == token_hash:
                conn.end(
                    ApiError(403, "bad_token", "this seat token was ended: sign in again"),
                    ENDED_TOKEN,
                )

    def watched(self, game_id: str) -> bool:
        """Whether anyone is connected to the game."""
        return game_id in self.rooms

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            for conn in list(room.conns):
                await conn.stop()
        self.rooms.clear()


#: How many of each reader's last events a room keeps written: all that a connected
#: client needs but after a (re)connection or a long stall, when they are written again
#: from the log (kept whole, each reader of a long game would hold some 100 bytes of text
#: for each of its hundreds of events, in every room).
_TAIL = 32


@dataclass(frozen=True, slots=True)
class _Parts:
    """A seat's messages at one version of the table, but for their events and clock."""

    version: int
    #: The view without its log, as fixed-width JSON text.
    head: str
    #: The legal actions' mask (:func:`~outlaws.engine.actionspace.mask_of_bits`) when
    #: the seat is to act, else None.
    legal: str | None
    #: The length of the seat's log.
    total: int
