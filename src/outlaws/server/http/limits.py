"""Limits on what one client may send: a token bucket for the rate of its messages, and
a cap on the size of a request's body, refused before it is read in full."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class TokenBucket:
    """A rate limit: ``burst`` messages at once, refilled at ``rate`` per second."""

    def __init__(self, burst: float, rate: float, now: Callable[[], float] = time.monotonic):
        self.capacity = burst
        self.rate = rate
        self.tokens = burst
        self.now = now
        self.last = now()

    def take(self) -> bool:
        """Spend one token; False when the bucket is empty (the message is refused)."""
        t = self.now()
        self.tokens = min(self.capacity, self.tokens + (t - self.last) * self.rate)
        self.last = t
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class BodyLimit:
    """Refuse HTTP request bodies over ``limit`` bytes with 413, before reading them all."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        # The body is read here, all of it, before the app sees it: a chunked body
        # (no length declared) past the limit is refused with 413 too, not left to the
        # app's parser to fail on (400).
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"error": {"code": "too_large", "message": f"bodies are {self.limit} bytes at most"}}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json")],
            }
        )
        await send({"type": "http.response.body", "body": body})
