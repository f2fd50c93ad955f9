"""The server's settings: one frozen object, built by ``outlaws serve`` or by a test."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...analysis import BUDGET, Budget
from ..common.bus import Bus

#: The default database: an SQLite file in the working folder.
DEFAULT_DB = "sqlite:///./outlaws.db"


@dataclass(frozen=True)
class Settings:
    """Everything the app needs to know that is not in the database.

    ``now`` is the wall clock (seconds since the epoch) used for turn clocks; a test may
    inject its own. The limits guard the server against bad or abusive clients.
    """

    db_url: str = DEFAULT_DB
    #: Processes that compute bot moves (never fewer than 1).
    bot_workers: int = max(1, min(4, (os.cpu_count() or 2) - 1))
    #: The largest WebSocket message the server reads (bytes of text).
    max_message: int = 16 * 1024
    #: The largest HTTP request body (an imported record is the biggest).
    max_body: int = 1024 * 1024
    #: Token bucket of each WebSocket connection: burst size and refill per second.
    rate_burst: float = 40.0
    rate_per_second: float = 20.0
    #: A connection that goes on flooding after this many refusals is closed.
    rate_strikes: int = 50
    #: SQLite's ``synchronous`` pragma: FULL syncs every commit to disk, NORMAL survives
    #: a crash of the server but not of the machine.
    sqlite_synchronous: str = "FULL"
    #: Under load, the least time between two database transactions (seconds): the
    #: writes that come meanwhile are committed together (:class:`~..db.storage.Database`).
    #: An action may wait this long more to be stored; a quiet server never waits. At a
    #: thousand busy tables, 10 ms made transactions of some seven actions (two without a
    #: window, four or five with 5 ms) and the server's CPU per action 0.55 ms (0.64 ms
    #: with 5 ms, 0.83 ms without), the slowest hundredth of answers no slower
    #: (bench/server.py).
    commit_window: float = 0.010
    #: How often the clock service looks for a deadline that has passed (seconds).
    clock_tick: float = 0.05
    #: How often the server records in the database that it is up (seconds; 0: never).
    #: After a crash, the time since the last beat is downtime given back to the running
    #: clocks at the next start: at most this much of an outage is misjudged.
    heartbeat: float = 1.0
    #: With several processes: one whose last beat is older than this (seconds) is
    #: taken for dead, and the others take over its games' bots and clocks. The games
    #: of a process killed outright wait up to this long (plus a beat) for their bots.
    lease: float = 5.0
    #: Seconds a request has, once its headers are in, to send its whole body (a body
    #: trickled a byte at a time would hold its connection for ever): 408, closed. The
    #: largest body (``max_body``) must come at 35 KB/s. 0: no deadline.
    body_timeout: float = 30.0
    #: WebSockets open at once: a game's spectators; a client's spectators and lobby
    #: sockets (and, apart, its sockets waiting for their hello); one seat's own (its
    #: oldest is closed past it: a seat is never refused for anyone else's sockets).
    spectator_sockets: int = 64
    client_sockets: int = 32
    seat_sockets: int = 8
    #: Threads that may run heavy work (replays, imports) at once.
    heavy_workers: int = 2
    #: Records one client (address) may import an hour.
    import_quota: int = 20
    #: Finished games kept in memory after they were last opened.
    finished_cache: int = 256
    #: The analyses of finished games (docs/analysis.md): computed by processes of their
    #: own, at a lower priority than the bots', so that live games never wait for them;
    #: this many analyses at once (the others wait, ``queued``).
    analysis_workers: int = 1
    analysis_jobs: int = 2
    #: What judging one decision may cost (a test gives a tiny budget).
    analysis_budget: Budget = BUDGET
    #: An analysis nobody has asked about for this many seconds stops after the decision
    #: in hand (asked again, it resumes where it stopped).
    analysis_idle: float = 20.0
    #: Redis between server processes (``outlaws serve --redis redis://…``): every
    #: process pointed at the same database and Redis serves every game. None: this
    #: process alone (an in-process bus).
    redis_url: str | None = None
    #: The bus itself, when given (tests share one between apps in one process); it
    #: wins over ``redis_url``. Given either, the process shares its database.
    bus: Bus | None = None
    now: Callable[[], float] = field(default=time.time)
