"""Per-client quotas of the service's heavy requests: a client may import
``settings.import_quota`` records an hour (429 past it); and per-client rates of
requests that are cheap one by one but not by the hundred (:class:`ClientRates`).

Apart from :mod:`.service` because it is bookkeeping of clients, not of games: it
knows a clock and a limit, nothing of tables or the database.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque

from ..common.errors import ApiError
from ..common.settings import Settings
from ..http.limits import TokenBucket


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


class ClientRates:
    """A token bucket for each client (address): ``burst`` requests at once, then
    ``per_second``; the least recent of more than ``clients`` are forgotten."""

    def __init__(self, burst: float, per_second: float, clients: int = 4096) -> None:
        self.burst, self.per_second, self.clients = burst, per_second, clients
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, client: str, what: str) -> None:
        """One more request of ``client``, or 429 ``rate_limited`` saying ``what``."""
        bucket = self._buckets.pop(client, None) or TokenBucket(self.burst, self.per_second)
        self._buckets[client] = bucket
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)
        if not bucket.take():
            raise ApiError(429, "rate_limited", f"too many {what} from this client: wait a moment")


__all__ = ["ClientRates", "ImportQuota"]
