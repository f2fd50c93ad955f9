"""The bus between server processes: named channels, JSON messages, fire and forget.

Several ``outlaws serve`` processes may share one database; the bus is how each learns
that another changed something it holds in memory (a game it has at its table, later the
lobby, chats and presence). A message is only a hint ("game X is at action N"): the
database stays the one memory, and a process that hears of a change reads it from there
(:meth:`~outlaws.server.games.catchup.CatchUp.catch_up`). A lost message therefore costs
time, never a game: a process that was cut off from the bus catches every table it
holds up when it is back (:meth:`Bus.on_reconnect`), and one that commits behind another
is refused by the database's keys and catches up then.

- :class:`LocalBus`: one process, no dependency, the default. It is also the broker of
  the tests: one object shared by several apps in one Python process (each on its own
  event loop and thread) stands for Redis between them.
- :class:`RedisBus`: Redis pub/sub (the ``redis`` extra, redis-py's asyncio client),
  reconnecting with back-off after Redis restarts, then resubscribing.

Handlers are plain functions called on the event loop of the code that subscribed,
after the publisher has moved on: a handler never runs inside ``publish``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from typing import Any

import orjson

from ..common.bus import Bus, Handler, Message, call_on

log = logging.getLogger(__name__)


class LocalBus(Bus):
    """The bus of one process (and, shared by several apps, of a test's processes).

    Each message goes to every handler of its channel, on the loop that subscribed it,
    in the order published. Thread-safe: apps that share it run on threads of their
    own."""

    local = True

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._handlers: dict[str, list[tuple[asyncio.AbstractEventLoop, Handler]]] = {}
        #: While False (a test's outage), messages are dropped, as Redis drops those
        #: published while a subscriber is cut off.
        self.connected = True

    def publish(self, channel: str, message: Message) -> None:
        if not self.connected:
            return
        with self._lock:
            handlers = list(self._handlers.get(channel, ()))
        for loop, handler in handlers:
            call_on(loop, handler, message)

    def subscribe(self, channel: str, handler: Handler) -> Callable[[], None]:
        entry = (asyncio.get_running_loop(), handler)
        with self._lock:
            self._handlers.setdefault(channel, []).append(entry)

        def unsubscribe() -> None:
            with self._lock:
                found = self._handlers.get(channel, [])
                if entry in found:
                    found.remove(entry)

        return unsubscribe

    def reconnect(self) -> None:
        """End a test's outage: messages flow again and every subscriber hears that the
        bus is back, as after a Redis restart."""
        self.connected = True
        self._reconnect_all()


class RedisBus(Bus):
    """Redis pub/sub between server processes (``outlaws serve --redis redis://…``).

    One connection publishes, from a queue (``publish`` never waits on the network);
    one listens, on a pub/sub connection of its own. When Redis goes away the listener
    logs it, waits (0.1 s, doubling up to 5 s) and connects again, resubscribes to every
    channel, then calls the :meth:`on_reconnect` handlers: messages published during
    the outage are lost, and the servers catch up from the database instead. Messages
    published while Redis is down are dropped (with a warning) for the same reason."""

    local = False
    #: Seconds between the pings that find a silently dead pub/sub connection.
    HEALTH_CHECK = 5.0
    #: Messages waiting to be published at most; past that the oldest are dropped.
    MAX_QUEUE = 100_000

    def __init__(self, url: str, prefix: str = "outlaws:") -> None:
        super().__init__()
        self.url = url
        self.prefix = prefix
        self._handlers: dict[str, list[tuple[asyncio.AbstractEventLoop, Handler]]] = {}
        self._outbox: asyncio.Queue[tuple[str, bytes]] | None = None
        self._client: Any = None
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False
        #: Set once the listener is subscribed (the first time: start waits for it).
        self._ready: asyncio.Event | None = None
        #: Whether the listener has been subscribed before, or the start stopped waiting
        #: for it: its next subscription is a reconnection (things may have been missed).
        self._missed = False

    async def start(self) -> None:
        # Imported here: the default single process needs no Redis client.
        import redis.asyncio as aioredis

        self._client = aioredis.Redis.from_url(
            self.url, health_check_interval=self.HEALTH_CHECK, socket_connect_timeout=5.0
        )
        self._outbox = asyncio.Queue(self.MAX_QUEUE)
        self._ready = asyncio.Event()
        self._tasks = [
            asyncio.create_task(self._listen(), name="outlaws-bus-listen"),
            asyncio.create_task(self._send(), name="outlaws-bus-send"),
        ]
        # A server that starts while Redis is down still starts (it catches up when Redis
        # comes back), but one that can reach it is subscribed before it serves anyone.
        try:
            await asyncio.wait_for(self._ready.wait(), 5.0)
        except TimeoutError:
            log.warning("bus: Redis does not answer yet; starting without it")
            self._missed = True

    async def close(self) -> None:
        self._closing = True
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()
            self._client = None

    async def ping(self) -> None:
        if self._client is None:
            raise ConnectionError("the bus is not started")
        await self._client.ping()

    def publish(self, channel: str, message: Message) -> None:
        outbox = self._outbox
        if outbox is None or self._closing:
            return
        if outbox.full():  # Redis has been away for long: the oldest hints go first
            with contextlib.suppress(asyncio.QueueEmpty):
                outbox.get_nowait()
        outbox.put_nowait((self.prefix + channel, orjson.dumps(message)))

    def subscribe(self, channel: str, handler: Handler) -> Callable[[], None]:
        entry = (asyncio.get_running_loop(), handler)
        new = channel not in self._handlers
        self._handlers.setdefault(channel, []).append(entry)
        if new and self._pubsub is not None:
            # Subscribed at once on the live connection; a reconnection resubscribes all.
            task = asyncio.create_task(self._subscribe_now(channel))
            self._tasks.append(task)

        def unsubscribe() -> None:
            found = self._handlers.get(channel, [])
            if entry in found:
                found.remove(entry)

        return unsubscribe

    async def _subscribe_now(self, channel: str) -> None:
        with contextlib.suppress(Exception):  # a lost connection resubscribes everything
            await self._pubsub.subscribe(self.prefix + channel)

    async def _send(self) -> None:
        """Publish the queued messages in order; while Redis is away they are dropped
        (a warning once per outage): the subscribers catch up when it is back."""
        assert self._outbox is not None
        failing = False
        while True:
            channel, data = await self._outbox.get()
            try:
                await self._client.publish(channel, data)
                if failing:
                    log.info("bus: publishing again")
                failing = False
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if not failing:
                    log.warning("bus: a message could not be published (%s): dropped", error)
                failing = True

    async def _listen(self) -> None:
        """Receive messages for ever, reconnecting with back-off when Redis goes away."""
        delay = 0.1
        while not self._closing:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                channels = [self.prefix + name for name in self._handlers] or [
                    self.prefix + "_"  # a pub/sub connection needs one channel to listen
                ]
                await pubsub.subscribe(*channels)
                self._pubsub = pubsub
                if self._missed:
                    log.info("bus: connected to Redis again and resubscribed")
                    self._reconnect_all()
                self._missed = True
                delay = 0.1
                assert self._ready is not None
                self._ready.set()
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        self._deliver(message)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self._pubsub = None
                log.warning("bus: Redis connection lost (%s); again in %.1f s", error, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
            finally:
                self._pubsub = None
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _deliver(self, raw: dict[str, Any]) -> None:
        channel = raw["channel"]
        if isinstance(channel, bytes):
            channel = channel.decode()
        name = channel[len(self.prefix) :] if channel.startswith(self.prefix) else channel
        try:
            message = orjson.loads(raw["data"])
        except orjson.JSONDecodeError:
            log.warning("bus: a message on %s is not JSON: ignored", name)
            return
        if not isinstance(message, dict):
            return
        for loop, handler in list(self._handlers.get(name, ())):
            call_on(loop, handler, message)


def make_bus(redis_url: str | None) -> Bus:
    """The bus a server's settings ask for: Redis at ``redis_url``, or this process."""
    return RedisBus(redis_url) if redis_url else LocalBus()


__all__ = ["Bus", "Handler", "LocalBus", "Message", "RedisBus", "make_bus"]
