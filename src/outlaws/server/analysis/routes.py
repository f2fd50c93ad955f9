"""The HTTP API of analyses: ask for a finished game's analysis, and follow it as each
decision is judged (:mod:`.jobs`; docs/analysis.md, "In the browser and over HTTP").

Anyone may ask, as anyone may download a finished game's record: an analysis reads
nothing a record does not show. A game in progress is refused (409 ``not_finished``):
its decisions would show its hidden cards.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from ...analysis import decisions
from ..common.codec import dumps
from ..common.errors import ApiError
from ..games.routes import Games
from ..games.table import Table
from ..http.routing import NoTokenInUrl, part
from ..http.schemas import ERRORS
from .jobs import Analyses, Progress

router = APIRouter(tags=["analysis"], responses=ERRORS, route_class=NoTokenInUrl)

#: The analyses, as a route takes them: ``analyses: AnalysesPart``.
AnalysesPart = Annotated[Analyses, Depends(part("analyses", Analyses))]


class AnalysisProgress(BaseModel):
    """Where a game's analysis stands, and the decisions judged so far."""

    game: str = Field(..., description="The game's id.")
    status: Literal["none", "queued", "running", "stopped", "done"] = Field(
        ...,
        description="`none`: never asked for (`POST` starts it); `queued`: waiting for "
        "a worker; `running`; `stopped`: nobody asked about it for a while (`POST` "
        "resumes it); `done`.",
    )
    done: int = Field(..., description="How many decisions are judged.")
    total: int = Field(..., description="How many decisions the game holds (0: `none`).")
    analysis: dict[str, Any] | None = Field(
        None,
        description="The report of the decisions judged so far (docs/analysis.md: "
        "`decisions` in the record's order, `turning_points`, `summary`); null before the "
        "first.",
    )


def _finished(table: Table) -> None:
    if not table.finished:
        raise ApiError(
            409,
            "not_finished",
            "a game in progress has hidden cards: it is analysed once it is over",
        )


def _answer(progress: Progress, status_code: int = 200) -> Response:
    # Built once as text: the report of a long game is large, and a poll comes every second.
    return Response(dumps(progress.to_json()), status_code, media_type="application/json")


@router.post(
    "/games/{game_id}/analysis",
    status_code=202,
    response_model=AnalysisProgress,
    responses={
        200: {"model": AnalysisProgress, "description": "The analysis is done."},
        429: {"description": "Too many requests from this client"},
        503: {"description": "Too many analyses are waiting"},
    },
)
async def ask(request: Request, games: Games, analyses: AnalysesPart, game_id: str) -> Response:
    """Start the analysis of a finished game, or resume it where it stopped (202), and
    say where it stands; 200 once it is done. It goes on while someone follows it (`GET`
    at least every 20 seconds). A game of more than 500 actions is refused (422
    `too_long`). One client asks 10 times at once, then once every 2 seconds (429
    `rate_limited`)."""
    analyses.rates.take(request.client.host if request.client else "", "analyses")
    table = await games.table(game_id)
    _finished(table)
    record = table.record()
    await analyses.request(table.id, len(record.actions), lambda: list(decisions(record)))
    progress = await analyses.progress(table.id)
    return _answer(progress, 200 if progress.status == "done" else 202)


@router.get("/games/{game_id}/analysis", response_model=AnalysisProgress)
async def follow(games: Games, analyses: AnalysesPart, game_id: str) -> Response:
    """Where the analysis of a finished game stands, with the decisions judged so far
    (`status: none` if it was never asked for: this never starts it). Asking keeps a
    running analysis going."""
    table = await games.table(game_id)
    _finished(table)
    return _answer(await analyses.progress(table.id))
