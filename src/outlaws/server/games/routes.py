"""The HTTP API of games: create and join them, list them, look at one; the bots and
the ladder. Playing is :mod:`.play_routes`; records, :mod:`.record_routes`.

A seat's secret token is sent as the header ``Authorization: Bearer TOKEN``, never in
the URL: a request with ``token`` in its query string is refused (400 ``token_in_url``,
``server/http/auth.py``) before it is read any further.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import asdict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Query, Request
from fastapi.responses import Response

from ...bots import bot_names, bot_specs
from ...bots.ladder import LADDER, RANDOM_ELO
from ...engine.actionspace import mask_of_bits
from ..accounts.service import Accounts
from ..accounts.sessions import session_of, signed_in
from ..common.errors import ApiError
from ..http.auth import bearer
from ..http.routing import AuthHeader, NoTokenInUrl, part
from ..http.schemas import (
    ERRORS,
    CreatedGame,
    CreateGame,
    GameOut,
    InviteStatus,
    Joined,
    JoinIn,
    Links,
    MineIn,
    MyGames,
    Summary,
)
from ..http.widths import nothing_hidden
from . import records
from .clocks import ClockConfig
from .seating import SeatGrant
from .service import GameService
from .table import Table

router = APIRouter(responses=ERRORS, route_class=NoTokenInUrl)
#: The games of a signed-in account (the account's own routes know no games).
account = APIRouter(
    prefix="/account", tags=["accounts"], responses=ERRORS, route_class=NoTokenInUrl
)

#: The game service, as a route takes it: ``games: Games``.
Games = Annotated[GameService, Depends(part("service", GameService))]


def links(game_id: str, token: str | None = None, invite: str | None = None) -> Links:
    """Where to go next. The seat's own links are the same paths as the public ones,
    without the token: it goes in the Authorization header (or the WebSocket's first
    message), never in a URL."""
    return Links(
        play=f"/games/{game_id}" if token else None,
        ws=f"/ws/games/{game_id}" if token else None,
        watch=f"/games/{game_id}",
        watch_ws=f"/ws/games/{game_id}",
        invite=f"/invites/{invite}" if invite else None,
    )


#: The most events of the view's log an HTTP answer carries: the last ones, or those from
#: ``?since=N``. Unbounded, the log of a long game made every answer grow with it; 24
#: events (a few turns, some 100 bytes each in fixed width) keep an answer during play
#: under 4 KiB. The whole log is the WebSocket's, page by page here, or in the replay once
#: the game is over.
HTTP_LOG_EVENTS = 24


def game_out(
    service: GameService, table: Table, seat: int | None, since: int | None = None
) -> GameOut:
    """A game as ``seat`` may see it: only the engine's view for that seat (none while
    the seats place their cards, R3.1: then only its own placement). The view's log holds
    at most :data:`HTTP_LOG_EVENTS` events: from ``since``, or else the last ones."""
    placing = table.placement_json(seat)
    view = None if placing is not None else table.view(seat).to_json()
    log_from = log_size = 0
    if view is not None:
        log = view["log"]
        log_size = len(log)
        log_from = max(log_size - HTTP_LOG_EVENTS, 0) if since is None else min(since, log_size)
        view["log"] = log[log_from : log_from + HTTP_LOG_EVENTS]
    legal = None
    if seat is not None and table.status == "playing" and table.to_act == seat:
        legal = mask_of_bits(table.legal_bits(seat))
    mode: Literal["play", "watch", "replay"] = (
        "replay" if table.finished else "play" if seat is not None else "watch"
    )
    return GameOut(
        game=table.id,
        kind=table.kind,
        status=table.status,
        mode=mode,
        seat=seat,
        players=[info.public() for info in table.seats],  # type: ignore[misc]
        actions=table.actions,
        result=table.result,
        clock=table.clock_json(service.now()),
        phase=table.phase,
        placement=placing,  # type: ignore[arg-type]
        view=view,
        log_from=log_from,
        log_size=log_size,
        legal=legal,
        replay=records.replay(table, 0, records.REPLAY_PAGE - 1) if table.finished else None,
    )


@router.post("/games", status_code=201, response_model=CreatedGame, tags=["games"])
async def create_game(request: Request, games: Games, body: CreateGame) -> CreatedGame:
    """Create a game against a bot (it starts now) or a friend (send them the invite).

    The answer holds your seat's secret token: keep it, it alone lets you act and see
    your cards."""
    session = await signed_in(request)
    account = session.account_id if session is not None else None
    if body.rated and account is None:
        raise ApiError(
            401, "account_needed", "a rated game is for a signed-in player", field="rated"
        )
    clock = None
    if body.clock is not None:
        clock = ClockConfig(
            body.clock.bank, body.clock.per_turn, body.clock.on_timeout, body.clock.bot
        )
    made = await games.seating.create(
        opponent=body.opponent,
        bot=body.bot,
        seat=body.seat,
        # A signed-in player is known by the account's name unless they give another.
        name=body.name or (session.name if session is not None else None),
        clock=clock,
        turn_limit=body.turn_limit,
        placement=body.placement,
        tutorial=body.tutorial,
        rated=body.rated,
        open_game=body.open,
        account=account,
    )
    if account is not None:  # a seat taken while signed in is the account's
        await games.accounts.give(account, made.token, made.game, made.seat)
    return CreatedGame(**asdict(made), links=links(made.game, made.token, made.invite))


@router.post("/invites/{invite}", response_model=Joined, tags=["games"])
async def join_game(
    request: Request, games: Games, invite: str, body: Annotated[JoinIn | None, Body()] = None
) -> Joined:
    """Take the seat an invite was made for. The invite is spent; the answer holds the
    seat's own secret token (the game's creator never sees it)."""
    return await take_seat(
        request,
        games.accounts,
        body,
        lambda name, account: games.seating.join(invite, name, account),
    )


async def take_seat(
    request: Request,
    accounts: Accounts,
    body: JoinIn | None,
    take: Callable[[str | None, str | None], Awaitable[SeatGrant]],
) -> Joined:
    """A seat taken by ``take(name, account)`` for this request's player: while signed
    in, the account's seat (named by the account unless the player gives a name)."""
    session = await signed_in(request)
    account = session.account_id if session is not None else None
    name = (body.name if body else None) or (session.name if session is not None else None)
    joined = await take(name, account)
    if account is not None:  # a seat taken while signed in is the account's
        await accounts.give(account, joined.token, joined.game, joined.seat)
    return Joined(**asdict(joined), links=links(joined.game, joined.token))


@router.get("/invites/{invite}", response_model=InviteStatus, tags=["games"])
async def invite_status(games: Games, invite: str) -> InviteStatus:
    """Whether an invite's seat is still free (`open`), so that a page can say an invite is
    spent before it asks for a name. It tells nothing of the game."""
    return InviteStatus(open=await games.seating.invite_open(invite))


@router.post("/games/mine", response_model=MyGames, tags=["games"])
async def my_games(games: Games, body: MineIn) -> MyGames:
    """The games your seat tokens play in, newest first."""
    found = await games.holding.my_games(body.tokens)
    return MyGames(games=[Summary(**asdict(game)) for game in found])


@account.get("/games", response_model=MyGames)
async def games(request: Request, service: Games) -> MyGames:
    """The account's games, newest first, from any device."""
    found = await session_of(request, changes=False)
    summaries = await service.holding.summaries(await service.accounts.seats(found.account_id))
    return MyGames(games=[Summary(**asdict(game)) for game in summaries])


@router.get("/games/{game_id}", response_model=GameOut, tags=["games"])
async def get_game(
    request: Request,
    games: Games,
    game_id: str,
    authorization: AuthHeader = None,
    since: Annotated[
        int | None,
        Query(
            ge=0,
            le=1_000_000,
            description=f"The view's log from this event on (at most {HTTP_LOG_EVENTS} "
            f"events; default: the last {HTTP_LOG_EVENTS}).",
        ),
    ] = None,
) -> GameOut:
    """A game: your seat's view with your legal actions (with your token), the public
    view (without), or, once finished, the replay with both hands shown."""
    table, seat = await games.seat_of(game_id, bearer(authorization))
    if table.finished:  # with its replay's first page: built and encoded off the loop
        nothing_hidden(request)
        text = await games.offload(lambda: game_out(games, table, seat, since).model_dump_json())
        return Response(text, media_type="application/json")  # type: ignore[return-value]
    return game_out(games, table, seat, since)


@router.get("/bots", tags=["games"])
async def bots() -> dict[str, Any]:
    """The bots a game can be played against, and the difficulty ladder the table offers:
    its rungs weakest first (``name`` is the rank a page shows, catalogue key
    ``bot.rank.<name>``; ``spec`` the bot that plays it; ``elo`` its strength measured in
    the arena), then the bot off the ladder that plays at random."""
    return {
        "bots": bot_names(),
        "specs": bot_specs(),
        "ladder": [{"name": r.name, "spec": r.spec, "elo": r.elo} for r in LADDER],
        "off_ladder": [{"name": "random", "spec": "random", "elo": RANDOM_ELO}],
    }
