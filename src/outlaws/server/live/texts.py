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

from ...engine import render_event
from ...engine.actionspace import CHARACTERS, PENDING_CANCEL, PENDING_INTERCEPT, TOKENS
from ...engine.frames import HIDDEN, STASH_NAMES, SeatFrame, hidden_index
from ..http.widths import fixed_width

#: Each character and token by id, and ``null`` at :data:`HIDDEN` (a card or token the
#: reader may not know); the reactions awaited, the statuses, the flags: in fixed width.
_NULL = fixed_width(None)
_CARDS = {i: fixed_width(name) for i, name in enumerate(CHARACTERS)} | {HIDDEN: _NULL}
_TOKENS = {i: fixed_width(name) for i, name in enumerate(TOKENS)} | {HIDDEN: _NULL}
_PENDING = {
    0: _NULL,
    PENDING_INTERCEPT: fixed_width("intercept"),
    PENDING_CANCEL: fixed_width("cancel"),
}
_STATUS = (fixed_width("playing"), fixed_width("over"))
_FLAG = (fixed_width(False), fixed_width(True))
#: A seat (the winner, the seat to act, the viewer) or none.
_SEAT = {None: _NULL, 0: "0", 1: "1"}
#: The counts of a stash and of the tokens set aside, as JSON objects.
_STASH = "{{" + ",".join(f'"{name}":{{}}' for name in STASH_NAMES) + "}}"
_ASIDE = "{{" + ",".join(f'"{name}":{{}}' for name in TOKENS) + "}}"


def _names(ids: tuple[int, ...], names: dict[int, str]) -> str:
    return ",".join([names[i] for i in ids])


def _cols(cols: tuple[int, ...]) -> str:
    return ",".join([str(col + 1) for col in cols])


#: What a reader was last written of each part of its view that seldom changes (each
#: side, the slots), by the ints it was written from: most actions change one side or
#: none (a move changes nothing anyone sees of the sides but the mover's own street).
#: One per reader, kept by its room.
Written = dict[object, tuple[tuple[object, ...], str]]


def _side(frame: SeatFrame, seat: int, written: Written) -> str:
    """One seat's side of the view (``SeatView.to_json()``), as its frame holds it,
    written again only if it changed since the last time."""
    key = (
        frame.street[seat],
        frame.saloon[seat],
        frame.stash[seat],
        frame.immobile[seat],
        frame.headlined[seat],
    )
    last = written.get(seat)
    if last is not None and last[0] == key:
        return last[1]
    street, saloon, stash, immobile, headlined = key
    text = (
        f'{{"street":[{_names(street, _CARDS)}],"saloon":[{_names(saloon, _CARDS)}],'
        f'"stash":{_STASH.format(*stash)},'
        f'"immobilized":[{"" if immobile < 0 else immobile + 1}],'
        f'"headlined":[{_cols(headlined)}]}}'
    )
    written[seat] = (key, text)
    return text


def head_text(frame: SeatFrame, written: Written) -> str:
    """The JSON of the view that names ``frame`` (``seat_view(...).to_json()``) without
    its ``log``, in fixed width: written from the frame's ints, as the engine names them
    (``tests/server/live/test_message_encoding.py`` holds the two to the same JSON, and
    to the same text as the fixed-width writing of the engine's view, over whole games).
    ``written``: what was written last for this reader (its room keeps it), whose parts
    that did not change are used again."""
    slots = written.get("slots")
    if slots is None or slots[0] != frame.slots:
        slots = written["slots"] = (frame.slots, _names(frame.slots, _TOKENS))
    how = frame.how
    return (
        f'{{"status":{_STATUS[frame.over]},"winner":{_SEAT[frame.winner]},'
        f'"how":{_NULL if how is None else fixed_width(how)},"to_act":{_SEAT[frame.to_act]},'
        f'"actions_left":{frame.actions_left},"pending":{_PENDING[frame.pending]},'
        f'"turn":{frame.turn},"sudden_death":{_FLAG[frame.sudden_death]},'
        f'"slots":[{slots[1]}],"reserve":{frame.reserve},'
        f'"discard":{{"bullet":{frame.discard[0]},"handcuffs":{frame.discard[1]}}},'
        f'"seats":[{_side(frame, 0, written)},{_side(frame, 1, written)}],'
        f'"aside":{_ASIDE.format(*frame.aside)},"viewer":{_SEAT[frame.viewer]},'
        f'"filled":{frame.filled}}}'
    )


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
        text = fixed_width(render_event(raw, reader).to_json())
        # It begins {"turn":N, (the first key of every event, an int): the rest is kept.
        tail = _EVENT_TAILS[key] = text[len(f'{{"turn":{turn},') :]
    return f'{{"turn":{turn},{tail}'


__all__ = ["Written", "event_text", "head_text"]
