"""Chat at a game's table: two rooms, stored with the game, live on its WebSocket.

**Two rooms a game**, as on lichess: ``players`` (the two seats) and ``spectators``. A
seat reads and writes the players' room only, a spectator the spectators' room only, so
that nothing watchers say (a hint about a card they deduced) reaches a player, and the
players talk between themselves. In a game against a bot the players' room is closed
(409 ``chat_closed``): nobody would read it. A bot never receives chat at all: a bot is
only ever given its seat's view of the game (:mod:`.botplay`), and chat is no part of a
view; this module is the one that hands messages out, and it hands them to the
WebSocket connections of people only.

**A message** is free text (1 to :data:`MAX_TEXT` characters once NFC-normalised and
trimmed, shown as written: :mod:`.names`) or a quick phrase, one of :data:`PHRASES`: a
key, which each reader's page shows in its own language. Text is stored and sent as it
was written; the page shows it as text, never as HTML. A message is stored before anyone is shown it
(:mod:`.chatstore`), then pushed to the connections of its room, as a ``chat`` message
(docs/protocol.md).

**A player is no spectator**: a signed-in player who leaves their token out of a
request is still refused the spectators' room (403 ``not_your_room``): their account
holds a seat of the game. A guest's seat is its token alone: a guest who leaves it out
cannot be told from a spectator.

**Several processes**: the process that stores a message pushes it to its own
connections of the game and publishes it on the bus (:data:`CHAT_CHANNEL`); every other
process pushes it to its connections of that game. A message the bus loses is still in
the database: a page reads the room again whenever its socket reconnects.

**Rate**: :data:`BURST` messages at once, then one every ``1 / PER_SECOND`` seconds,
for each seat and each spectator (their account, or else their address) of a game; and
:data:`AUTHOR_BURST` at once, then :data:`AUTHOR_PER_SECOND` a second, for each address
across all games (a flood spread over many tables). Counted by each process (several
processes each allow as much: the bound is per process).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Literal, get_args

from ..common.bus import Bus, Message
from ..common.errors import ApiError
from ..common.names import BadName, check_player_name, check_typed
from ..db.storage import Database
from ..games.table import Table
from ..http.limits import TokenBucket
from ..live.hub import Hub
from . import store as chatstore
from .store import ChatRow

#: The rooms of a game: the seats', and the spectators'.
Room = Literal["players", "spectators"]
ROOMS: tuple[Room, ...] = get_args(Room)
#: The quick phrases, by key (their words are the page's catalogues': chat.phrase.*).
PHRASES = frozenset({"hello", "gl", "gg", "wp", "thanks", "oops", "think", "bye"})
#: The most characters of a message's text, once trimmed (code points).
MAX_TEXT = 200
#: How many messages a room's history holds (the latest).
HISTORY = 100
#: The bus channel of new messages: ``{"game", "message", "from": the process}``.
CHAT_CHANNEL = "chat"
#: Each writer's rate: 5 messages at once, then one every 2 seconds (5 in 10 s).
BURST = 5.0
PER_SECOND = 0.5
#: Each address's rate across every game: 10 messages at once, then one a second.
AUTHOR_BURST = 10.0
AUTHOR_PER_SECOND = 1.0
#: Writers whose rate a process remembers; past that the least recent are forgotten.
MAX_WRITERS = 4096


def room_of(seat: int | None) -> Room:
    """The room a seat (None: a spectator) reads and writes."""
    return "players" if seat is not None else "spectators"


def check_text(text: str) -> str:
    """The text of a message, as every name is checked (:mod:`.names`) but longer;
    422 ``bad_chat`` naming ``text`` otherwise."""
    try:
        return check_typed(text, MAX_TEXT, "a message")
    except BadName as error:
        raise ApiError(422, "bad_chat", str(error), field="text") from None


def check_name(name: str | None) -> str:
    """A guest spectator's name, as any player's (:mod:`.names`); 422 ``bad_chat``
    naming ``name`` otherwise."""
    try:
        return check_player_name(name or "")
    except BadName as error:
        raise ApiError(
            422, "bad_chat", f"a guest writes under a name (or signs in): {error}", field="name"
        ) from None


def check_content(text: str | None, phrase: str | None) -> tuple[str | None, str | None]:
    """A message's text or phrase, exactly one of them, checked."""
    if (text is None) == (phrase is None):
        raise ApiError(422, "bad_chat", "a message is a text or a phrase", field="text")
    if phrase is not None:
        if phrase not in PHRASES:
            raise ApiError(
                422,
                "bad_chat",
                f"the phrases are {', '.join(sorted(PHRASES))}",
                field="phrase",
            )
        return None, phrase
    assert text is not None
    return check_text(text), None


def check_room(table: Table, seat: int | None, asked: str | None) -> Room:
    """The room ``seat`` (None: a spectator) may use in ``table``: its own, which
    ``asked`` (if given) must name; 403 ``not_your_room`` or 409 ``chat_closed``."""
    room = room_of(seat)
    if asked is not None and asked != room:
        who = "a player" if seat is not None else "a spectator"
        raise ApiError(
            403,
            "not_your_room",
            f"{who} reads and writes the {room}' room only",
            field="room",
        )
    if room == "players" and any(info.kind == "bot" for info in table.seats):
        raise ApiError(
            409,
            "chat_closed",
            "a game against a bot has no players' chat: nobody would read it",
            field="room",
        )
    return room


class Chat:
    """The chat of this process's games: written, stored, read, and pushed live to the
    connections of ``hub`` (and, through ``bus``, of the other processes)."""

    def __init__(
        self, db: Database, bus: Bus, hub: Hub, process_id: str, now: Callable[[], float]
    ) -> None:
        self.db = db
        self.bus = bus
        self.hub = hub
        self.process_id = process_id
        self.now = now
        #: Each writer's rate, least recently written first.
        self._rates: OrderedDict[tuple[str, str], TokenBucket] = OrderedDict()
        self._unsubscribe: Callable[[], None] | None = None

    def listen(self) -> None:
        """Hear the other processes' messages (on the running event loop)."""
        self._unsubscribe = self.bus.subscribe(CHAT_CHANNEL, self._heard)

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    async def say(
        self,
        table: Table,
        seat: int | None,
        room: Room,
        author: str,
        content: tuple[str | None, str | None],
        writer: str,
        guest: bool = False,
        client: str = "",
    ) -> ChatRow:
        """Store a message (``content``: its text or phrase, :func:`check_content`)
        of ``seat`` in ``room`` (:func:`check_room`), then show it to the room here and
        in the other processes. ``writer`` names whose rate it spends (429
        ``rate_limited``), and ``client`` (an address) its rate across every game;
        ``guest``: a guest spectator wrote it."""
        if not self._rate(table.id, writer, BURST, PER_SECOND).take():
            raise ApiError(
                429, "rate_limited", f"at most {BURST:g} messages in a row: wait a moment"
            )
        if not self._rate("", f"client:{client}", AUTHOR_BURST, AUTHOR_PER_SECOND).take():
            raise ApiError(
                429,
                "rate_limited",
                f"at most {AUTHOR_BURST:g} messages in a row across your games: wait a moment",
            )
        text, phrase = content
        made = ChatRow(0, table.id, room, seat, author, text, phrase, self.now(), guest)
        row: ChatRow = await self.db.write(lambda conn: chatstore.insert_message(conn, made))
        message = row.to_json()
        self._push(table.id, message)
        self.bus.publish(
            CHAT_CHANNEL, {"game": table.id, "message": message, "from": self.process_id}
        )
        return row

    async def history(self, table: Table, room: Room) -> list[ChatRow]:
        """The room's latest :data:`HISTORY` messages, oldest first."""
        return await self.db.read(lambda conn: chatstore.latest(conn, table.id, room, HISTORY))

    def _rate(self, game_id: str, writer: str, burst: float, per_second: float) -> TokenBucket:
        """The rate of ``writer`` in ``game_id`` (``""``: across every game)."""
        key = (game_id, writer)
        bucket = self._rates.get(key)
        if bucket is None:
            bucket = self._rates[key] = TokenBucket(burst, per_second)
            while len(self._rates) > MAX_WRITERS:
                self._rates.popitem(last=False)
        self._rates.move_to_end(key)
        return bucket

    def _push(self, game_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` to this process's connections of its room in the game."""
        room = self.hub.rooms.get(game_id)
        if room is None:
            return
        for conn in room.conns:
            if room_of(conn.seat) == message["room"]:
                conn.push({"type": "chat", "message": message})

    def _heard(self, published: Message) -> None:
        """Another process stored a message: shown to the room's connections here."""
        if published.get("from") == self.process_id:
            return
        game_id, message = published.get("game"), published.get("message")
        if isinstance(game_id, str) and isinstance(message, dict):
            if message.get("room") in ROOMS:
                self._push(game_id, message)


__all__ = [
    "CHAT_CHANNEL",
    "HISTORY",
    "MAX_TEXT",
    "PHRASES",
    "ROOMS",
    "Chat",
    "Room",
    "check_content",
    "check_name",
    "check_room",
    "room_of",
]
