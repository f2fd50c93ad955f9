"""The HTTP API of the rematch after a game (:mod:`.rematch`): ``/games/{id}/rematch``,
to see, offer, accept, decline or withdraw it."""

from __future__ import annotations

from dataclasses import asdict
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ..accounts.sessions import account_of
from ..common.errors import ApiError
from ..games.routes import Games, links
from ..games.service import GameService
from ..games.table import Table
from ..http.auth import bearer
from ..http.routing import AuthHeader, NoTokenInUrl, part
from ..http.schemas import ERRORS, Links
from .rematch import Rematches

router = APIRouter(tags=["lobby"], responses=ERRORS, route_class=NoTokenInUrl)

#: The rematches, as a route takes them: ``rematches: RematchesPart``.
RematchesPart = Annotated[Rematches, Depends(part("rematches", Rematches))]


class RematchOut(BaseModel):
    offered_by: int | None = Field(None, description="The seat that offers a rematch (none).")
    game: str | None = Field(None, description="The new game, once the rematch is accepted.")


class RematchSeat(BaseModel):
    state: str = Field(..., description="`offered` (wait for the answer) or `accepted`.")
    game: str = Field(..., description="The new game (it exists once accepted).")
    seat: int = Field(..., description="Your seat in it: the other one than before.")
    token: str = Field(..., description="Your seat's secret token in the new game.")
    links: Links


async def _seat(games: GameService, game_id: str, authorization: str | None) -> tuple[Table, int]:
    table, seat = await games.seat_of(game_id, bearer(authorization))
    if seat is None:
        raise ApiError(401, "no_token", "a rematch is a seat's: send its token", field="token")
    return table, seat


@router.get("/games/{game_id}/rematch", response_model=RematchOut, tags=["play"])
async def rematch_state(games: Games, rematches: RematchesPart, game_id: str) -> RematchOut:
    """Whether a rematch is offered (by which seat), and its game once accepted: what
    the game's sockets are told at each change (a `rematch` message)."""
    table = await games.table(game_id)
    return RematchOut(**await rematches.state(table))


@router.post("/games/{game_id}/rematch", response_model=RematchSeat, tags=["play"])
async def rematch(
    request: Request,
    games: Games,
    rematches: RematchesPart,
    game_id: str,
    authorization: AuthHeader = None,
) -> RematchSeat:
    """Offer a rematch once the game is over, or accept the other seat's offer (a bot
    accepts at once). Seats are swapped; clock, turn limit, placement and rating stay.
    The answer holds your seat's token in the new game: it starts when the other
    player accepts (409 `rematch_offered` for a second offer of yours)."""
    table, seat = await _seat(games, game_id, authorization)
    account = await account_of(request)
    answer = await rematches.offer(table, seat, account)
    return RematchSeat(**asdict(answer), links=links(answer.game, answer.token))


@router.delete("/games/{game_id}/rematch", status_code=204, tags=["play"])
async def decline_rematch(
    games: Games, rematches: RematchesPart, game_id: str, authorization: AuthHeader = None
) -> Response:
    """Decline the other player's offer, or withdraw yours (before it is accepted)."""
    table, _ = await _seat(games, game_id, authorization)
    await rematches.withdraw(table)
    return Response(status_code=204)
