"""What a seat may know, as small integers: the frame of a seat (docs/rules.md R8).

This module is where the hiding rules live. :func:`seat_frame` reads a
:class:`~outlaws.engine.State` for one viewer and copies out, as ints and tuples, the
public facts of R8.1, the viewer's private knowledge of R8.2 and the new events of the
log with the other seat's secrets cut out (R8.3). :mod:`outlaws.engine.views` names a
frame (characters, tokens, 1-based columns, JSON) to make a :class:`~outlaws.engine.View`;
the research interfaces encode frames straight into arrays, at the engine's speed.

A frame is a detached, frozen copy, like a view: it holds ints, tuples of ints and the
log's redacted event tuples, and no reference to the state it came from.

>>> from outlaws.engine import State
>>> state = State.new(seed=7)
>>> mine, public = seat_frame(state, 0), seat_frame(state, None)
>>> HIDDEN in mine.street[0], HIDDEN in public.street[0]
(False, True)

Event tuples keep the engine's internal layout, ``(type, turn, seat, *values)`` with
0-based columns and character and token ids (:data:`EVENT_FIELDS` names the values);
the one secret value of a ``move``, ``saloon`` or ``look`` event is :data:`HIDDEN` in
the copy of a viewer who may not read it.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Literal, NamedTuple

from .names import BULLET, HANDCUFFS, KNOWS, PUBLIC, STASH_KEYS
from .state import EMPTY, NO_COL, How, State

#: Who reads an event: a seat, a spectator (None), or "all" for the unredacted record of
#: a finished game (R8.6).
Viewer = int | Literal["all"] | None

#: What a frame holds where the viewer may not know the value: a card, a token, a secret
#: field of an event. It is the engine's empty slot too, so a slot reads HIDDEN when its
#: token is unknown or when it is empty (``filled`` tells them apart).
HIDDEN = EMPTY

# The values of each internal event tuple (type, turn, seat, *values), by name and kind.
# Kinds: "col" (0-based), "char", "token", "bool", "str", "reaction", "public" (the flag
# that ends a move or a Saloon exchange: a headlined card moved face up, so everyone saw
# where it went, R8.4).
EVENT_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "turn": (),
    "move": (("a", "col"), ("b", "col"), ("swap", "bool"), ("public", "public")),
    "saloon": (
        ("card", "char"),
        ("a", "col"),
        ("b", "col"),
        ("to_saloon", "char"),
        ("at_a", "char"),
        ("public", "public"),
    ),
    "reveal": (("col", "col"), ("card", "char")),
    "look": (("col", "col"), ("token", "token")),
    "take": (("col", "col"), ("call", "token"), ("token", "token"), ("taken", "bool")),
    "hitman": (("col", "col"),),
    "sheriff": (("col", "col"), ("call", "char"), ("target", "col"), ("mayor", "bool")),
    "indian": (("col", "col"), ("target", "col"), ("mayor", "bool")),
    "storekeep": (("col", "col"), ("slot1", "col"), ("slot2", "col"), ("mayor", "bool")),
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


def field_index(etype: str, name: str) -> int:
    """Where the value ``name`` of an ``etype`` event sits in its tuple."""
    for i, (field, _) in enumerate(EVENT_FIELDS[etype]):
        if field == name:
            return 3 + i
    raise KeyError(f"{etype} events have no field {name!r}")


#: The one value of an event that only its own seat may read (R8.2), by its index in
#: the tuple; a move or a Saloon exchange whose ``public`` flag is set has none.
PRIVATE_INDEX: dict[str, int] = {
    "move": field_index("move", "swap"),
    "saloon": field_index("saloon", "at_a"),
    "look": field_index("look", "token"),
}
_PUBLIC_INDEX = {etype: field_index(etype, "public") for etype in ("move", "saloon")}


def is_secret(raw: tuple[Any, ...]) -> bool:
    """Whether an event has a value that only its own seat may read (R8.2)."""
    etype = raw[0]
    if etype not in PRIVATE_INDEX:
        return False
    flag = _PUBLIC_INDEX.get(etype)
    return flag is None or not raw[flag]


def hidden_index(raw: tuple[Any, ...], viewer: Viewer) -> int | None:
    """Where the value of an event that ``viewer`` may not read sits in its tuple, or None:
    a secret is read by its own seat, and by ``"all"`` (the record of a finished game,
    R8.6)."""
    if viewer == "all" or viewer == raw[2] or not is_secret(raw):
        return None
    return PRIVATE_INDEX[raw[0]]


def redact(raw: tuple[Any, ...], viewer: Viewer) -> tuple[Any, ...]:
    """The event as ``viewer`` may read it: its secret value, if the viewer may not read
    it, replaced by :data:`HIDDEN`."""
    i = hidden_index(raw, viewer)
    return raw if i is None else (*raw[:i], HIDDEN, *raw[i + 1 :])


class SeatFrame(NamedTuple):
    """Everything one seat (or a spectator, ``viewer is None``) may know, as ints.

    Per seat (index 0 and 1): ``street`` (character ids, :data:`HIDDEN` where the viewer
    may not know the card), ``saloon``, ``stash`` (the counts of :data:`STASH_NAMES`),
    ``immobile`` (the column of an immobilized Bandit, or -1) and ``headlined`` (columns).
    ``slots`` holds a token id where the viewer knows it, else :data:`HIDDEN` (slots from
    ``filled`` on are empty). ``events`` are the log's events from index ``since`` to
    ``log_length``, redacted for the viewer.
    """

    viewer: int | None
    over: bool
    winner: int | None
    how: How | None
    to_act: int | None
    actions_left: int
    pending: int  # 0: nothing, 1: an interception prompt, 2: a cancel prompt (R8.5)
    turn: int
    sudden_death: bool
    slots: tuple[int, ...]
    filled: int
    reserve: int
    discard: tuple[int, int]  # bullets, handcuffs
    aside: tuple[int, ...]  # by token id (R9.4)
    street: tuple[tuple[int, ...], tuple[int, ...]]
    saloon: tuple[tuple[int, ...], tuple[int, ...]]
    stash: tuple[tuple[int, ...], tuple[int, ...]]
    immobile: tuple[int, int]
    headlined: tuple[tuple[int, ...], tuple[int, ...]]
    since: int
    log_length: int
    events: tuple[tuple[Any, ...], ...]


#: What a frame's ``stash`` counts, in order (R3.2).
STASH_NAMES: tuple[str, ...] = tuple(name for name, _ in STASH_KEYS)
_STASH_ORDER = itemgetter(*(i for _, i in STASH_KEYS))


def _street(state: State, seat: int, viewer: int | None) -> tuple[int, ...]:
    """One seat's street as ``viewer`` may see it (R8): its own whole, the other's only
    where face up (an immobilized Bandit, a headlined card: R8.4), both whole once the
    game is over (R8.6)."""
    street = state.street[seat]
    if viewer == seat or state.over:
        return tuple(street)
    marked = state.headlined[seat]
    imm = state.immobile[seat]
    return tuple(ch if c == imm or (marked >> ch) & 1 else HIDDEN for c, ch in enumerate(street))


def _headlined(state: State, seat: int) -> tuple[int, ...]:
    marked = state.headlined[seat]
    if not marked:
        return ()
    return tuple(c for c, ch in enumerate(state.street[seat]) if (marked >> ch) & 1)


def seat_frame(state: State, viewer: int | None, since: int = 0) -> SeatFrame:
    """What ``viewer`` may know of ``state`` (R8.3), as ints: seat 0, seat 1, or None for
    a spectator's public facts. ``since`` skips the events before that index of the log
    (a reader that follows one game keeps its place). Saloons, stashes, markers and the
    supply are public (R8.1)."""
    if viewer not in (0, 1, None):
        raise ValueError(f"a frame is for seat 0, seat 1 or None (spectator), not {viewer!r}")
    log = state.log
    if not 0 <= since <= len(log):
        raise ValueError(f"since must be between 0 and the log's length {len(log)}")
    bit = PUBLIC if viewer is None else KNOWS[viewer]
    imm0, imm1 = state.immobile
    return SeatFrame(
        viewer=viewer,
        over=state.over,
        winner=state.winner,
        how=state.how,
        to_act=state.to_act,
        actions_left=state.actions_left,
        pending=state.pending,
        turn=state.turn,
        sudden_death=state.sudden_death,
        slots=tuple(
            [
                token if known & bit else HIDDEN
                for token, known in zip(state.slots, state.known, strict=True)
            ]
        ),
        filled=state.filled,
        reserve=len(state.reserve),
        discard=(state.discard[BULLET], state.discard[HANDCUFFS]),
        aside=tuple(state.aside),
        street=(_street(state, 0, viewer), _street(state, 1, viewer)),
        saloon=(tuple(state.saloon[0]), tuple(state.saloon[1])),
        stash=(_STASH_ORDER(state.stash[0]), _STASH_ORDER(state.stash[1])),
        immobile=(-1 if imm0 == NO_COL else imm0, -1 if imm1 == NO_COL else imm1),
        headlined=(_headlined(state, 0), _headlined(state, 1)),
        since=since,
        log_length=len(log),
        events=tuple([redact(raw, viewer) for raw in log[since:]]),
    )


__all__ = [
    "EVENT_FIELDS",
    "HIDDEN",
    "PRIVATE_INDEX",
    "STASH_NAMES",
    "SeatFrame",
    "Viewer",
    "field_index",
    "hidden_index",
    "is_secret",
    "redact",
    "seat_frame",
]
