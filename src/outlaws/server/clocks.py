"""Turn clocks: a time bank per seat plus a free allowance per turn.

A seat's *period* starts when it becomes the seat to act and lasts while it stays so
(both actions of a turn, or one reaction). Its deadline is the start plus ``per_turn``
plus what is left of its bank; when the period ends, the time used beyond ``per_turn`` is
taken from the bank. Only human seats are timed. At the deadline the idle seat loses
(``on_timeout="lose"``) or a bot plays that period for it (``"bot"``) and its bank is
emptied. Deadlines are wall-clock times, stored with the game, so a restarted server keeps
them.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ClockConfig:
    """The clock chosen when the game was created (seconds)."""

    bank: float
    per_turn: float
    on_timeout: str = "lose"  # "lose" | "bot"
    bot: str = "heuristic"

    def to_json(self) -> dict[str, Any]:
        return {
            "bank": self.bank,
            "per_turn": self.per_turn,
            "on_timeout": self.on_timeout,
            "bot": self.bot,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClockConfig:
        return cls(data["bank"], data["per_turn"], data["on_timeout"], data["bot"])


@dataclass
class ClockState:
    """Where a game's clock stands: each seat's bank and the running period."""

    banks: list[float]
    seat: int | None = None
    start: float = 0.0
    deadline: float | None = None
    period: int = 0
    #: The period in which a bot plays for a seat that ran out of time (on_timeout="bot").
    autopilot: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "banks": list(self.banks),
            "seat": self.seat,
            "start": self.start,
            "deadline": self.deadline,
            "period": self.period,
            "autopilot": self.autopilot,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClockState:
        return cls(
            banks=list(data["banks"]),
            seat=data["seat"],
            start=data["start"],
            deadline=data["deadline"],
            period=data["period"],
            autopilot=data.get("autopilot"),
        )

    @classmethod
    def fresh(cls, config: ClockConfig) -> ClockState:
        return cls(banks=[config.bank, config.bank])

    def copy(self) -> ClockState:
        return ClockState.from_json(self.to_json())

    def advance(
        self, config: ClockConfig, to_act: int | None, timed: Collection[int], now: float
    ) -> bool:
        """Follow the game to its next decision; True if a new period began.

        ``to_act`` is the seat to act now (None once the game is over); ``timed`` the
        seats whose time counts (the human ones)."""
        if to_act is not None and to_act == self.seat and self.period:
            return False
        if self.seat is not None and self.deadline is not None:
            over = max(0.0, now - self.start - config.per_turn)
            self.banks[self.seat] = max(0.0, self.banks[self.seat] - over)
        self.period += 1
        self.autopilot = None
        self.seat = to_act
        self.start = now
        if to_act is None or to_act not in timed:
            self.deadline = None
        else:
            self.deadline = now + config.per_turn + self.banks[to_act]
        return True

    def stop(self, now: float) -> None:
        """The game is over: no seat is timed any longer."""
        self.seat = None
        self.deadline = None

    def public(self, config: ClockConfig, now: float) -> dict[str, Any]:
        """What clients are told: the banks, whose period runs, its deadline and now."""
        return {
            **config.to_json(),
            "banks": list(self.banks),
            "seat": self.seat,
            "deadline": self.deadline,
            "autopilot": self.autopilot is not None,
            "now": now,
        }


class ClockService:
    """Fires ``on_timeout(game_id, period)`` once a period's deadline has passed.

    Deadlines sit in a heap; a background task looks at the earliest every ``tick``
    seconds against ``now()`` (so a test can inject the time). A period that ended
    before its deadline is recognised and ignored by ``on_timeout`` itself.
    """

    def __init__(
        self,
        now: Callable[[], float],
        tick: float,
        on_timeout: Callable[[str, int], Awaitable[None]],
    ) -> None:
        self.now = now
        self.tick = tick
        self.on_timeout = on_timeout
        self._heap: list[tuple[float, str, int]] = []
        self._task: asyncio.Task[None] | None = None
        self._firing: set[asyncio.Task[None]] = set()

    def arm(self, game_id: str, period: int, deadline: float) -> None:
        heapq.heappush(self._heap, (deadline, game_id, period))

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="outlaws-clocks")

    async def stop(self) -> None:
        for task in [self._task, *self._firing]:
            if task is not None:
                task.cancel()
        for task in [self._task, *self._firing]:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    def due(self) -> list[tuple[str, int]]:
        """Pop every (game, period) whose deadline has passed."""
        now = self.now()
        out = []
        while self._heap and self._heap[0][0] <= now:
            _, game_id, period = heapq.heappop(self._heap)
            out.append((game_id, period))
        return out

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            for game_id, period in self.due():
                task = asyncio.create_task(self._fire(game_id, period))
                self._firing.add(task)
                task.add_done_callback(self._firing.discard)

    async def _fire(self, game_id: str, period: int) -> None:
        try:
            await self.on_timeout(game_id, period)
        except Exception:  # pragma: no cover - logged, the clock goes on
            log.exception("timeout of game %s failed", game_id)
