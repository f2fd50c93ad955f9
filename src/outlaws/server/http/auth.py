"""Where a seat's token may travel: in a header or in a message, never in a URL.

A URL is written down by everything it passes through (proxy and server access logs,
browser history, ``Referer`` headers), so a token in a query string leaks. HTTP requests
carry it as ``Authorization: Bearer TOKEN``; a WebSocket as that header on its upgrade
request or, from a browser (which cannot set headers there), in its first message
(``server/live/socket.py``). A request that puts a token in its query string is refused before
anything else is done with it, so that a client that leaks does not also work.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Iterable
from urllib.parse import unquote_plus

from ..common.errors import ApiError

#: Query parameters that carry a token (read as :func:`plain_name` reads them): any
#: whose name holds ``token`` (``token`` as the server once took it, ``access_token`` as
#: RFC 6750 §2.3 names it), and ``auth``, ``authorization`` and ``bearer``.
TOKEN_PARAMS = frozenset({"auth", "authorization", "bearer"})


def hash_token(token: str) -> str:
    """Tokens (seats', sessions', devices') are stored only as hashes: a copy of the
    database plays no seat and signs nobody in. SHA-256 suffices: tokens are random."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A new secret token: 192 random bits."""
    return secrets.token_urlsafe(24)


def plain_name(name: str) -> str:
    """A query parameter's name as the loosest reader of it would take it: decoded
    until nothing changes (``tok%2565n``), its letters without accents (``töken``) and
    case-folded, and nothing but ASCII letters, digits and ``_`` (``token[]``,
    ``token%00``, `` token``)."""
    for _ in range(8):
        decoded = unquote_plus(name)
        if decoded == name:
            break
        name = decoded
    folded = unicodedata.normalize("NFKD", name).casefold()
    return "".join(ch for ch in folded if ch.isascii() and (ch.isalnum() or ch == "_"))


def names_a_token(name: str) -> bool:
    """Whether a query parameter of this name may carry a token (:data:`TOKEN_PARAMS`)."""
    plain = plain_name(name)
    return "token" in plain or plain in TOKEN_PARAMS


def token_param(names: Iterable[str]) -> str | None:
    """The first of the query parameter ``names`` that carries a token, or None."""
    return next((name for name in names if names_a_token(name)), None)


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
