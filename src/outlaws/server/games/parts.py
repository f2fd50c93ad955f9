"""What the game service's parts are wired with (:mod:`.placing`, :mod:`.moves`,
:mod:`.catchup`, :mod:`.clockwork`): the service's functions they call, as types, and
the base of the parts that write a game.

The parts never import the service (no import circle, and each can be read alone); the
service hands each one these functions when it builds them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from ..common.settings import Settings
from ..db.storage import Database
from .clockwork import Changed, Clockwork
from .table import Table

#: Brings a table up to the database (under its lock); whether anything changed.
CatchUpTable = Callable[[Table], Awaitable[bool]]
#: Ends a game's life in memory (status, result, moved to the finished games).
Finish = Callable[[Table, dict[str, Any] | None], None]

__all__ = ["CatchUpTable", "Changed", "Finish", "TableWriter"]


class TableWriter:
    """A part of the service that writes games: it commits to ``db``, then the table
    follows, and ``changed`` tells the clients. ``shared``: other processes write the
    database too, so a table may be behind it and ``catch_up`` brings it up to date."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        clockwork: Clockwork,
        *,
        shared: bool,
        catch_up: CatchUpTable,
        changed: Changed,
    ) -> None:
        self.now = settings.now
        self.db = db
        self.clockwork = clockwork
        self.shared = shared
        self._catch_up = catch_up
        self._changed = changed
