"""Where players meet: the lobby (:mod:`.feed`): ``GET /lobby``, its live socket
``/ws/lobby``, and ``POST /seeks/{id}``, which takes the free seat of an open game. (The
rematch after a game has its own routes, :mod:`.rematch_routes`.)"""

from __future__ import annotations

import asyncio
import contextlib
import re
from typing import Annotated

from fastapi import APIRouter, Body, Depends, Request, WebSocket
from fastapi.responses import Response
from starlette.websockets import WebSocketDisconnect

from ..accounts.sessions import AccountsPart, name_of
from ..common.errors import ApiError
from ..games.routes import Games, take_seat
from ..http.limits import TokenBucket
from ..http.routing import NoTokenInUrl, part
from ..http.schemas import ERRORS, Joined, JoinIn
from ..live.presence import Here
from ..live.socket import PresencePart
from .feed import LobbyFeed

router = APIRouter(tags=["lobby"], responses=ERRORS, route_class=NoTokenInUrl)

#: The lobby's feed, as a route takes it: ``feed: LobbyPart``.
LobbyPart = Annotated[LobbyFeed, Depends(part("lobby", LobbyFeed))]

#: A guest's browser names itself with a random id (``?visitor=``), so that its tabs
#: count as one guest online; it is no secret and proves nothing.
VISITOR = re.compile(r"[A-Za-z0-9_-]{8,32}")


@router.get("/lobby")
async def lobby(request: Request, feed: LobbyPart) -> Response:
    """The lobby as its socket sends it: ``seeks`` (open games whose creator is at the
    table: `POST /seeks/{game}` takes the seat), ``playing`` (the newest games being
    played, to watch) and ``online`` (signed-in players by name, guests counted). From
    the copy the socket feed keeps; a client reads it 20 times at once, then twice a
    second (429 `rate_limited`)."""
    feed.readers.take(request.client.host if request.client else "", "reads of the lobby")
    text = await feed.latest()
    return Response(text, media_type="application/json")


@router.post("/seeks/{game_id}", response_model=Joined)
async def take_seek(
    request: Request, games: Games, game_id: str, body: Annotated[JoinIn | None, Body()] = None
) -> Joined:
    """Take the free seat of an open game of the lobby: the answer holds your seat's
    token. Of two players who click at once, one gets the seat, the other 409
    ``seek_taken``."""
    if len(game_id) > 64:
        raise ApiError(404, "unknown_game", "no such game", field="game")
    return await take_seat(
        request,
        games.accounts,
        body,
        lambda name, account: games.seating.join_open(game_id, name, account),
    )


@router.websocket("/ws/lobby")
async def lobby_socket(
    ws: WebSocket,
    games: Games,
    accounts: AccountsPart,
    presence: PresencePart,
    feed: LobbyPart,
    visitor: str | None = None,
) -> None:
    """The lobby, live: a ``lobby`` message now and at every change. The connection
    counts its player as online (by name when signed in); it sends nothing but pings."""
    settings = games.settings
    client = ws.client.host if ws.client else ""
    sockets: dict[str, int] = ws.app.state.sockets_of_client
    if sockets.get(client, 0) >= settings.client_sockets:
        await ws.close(code=1013)
        return
    await ws.accept()
    sockets[client] = sockets.get(client, 0) + 1
    name = await name_of(accounts, dict(ws.cookies))
    browser = visitor if visitor is not None and VISITOR.fullmatch(visitor) else None
    key = object()
    presence.arrive(key, Here(name, browser or f"socket-{id(key)}", client=client))
    queue = feed.subscribe()
    sender = asyncio.create_task(_send(ws, queue))
    # The client has nothing to say (pings at most): a flood of frames ends it.
    bucket = TokenBucket(settings.rate_burst, settings.rate_per_second)
    try:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                break
            if not bucket.take():
                await ws.close(code=1008, reason="rate_limited")
                break
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        feed.unsubscribe(queue)
        presence.depart(key)
        sockets[client] -= 1
        if not sockets[client]:
            del sockets[client]


async def _send(ws: WebSocket, queue: asyncio.Queue[bytes]) -> None:
    with contextlib.suppress(Exception):
        while True:
            await ws.send_text((await queue.get()).decode())
