"""Padding: what a client is sent is as long whatever the hidden facts it holds.

TLS hides what a message says, not how long it is. A seat's messages hold facts that
only it may know (its private event fields, R5.1's ``swap`` first: ``true`` is a byte
shorter than ``false``; its own legal actions, which change when its cards really
move), so an eavesdropper who compared lengths could tell a real swap from a bluff.
Every text a client is sent is therefore padded with trailing spaces (JSON allows
them) to a size that hides such differences:

- a multiple of PAD_BUCKET bytes: a hidden fact changes a message by a few bytes (a
  boolean 1, a card or token name up to 5, an ``at_a`` card), far less than a bucket,
  so it moves a message to the next bucket only when it sat within those bytes of a
  bucket's end; and the bucket costs at most 255 bytes a message (under 2 % of a
  message that carries legal actions);
- at least a floor for the game's state messages: STATE_FLOOR for a view without legal
  actions (some 1.1 kB with a turn's events), LEGAL_FLOOR for one with them (the
  grouped list was 41 bytes to 13.8 kB over 22,000 positions of random games, the
  message at most some 15.3 kB). Nearly every message is therefore exactly its floor,
  whatever the hidden facts, and the legal list (which may differ by 2 kB after a real
  swap) tells nothing; only an unusually long message (a hello with many events, a
  slow client's batch) is rounded to buckets instead.

A compressed stream would undo all this (the compressed size follows the content):
the server offers no WebSocket compression (``outlaws serve``).
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Every message's length is a multiple of this many bytes (UTF-8).
PAD_BUCKET = 256
#: The least length of a ``hello`` or ``events`` message without legal actions.
STATE_FLOOR = 2048
#: The least length of a ``hello`` or ``events`` message with legal actions.
LEGAL_FLOOR = 16384


def pad(text: str, floor: int = PAD_BUCKET) -> str:
    """``text`` with trailing spaces up to a multiple of :data:`PAD_BUCKET` bytes in
    UTF-8, and at least ``floor`` bytes (see above: its length must not tell what it
    says). JSON text stays the same JSON."""
    size = len(text) if text.isascii() else len(text.encode("utf-8"))
    target = max(floor, -(-size // PAD_BUCKET) * PAD_BUCKET)
    return text + " " * (target - size)


def pad_bytes(body: bytes, floor: int = PAD_BUCKET) -> bytes:
    """:func:`pad` for an encoded body."""
    target = max(floor, -(-len(body) // PAD_BUCKET) * PAD_BUCKET)
    return body + b" " * (target - len(body))


#: The least length of an HTTP answer that holds a seat's legal actions: they are
#: docs/format.md objects there, not grouped (41 bytes to 32.8 kB over 10,000 positions of
#: random games), with the view and at most 100 events of its log (routes.HTTP_LOG_EVENTS,
#: some 7 kB): every such answer is this long.
HTTP_LEGAL_FLOOR = 48 * 1024


class PaddedAnswers:
    """ASGI middleware: the HTTP API's JSON answers about games (``/games...``,
    ``/invites...``) padded like the WebSocket's messages (:func:`pad_bytes`, at least
    :data:`STATE_FLOOR`, :data:`HTTP_LEGAL_FLOOR` with legal actions): a seat's
    ``GET /games/{id}`` holds its view, its private event fields and its legal actions
    too. A record download (``/record``) is left as it is: it is a file,
    of a finished game, whose cards are all shown."""

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

        async def padded(message: Message) -> None:
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
            if kind.startswith(b"application/json"):
                # A seat's legal actions (``"legal":[`` only ever starts them: no event
                # or view has that key) change with its cards: the answer holding them
                # gets their floor.
                floor = HTTP_LEGAL_FLOOR if b'"legal":[' in body else STATE_FLOOR
                body = pad_bytes(body, floor)
            headers.append((b"content-length", str(len(body)).encode()))
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, padded)
