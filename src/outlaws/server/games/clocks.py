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
    #: The turn of the running period, and whether it is a reaction's (R8.5).
    turn: int = 0
    reacting: bool = False
    #: A turn's period paused by the opponent's reaction: [seat, turn, seconds used].
    held: list[Any] | None = None
    #: When the server stopped with this clock running (None: it runs): the time the
    #: server was down is given back when it starts again.
    paused: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "banks": list(self.banks),
            "seat": self.seat,
            "start": self.start,
            "deadline": self.deadline,
            "period": self.period,
            "autopilot": self.autopilot,
            "turn": self.turn,
            "reacting": self.reacting,
            "held": self.held,
            "paused": self.paused,
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
            turn=data.get("turn", 0),
            reacting=data.get("reacting", False),
            held=data.get("held"),
            paused=data.get("paused"),
        )

    @classmethod
    def fresh(cls, config: ClockConfig) -> ClockState:
        return cls(banks=[config.bank, config.bank])

    def copy(self) -> ClockState:
        return ClockState.from_json(self.to_json())

    def advance(
        self,
        config: ClockConfig,
        to_act: int | None,
        timed: Collection[int],
        now: float,
        turn: int = 0,
        reacting: bool = False,
    ) -> bool:
        """Follow the game to its next decision; True if a new period began.

        ``to_act`` is the seat to act now (None once the game is over); ``timed`` the
        seats whose time counts (the human ones); ``turn`` the game's turn and
        ``reacting`` whether ``to_act`` answers a prompt (R8.5). Each turn is one period
        of its seat, each reaction one of the reacting seat: a turn interrupted by the
        opponent's reaction is paused, and goes on where it stopped (not afresh)."""
        if self.turn == 0 and self.seat is not None:
            self.turn = turn  # a period stored by an older server, which kept no turn
        same = to_act == self.seat and turn == self.turn and reacting == self.reacting
        if to_act is not None and same and self.period:
            return False
        if self.seat is not None and self.deadline is not None:
            used = now - self.start
            if reacting and not self.reacting and to_act != self.seat and turn == self.turn:
                self.held = [self.seat, self.turn, used]  # its turn goes on after the reaction
            else:
                self._charge(config, self.seat, used)
        resumed = 0.0
        if self.held is not None:
            seat, held_turn, used = self.held
            if not reacting and to_act == seat and turn == held_turn:
                resumed = float(used)
                self.held = None
            elif not (reacting and turn == held_turn):
                self._charge(config, int(seat), float(used))  # its turn ended meanwhile
                self.held = None
        self.period += 1
        self.autopilot = None
        self.seat = to_act
        self.turn = turn
        self.reacting = reacting
        self.start = now - resumed
        if to_act is None or to_act not in timed:
            self.deadline = None
        else:
            self.deadline = self.start + config.per_turn + self.banks[to_act]
        return True

    def _charge(self, config: ClockConfig, seat: int, used: float) -> None:
        """A period of ``seat`` ended after ``used`` seconds: the bank pays the rest."""
        over = max(0.0, used - config.per_turn)
        self.banks[seat] = max(0.0, self.banks[seat] - over)

    def pause(self, now: float) -> None:
        """The server stops: remember when, so that the time it is down is not counted."""
        if self.paused is None:
            self.paused = now

    def resume(self, now: float) -> float:
        """The server is back: the running period goes on where it stopped (its start
        and deadline move by the time the server was down, which is returned)."""
        if self.paused is None:
            return 0.0
        down = max(0.0, now - self.paused)
        self.paused = None
        self.start += down
        if self.deadline is not None:
            self.deadline += down
        return down

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
