"""The HTTP API of the chat (:mod:`.chat`): say something at a game's table, and read
what was said in one's room.

Who writes is told as everywhere else: a seat by its token in ``Authorization: Bearer``
(the players' room); a spectator (the spectators' room) by its session when signed in
(the cookie, and ``X-CSRF-Token`` as every request that changes something), or else as
a guest under the ``name`` it gives.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, Field

from ..accounts.service import Accounts
from ..accounts.sessions import SESSION_COOKIE, AccountsPart, session_of
from ..common.errors import ApiError
from ..games.routes import Games
from ..games.table import Table
from ..http.auth import bearer
from ..http.routing import AuthHeader, NoTokenInUrl, part
from ..http.schemas import ERRORS, Strict
from .rooms import Chat, check_content, check_name, check_room
from .store import ChatRow

router = APIRouter(tags=["chat"], responses=ERRORS, route_class=NoTokenInUrl)

#: The tables' chat, as a route takes it: ``chat: ChatPart``.
ChatPart = Annotated[Chat, Depends(part("chat", Chat))]

RoomName = Literal["players", "spectators"]


class ChatIn(Strict):
    room: RoomName = Field(
        ..., description="`players` (with your seat's token) or `spectators` (without)."
    )
    text: str | None = Field(None, description="1 to 200 characters, no control characters.")
    phrase: str | None = Field(
        None,
        description="A quick phrase instead of text: hello, gl, gg, wp, thanks, oops, "
        "think or bye (each reader sees it in their language).",
    )
    name: str | None = Field(
        None,
        description="A guest spectator's name, 1 to 24 characters (signed in: the "
        "account's name is used).",
    )


class ChatMessage(BaseModel):
    id: int
    room: RoomName
    seat: int | None = Field(..., description="The writer's seat; null: a spectator.")
    author: str = Field(
        ..., description="The seat's player name (may be empty), or the spectator's."
    )
    text: str | None
    phrase: str | None
    at: float
    guest: bool = Field(
        False, description="A guest spectator wrote it: a name no account vouches for."
    )


class ChatLog(BaseModel):
    room: RoomName
    messages: list[ChatMessage]


def _out(row: ChatRow) -> ChatMessage:
    return ChatMessage(**row.to_json())


async def _spectator(request: Request, name: str | None) -> tuple[str, str, bool]:
    """A spectator's author name, whose rate they spend and whether they are a guest:
    their account's when signed in (a session without its anti-CSRF token is refused),
    else the guest's ``name`` and their address."""
    if SESSION_COOKIE in request.cookies:
        try:
            found = await session_of(request, changes=True)
        except ApiError as error:
            if error.code != "not_signed_in":
                raise
        else:
            return found.name, f"account:{found.account_id}", False
    client = request.client.host if request.client else ""
    return check_name(name), f"client:{client}", True


async def _no_player(request: Request, accounts: Accounts, table: Table) -> None:
    """Refuse the spectators' room (403 ``not_your_room``) to a signed-in player who
    left their token out: their account holds a seat of the game (:mod:`.chat`). Their
    session is enough, without its anti-CSRF token: this only ever refuses."""
    found = await accounts.session(request.cookies.get(SESSION_COOKIE))
    if found is not None and await accounts.seat_in(found.account_id, table.id) is not None:
        raise ApiError(
            403,
            "not_your_room",
            "a player reads and writes the players' room only: send your seat's token",
            field="room",
        )


@router.post("/games/{game_id}/chat", status_code=201, response_model=ChatMessage)
async def say(
    request: Request,
    games: Games,
    accounts: AccountsPart,
    chat: ChatPart,
    game_id: str,
    body: ChatIn,
    authorization: AuthHeader = None,
) -> ChatMessage:
    """Say something in your room: a seat in the players' room, a spectator in the
    spectators' room (none in the other's: 403 `not_your_room`; the players' room of a
    game against a bot is closed: 409 `chat_closed`). At most 5 messages in a row, then
    one every 2 seconds (429 `rate_limited`). Stored, then pushed on the game's
    WebSocket to the room (`{"type": "chat", "message"}`). One address writes at most
    10 messages in a row across all games, then one a second."""
    table, seat = await games.seat_of(game_id, bearer(authorization))
    room = check_room(table, seat, body.room)
    content = check_content(body.text, body.phrase)
    guest = False
    if seat is not None:
        author, writer = table.seats[seat].name or "", f"seat:{seat}"
    else:
        await _no_player(request, accounts, table)
        author, writer, guest = await _spectator(request, body.name)
    client = request.client.host if request.client else ""
    row = await chat.say(table, seat, room, author, content, writer, guest, client)
    return _out(row)


@router.get("/games/{game_id}/chat", response_model=ChatLog)
async def chat_log(
    request: Request,
    games: Games,
    accounts: AccountsPart,
    chat: ChatPart,
    game_id: str,
    authorization: AuthHeader = None,
    room: Annotated[
        RoomName | None,
        Query(description="The room to read: yours only (default: yours)."),
    ] = None,
) -> ChatLog:
    """The last 100 messages of your room, oldest first: the players' room with your
    seat's token, the spectators' room without one."""
    table, seat = await games.seat_of(game_id, bearer(authorization))
    mine = check_room(table, seat, room)
    if seat is None:
        await _no_player(request, accounts, table)
    rows = await chat.history(table, mine)
    return ChatLog(room=mine, messages=[_out(row) for row in rows])
