"""Connection limits below the app: uvicorn's HTTP protocol, guarded, and a deadline for
request bodies.

uvicorn closes an idle keep-alive connection, but not one whose request headers never
end: a client that opens connections and sends a header line now and then (slowloris)
holds them, and with them the server's file descriptors, for ever. The guarded protocol
closes a connection that has not finished a request's headers ``header_timeout`` seconds
after it opened or after its last answer, refuses a client (an address) more than
``per_client`` connections at once (WebSockets included: they begin as HTTP), and the
whole process more than ``per_process``, so that many addresses together cannot take
the file descriptors the process needs for its database, its bot workers and its logs
(:func:`connections_for`: the descriptor limit, less some headroom). The WebSocket
limits per game and per client are the app's (``server/live/socket.py``).

Once the headers are in, the body is the app's to read: :class:`BodyTimeout` (ASGI
middleware) gives the whole of it ``body_timeout`` seconds, then answers 408 and closes
the connection.
"""

from __future__ import annotations

import asyncio
import json
import resource
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _Base
except ImportError:  # pragma: no cover - httptools is in uvicorn[standard]
    _Base = H11Protocol  # type: ignore[assignment, misc]


class Limits:
    """The limits in force (set by ``outlaws serve``) and the open connections."""

    header_timeout: float = 10.0
    per_client: int = 64
    per_process: int = 1 << 20
    #: The open transports of each client address, and of all of them.
    open: dict[str, set[asyncio.BaseTransport]] = {}  # noqa: RUF012
    everyone: set[asyncio.BaseTransport] = set()  # noqa: RUF012

    @classmethod
    def admit(cls, client: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` for ``client``; False if the client, or the process, has
        too many."""
        mine = cls.open.setdefault(client, set())
        for old in [t for t in mine if t.is_closing()]:
            mine.discard(old)
        if len(mine) >= cls.per_client:
            return False
        if len(cls.everyone) >= cls.per_process:
            cls.everyone.difference_update([t for t in cls.everyone if t.is_closing()])
            if len(cls.everyone) >= cls.per_process:
                return False
        mine.add(transport)
        cls.everyone.add(transport)
        if len(cls.open) > 4096:  # forget the clients with no connection left
            for key in [k for k, v in cls.open.items() if not v]:
                del cls.open[key]
        return True


#: File descriptors a process keeps for itself beyond its connections: the database's
#: (SQLite's file, WAL and shared memory, or a pool of PostgreSQL connections), the bot
#: workers' pipes, Redis, logs, the listening socket. At least this many, or an eighth.
HEADROOM = 128


def connections_for(descriptors: int | None = None) -> int:
    """How many connections a process may hold with ``descriptors`` file descriptors
    (default: its own soft limit), :data:`HEADROOM` or an eighth of them kept back."""
    if descriptors is None:
        descriptors = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if descriptors == resource.RLIM_INFINITY:
            descriptors = 1 << 20
    return max(16, descriptors - max(HEADROOM, descriptors // 8))


class GuardedHttpProtocol(_Base):
    """uvicorn's HTTP protocol with a deadline for request headers and a cap on each
    client's connections."""

    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        client = self.client[0] if self.client else ""
        if not Limits.admit(client, transport):
            transport.close()
            return
        self._arm_header_timer()

    def _arm_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
        self._header_timer = self.loop.call_later(Limits.header_timeout, self._headers_late)

    def _headers_late(self) -> None:
        """No request has begun (its headers are not all in) since the timer was armed."""
        self._header_timer = None
        if self.cycle is None or self.cycle.response_complete:
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm_header_timer()

    def handle_websocket_upgrade(self, *args: Any) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().handle_websocket_upgrade(*args)

    def connection_lost(self, exc: Exception | None) -> None:
        Limits.everyone.discard(self.transport)
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)


class BodyTimeout:
    """The whole request body must arrive within ``timeout`` seconds of the headers;
    past that the request is answered 408 ``body_timeout`` and its connection closed.

    A deadline for the whole body, not one for each chunk: a chunk deadline still lets a
    client trickle a byte just in time, again and again, and hold the connection for the
    size limit times the deadline (1 MiB: weeks). With one deadline a connection is held
    ``timeout`` seconds at most, whatever the client does; the price is that an honest
    client must send the largest body allowed (``max_body``) within it (1 MiB in 30 s:
    35 KB/s). Once the body is in, ``receive`` is no longer timed: the app may wait on
    it for the client's disconnection as long as it likes.

    It must sit outside the app's own reading of the body (``BodyLimit``) and inside any
    middleware that needs the app to answer (``BaseHTTPMiddleware``): the app sees the
    late client as gone, and this answers for it."""

    def __init__(self, app: ASGIApp, timeout: float) -> None:
        self.app = app
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.timeout <= 0:
            await self.app(scope, receive, send)
            return
        deadline = asyncio.get_running_loop().time() + self.timeout
        body_in = late = started = False

        async def timed_receive() -> Message:
            nonlocal body_in, late
            if late:
                return {"type": "http.disconnect"}
            if body_in:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                late = True
                return {"type": "http.disconnect"}
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_in = True
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, timed_receive, watched_send)
        if late and not started:
            await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {
                "error": {
                    "code": "body_timeout",
                    "message": f"the request body must arrive within {self.timeout:g} s",
                }
            }
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 408,
                # The rest of the body may still be on its way: the connection cannot
                # carry another request, and is closed once this answer is sent.
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
