"""Where players meet: the lobby (:mod:`.lobby`): ``GET /lobby``, its live socket
``/ws/lobby``, and ``POST /seeks/{id}``, which takes the free seat of an open game; and
the rematch after a game (:mod:`.rematch`): ``/games/{id}/rematch``."""

from __future__ import annotations

import asyncio
import contextlib
import re
from dataclasses import asdict
from typing import Annotated

from fastapi import APIRouter, Body, Request, WebSocket
from fastapi.responses import Response
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketDisconnect

from ..accounts.sessions import account_of, name_of, service_of
from ..common.errors import ApiError
from ..games.routes import links, take_seat
from ..games.service import GameService
from ..games.table import Table
from ..http.auth import bearer
from ..http.limits import TokenBucket
from ..http.routing import AuthHeader, NoTokenInUrl
from ..http.schemas import ERRORS, Joined, JoinIn, Links
from ..live.presence import Here

router = APIRouter(tags=["lobby"], responses=ERRORS, route_class=NoTokenInUrl)

#: A guest's browser names itself with a random id (``?visitor=``), so that its tabs
#: count as one guest online; it is no secret and proves nothing.
VISITOR = re.compile(r"[A-Za-z0-9_-]{8,32}")


@router.get("/lobby")
async def lobby(request: Request) -> Response:
    """The lobby as its socket sends it: ``seeks`` (open games whose creator is at the
    table: `POST /seeks/{game}` takes the seat), ``playing`` (the newest games being
    played, to watch) and ``online`` (signed-in players by name, guests counted). From
    the copy the socket feed keeps; a client reads it 20 times at once, then twice a
    second (429 `rate_limited`)."""
    feed = service_of(request).lobby
    feed.readers.take(request.client.host if request.client else "", "reads of the lobby")
    text = await feed.latest()
    return Response(text, media_type="application/json")


@router.post("/seeks/{game_id}", response_model=Joined)
async def take_seek(
    request: Request, game_id: str, body: Annotated[JoinIn | None, Body()] = None
) -> Joined:
    """Take the free seat of an open game of the lobby: the answer holds your seat's
    token. Of two players who click at once, one gets the seat, the other 409
    ``seek_taken``."""
    service = service_of(request)
    if len(game_id) > 64:
        raise ApiError(404, "unknown_game", "no such game", field="game")
    return await take_seat(
        request, body, lambda name, account: service.join_open(game_id, name, account)
    )


@router.websocket("/ws/lobby")
async def lobby_socket(ws: WebSocket, visitor: str | None = None) -> None:
    """The lobby, live: a ``lobby`` message now and at every change. The connection
    counts its player as online (by name when signed in); it sends nothing but pings."""
    service: GameService = ws.app.state.service
    client = ws.client.host if ws.client else ""
    sockets: dict[str, int] = ws.app.state.sockets_of_client
    if sockets.get(client, 0) >= service.settings.client_sockets:
        await ws.close(code=1013)
        return
    await ws.accept()
    sockets[client] = sockets.get(client, 0) + 1
    name = await name_of(service, dict(ws.cookies))
    browser = visitor if visitor is not None and VISITOR.fullmatch(visitor) else None
    key = object()
    service.presence.arrive(key, Here(name, browser or f"socket-{id(key)}", client=client))
    queue = service.lobby.subscribe()
    sender = asyncio.create_task(_send(ws, queue))
    # The client has nothing to say (pings at most): a flood of frames ends it.
    bucket = TokenBucket(service.settings.rate_burst, service.settings.rate_per_second)
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
        service.lobby.unsubscribe(queue)
        service.presence.depart(key)
        sockets[client] -= 1
        if not sockets[client]:
            del sockets[client]


async def _send(ws: WebSocket, queue: asyncio.Queue[bytes]) -> None:
    with contextlib.suppress(Exception):
        while True:
            await ws.send_text((await queue.get()).decode())


class RematchOut(BaseModel):
    offered_by: int | None = Field(None, description="The seat that offers a rematch (none).")
    game: str | None = Field(None, description="The new game, once the rematch is accepted.")


class RematchSeat(BaseModel):
    state: str = Field(..., description="`offered` (wait for the answer) or `accepted`.")
    game: str = Field(..., description="The new game (it exists once accepted).")
    seat: int = Field(..., description="Your seat in it: the other one than before.")
    token: str = Field(..., description="Your seat's secret token in the new game.")
    links: Links


async def _seat(request: Request, game_id: str, authorization: str | None) -> tuple[Table, int]:
    table, seat = await service_of(request).seat_of(game_id, bearer(authorization))
    if seat is None:
        raise ApiError(401, "no_token", "a rematch is a seat's: send its token", field="token")
    return table, seat


@router.get("/games/{game_id}/rematch", response_model=RematchOut, tags=["play"])
async def rematch_state(request: Request, game_id: str) -> RematchOut:
    """Whether a rematch is offered (by which seat), and its game once accepted: what
    the game's sockets are told at each change (a `rematch` message)."""
    service = service_of(request)
    table = await service.table(game_id)
    return RematchOut(**await service.rematches.state(table))


@router.post("/games/{game_id}/rematch", response_model=RematchSeat, tags=["play"])
async def rematch(request: Request, game_id: str, authorization: AuthHeader = None) -> RematchSeat:
    """Offer a rematch once the game is over, or accept the other seat's offer (a bot
    accepts at once). Seats are swapped; clock, turn limit, placement and rating stay.
    The answer holds your seat's token in the new game: it starts when the other
    player accepts (409 `rematch_offered` for a second offer of yours)."""
    service = service_of(request)
    table, seat = await _seat(request, game_id, authorization)
    account = await account_of(request)
    answer = await service.rematches.offer(table, seat, account)
    return RematchSeat(**asdict(answer), links=links(answer.game, answer.token))


@router.delete("/games/{game_id}/rematch", status_code=204, tags=["play"])
async def decline_rematch(
    request: Request, game_id: str, authorization: AuthHeader = None
) -> Response:
    """Decline the other player's offer, or withdraw yours (before it is accepted)."""
    service = service_of(request)
    table, _ = await _seat(request, game_id, authorization)
    await service.rematches.withdraw(table)
    return Response(status_code=204)
