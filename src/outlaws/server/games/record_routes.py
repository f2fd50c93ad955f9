"""The HTTP API of records: a finished game's record (docs/format.md) and its replay, and
a record imported to be watched."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import Response

from ..common.codec import dumps
from ..common.errors import ApiError
from ..http.routing import NoTokenInUrl
from ..http.schemas import (
    ERRORS,
    Imported,
)
from . import records
from .routes import Games, links
from .table import Table

router = APIRouter(responses=ERRORS, route_class=NoTokenInUrl)


def _finished(table: Table) -> None:
    if not table.finished:
        raise ApiError(
            409, "not_finished", "a game in progress has hidden cards: export it once it is over"
        )


@router.get(
    "/games/{game_id}/record",
    tags=["records"],
    responses={
        200: {
            "description": "A docs/format.md record, with `game`, `players`, `result`, "
            "`resigned` and `timeout` beside it."
        }
    },
)
async def export_record(games: Games, game_id: str) -> Response:
    """A finished game as a docs/format.md record (what `outlaws replay` reads)."""
    table = await games.table(game_id)
    _finished(table)
    text = json.dumps(records.export(table), indent=2) + "\n"
    return Response(
        text,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="outlaws-{game_id}.json"'},
    )


@router.get("/games/{game_id}/replay", tags=["records"])
async def replay(
    games: Games,
    game_id: str,
    start: Annotated[int, Query(ge=0, description="First step (0: the deal).")] = 0,
    stop: Annotated[int | None, Query(ge=0, description="Last step (default: the end).")] = None,
) -> dict[str, Any]:
    """A finished game step by step: the whole state, both hands shown, after each
    action, with the unredacted events of that step. At most 100 steps an answer:
    `next` is the `start` of the next page (null: the last one)."""
    table = await games.table(game_id)
    _finished(table)
    text = await games.offload(lambda: dumps(records.replay(table, start, stop)))
    return Response(text, media_type="application/json")  # type: ignore[return-value]


@router.post("/imports", status_code=201, response_model=Imported, tags=["records"])
async def import_record(
    request: Request,
    games: Games,
    record: Annotated[Any, Body(description="A game record (docs/format.md); extra fields kept.")],
) -> Imported:
    """Store a record to watch it as a replay. The engine replays it first: a bad record
    is refused with the field or the action at fault."""
    client = request.client.host if request.client else ""
    table = await games.import_record(record, client)
    return Imported(game=table.id, actions=table.actions, links=links(table.id))
