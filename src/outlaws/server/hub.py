"""The WebSocket hub: every connected seat or spectator of a table and what it is sent.

Updates are *pulled*: a change to a table only wakes each of its connections, whose own
sender task then builds the message from the table as it is now (the events the client
has not had yet, the current view, the legal actions). A slow client therefore gets
fewer, larger updates instead of an ever-growing queue, and never holds up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable

from starlette.websockets import WebSocket

from .codec import dumps
from .errors import ApiError
from .table import Table

log = logging.getLogger(__name__)


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


class Connection:
    """One WebSocket of a seat (0 or 1) or of a spectator (None) at one table."""

    def __init__(
        self, ws: WebSocket, table: Table, seat: int | None, since: int, now: Callable[[], float]
    ) -> None:
        self.ws = ws
        self.table = table
        self.seat = seat
        self.now = now
        #: The next event index the client has not been sent; the table version it saw.
        self.sent = since
        self.seen_version = -1
        self.hello = True
        self.outbox: deque[str] = deque()
        self.wake = asyncio.Event()
        self.wake.set()
        self.closed = False
        self.task: asyncio.Task[None] | None = None

    # -- called by the game service and the receive loop ---------------------------------
    def notify(self) -> None:
        """The table changed: send what is new."""
        self.wake.set()

    def push(self, message: dict[str, object]) -> None:
        """Queue a message of its own for this client (an error, an ack, a pong)."""
        self.outbox.append(dumps(message))
        self.wake.set()

    def push_error(self, error: ApiError, ref: object = None) -> None:
        message: dict[str, object] = {"type": "error", "error": error.body()}
        if ref is not None:
            message["ref"] = ref
        self.push(message)

    def resync(self, since: int) -> None:
        """Send a fresh ``hello`` from event ``since`` on (a client that lost track)."""
        self.sent = since
        self.hello = True
        self.wake.set()

    # -- the sender task ---------------------------------------------------------------
    def start(self) -> None:
        self.task = asyncio.create_task(self._send_loop(), name=f"ws-send-{self.table.id}")

    async def stop(self) -> None:
        self.closed = True
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task

    async def _send_loop(self) -> None:
        try:
            while not self.closed:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox:
                    await self.ws.send_text(self.outbox.popleft())
                table = self.table
                if self.hello or table.version != self.seen_version:
                    kind = "hello" if self.hello else "events"
                    version = table.version
                    text, self.sent = table.message(kind, self.seat, self.sent, self.now())
                    self.hello = False
                    self.seen_version = version
                    await self.ws.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the client went away: the receive loop ends it
            log.debug("send to a client of %s failed: %s", self.table.id, error)
            self.closed = True
