"""Records imported to be watched as replays, and the heavy work of records (replays,
imports: CPU for a long game) run in threads, a few at a time, never on the event loop,
so that the other games' messages do not wait for it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from ..common.settings import Settings
from ..db.storage import Database, Storage
from ..http.quotas import ImportQuota
from . import records
from .holding import Holding
from .table import Table

T = TypeVar("T")


class Imports:
    """Imports of records, each client held to a quota, and the threads of heavy work."""

    def __init__(self, settings: Settings, db: Database, holding: Holding) -> None:
        self.now = settings.now
        self.db = db
        self.holding = holding
        self._heavy = asyncio.Semaphore(settings.heavy_workers)
        #: The times of each client's recent imports.
        self.quota = ImportQuota(settings)

    async def offload(self, work: Callable[[], T]) -> T:
        """Run ``work`` (a replay, an import: CPU for a long game) in a thread, a few at
        a time, so that the event loop goes on serving every other game."""
        async with self._heavy:
            return await asyncio.to_thread(work)

    async def import_record(self, data: Any, client: str = "") -> Table:
        """A record to watch: replayed by the engine (a bad one is refused, naming the
        field or the action), then stored as a finished, imported game."""
        self.quota.count(client)
        now = self.now()
        table, row = await self.offload(lambda: records.imported(data, now))
        await self.db.write(lambda conn: Storage.insert_game(conn, row))
        self.holding.remember_finished(table)
        return table
