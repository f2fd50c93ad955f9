"""A game held in memory: the engine's state, its seats, its outcome, its clock and its lock.

The table is the game and only the game; who is connected to it, and the messages built
for them, belong to its room in the hub (:mod:`outlaws.server.live.hub`). The true
:class:`~outlaws.engine.State` is private to this module: a table answers with a seat's
view (:meth:`Table.view`), the legal action ids of the seat to act, whose turn it is, and,
once the game is finished, its record (R8.6). Nothing else of the state leaves it, and
``tests/server/games/test_table_privacy.py`` fails if any other module reaches for it.

Before the first action the seats may place their own cards (R3.1): until both have, the
table has no state, only the placements made so far, as private as the state. A seat is
told whether each seat is done (:attr:`Table.placed`) and its own placement
(:meth:`Table.placement_of`), never the other's: that reaches it only through play.
"""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ...engine import (
    Action,
    Placement,
    Record,
    SeatFrame,
    Setup,
    State,
    View,
    record_of,
    seat_frame,
    seat_view,
)
from ..common.kinds import Actor, GameResult, SeatKind, TableKind, TableStatus
from .clocks import ClockConfig, ClockState


@dataclass
class SeatInfo:
    """Who plays a seat: a human (with the hash of its secret token) or a bot."""

    kind: SeatKind
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None
    #: Taken by a signed-in player: an account vouches for the seat's name.
    account: bool = False

    def public(self) -> dict[str, Any]:
        """What everyone may know of the seat (never its token); ``guest``: a person
        no account vouches for plays it (the page marks the name they chose)."""
        joined = self.kind != "human" or self.token_hash is not None
        return {
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "joined": joined,
            "guest": self.kind == "human" and joined and not self.account,
        }


@dataclass(frozen=True, slots=True)
class Summary:
    """A game in a list of games, for one of its seats (or a spectator)."""

    game: str
    kind: TableKind
    seat: int | None
    status: TableStatus
    turn: int
    to_act: int | None
    your_turn: bool
    actions: int
    result: dict[str, Any] | None
    players: list[dict[str, Any]]
    created_at: float


@dataclass(frozen=True, slots=True)
class Rehearsal:
    """What an action would lead to, worked out on a copy of the game: whose decision
    comes next, and the outcome if it ends the game."""

    to_act: int | None
    result: GameResult | None
    #: The turn then, and whether ``to_act`` is to answer a prompt (R8.5).
    turn: int = 0
    reacting: bool = False
    #: The action's id (:mod:`outlaws.engine.actionspace`): it is applied by its id
    #: once committed, its shape checked once.
    action_id: int | None = None


@dataclass(frozen=True, slots=True)
class PlacementRehearsal:
    """What a placement would lead to: nothing more, or, if it is the last one, the
    game's setup (to be stored: it holds both hands) and the seat to act first."""

    setup: dict[str, Any] | None
    to_act: int | None


#: How many of its last actions a table remembers, to recognise a client's retry.
RECENT_ACTIONS = 32


class Table:
    """One game on the server.

    ``version`` grows with every change a client may see (an action, a join, a placement,
    a result): the hub's rooms rebuild their messages when it moves. ``lock`` serializes
    every change of the game.

    Its ``status``, ``result``, ``clock_state`` and ``version`` are read-only: they change
    through its methods alone (:meth:`set_status`, :meth:`set_clock`, :meth:`end`,
    :meth:`changed`), which keep them consistent (an ended game stays over, with its
    result) and are the one place the version moves.

    A table made with ``state=None`` is placing (R3.1): it holds the game's ``seed`` and
    ``turn_limit`` and the ``placements`` made so far (None: not yet), and the game starts
    (:meth:`place`) when the second one arrives.
    """

    def __init__(
        self,
        *,
        id: str,
        kind: TableKind,
        created_at: float,
        state: State | None,
        seats: list[SeatInfo],
        status: TableStatus,
        result: dict[str, Any] | None = None,
        clock: ClockConfig | None = None,
        clock_state: ClockState | None = None,
        meta: dict[str, Any] | None = None,
        actors: list[Actor] | None = None,
        seed: int | None = None,
        turn_limit: int | None = None,
        placements: Sequence[Placement | None] = (None, None),
    ) -> None:
        if state is not None:
            seed = state.seed
        elif seed is None:
            raise ValueError("a table that is placing needs the game's seed")
        self.id = id
        self.kind: TableKind = kind
        self.created_at = created_at
        self.__state = state
        self.__seed: int = seed
        self.__turn_limit = turn_limit
        self.__placements: list[Placement | None] = list(placements) if state is None else []
        self.seats = seats
        self.__status: TableStatus = status
        self.__result = result
        self.clock = clock
        self.__clock_state = clock_state
        self.meta: dict[str, Any] = meta if meta is not None else {}
        self.actors: list[Actor] = actors if actors is not None else []
        self.lock = asyncio.Lock()
        self.__version = 0
        self.bot_task: asyncio.Task[None] | None = None
        #: (seat, action) of the last actions applied here, by index (:meth:`took`).
        self.__recent: dict[int, tuple[int, dict[str, Any]]] = {}

    def __repr__(self) -> str:  # never the state nor a placement: a log line is not a seat
        return f"<Table {self.id} {self.kind} {self.status} actions={self.actions}>"

    def __play(self) -> State:
        """The state, once play started (callers outside ask :attr:`placing` first)."""
        state = self.__state
        if state is None:
            raise RuntimeError(f"game {self.id} has not started: the seats are placing (R3.1)")
        return state

    # -- status, result, clock, version: read here, changed only by the methods below ----
    @property
    def status(self) -> TableStatus:
        """``waiting`` (a seat free), ``placing`` (R3.1), ``playing`` or ``over``."""
        return self.__status

    @property
    def result(self) -> dict[str, Any] | None:
        """How the game ended (None until it is over)."""
        return self.__result

    @property
    def clock_state(self) -> ClockState | None:
        """The clock's state as last stored (None: an untimed game)."""
        return self.__clock_state

    @property
    def version(self) -> int:
        """How many changes a client may see the table has had: the hub's messages are
        cached by it."""
        return self.__version

    def set_status(self, status: TableStatus) -> None:
        """The game moves on (a seat taken, both seats placed); an ended game never
        does, and it ends only by :meth:`end`."""
        if self.__status == "over" or status == "over":
            raise ValueError(f"game {self.id}: {self.__status} -> {status} is not a move on")
        self.__status = status

    def set_clock(self, clock_state: ClockState | None) -> None:
        """The clock as it was stored (a period begun, a pause, a resumption)."""
        self.__clock_state = clock_state

    def end(self, result: dict[str, Any] | None) -> None:
        """The game is over, with ``result`` (None: imported or ended with no result)."""
        self.__status = "over"
        self.__result = result

    def changed(self) -> None:
        """A change clients may see was made: the version moves (the one place it does),
        so that the hub builds its messages anew."""
        self.__version += 1

    # -- questions ---------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Over by the rules, by resignation or by the clock (or imported to watch)."""
        return self.status == "over"

    @property
    def turn_limit(self) -> int | None:
        """The turn limit the game was created with (public: its record says it)."""
        return self.__turn_limit

    @property
    def placing(self) -> bool:
        """Whether the seats are still placing their cards (R3.1): there is no game yet."""
        return self.__state is None

    @property
    def placed(self) -> tuple[bool, bool]:
        """Whether each seat has placed its cards (both, once play started)."""
        if self.__state is not None:
            return (True, True)
        first, second = self.__placements
        return (first is not None, second is not None)

    def placement_of(self, seat: int) -> Placement | None:
        """``seat``'s own placement while the seats are placing (None: not yet, or play
        started). Only ever for a request of that seat: the other seat and spectators
        learn nothing of it but through play (R3.1)."""
        if self.__state is not None:
            return None
        return self.__placements[seat]

    @property
    def phase(self) -> Literal["placing", "play"]:
        """``placing`` while a seat has not placed its cards (R3.1), then ``play``."""
        return "placing" if self.__state is None else "play"

    def placement_json(self, seat: int | None) -> dict[str, Any] | None:
        """What ``seat`` is told of the placing (None once play started): ``done``, whether
        each seat has placed, and ``mine``, its own placement once made (None for a
        spectator). Nothing of the other seat's placement but that it is done (R3.1)."""
        if self.__state is not None:
            return None
        mine = self.placement_of(seat) if seat is not None else None
        return {"done": list(self.placed), "mine": mine.to_json() if mine else None}

    @property
    def actions(self) -> int:
        """How many actions the game's record holds."""
        return 0 if self.__state is None else len(self.__state.history)

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is by the rules (None once the rules ended it, and
        while the seats are placing)."""
        return None if self.__state is None else self.__state.to_act

    @property
    def turn(self) -> int:
        """The turn (0 while the seats are placing)."""
        return 0 if self.__state is None else self.__state.turn

    @property
    def reacting(self) -> bool:
        """Whether the seat to act is to answer a prompt (R8.5) rather than play its turn."""
        return self.__state is not None and self.__state.pending_reaction is not None

    def timed_seats(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info.kind == "human"]

    def bot_for(self, seat: int) -> tuple[str, Actor] | None:
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

    def summary(self, seat: int | None) -> Summary:
        """The game in a list of games (for the seat ``seat``)."""
        playing = self.status == "playing"
        to_act = self.to_act if playing else None
        return Summary(
            game=self.id,
            kind=self.kind,
            seat=seat,
            status=self.status,
            turn=self.turn,
            to_act=to_act,
            your_turn=seat is not None and to_act == seat,
            actions=self.actions,
            result=self.result,
            players=[info.public() for info in self.seats],
            created_at=self.created_at,
        )

    def clock_json(self, now: float) -> dict[str, Any] | None:
        if self.clock is None or self.clock_state is None:
            return None
        return self.clock_state.public(self.clock, now)

    # -- what a seat may know ----------------------------------------------------------
    def view(self, seat: int | None) -> View:
        """The engine's view for ``seat`` (None: a spectator), as the game is now (there
        is none while the seats are placing: ask :attr:`placing` first).

        Views are not kept: each holds the whole log, and thousands of them alive between
        two changes of their tables made every pass of the garbage collector long (one
        of 100 ms and more at a thousand tables). The hub's rooms keep what their
        messages need of them."""
        return seat_view(self.__play(), seat)

    @property
    def log_length(self) -> int:
        """How many events the game's log holds (every reader's log holds as many)."""
        return 0 if self.__state is None else len(self.__state.log)

    def frame(self, seat: int | None, since: int) -> SeatFrame:
        """What ``seat`` (None: a spectator) may know of the game now, as the engine's
        frame of ints, with the log's events from index ``since`` on (redacted for it):
        what the hub writes its messages from (:meth:`view` names the same)."""
        return seat_frame(self.__play(), seat, since=since)

    def legal_ids(self, seat: int) -> list[int]:
        """The engine's legal action ids for ``seat``, if it is to act (else none)."""
        state = self.__state
        if self.status != "playing" or state is None or state.to_act != seat:
            return []
        return state.legal_action_ids()

    def legal_bits(self, seat: int) -> int:
        """:meth:`legal_ids` as the bits of an int (bit ``i`` set when id ``i`` is legal)."""
        state = self.__state
        if self.status != "playing" or state is None or state.to_act != seat:
            return 0
        return state.legal_action_mask()

    def legal_actions(self, seat: int) -> list[Action]:
        """:meth:`legal_ids` as actions."""
        ids = self.legal_ids(seat)
        return [self.__play().decode(action_id) for action_id in ids]

    def bot_seed(self, seat: int) -> int:
        """A bot's seed for its next decision: reproducible, and secret like the game's
        seed (a digest of it, never the seed itself)."""
        return _bot_seed(self.__seed, seat, self.actions)

    def bot_placement_seed(self, seat: int) -> int:
        """A bot's seed for its placement (R3.1): secret like the game's seed."""
        return _digest(f"{self.__seed}:placement:{seat}")

    def random_placement(self, seat: int) -> Placement:
        """A random placement for ``seat`` (one it asked for, or its placing time ran
        out): drawn from the secret game seed, so a game is reproduced from its seed."""
        return Placement.random(random.Random(_digest(f"{self.__seed}:random-placement:{seat}")))

    def record(self) -> Record:
        """The game's record: its setup holds both hands, so only a finished game has
        one to give (R8.6)."""
        if not self.finished:
            raise PermissionError(f"game {self.id} is not over: its record is secret")
        return record_of(self.__play())

    # -- changes (the game service's, under ``lock``) ---------------------------------
    def rehearse(self, action: Action) -> Rehearsal:
        """What ``action`` would lead to, worked out on a copy: the stored game must
        change in one transaction (the action, the outcome, the clock) before the table
        does. The engine checks the action as it applies it: an illegal one raises
        :class:`~outlaws.engine.OutlawsError` and nothing changes."""
        state = self.__play()
        action_id = state.encode(action)
        after = state.clone(past=False)  # its outcome only: no need of the log
        after.apply_id(action_id)
        result: GameResult | None = None
        if after.over:
            result = {"winner": after.winner, "how": after.how or "limit"}
        reacting = after.pending_reaction is not None
        return Rehearsal(after.to_act, result, after.turn, reacting, action_id)

    def apply(self, action: Action, by: Actor, action_id: int | None = None) -> None:
        """Play an action already rehearsed and committed (by its id when the rehearsal
        gave it).

        Applied again rather than swapped for the rehearsal's copy: the copy's lists (the
        whole log and history) would be new objects that live on, and the garbage
        collector's youngest generation, run every few hundred actions, read every entry
        of each of them (a thousand tables: twice the work at each pass). An apply costs
        a few microseconds, and it keeps the views already rendered of the log (it only
        grows). The engine is deterministic: the state becomes the copy's, exactly."""
        state = self.__play()
        index, seat = len(state.history), state.to_act
        state.apply_id(state.encode(action) if action_id is None else action_id)
        self.actors.append(by)
        if seat is not None:
            self.__recent[index] = (seat, action.to_json())
            self.__recent.pop(index - RECENT_ACTIONS, None)

    def took(self, index: int, seat: int, action: Action) -> bool:
        """Whether ``seat`` took ``action`` as the record's action ``index`` (known for
        the last few actions this process applied): a client's retry of an action that
        was stored is recognised, and answered without playing it twice."""
        return self.__recent.get(index) == (seat, action.to_json())

    def rehearse_placement(self, placements: Sequence[tuple[int, Placement]]) -> PlacementRehearsal:
        """What these placements (seat, placement) would lead to, worked out without
        changing the table: the game's setup and first seat if they complete the
        placements (R3.1: the deal and the first seat come from the seed, R3.2, R3.3)."""
        made = self.__with(placements)
        both = [placement for placement in made if placement is not None]
        if len(both) < 2:
            return PlacementRehearsal(None, None)
        setup = Setup.placed(self.__seed, both)
        return PlacementRehearsal(setup.to_json(), setup.first)

    def place(self, placements: Sequence[tuple[int, Placement]]) -> None:
        """Take placements already rehearsed and committed; with the last one, the game
        starts: the state is made from the seed and both placements (R3.1)."""
        made = self.__with(placements)
        both = [placement for placement in made if placement is not None]
        if len(both) < 2:
            self.__placements = made
            return
        setup = Setup.placed(self.__seed, both)
        self.__state = State.new(seed=self.__seed, setup=setup, turn_limit=self.__turn_limit)
        self.__placements = []

    def __with(self, placements: Sequence[tuple[int, Placement]]) -> list[Placement | None]:
        if self.__state is not None:
            raise RuntimeError(f"game {self.id} has started: placing is over (R3.1)")
        made = list(self.__placements)
        for seat, placement in placements:
            if made[seat] is not None:
                raise RuntimeError(f"seat {seat} of game {self.id} has placed already")
            made[seat] = placement
        return made


def _bot_seed(game_seed: int, seat: int, index: int) -> int:
    return _digest(f"{game_seed}:{seat}:{index}")


def _digest(text: str) -> int:
    """A 63-bit number from ``text`` that does not give ``text`` (nor the seed in it) away."""
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
