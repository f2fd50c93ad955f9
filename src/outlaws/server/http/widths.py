"""Fixed-width JSON: what a client is sent is as long whatever hidden facts it holds.

TLS hides what a message says, not how long it is. A seat's messages hold facts only it
may know, and each of them is a short value: the ``swap`` of its own move (R5.1:
``true`` is a byte shorter than ``false``), the card its Saloon exchange put at ``a``,
the token it looked at, the token names of the slots it knows (``null`` where it does
not), the names of its own cards. Written as they are, an eavesdropper who compared
lengths could tell a real swap from a bluff, or a Bullet from a Vote.

So every message about a game is written in *fixed width*: each string value of at most
:data:`WIDE_STRING` bytes (every card and token name), each ``null`` too, takes exactly
:data:`WIDE_STRING` bytes, and each ``true``/``false`` :data:`WIDE_BOOL` bytes, the
difference made up by spaces after the value (JSON allows them, and every parser skips
them). A message's length then follows only what everyone may know: which fields it has
and how many values. The legal actions, which follow the seat's cards too, are a mask of
fixed length (:mod:`outlaws.engine.legalmask`).

A compressed stream would undo this (the compressed size follows the content): the
server offers no WebSocket compression (``outlaws serve``) and compresses no answer
about a game.

>>> fixed_width({"swap": True, "card": "hitman", "known": None, "n": 3, "name": "true"})
'{"swap":true ,"card":"hitman"   ,"known":null       ,"n":3,"name":"true"     }'
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...engine.actionspace import CHARACTERS, TOKENS

#: The bytes every short string value (with its quotes) and every ``null`` takes: the
#: longest card or token name, quoted.
WIDE_STRING = 2 + max(len(name) for name in (*CHARACTERS, *TOKENS))
#: The bytes every ``true`` and ``false`` takes.
WIDE_BOOL = len("false")

#: The fixed-width text of the short values met most (every name, the flags, ``null``),
#: written once; others are added as they come, up to :data:`_KEPT` of them.
_WRITTEN: dict[Any, orjson.Fragment] = {}
_KEPT = 4096


def _short(value: str | bool | None) -> orjson.Fragment:
    """A string of at most :data:`WIDE_STRING` bytes quoted, a flag or ``null``, as JSON
    text padded to its fixed width."""
    written = _WRITTEN.get(value)
    if written is None:
        text = orjson.dumps(value)
        width = WIDE_BOOL if type(value) is bool else WIDE_STRING
        written = orjson.Fragment(text + b" " * (width - len(text)))
        if len(_WRITTEN) < _KEPT:
            _WRITTEN[value] = written
    return written


def wide(value: Any) -> Any:
    """``value`` (JSON values) with its short values as fixed-width fragments, for
    ``orjson.dumps`` (:func:`fixed_width`)."""
    kind = type(value)
    if kind is int:
        return value if -(2**63) <= value < 2**64 else orjson.Fragment(str(value).encode())
    if kind is dict:
        return {key: wide(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return [wide(item) for item in value]
    if kind is str:
        size = len(value) if value.isascii() else len(value.encode("utf-8"))
        # A longer string is public text (a player's name): its length hides nothing.
        return _short(value) if size + 2 <= WIDE_STRING else value
    if kind is bool or value is None:
        return _short(value)
    return value


def fixed_width(value: Any) -> str:
    """The compact JSON text of ``value`` (JSON values) with its short values at fixed
    width (see above): the same JSON as :func:`~outlaws.server.common.codec.dumps`."""
    return orjson.dumps(wide(value)).decode()


#: The key of a request's state that marks its answer as holding nothing hidden.
_NOTHING_HIDDEN = "nothing_hidden"


def nothing_hidden(request: Request) -> None:
    """Mark the answer to ``request`` as holding nothing hidden from anyone: it is sent as
    it is (a finished game's replay is long, and every card in it is shown)."""
    setattr(request.state, _NOTHING_HIDDEN, True)


class FixedWidthAnswers:
    """ASGI middleware: the HTTP API's JSON answers about games (``/games...``,
    ``/invites...``) written in fixed width like the WebSocket's messages: a seat's
    ``GET /games/{id}`` holds its view, its private event fields and its legal actions
    too. A record download (``/record``), and an answer its route marks with
    :func:`nothing_hidden` (a finished game's, whose cards are all shown, R8.6), are left
    as they are."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if (
            scope["type"] != "http"
            or not path.startswith(("/games", "/invites"))
            or path.endswith("/record")
        ):
            await self.app(scope, receive, send)
            return
        start: Message | None = None
        chunks: list[bytes] = []

        async def widened(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message  # sent with the body, once its length is known
                return
            if message["type"] != "http.response.body" or start is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            headers = [
                (k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"
            ]
            kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
            if kind.startswith(b"application/json") and not scope.get("state", {}).get(
                _NOTHING_HIDDEN
            ):
                # The standard library reads integers of any size exactly.
                body = fixed_width(json.loads(body)).encode("utf-8")
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, widened)
