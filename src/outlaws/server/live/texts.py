"""What a room's messages are made of, as fixed-width JSON text (server/http/widths.py):
a seat's view without its log, and its events.

Every action makes a message for each seat and spectator of its table, so these are
written the quick way: the view from the reader's frame of ints (building the engine's
named view for it, then walking its JSON values, was a third of the server's CPU under
load), each event once for every reader who reads it alike (:func:`event_text` keeps
the texts of the events met lately: the spectator and the other seat read most events
the same).
"""

from __future__ import annotations

from typing import Any

import orjson

from ...engine import render_event
from ...engine.actionspace import CHARACTERS, PENDING_CANCEL, PENDING_INTERCEPT, TOKENS
from ...engine.frames import HIDDEN, STASH_NAMES, SeatFrame, hidden_index
from ..http.widths import wide

#: Each character and token by id, ``null`` (a card or token the reader may not know),
#: the reactions awaited and the statuses, in fixed width.
_NULL = wide(None)
_CARDS = tuple(wide(name) for name in CHARACTERS)
_TOKENS = tuple(wide(name) for name in TOKENS)
_PENDING = {0: _NULL, PENDING_INTERCEPT: wide("intercept"), PENDING_CANCEL: wide("cancel")}
_STATUS = (wide("playing"), wide("over"))


def _named(ids: tuple[int, ...], names: tuple[object, ...]) -> list[object]:
    return [_NULL if i == HIDDEN else names[i] for i in ids]


#: What a reader was last written of each part of its view that seldom changes (each
#: side, the slots), by the ints it was written from: most actions change one side or
#: none (a move changes nothing anyone sees of the sides but the mover's own street).
#: One per reader, kept by its room.
Written = dict[object, tuple[tuple[object, ...], orjson.Fragment]]


def _part(written: Written, part: object, key: tuple[object, ...], value: Any) -> orjson.Fragment:
    """The fixed-width JSON of ``value()`` for ``part``, written again only if ``key``
    (what it is written from) changed since the last time."""
    last = written.get(part)
    if last is not None and last[0] == key:
        return last[1]
    fragment = orjson.Fragment(orjson.dumps(value()))
    written[part] = (key, fragment)
    return fragment


def _side(frame: SeatFrame, seat: int, written: Written) -> orjson.Fragment:
    """One seat's side of the view (``SeatView.to_json()``), as its frame holds it."""
    street, saloon, stash = frame.street[seat], frame.saloon[seat], frame.stash[seat]
    immobile, headlined = frame.immobile[seat], frame.headlined[seat]
    return _part(
        written,
        seat,
        (street, saloon, stash, immobile, headlined),
        lambda: {
            "street": _named(street, _CARDS),
            "saloon": _named(saloon, _CARDS),
            "stash": dict(zip(STASH_NAMES, stash, strict=True)),
            "immobilized": [immobile + 1] if immobile >= 0 else [],
            "headlined": [col + 1 for col in headlined],
        },
    )


def head_text(frame: SeatFrame, written: Written) -> str:
    """The JSON of the view that names ``frame`` (``seat_view(...).to_json()``) without
    its ``log``, in fixed width: written from the frame's ints, as the engine names them
    (``tests/server/live/test_message_encoding.py`` holds the two to the same JSON over
    whole games). ``written``: what was written last for this reader (its room keeps
    it), whose parts that did not change are used again."""
    return orjson.dumps(
        {
            "status": _STATUS[frame.over],
            "winner": wide(frame.winner),
            "how": wide(frame.how),
            "to_act": wide(frame.to_act),
            "actions_left": frame.actions_left,
            "pending": _PENDING[frame.pending],
            "turn": frame.turn,
            "sudden_death": wide(frame.sudden_death),
            "slots": _part(written, "slots", frame.slots, lambda: _named(frame.slots, _TOKENS)),
            "reserve": frame.reserve,
            "discard": {"bullet": frame.discard[0], "handcuffs": frame.discard[1]},
            "seats": [_side(frame, 0, written), _side(frame, 1, written)],
            "aside": dict(zip(TOKENS, frame.aside, strict=True)),
            "viewer": wide(frame.viewer),
            "filled": frame.filled,
        }
    ).decode()


#: The texts of the events met lately, but for their turn, by the event tuple without
#: its turn and the index of the value the reader may not read: an event's text differs
#: from another's of another turn by that number alone, and two readers who read an
#: event alike share one text. Cleared when it holds :data:`_EVENTS_KEPT`.
_EVENT_TAILS: dict[tuple[object, tuple[object, ...], int | None], str] = {}
_EVENTS_KEPT = 20_000


def event_text(raw: tuple[object, ...], reader: int | None) -> str:
    """The event ``raw`` (an internal event tuple: a frame's events) as ``reader`` may
    read it (``render_event(raw, reader).to_json()``), in fixed width."""
    turn = raw[1]
    key = (raw[0], raw[2:], hidden_index(raw, reader))
    tail = _EVENT_TAILS.get(key)
    if tail is None:
        if len(_EVENT_TAILS) >= _EVENTS_KEPT:
            _EVENT_TAILS.clear()
        text = orjson.dumps(wide(render_event(raw, reader).to_json())).decode()
        # It begins {"turn":N, (the first key of every event, an int): the rest is kept.
        tail = _EVENT_TAILS[key] = text[len(f'{{"turn":{turn},') :]
    return f'{{"turn":{turn},{tail}'


__all__ = ["Written", "event_text", "head_text"]
