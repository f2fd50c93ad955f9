"""Per-client quotas of the service's heavy requests: a client may import
``settings.import_quota`` records an hour (429 past it).

Apart from :mod:`.service` because it is bookkeeping of clients, not of games: it
knows a clock and a limit, nothing of tables or the database.
"""

from __future__ import annotations

import time
from collections import deque

from .errors import ApiError
from .settings import Settings


class ImportQuota:
    """The times of each client's recent imports (``settings.import_quota`` an hour)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._imports: dict[str, deque[float]] = {}

    def count(self, client: str) -> None:
        """One more import by ``client``, or 429 if it made its quota in the last hour."""
        now = time.monotonic()
        recent = self._imports.setdefault(client, deque())
        while recent and recent[0] < now - 3600.0:
            recent.popleft()
        if len(recent) >= self.settings.import_quota:
            raise ApiError(429, "rate_limited", "too many imports from this client: wait an hour")
        recent.append(now)
        if len(self._imports) > 10_000:  # forget the quietest clients
            for key in [k for k, times in self._imports.items() if not times][:5000]:
                del self._imports[key]


__all__ = ["ImportQuota"]
