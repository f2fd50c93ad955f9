"""What the server needs of a bus between its processes (named channels, JSON messages,
fire and forget): the interface every feature publishes and subscribes through. The
buses themselves, one process's or Redis's, are :mod:`outlaws.server.cluster.bus`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: A message: a JSON object.
Message = dict[str, Any]
#: Called with each message of a channel it subscribed to.
Handler = Callable[[Message], None]
#: Called when the bus is back after an outage (messages may have been lost meanwhile).
Reconnected = Callable[[], None]


class Bus:
    """What the server needs of a bus: publish to a channel, subscribe a handler to one,
    hear of reconnections. Subclasses carry the messages."""

    #: Whether every subscriber is in this process (nothing to reach, nothing to ping):
    #: the readiness check pings only a bus that is not local.
    local = True

    def __init__(self) -> None:
        self._reconnected: list[tuple[asyncio.AbstractEventLoop, Reconnected]] = []

    async def start(self) -> None:
        """Connect (a bus that needs it); messages published before are not lost, only
        delayed until then."""

    async def close(self) -> None:
        """Disconnect; no handler is called after this returns."""

    def publish(self, channel: str, message: Message) -> None:
        """Send ``message`` to every handler of ``channel`` in every process (this one
        included), without waiting: never blocks, never raises."""
        raise NotImplementedError

    def subscribe(self, channel: str, handler: Handler) -> Callable[[], None]:
        """Call ``handler`` (on the running event loop) with each message of ``channel``
        from now on; the function returned unsubscribes it."""
        raise NotImplementedError

    def on_reconnect(self, handler: Reconnected) -> None:
        """Call ``handler`` (on the running event loop) whenever the bus comes back
        after losing its connection: what was published meanwhile may be lost."""
        self._reconnected.append((asyncio.get_running_loop(), handler))

    async def ping(self) -> None:
        """Raise if the bus cannot carry messages now (the readiness check)."""

    def _reconnect_all(self) -> None:
        for loop, handler in list(self._reconnected):
            call_on(loop, handler)


def call_on(loop: asyncio.AbstractEventLoop, fn: Callable[..., None], *args: Any) -> None:
    """Run ``fn(*args)`` soon on ``loop``: from its own thread without waking it through
    its pipe, from another thread safely; never if the loop is closed."""
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if loop.is_closed():
        return
    try:
        if running is loop:
            loop.call_soon(guarded, fn, *args)
        else:
            loop.call_soon_threadsafe(guarded, fn, *args)
    except RuntimeError:  # the loop closed meanwhile: its process is going away
        pass


def guarded(fn: Callable[..., None], *args: Any) -> None:
    """A handler's error is logged, never raised into the loop that delivers."""
    try:
        fn(*args)
    except Exception:
        log.exception("a bus handler failed")
