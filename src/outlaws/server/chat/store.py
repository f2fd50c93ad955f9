"""The chat's rows (revision 0008): each message said at a game's table, in its room.

Functions of a transaction's connection, as in :mod:`.accountstore`: a message is
written on the database's writer (:meth:`~.storage.Database.write`), so that it is
stored before anyone is shown it, and read on the database's thread.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from sqlalchemy import Connection, insert, select

from ..db.schema import chat_messages


@dataclass(frozen=True)
class ChatRow:
    """One message: free ``text`` or a quick ``phrase`` (a key), never both."""

    id: int
    game_id: str
    room: str
    seat: int | None
    author: str
    text: str | None
    phrase: str | None
    at: float
    #: Written by a guest spectator, under a name no account vouches for.
    guest: bool = False

    def to_json(self) -> dict[str, Any]:
        """The message as clients get it (docs/protocol.md, Chat)."""
        return {
            "id": self.id,
            "room": self.room,
            "seat": self.seat,
            "author": self.author,
            "text": self.text,
            "phrase": self.phrase,
            "at": self.at,
            "guest": self.guest,
        }


#: The columns a new message is stored with (its id is the database's).
_COLUMNS = tuple(f.name for f in fields(ChatRow) if f.name != "id")


def insert_message(conn: Connection, message: ChatRow) -> ChatRow:
    """Store ``message``; it as stored, with the id the database gave it (the order of
    its room; the ``id`` it came with is not used)."""
    values = {name: getattr(message, name) for name in _COLUMNS}
    key = conn.execute(insert(chat_messages).values(**values)).inserted_primary_key
    assert key is not None
    return replace(message, id=int(key[0]))


def latest(conn: Connection, game_id: str, room: str, limit: int) -> list[ChatRow]:
    """The room's last ``limit`` messages, oldest first."""
    query = (
        select(chat_messages)
        .where(chat_messages.c.game_id == game_id, chat_messages.c.room == room)
        .order_by(chat_messages.c.id.desc())
        .limit(limit)
    )
    rows = [
        ChatRow(id=int(row.id), **{name: getattr(row, name) for name in _COLUMNS})
        for row in conn.execute(query)
    ]
    return rows[::-1]


__all__ = ["ChatRow", "insert_message", "latest"]
