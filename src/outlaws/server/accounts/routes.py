"""The HTTP API of accounts: sign up, sign in and out, guest seats the account adopts,
and a device's own token for one of its seats. (An account's games are the games'
routes, signing out everywhere the live connections', a player's profile the ratings'.)

Accounts are optional (:mod:`.accounts`). A signed-in browser holds a session cookie;
every request here that changes something echoes the session's anti-CSRF token in the
header ``X-CSRF-Token`` (:mod:`.sessions`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from ..http.routing import NoTokenInUrl
from ..http.schemas import ERRORS, Strict
from .service import Accounts, SignedIn
from .sessions import (
    SESSION_COOKIE,
    AccountsPart,
    clear_session_cookie,
    same_site_only,
    session_of,
    set_session_cookie,
)

router = APIRouter(prefix="/account", tags=["accounts"], responses=ERRORS, route_class=NoTokenInUrl)

#: Guest seats one request may hand to an account (a browser's whole list of games).
MAX_SEATS = 200


class Credentials(Strict):
    name: str = Field(..., min_length=1, max_length=64, description="The account's name.")
    password: str = Field(..., min_length=1, max_length=1024)
    seats: list[str] = Field(
        default_factory=list,
        max_length=MAX_SEATS,
        description="Tokens of guest seats this browser holds: they become the account's.",
    )


class SeatsIn(Strict):
    seats: list[str] = Field(..., max_length=MAX_SEATS, description="Guest seat tokens.")


class AccountOut(BaseModel):
    id: str
    name: str
    csrf: str = Field(
        ...,
        description="Send it as the header X-CSRF-Token with every request that changes "
        "something while signed in.",
    )
    adopted: int = Field(0, description="Guest seats that became the account's.")


class Adopted(BaseModel):
    adopted: int


class DeviceSeat(BaseModel):
    game: str
    seat: int
    token: str = Field(..., description="This device's own secret token of the seat.")


async def _signed_in(
    request: Request, response: Response, accounts: Accounts, signed: SignedIn, seats: list[str]
) -> AccountOut:
    adopted = await accounts.adopt(signed.account_id, seats)
    set_session_cookie(request, response, signed)
    return AccountOut(id=signed.account_id, name=signed.name, csrf=signed.csrf, adopted=adopted)


@router.post("", status_code=201, response_model=AccountOut)
async def sign_up(
    request: Request, response: Response, accounts: AccountsPart, body: Credentials
) -> AccountOut:
    """Make an account (a name of 3 to 24 letters, digits and `_-.`; a password of 8 or
    more characters) and sign in. The guest seats listed become the account's. An
    address makes 10 accounts an hour at most (429 `throttled`)."""
    same_site_only(request)
    client = request.client.host if request.client else "unknown"
    signed = await accounts.sign_up(body.name, body.password, client)
    return await _signed_in(request, response, accounts, signed, body.seats)


@router.post("/session", response_model=AccountOut)
async def sign_in(
    request: Request, response: Response, accounts: AccountsPart, body: Credentials
) -> AccountOut:
    """Sign in. Too many failures for a name (5 in 15 minutes), or from an address (20),
    and sign-ins are refused for a while (429 `throttled`), however many are sent at
    once."""
    same_site_only(request)
    client = request.client.host if request.client else "unknown"
    signed = await accounts.sign_in(body.name, body.password, client)
    return await _signed_in(request, response, accounts, signed, body.seats)


@router.get("", response_model=AccountOut | None)
async def me(request: Request, accounts: AccountsPart) -> AccountOut | None:
    """The signed-in account, and the anti-CSRF token of this session; `null` for a
    guest (not an error: every page of a guest asks)."""
    found = await accounts.session(request.cookies.get(SESSION_COOKIE))
    if found is None:
        return None
    return AccountOut(id=found.account_id, name=found.name, csrf=found.csrf, adopted=0)


@router.delete("/session", status_code=204)
async def sign_out(request: Request, accounts: AccountsPart) -> Response:
    """Sign this browser out."""
    await session_of(request, changes=True)
    await accounts.sign_out(request.cookies[SESSION_COOKIE])
    response = Response(status_code=204)
    clear_session_cookie(request, response)
    return response


@router.post("/seats", response_model=Adopted)
async def adopt(request: Request, accounts: AccountsPart, body: SeatsIn) -> Adopted:
    """Guest seats this browser holds become the account's (those of another account
    stay theirs)."""
    found = await session_of(request, changes=True)
    return Adopted(adopted=await accounts.adopt(found.account_id, body.seats))


@router.post("/games/{game_id}/token", status_code=201, response_model=DeviceSeat)
async def device_token(request: Request, accounts: AccountsPart, game_id: str) -> DeviceSeat:
    """A token of the account's seat in this game for this device (a seat taken on
    another one); 404 `not_your_game` if the account holds no seat there."""
    found = await session_of(request, changes=True)
    token, seat = await accounts.device_token(found.account_id, game_id)
    return DeviceSeat(game=game_id, seat=seat, token=token)
