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


#: The fixed-width JSON of the sides and slots met lately, by their ints: most actions
#: change one side or none (a move changes nothing a reader sees of the sides but the
#: mover's own street). Cleared when it holds :data:`_PARTS_KEPT`.
_PARTS: dict[tuple[object, ...], orjson.Fragment] = {}
_PARTS_KEPT = 10_000


def _kept(key: tuple[object, ...], value: object) -> orjson.Fragment:
    if len(_PARTS) >= _PARTS_KEPT:
        _PARTS.clear()
    written = _PARTS[key] = orjson.Fragment(orjson.dumps(value))
    return written


def _side(frame: SeatFrame, seat: int) -> orjson.Fragment:
    """One seat's side of the view (``SeatView.to_json()``), as its frame holds it."""
    key = (
        frame.street[seat],
        frame.saloon[seat],
        frame.stash[seat],
        frame.immobile[seat],
        frame.headlined[seat],
    )
    written = _PARTS.get(key)
    if written is None:
        immobile = frame.immobile[seat]
        written = _kept(
            key,
            {
                "street": _named(frame.street[seat], _CARDS),
                "saloon": _named(frame.saloon[seat], _CARDS),
                "stash": dict(zip(STASH_NAMES, frame.stash[seat], strict=True)),
                "immobilized": [immobile + 1] if immobile >= 0 else [],
                "headlined": [col + 1 for col in frame.headlined[seat]],
            },
        )
    return written


def _slots(slots: tuple[int, ...]) -> orjson.Fragment:
    key = ("slots", slots)
    written = _PARTS.get(key)
    return written if written is not None else _kept(key, _named(slots, _TOKENS))


def head_text(frame: SeatFrame) -> str:
    """The JSON of the view that names ``frame`` (``seat_view(...).to_json()``) without
    its ``log``, in fixed width: written from the frame's ints, as the engine names them
    (``tests/server/live/test_message_encoding.py`` holds the two to the same JSON over
    whole games)."""
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
            "slots": _slots(frame.slots),
            "reserve": frame.reserve,
            "discard": {"bullet": frame.discard[0], "handcuffs": frame.discard[1]},
            "seats": [_side(frame, 0), _side(frame, 1)],
            "aside": dict(zip(TOKENS, frame.aside, strict=True)),
            "viewer": wide(frame.viewer),
            "filled": frame.filled,
        }
    ).decode()


#: The texts of the events met lately, by their tuple and the index of the value the
#: reader may not read (two readers who read an event alike share one text). Cleared
#: when it holds :data:`_EVENTS_KEPT`.
_EVENT_TEXTS: dict[tuple[tuple[object, ...], int | None], str] = {}
_EVENTS_KEPT = 10_000


def event_text(raw: tuple[object, ...], reader: int | None) -> str:
    """The event ``raw`` (an internal event tuple: a frame's events) as ``reader`` may
    read it (``render_event(raw, reader).to_json()``), in fixed width."""
    key = (raw, hidden_index(raw, reader))
    text = _EVENT_TEXTS.get(key)
    if text is None:
        if len(_EVENT_TEXTS) >= _EVENTS_KEPT:
            _EVENT_TEXTS.clear()
        event = render_event(raw, reader)
        text = _EVENT_TEXTS[key] = orjson.dumps(wide(event.to_json())).decode()
    return text


__all__ = ["event_text", "head_text"]
