"""A game held in memory: the engine's state, its seats, its outcome and its clock.

The true :class:`~outlaws.engine.State` never leaves this object: everything handed out
is built from :meth:`Table.view` (the engine's views) or, once the game is finished,
from its record.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, fields
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from ..engine import Event, State, View
from .clocks import ClockConfig, ClockState
from .codec import dumps, legal_json

if TYPE_CHECKING:
    from .hub import Connection


@dataclass
class SeatInfo:
    """Who plays a seat: a human (with the hash of its secret token) or a bot."""

    kind: str  # "human" | "bot" | "none" (an imported game)
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None

    def public(self) -> dict[str, Any]:
        """What everyone may know of the seat (never its token)."""
        return {
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "joined": self.kind != "human" or self.token_hash is not None,
        }


@dataclass(eq=False)
class Table:
    """One game on the server."""

    id: str
    kind: str  # "bot" | "friend" | "imported"
    created_at: float
    state: State
    seats: list[SeatInfo]
    status: str  # "waiting" | "playing" | "over"
    result: dict[str, Any] | None = None
    clock: ClockConfig | None = None
    clock_state: ClockState | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: Who took each action: "human", "bot", "clock" (a bot after a timeout), "import".
    actors: list[str] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    #: Grows with every change a client may see (an action, a join, a result).
    version: int = 0
    bot_task: asyncio.Task[None] | None = None
    _parts: dict[int | None, _Parts] = field(default_factory=dict)
    _texts: dict[tuple[int | None, int, str], tuple[int, str]] = field(default_factory=dict)
    _legal_memo: tuple[dict[str, Any], dict[str, Any]] = field(default_factory=lambda: ({}, {}))

    # -- questions ---------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Over by the rules, by resignation or by the clock (or imported to watch)."""
        return self.status == "over"

    @property
    def actions(self) -> int:
        """How many actions the game's record holds."""
        return len(self.state.history)

    def timed_seats(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info.kind == "human"]

    def bot_for(self, seat: int) -> tuple[str, str] | None:
        """(bot spec, actor) if a bot plays ``seat`` now: a bot seat, or a human seat
        whose time ran out in this period (on_timeout="bot")."""
        info = self.seats[seat]
        if info.kind == "bot" and info.bot:
            return info.bot, "bot"
        cs = self.clock_state
        if self.clock is not None and cs is not None and cs.autopilot == cs.period:
            if cs.seat == seat:
                return self.clock.bot, "clock"
        return None

    def seat_of_token(self, token_hash: str) -> int | None:
        for seat, info in enumerate(self.seats):
            if info.token_hash is not None and info.token_hash == token_hash:
                return seat
        return None

    def summary(self, seat: int | None) -> dict[str, Any]:
        """The game in a list of games (for the seat ``seat``)."""
        state = self.state
        playing = self.status == "playing"
        return {
            "game": self.id,
            "kind": self.kind,
            "seat": seat,
            "status": self.status,
            "turn": state.turn,
            "to_act": state.to_act if playing else None,
            "your_turn": seat is not None and playing and state.to_act == seat,
            "actions": self.actions,
            "result": self.result,
            "players": [info.public() for info in self.seats],
            "created_at": self.created_at,
        }

    # -- what clients see --------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        """The engine's view for ``seat`` (None: a spectator), as the game is now.

        Views are not kept: each holds the whole log, and thousands of them alive between
        two changes of their tables made every pass of the garbage collector long (one
        of 100 ms and more at a thousand tables). Messages keep what they need of them
        (:meth:`_state_parts`)."""
        return self.state.view(seat)

    def clock_json(self, now: float) -> dict[str, Any] | None:
        if self.clock is None or self.clock_state is None:
            return None
        return self.clock_state.public(self.clock, now)

    def _state_parts(self, seat: int | None) -> _Parts:
        """What the messages of this version to ``seat`` are made of, from its view,
        computed once (for every connection of the seat)."""
        cached = self._parts.get(seat)
        if cached is None or cached.version != self.version:
            view = self.view(seat)
            legal = None
            if seat is not None and not self.finished and self.status == "playing":
                if self.state.to_act == seat:
                    legal = legal_json(self.state, view, self._legal_memo[seat])
            log = view.log
            cached = _Parts(self.version, _head(view), legal, len(log), log[-_TAIL:])
            self._parts[seat] = cached
        return cached

    def message(self, kind: str, seat: int | None, since: int, now: float) -> tuple[str, int]:
        """The ``hello`` or ``events`` message for ``seat`` from event ``since`` on, as
        JSON text, and the number of events it brings the client to."""
        parts = self._state_parts(seat)
        total = parts.total
        since = min(max(0, since), total)
        key = (seat, since, kind)
        cached = self._texts.get(key)
        if cached is not None and cached[0] == self.version and self.clock is None:
            return cached[1], total
        head, legal = parts.head, parts.legal
        first = total - len(parts.tail)
        log = parts.tail[since - first :] if since >= first else self.view(seat).log[since:]
        events = [event.to_json() for event in log]
        body: dict[str, Any] = {"type": kind, "game": self.id, "seat": seat}
        if kind == "hello":
            body["view"] = {**head, "log": events}
            body["kind"] = self.kind
        else:
            body["events"] = events
            body["view"] = head
        body["players"] = [info.public() for info in self.seats]
        body["since"] = since
        body["actions"] = self.actions
        body["status"] = self.status
        body["result"] = self.result
        body["clock"] = self.clock_json(now)
        text = dumps(body)
        text = "".join((text[:-1], ',"legal":', "null" if legal is None else legal, "}"))
        if len(self._texts) > 64:
            self._texts.clear()
        self._texts[key] = (self.version, text)
        return text, total


#: How many of the last events of a seat's log a table keeps at hand: all that a client
#: needs but after a (re)connection or a long stall, when the log is read again.
_TAIL = 16


@dataclass(frozen=True, slots=True)
class _Parts:
    """A seat's messages at one version of the table, but for their events and clock."""

    version: int
    #: The view without its log, as JSON values.
    head: dict[str, Any]
    #: The legal actions' JSON text (grouped: :func:`legal_json`) when the seat is to act,
    #: else None.
    legal: str | None
    #: The length of the seat's log, and its last events (``_TAIL`` at most).
    total: int
    tail: tuple[Event, ...]


#: The fields of a view but its log.
_HEAD_FIELDS = tuple(f.name for f in fields(View) if f.name != "log")


def _head(view: View) -> dict[str, Any]:
    """``view.to_json()`` without its log (the log is sent as events): the engine's own
    ``View.to_json`` read from a copy of the view's fields with an empty log (cheaper
    than ``dataclasses.replace`` of a frozen dataclass)."""
    copy = SimpleNamespace(log=())
    values = copy.__dict__
    for name in _HEAD_FIELDS:
        values[name] = getattr(view, name)
    out = View.to_json(copy)  # type: ignore[arg-type]
    del out["log"]
    return out
