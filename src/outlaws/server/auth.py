"""Where a seat's token may travel: in a header or in a message, never in a URL.

A URL is written down by everything it passes through (proxy and server access logs,
browser history, ``Referer`` headers), so a token in a query string leaks. HTTP requests
carry it as ``Authorization: Bearer TOKEN``; a WebSocket as that header on its upgrade
request or, from a browser (which cannot set headers there), in its first message
(``server/ws.py``). A request that puts a token in its query string is refused before
anything else is done with it, so that a client that leaks does not also work.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from urllib.parse import unquote_plus

from .errors import ApiError

#: Query parameters that carry a token (read percent-decoded, case and blanks aside):
#: ``token`` as the server once took it, ``access_token`` as RFC 6750 §2.3 names it.
TOKEN_PARAMS = frozenset({"token", "access_token"})


def hash_token(token: str) -> str:
    """Tokens (seats', sessions', devices') are stored only as hashes: a copy of the
    database plays no seat and signs nobody in. SHA-256 suffices: tokens are random."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A new secret token: 192 random bits."""
    return secrets.token_urlsafe(24)


def token_param(names: Iterable[str]) -> str | None:
    """The first of the query parameter ``names`` that carries a token, or None.

    Starlette hands the names decoded already; they are decoded once more so that a
    doubly encoded name (``tok%2565n``) is caught too."""
    for name in names:
        if unquote_plus(name).strip().lower() in TOKEN_PARAMS:
            return name
    return None


def token_in_url(name: str = "token") -> ApiError:
    """The refusal of a request whose query string holds a token (parameter ``name``)."""
    return ApiError(
        400,
        "token_in_url",
        f"a token is never sent in the URL ({name!r} in the query string), where logs "
        "keep it: send it in the header 'Authorization: Bearer TOKEN' (on a WebSocket, "
        'that header or the first message {"op": "hello", "token": TOKEN})',
        field="token",
    )


def refuse_token_in_url(names: Iterable[str]) -> None:
    """Raise :func:`token_in_url` if one of the query parameter ``names`` is a token."""
    name = token_param(names)
    if name is not None:
        raise token_in_url(name)


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None: no such header, or
    another scheme)."""
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip() or None
    return None
