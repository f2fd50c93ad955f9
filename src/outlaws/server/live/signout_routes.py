"""The HTTP API of signing out everywhere (:mod:`.signout`): ``DELETE /account/sessions``."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from ..accounts.sessions import clear_session_cookie, session_of
from ..http.routing import NoTokenInUrl, part
from ..http.schemas import ERRORS
from .signout import SignOut

router = APIRouter(prefix="/account", tags=["accounts"], responses=ERRORS, route_class=NoTokenInUrl)


#: Signing out everywhere, as a route takes it: ``sign_out: SignOutPart``.
SignOutPart = Annotated[SignOut, Depends(part("sign_out", SignOut))]


@router.delete("/sessions", status_code=204)
async def sign_out_everywhere(request: Request, sign_out: SignOutPart) -> Response:
    """Sign every browser of the account out, and end every seat token the account
    was given: its devices', and those of the seats taken while signed in (a lost phone
    plays no more; its sockets are closed)."""
    found = await session_of(request, changes=True)
    await sign_out.everywhere(found.account_id)
    response = Response(status_code=204)
    clear_session_cookie(request, response)
    return response
