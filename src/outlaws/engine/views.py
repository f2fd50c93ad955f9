"""Seat views and the redacted event log (RULES.md R8).

A :class:`View` is what one seat may know: the public facts of R8.1, that seat's private
knowledge of R8.2, and the game's events with the other seat's secrets cut out (R8.3).
A spectator's view (seat ``None``) holds the public facts only.

This module is the one place that turns a :class:`~outlaws.engine.State` into what a
seat may know, as OpenSpiel's observers read a state they do not own: the state knows
nothing of views, and every rule of hiding (which cards, which tokens, which event
fields) is written here. :func:`seat_view` is the way in:

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
from typing import Any, Literal
from weakref import WeakKeyDictionary

from .names import BULLET, CHARACTERS, HANDCUFFS, KNOWS, PUBLIC, STASH_KEYS, TOKENS
from .state import NO_COL, How, Reaction, State, Status

#: Who reads an event: a seat, a spectator (None), or "all" for the unredacted record of
#: a finished game (R8.6).
Viewer = int | Literal["all"] | None

# How each internal event tuple (type, turn, seat, *values) is spelt in JSON.
# Kinds: "col" (0-based inside, 1-based out), "char", "token", "bool", "str", "reaction".
_EVENT_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "turn": (),
    "move": (("a", "col"), ("b", "col"), ("swap", "bool")),
    "saloon": (
        ("card", "char"),
        ("a", "col"),
        ("b", "col"),
        ("to_saloon", "char"),
        ("at_a", "char"),
    ),
    "reveal": (("col", "col"), ("card", "char")),
    "look": (("col", "col"), ("token", "token")),
    "take": (("col", "col"), ("call", "token"), ("token", "token"), ("taken", "bool")),
    "hitman": (("col", "col"),),
    "sheriff": (("col", "col"), ("call", "char"), ("target", "col"), ("mayor", "bool")),
    "indian": (("col", "col"), ("target", "col"), ("mayor", "bool")),
    # "storekeep" is spelt by render_event itself: col, slots, supply, mayor.
    "dancer": (("col", "col"), ("from", "col")),
    "reporter": (("col", "col"), ("call", "char"), ("target", "col"), ("mayor", "bool")),
    "headline": (("col", "col"), ("card", "char")),
    "bandit": (("col", "col"), ("call", "char")),
    "steal": (("token", "token"),),
    "reverend": (("col", "col"),),
    "freed": (("col", "col"),),
    "prompt": (("reaction", "reaction"),),
    "intercept": (("col", "col"),),
    "cancel": (("col", "col"),),
    "pass": (),
    "immobilized": (("col", "col"),),
    "recovered": (),
    "sudden_death": (),
    "win": (("how", "str"),),
    "limit": (),
}
#: The one field of an event that only its own seat may read (R8.2). The internal tuples
#: of "move" and "saloon" end with a flag that makes it public: a headlined card moved,
#: face up, so everyone saw where it went (R8.4).
_PRIVATE_FIELD = {"move": "swap", "saloon": "at_a", "look": "token"}
_MAY_BE_PUBLIC = frozenset({"move", "saloon"})
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
    for a spectator, or ``"all"`` for the unredacted record of the game)."""
    etype, turn, seat = raw[0], raw[1], raw[2]
    private = _PRIVATE_FIELD.get(etype)
    fields: list[tuple[str, Any]] = []
    if etype == "storekeep":
        _, _, _, col, s1, s2, mayor = raw
        fields = [("col", col + 1), ("slots", (s1 + 1,) if s2 < 0 else (s1 + 1, s2 + 1))]
        fields += [("supply", s2 < 0), ("mayor", bool(mayor))]
    else:
        values = raw[3:]
        if etype in _MAY_BE_PUBLIC:
            values, public = values[:-1], values[-1]
            if public:
                private = None
        for (name, kind), value in zip(_EVENT_FIELDS[etype], values, strict=True):
            if name == private and viewer != seat and viewer != "all":
                continue
            fields.append((name, _value(kind, value)))
    return Event(turn, etype, seat, tuple(fields), public=private is None)


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

    The fields follow FORMAT.md's state object; ``slots`` holds a token name only where
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
        """FORMAT.md's state shape as this viewer may know it, then ``aside`` (tokens set
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


def _seat_view(state: State, seat: int, viewer: int | None) -> SeatView:
    """One seat's side as ``viewer`` may see it (R8): its own street whole, the other's
    only where face up (an immobilized Bandit, a headlined card: R8.4), both whole once
    the game is over (R8.6). Saloons, stashes and markers are public (R8.1)."""
    street = state.street[seat]
    marked = state.headlined[seat]
    imm = state.immobile[seat]
    whole = viewer == seat or state.over
    stash = state.stash[seat]
    return SeatView(
        street=tuple(
            CHARACTERS[ch] if whole or c == imm or (marked >> ch) & 1 else None
            for c, ch in enumerate(street)
        ),
        saloon=tuple(CHARACTERS[ch] for ch in state.saloon[seat]),
        stash=MappingProxyType({name: stash[i] for name, i in STASH_KEYS}),
        immobilized=(imm + 1,) if imm != NO_COL else (),
        headlined=tuple(c + 1 for c, ch in enumerate(street) if (marked >> ch) & 1),
    )


def seat_view(state: State, viewer: int | None) -> View:
    """What ``viewer`` may know of ``state`` (R8.3): seat 0, seat 1, or None for a
    spectator's public view. A detached, immutable copy: nothing in it leads back to the
    state, so it is what a bot, a client, a log line or an adapter is handed."""
    if viewer not in (0, 1, None):
        raise ValueError(f"a view is for seat 0, seat 1 or None (spectator), not {viewer!r}")
    bit = PUBLIC if viewer is None else KNOWS[viewer]
    slots = tuple(
        TOKENS[token] if known & bit and token >= 0 else None
        for token, known in zip(state.slots, state.known, strict=True)
    )
    return View(
        viewer=viewer,
        status=state.status,
        winner=state.winner,
        how=state.how,
        to_act=state.to_act,
        actions_left=state.actions_left,
        pending=state.pending_reaction,
        turn=state.turn,
        sudden_death=state.sudden_death,
        slots=slots,
        filled=state.filled,
        reserve=len(state.reserve),
        discard=MappingProxyType(
            {"bullet": state.discard[BULLET], "handcuffs": state.discard[HANDCUFFS]}
        ),
        seats=(_seat_view(state, 0, viewer), _seat_view(state, 1, viewer)),
        aside=MappingProxyType(state.aside_json()),
        log=_rendered_log(state, viewer),
    )
