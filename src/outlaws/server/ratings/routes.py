"""The HTTP API of ratings: a player's profile, ``GET /players/{name}``."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.encoders import jsonable_encoder

from ..common.errors import ApiError
from ..http.routing import NoTokenInUrl, part
from ..http.schemas import ERRORS
from .standings import Standings

players = APIRouter(
    prefix="/players", tags=["accounts"], responses=ERRORS, route_class=NoTokenInUrl
)

#: The ratings, as a route takes them: ``standings: StandingsPart``.
StandingsPart = Annotated[Standings, Depends(part("standings", Standings))]


@players.get("/{name}")
async def profile(standings: StandingsPart, name: str) -> dict[str, Any]:
    """A player's profile: their rating in each pool (`players`: rated games between
    accounts; `bots`: rated games against bots) with its deviation and whether it is
    still provisional, the history of their rated games (oldest first, with the rating
    after each), and games won and lost, in all and by the way they ended."""
    if len(name) > 64:
        raise ApiError(404, "unknown_player", "no player has so long a name", field="name")
    found = await standings.profile(name)
    encoded: dict[str, Any] = jsonable_encoder(found)
    return encoded
