"""Connection limits below the app: uvicorn's HTTP protocol, guarded.

uvicorn closes an idle keep-alive connection, but not one whose request headers never
end: a client that opens connections and sends a header line now and then (slowloris)
holds them, and with them the server's file descriptors, for ever. The guarded protocol
closes a connection that has not finished a request's headers ``header_timeout`` seconds
after it opened or after its last answer, and refuses a client (an address) more than
``per_client`` connections at once (WebSockets included: they begin as HTTP). The
WebSocket limits per game and per client are the app's (``server/ws.py``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as _Base
except ImportError:  # pragma: no cover - httptools is in uvicorn[standard]
    _Base = H11Protocol  # type: ignore[assignment, misc]


class Limits:
    """The limits in force (set by ``outlaws serve``) and the open connections."""

    header_timeout: float = 10.0
    per_client: int = 64
    #: The open transports of each client address.
    open: dict[str, set[asyncio.BaseTransport]] = {}  # noqa: RUF012

    @classmethod
    def admit(cls, client: str, transport: asyncio.BaseTransport) -> bool:
        """Count ``transport`` for ``client``; False if the client has too many."""
        mine = cls.open.setdefault(client, set())
        for old in [t for t in mine if t.is_closing()]:
            mine.discard(old)
        if len(mine) >= cls.per_client:
            return False
        mine.add(transport)
        if len(cls.open) > 4096:  # forget the clients with no connection left
            for key in [k for k, v in cls.open.items() if not v]:
                del cls.open[key]
        return True


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
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)
