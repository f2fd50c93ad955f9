"""A signed-in browser, as a request shows it: the session cookie, and the anti-CSRF
token that each request changing something must echo.

The cookie is HttpOnly (no script reads it), ``SameSite=Lax`` (another site's forms and
scripts do not send it with theirs) and ``Secure`` whenever the page came over HTTPS (a
balancer that ends TLS says so in ``X-Forwarded-Proto``, which uvicorn trusts from the
addresses in ``FORWARDED_ALLOW_IPS``). On top of SameSite, a request that changes
something must carry ``X-CSRF-Token``, the session's own token, which only a page of this
site can read (``GET /account``): a request forged by another site cannot.
"""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Request, Response

from ..common.errors import ApiError
from ..http.routing import part
from .service import SESSION_SECONDS, Accounts, SignedIn
from .store import SessionRow

SESSION_COOKIE = "outlaws_session"
CSRF_HEADER = "X-CSRF-Token"

#: The accounts, as a route takes them: ``accounts: AccountsPart``.
accounts_part = part("accounts", Accounts)
AccountsPart = Annotated[Accounts, Depends(accounts_part)]


def set_session_cookie(request: Request, response: Response, signed: SignedIn) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        signed.token,
        max_age=int(SESSION_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_session_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        SESSION_COOKIE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def same_site_only(request: Request) -> None:
    """Refuse (403 ``cross_site``) a sign-up or sign-in sent by another site's page: it
    would sign the visitor in to an account of the other site's choosing. A browser
    names the page's origin (``Origin``) or how it relates (``Sec-Fetch-Site``); a
    client that is not a browser sends neither, and is let through."""
    origin = request.headers.get("origin")
    fetch_site = request.headers.get("sec-fetch-site")
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    if (origin is not None and origin != own) or fetch_site not in (None, "same-origin", "none"):
        raise ApiError(403, "cross_site", "sign up and sign in only from this site's pages")


async def session_of(request: Request, *, changes: bool) -> SessionRow:
    """The request's session; 401 ``not_signed_in`` without one. A request that
    ``changes`` something must echo the session's anti-CSRF token: 403 ``bad_csrf``."""
    found = await accounts_part(request).session(request.cookies.get(SESSION_COOKIE))
    if found is None:
        raise ApiError(401, "not_signed_in", "sign in first (no session, or it ended)")
    if changes and not hmac.compare_digest(
        request.headers.get(CSRF_HEADER, "").encode(), found.csrf.encode()
    ):
        raise ApiError(
            403,
            "bad_csrf",
            f"a request that changes something carries the header {CSRF_HEADER}"
            " (its value: GET /account)",
            field=CSRF_HEADER,
        )
    return found


async def signed_in(request: Request) -> SessionRow | None:
    """The session a request that takes a seat acts for, if it echoes the anti-CSRF
    token; None (a guest's seat) otherwise, never an error."""
    if SESSION_COOKIE not in request.cookies:
        return None
    try:
        return await session_of(request, changes=True)
    except ApiError:
        return None


async def account_of(request: Request) -> str | None:
    """The account a request that takes a seat acts for (:func:`signed_in`), or None."""
    found = await signed_in(request)
    return found.account_id if found is not None else None


async def name_of(accounts: Accounts, cookies: dict[str, str]) -> str | None:
    """The signed-in player's name, from a socket's session cookie (None: a guest)."""
    if SESSION_COOKIE not in cookies:
        return None
    found = await accounts.session(cookies[SESSION_COOKIE])
    return found.name if found is not None else None
