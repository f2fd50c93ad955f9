"""Seat views and the redacted event log (docs/rules.md R8).

A :class:`View` is what one seat may know: the public facts of R8.1, that seat's private
knowledge of R8.2, and the game's events with the other seat's secrets cut out (R8.3).
A spectator's view (seat ``None``) holds the public facts only.

Together with :mod:`outlaws.engine.frames` this is the one place that turns a
:class:`~outlaws.engine.State` into what a seat may know, as OpenSpiel's observers read a
state they do not own: the state knows nothing of views. Every rule of hiding (which
cards, which tokens, which event fields) is written in the frames module, as ints; this
one names what a frame holds. :func:`seat_view` is the way in:

>>> from outlaws.engine import State, seat_view
>>> state = State.new(seed=7)
>>> mine, theirs = seat_view(state, 0), seat_view(state, None)
>>> None in mine.seats[0].street, None in theirs.seats[0].street
(False, True)

A view is built as a detached copy of plain, immutable values (tuples, strings, ints,
read-only mappings): it holds no reference to the state it came from, so a bot, a client
or a log line that is given a view has no path back to the hidden cards.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any
from weakref import WeakKeyDictionary

from .frames import (
    EVENT_FIELDS,
    HIDDEN,
    STASH_NAMES,
    SeatFrame,
    Viewer,
    hidden_index,
    is_secret,
    seat_frame,
)
from .names import CHARACTER_ID, CHARACTERS, TOKEN_ID, TOKENS
from .state import PENDING_NAMES, How, Reaction, State, Status

_REACTIONS = (None, "intercept", "cancel")


def _value(kind: str, value: Any) -> Any:
    if kind == "col":
        return value + 1
    if kind == "char":
        return CHARACTERS[value]
    if kind == "token":
        return TOKENS[value]
    if kind == "bool":
        return bool(value)
    if kind == "reaction":
        return _REACTIONS[value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as a given seat may know it.

    ``seat`` is the seat that acted (for ``reveal``, ``headline``, ``immobilized``,
    ``freed``: the owner of the card); ``None`` for events of the table itself.
    The other fields are in :attr:`fields` (read them with ``event["col"]``); columns are
    1-based. See docs/events.md for every type.
    """

    turn: int
    type: str
    seat: int | None
    fields: tuple[tuple[str, Any], ...] = ()
    #: False when a field of this event is its seat's secret (a move's ``swap``, a Saloon
    #: exchange's ``at_a``, a look's ``token``), whether or not this copy shows it.
    public: bool = True

    def __getitem__(self, name: str) -> Any:
        for key, value in self.fields:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def __contains__(self, name: str) -> bool:
        return any(key == name for key, _ in self.fields)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn, "type": self.type, "seat": self.seat}
        for key, value in self.fields:
            out[key] = list(value) if isinstance(value, tuple) else value
        return out


def render_event(raw: tuple[Any, ...], viewer: Viewer) -> Event:
    """Turn an internal event tuple into an :class:`Event` for ``viewer`` (a seat, None
    for a spectator, or ``"all"`` for the unredacted record of the game): the secret
    value that :func:`~outlaws.engine.frames.redact` hides from the viewer is left out."""
    etype, turn, seat = raw[0], raw[1], raw[2]
    hidden = hidden_index(raw, viewer)
    fields: list[tuple[str, Any]]
    if etype == "storekeep":
        _, _, _, col, s1, s2, mayor = raw
        fields = [("col", col + 1), ("slots", (s1 + 1,) if s2 < 0 else (s1 + 1, s2 + 1))]
        fields += [("supply", s2 < 0), ("mayor", bool(mayor))]
    else:
        fields = [
            (name, _value(kind, raw[i]))
            for i, (name, kind) in enumerate(EVENT_FIELDS[etype], 3)
            if kind != "public" and i != hidden
        ]
    return Event(turn, etype, seat, tuple(fields), public=not is_secret(raw))


def _raw(kind: str, value: Any) -> Any:
    if kind == "col":
        return value - 1
    if kind == "char":
        return CHARACTER_ID[value]
    if kind == "token":
        return TOKEN_ID[value]
    if kind == "reaction":
        return _REACTIONS.index(value)
    return value


def event_tuple(event: Event) -> tuple[Any, ...]:
    """The event tuple (the layout of :mod:`outlaws.engine.frames`) that ``event`` was
    rendered from, as its reader knew it: a value the event leaves out is ``HIDDEN``."""
    head = (event.type, event.turn, event.seat)
    if event.type == "storekeep":
        slots = event["slots"]
        second = slots[1] - 1 if len(slots) > 1 else -1
        return (*head, event["col"] - 1, slots[0] - 1, second, event["mayor"])
    return head + tuple(
        event.public if kind == "public" else (_raw(kind, event[name]) if name in event else HIDDEN)
        for name, kind in EVENT_FIELDS[event.type]
    )


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's side of the table as the viewer may see it.

    ``street`` holds a character name where the viewer may know it and ``None`` elsewhere.
    """

    street: tuple[str | None, ...]
    saloon: tuple[str, ...]
    stash: Mapping[str, int]
    immobilized: tuple[int, ...]
    headlined: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "street": list(self.street),
            "saloon": list(self.saloon),
            "stash": dict(self.stash),
            "immobilized": list(self.immobilized),
            "headlined": list(self.headlined),
        }


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat (or a spectator, ``viewer is None``) may know (R8.3).

    The fields follow docs/format.md's state object; ``slots`` holds a token name only where
    the viewer knows it, ``reserve`` is the reserve's size, and :attr:`log` holds every
    event redacted for the viewer.
    """

    viewer: int | None
    status: Status
    winner: int | None
    how: How | None
    to_act: int | None
    actions_left: int
    pending: Reaction | None
    turn: int
    sudden_death: bool
    slots: tuple[str | None, ...]
    filled: int
    reserve: int
    discard: Mapping[str, int]
    seats: tuple[SeatView, SeatView]
    aside: Mapping[str, int]
    log: tuple[Event, ...]

    @property
    def over(self) -> bool:
        return self.status == "over"

    def events(self, since: int = 0) -> Iterator[Event]:
        """The events from index ``since`` on (for incremental consumers)."""
        return iter(self.log[since:])

    def to_json(self) -> dict[str, Any]:
        """docs/format.md's state shape as this viewer may know it, then ``aside`` (tokens set
        aside by sudden death), ``viewer``, ``filled`` (how many slots hold a token: the
        slots past it are empty) and ``log``."""
        return {
            "status": self.status,
            "winner": self.winner,
            "how": self.how,
            "to_act": self.to_act,
            "actions_left": self.actions_left,
            "pending": self.pending,
            "turn": self.turn,
            "sudden_death": self.sudden_death,
            "slots": list(self.slots),
            "reserve": self.reserve,
            "discard": dict(self.discard),
            "seats": [seat.to_json() for seat in self.seats],
            "aside": dict(self.aside),
            "viewer": self.viewer,
            "filled": self.filled,
            "log": [event.to_json() for event in self.log],
        }


#: The log already rendered for each viewer of each live state: views are built often
#: (every decision of a bot, every message of the server) and the log only grows, so each
#: event is rendered once per viewer. Weak keys: the cache goes with its state.
_RENDERED: WeakKeyDictionary[State, dict[int | None, list[Event]]] = WeakKeyDictionary()


def _rendered_log(state: State, viewer: int | None) -> tuple[Event, ...]:
    """The log as ``viewer`` may read it, rendering only the events not yet rendered."""
    by_viewer = _RENDERED.get(state)
    if by_viewer is None:
        by_viewer = _RENDERED[state] = {}
    done = by_viewer.setdefault(viewer, [])
    log = state.log
    if len(done) > len(log):  # pragma: no cover - a log never shrinks
        done.clear()
    for raw in log[len(done) :]:
        done.append(render_event(raw, viewer))
    return tuple(done)


def _named_side(frame: SeatFrame, seat: int) -> SeatView:
    """One seat's side of ``frame``, named: characters, token names, 1-based columns."""
    stash = frame.stash[seat]
    imm = frame.immobile[seat]
    return SeatView(
        street=tuple(None if ch < 0 else CHARACTERS[ch] for ch in frame.street[seat]),
        saloon=tuple(CHARACTERS[ch] for ch in frame.saloon[seat]),
        stash=MappingProxyType(dict(zip(STASH_NAMES, stash, strict=True))),
        immobilized=(imm + 1,) if imm >= 0 else (),
        headlined=tuple(c + 1 for c in frame.headlined[seat]),
    )


def view_of(frame: SeatFrame, log: tuple[Event, ...]) -> View:
    """The :class:`View` that names ``frame``, with ``log`` (its viewer's rendered log)."""
    return View(
        viewer=frame.viewer,
        status="over" if frame.over else "playing",
        winner=frame.winner,
        how=frame.how,
        to_act=frame.to_act,
        actions_left=frame.actions_left,
        pending=PENDING_NAMES[frame.pending],
        turn=frame.turn,
        sudden_death=frame.sudden_death,
        slots=tuple(None if token < 0 else TOKENS[token] for token in frame.slots),
        filled=frame.filled,
        reserve=frame.reserve,
        discard=MappingProxyType({"bullet": frame.discard[0], "handcuffs": frame.discard[1]}),
        seats=(_named_side(frame, 0), _named_side(frame, 1)),
        aside=MappingProxyType({name: frame.aside[t] for t, name in enumerate(TOKENS)}),
        log=log,
    )


def view_frame(view: View, since: int = 0) -> SeatFrame:
    """The frame that ``view`` names (the inverse of :func:`view_of`), its events from
    index ``since`` of the view's log: for a reader handed a view (a bot) that encodes
    frames. It holds what the view holds, nothing more."""
    if not 0 <= since <= len(view.log):
        raise ValueError(f"since must be between 0 and the log's length {len(view.log)}")

    def ids(names: tuple[str | None, ...]) -> tuple[int, ...]:
        return tuple(HIDDEN if name is None else CHARACTER_ID[name] for name in names)

    def stash(side: SeatView) -> tuple[int, ...]:
        return tuple(side.stash[name] for name in STASH_NAMES)

    def immobile(side: SeatView) -> int:
        return side.immobilized[0] - 1 if side.immobilized else -1

    sides = view.seats
    return SeatFrame(
        viewer=view.viewer,
        over=view.over,
        winner=view.winner,
        how=view.how,
        to_act=view.to_act,
        actions_left=view.actions_left,
        pending=PENDING_NAMES.index(view.pending),
        turn=view.turn,
        sudden_death=view.sudden_death,
        slots=tuple(HIDDEN if token is None else TOKEN_ID[token] for token in view.slots),
        filled=view.filled,
        reserve=view.reserve,
        discard=(view.discard["bullet"], view.discard["handcuffs"]),
        aside=tuple(view.aside.get(name, 0) for name in TOKENS),
        street=(ids(sides[0].street), ids(sides[1].street)),
        saloon=(ids(sides[0].saloon), ids(sides[1].saloon)),
        stash=(stash(sides[0]), stash(sides[1])),
        immobile=(immobile(sides[0]), immobile(sides[1])),
        headlined=(
            tuple(c - 1 for c in sides[0].headlined),
            tuple(c - 1 for c in sides[1].headlined),
        ),
        since=since,
        log_length=len(view.log),
        events=tuple(event_tuple(event) for event in view.log[since:]),
    )


def seat_view(state: State, viewer: int | None) -> View:
    """What ``viewer`` may know of ``state`` (R8.3): seat 0, seat 1, or None for a
    spectator's public view. A detached, immutable copy: nothing in it leads back to the
    state, so it is what a bot, a client, a log line or an adapter is handed. What is
    hidden is decided by :func:`~outlaws.engine.frames.seat_frame`; this names it."""
    if viewer not in (0, 1, None):
        raise ValueError(f"a view is for seat 0, seat 1 or None (spectator), not {viewer!r}")
    frame = seat_frame(state, viewer, since=len(state.log))
    return view_of(frame, _rendered_log(state, viewer))
