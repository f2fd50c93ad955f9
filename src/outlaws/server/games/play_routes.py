"""The HTTP API of play: act, place one's cards before the first turn (R3.1), resign,
and read one's notebook. The same as the WebSocket's messages, for clients without one
(docs/protocol.md). And the action space a seat's legal actions are a mask over.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Header, Query, Response

from ...engine import NUM_ACTIONS, Action, FormatError, Placement, PlacementError, parse_notation
from ...engine.actionspace import MASK_BYTES, action_templates
from ..common.errors import ApiError, from_engine
from ..http.auth import bearer
from ..http.routing import AuthHeader, NoTokenInUrl
from ..http.schemas import (
    ERRORS,
    Accepted,
    ActionSpace,
    ErrorOut,
    Notebook,
    Placed,
    PlacementOut,
    Resigned,
)
from .routes import Games, game_out

router = APIRouter(responses=ERRORS, route_class=NoTokenInUrl)

#: How long a client may keep the action space: it changes only with the engine.
ACTION_SPACE_MAX_AGE = 86_400


@router.get("/actionspace", response_model=ActionSpace, tags=["play"])
async def action_space(response: Response) -> ActionSpace:
    """Every action a seat could ever take, by id: what a seat's `legal` mask stands for.
    A Saloon exchange names places of the acting seat's own instead of cards (its view
    names the cards there)."""
    response.headers["Cache-Control"] = f"public, max-age={ACTION_SPACE_MAX_AGE}"
    return ActionSpace(size=NUM_ACTIONS, mask_bytes=MASK_BYTES, actions=action_templates())


def parse_action(body: Any) -> Action:
    """A docs/format.md action object, or a string in the text notation."""
    try:
        if isinstance(body, str):
            return parse_notation(body)
        return Action.from_json(body, where="action")
    except FormatError as error:
        raise from_engine(error) from None


@router.post("/games/{game_id}/actions", response_model=Accepted, tags=["play"])
async def act(
    games: Games,
    game_id: str,
    action: Annotated[
        dict[str, Any] | str,
        Body(
            description="A docs/format.md action object, or its text notation as a JSON string.",
            openapi_examples={
                "json": {"value": {"type": "look", "col": 3}},
                "notation": {"value": "move 2 5 swap"},
            },
        ),
    ],
    authorization: AuthHeader = None,
    expect: Annotated[
        int | None,
        Query(
            ge=0,
            le=10**9,
            description="The number of actions the game held when you chose this one: "
            "a retry of a stored action gets its first answer, a stale one 409 `stale`.",
        ),
    ] = None,
    idempotency_key: Annotated[
        str | None,
        Header(
            max_length=64,
            description="A key of yours for this action: sent again, it gets the first "
            "answer and is not played twice.",
        ),
    ] = None,
) -> Accepted:
    """Take an action with your seat. The engine checks it; once it is stored the answer
    gives its index in the record and your new view."""
    table, seat = await games.seat_of(game_id, bearer(authorization))
    if seat is None:
        raise ApiError(401, "no_token", "acting needs your seat's token", field="token")
    index = await games.submit(
        table, seat, parse_action(action), expect=expect, key=idempotency_key
    )
    return Accepted(accepted=index, game=game_out(games, table, seat))


_PLACEMENT_EXAMPLE = Placement.parse("hit ind gov band store sher rep dan | mayor rev").to_json()


def parse_placement(body: Any) -> Placement | None:
    """A placement (docs/format.md's ``{"street", "saloon"}``), or None for ``{"random":
    true}``; a bad one is refused naming its field and R3.1."""
    if isinstance(body, dict) and "random" in body:
        if body.get("random") is not True or len(body) != 1:  # 1 == True: not a yes
            field = next((f"placement.{key}" for key in body if key != "random"), None)
            raise ApiError(
                422,
                "bad_placement",
                'ask for a random placement with {"random": true} alone (R3.1)',
                field=field or "placement.random",
                rule="R3.1",
            )
        return None
    try:
        return Placement.from_json(body, where="placement")
    except PlacementError as error:
        raise from_engine(error, "bad_placement") from None


@router.post(
    "/games/{game_id}/placement",
    response_model=Placed,
    tags=["play"],
    responses={401: {"model": ErrorOut, "description": "No token: only a seat places"}},
)
async def place(
    games: Games,
    game_id: str,
    placement: Annotated[
        Any,
        Body(
            description="Your cards (R3.1): the 8 characters of your street, column 1 first, "
            'and the 2 of your Saloon (never the Governor); or `{"random": true}`.',
            openapi_examples={
                "chosen": {"value": _PLACEMENT_EXAMPLE},
                "random": {"value": {"random": True}},
            },
        ),
    ] = None,  # none at all is refused as a bad placement, naming the field
    authorization: AuthHeader = None,
) -> Placed:
    """Place your seat's cards before play (R3.1). Neither seat sees the other's
    placement, only that it is done; play starts once both have placed."""
    table, seat = await games.seat_of(game_id, bearer(authorization))
    if seat is None:
        raise ApiError(401, "no_token", "placing needs your seat's token", field="token")
    made = await games.placing.place(table, seat, parse_placement(placement))
    return Placed(placement=PlacementOut(**made.to_json()), game=game_out(games, table, seat))


@router.post("/games/{game_id}/resign", response_model=Resigned, tags=["play"])
async def resign(games: Games, game_id: str, authorization: AuthHeader = None) -> Resigned:
    """Give up: the other seat wins. The game's outcome says so."""
    table, seat = await games.seat_of(game_id, bearer(authorization))
    if seat is None:
        raise ApiError(401, "no_token", "resigning needs your seat's token", field="token")
    return Resigned(result=dict(await games.moves.resign(table, seat)))


@router.get(
    "/games/{game_id}/notebook",
    response_model=Notebook,
    tags=["play"],
    responses={401: {"model": ErrorOut, "description": "No token: a seat's notebook"}},
)
async def notebook(games: Games, game_id: str, authorization: AuthHeader = None) -> Notebook:
    """Your notebook: where each of the opponent's characters may stand and what each
    token slot may hold, the exact probabilities given everything your seat has seen
    (computed from your seat's view only), and where each opponent card was last shown."""
    table, seat = await games.seat_of(game_id, bearer(authorization))
    if seat is None:
        raise ApiError(401, "no_token", "the notebook needs your seat's token", field="token")
    return Notebook(**await games.notebooks.of(table, seat))
