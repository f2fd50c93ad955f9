"""JSON and pickling helpers for views and legal actions.

- :func:`dumps`: the compact JSON every message uses.
- :func:`pack_view` / :func:`unpack_view`: a :class:`~outlaws.engine.View` as plain
  picklable values and back, exactly (a view holds read-only mappings, which do not
  pickle): this is what a bot worker process receives.
- :func:`legal_json`: the legal actions of the seat to act as FORMAT.md JSON text,
  computed from the engine's action ids with cached serializations (the list is long,
  mostly Saloon exchanges, and is sent at every decision).
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Callable, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import Any

import orjson

from ..engine import Event, SeatView, State, View
from ..engine.actions import ACTION_OF_ID, K_SALOON, SPECS, spec_to_action
from ..engine.names import CHARACTER_ID


def dumps(value: Any) -> str:
    """Compact JSON text (the same text as ``json.dumps(value, separators=(",", ":"),
    ensure_ascii=False)``, made by orjson, several times faster; the json module takes
    what orjson refuses, such as integers past 64 bits)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# -- views across processes ------------------------------------------------------------

PackedView = tuple[Any, ...]


def pack_view(view: View) -> PackedView:
    """``view`` as a tuple of plain values (see :func:`unpack_view`)."""
    seats = tuple(
        (s.street, s.saloon, dict(s.stash), s.immobilized, s.headlined) for s in view.seats
    )
    log = tuple((e.turn, e.type, e.seat, e.fields, e.public) for e in view.log)
    return (
        view.viewer,
        view.status,
        view.winner,
        view.how,
        view.to_act,
        view.actions_left,
        view.pending,
        view.turn,
        view.sudden_death,
        view.slots,
        view.filled,
        view.reserve,
        dict(view.discard),
        seats,
        dict(view.aside),
        log,
    )


def unpack_view(packed: PackedView) -> View:
    """The :class:`~outlaws.engine.View` that :func:`pack_view` packed, equal to it."""
    (
        viewer,
        status,
        winner,
        how,
        to_act,
        actions_left,
        pending,
        turn,
        sudden_death,
        slots,
        filled,
        reserve,
        discard,
        seats,
        aside,
        log,
    ) = packed
    seat_views = tuple(
        SeatView(street, saloon, MappingProxyType(stash), immobilized, headlined)
        for street, saloon, stash, immobilized, headlined in seats
    )
    return View(
        viewer=viewer,
        status=status,
        winner=winner,
        how=how,
        to_act=to_act,
        actions_left=actions_left,
        pending=pending,
        turn=turn,
        sudden_death=sudden_death,
        slots=slots,
        filled=filled,
        reserve=reserve,
        discard=MappingProxyType(discard),
        seats=(seat_views[0], seat_views[1]),
        aside=MappingProxyType(aside),
        log=tuple(Event(t, kind, seat, fields, public) for t, kind, seat, fields, public in log),
    )


# -- legal actions ---------------------------------------------------------------------

#: The JSON text of every action id that means the same action in every position.
_ID_JSON: tuple[str | None, ...] = tuple(
    None if action is None else dumps(action.to_json()) for action in ACTION_OF_ID
)


def _saloon_template(action_id: int) -> tuple[str, int, int, int]:
    """A Saloon exchange id as a text template and where its three names (card,
    to_saloon, at_a) are read in the list (Saloon, street) of the seat's cards: indices
    0..1 are its Saloon places, 2..9 its columns. :func:`spec_to_action` says which."""
    spec = SPECS[action_id]
    places = (spec[1], 2 + spec[2], 2 + spec[3])  # the Saloon card, the card at a, at b
    probe = spec_to_action(spec, (0, 1, 2)).to_json()
    which = [places[CHARACTER_ID[probe[key]]] for key in ("card", "to_saloon", "at_a")]
    text = (
        '{"type":"saloon","card":"%s","a":'
        + str(probe["a"])
        + ',"b":'
        + str(probe["b"])
        + ',"to_saloon":"%s","at_a":"%s"}'
    )
    return text, which[0], which[1], which[2]


_SALOON: dict[int, tuple[str, int, int, int]] = {
    i: _saloon_template(i) for i, spec in enumerate(SPECS) if spec[0] == K_SALOON
}


#: The Saloon exchange ids are one block of ids, below those of every other kind but the
#: Moves, and the engine lists a position's legal ids as its Moves, then its exchanges,
#: then the rest. :func:`legal_json` relies on it only after checking it, and otherwise
#: falls back on a plain walk.
_SALOON_LOW = min(_SALOON)
_SALOON_HIGH = max(_SALOON) + 1

#: A run of exchange ids as one template (bytes: their formatting is the faster) and the
#: places of the names it takes, in order (a few dozen runs occur: the run depends on the
#: Governor's column and on the immobilized one). Bounded: a run is cheap to rebuild.
_RUNS: dict[tuple[int, ...], tuple[bytes, Callable[[Sequence[bytes]], tuple[bytes, ...]]]] = {}
_RUNS_KEPT = 128
#: Each character's name as bytes.
_NAME_BYTES = {name: name.encode() for name in CHARACTER_ID}


def _run_plan(
    run: tuple[int, ...],
) -> tuple[bytes, Callable[[Sequence[bytes]], tuple[bytes, ...]]]:
    plan = _RUNS.get(run)
    if plan is None:
        saloon = _SALOON
        if not all(action_id in saloon for action_id in run):
            raise ValueError("not a run of Saloon exchanges")
        places = [place for action_id in run for place in saloon[action_id][1:]]
        template = ",".join(saloon[action_id][0] for action_id in run).encode()
        # itemgetter of one place returns the name itself, not a 1-tuple.
        getter = itemgetter(*places) if len(places) > 1 else lambda cards: (cards[places[0]],)
        plan = (template, getter)
        if len(_RUNS) >= _RUNS_KEPT:
            _RUNS.clear()
        _RUNS[run] = plan
    return plan


def legal_json(state: State, view: View, memo: dict[str, Any] | None = None) -> str:
    """The legal actions of ``state`` as a JSON list (the same list, in the same order,
    as ``[a.to_json() for a in state.legal_actions()]``). ``view`` is the view of the seat
    to act: it names the cards a Saloon exchange moves.

    The Saloon exchanges are most of the list (some 300 of 400 actions, 25 kB of text);
    they come as one run of ids, whose text depends only on those ids and the seat's
    cards: it is made by one formatting of a template kept per run. ``memo`` (one dict
    per seat) keeps the last run's text, which the seat's next decisions often share."""
    ids = state.legal_action_ids()
    if not ids:
        return "[]"
    by_id = _ID_JSON
    start = bisect_left(ids, _SALOON_LOW)
    end = bisect_left(ids, _SALOON_HIGH, start)
    if start == end:
        if None in map(by_id.__getitem__, ids):  # exchanges, but not in one block
            return _legal_walk(ids, state, view, memo)
        return "[" + ",".join(map(by_id.__getitem__, ids)) + "]"
    # bisect is only right if the ids are in three blocks: Moves, exchanges, the rest
    # (a run's plan checks that it holds exchanges only).
    head, tail = ids[:start], ids[end:]
    if (head and max(head) >= _SALOON_LOW) or (tail and min(tail) < _SALOON_HIGH):
        return _legal_walk(ids, state, view, memo)
    parts = []
    if head:
        parts.append(",".join(map(by_id.__getitem__, head)))
    try:
        parts.append(_saloon_run(tuple(ids[start:end]), state, view, memo))
    except ValueError:
        return _legal_walk(ids, state, view, memo)
    if tail:
        parts.append(",".join(map(by_id.__getitem__, tail)))
    return "[" + ",".join(parts) + "]"


def _legal_walk(ids: list[int], state: State, view: View, memo: dict[str, Any] | None) -> str:
    """:func:`legal_json` for ids in any order: each run of exchanges on its own."""
    by_id = _ID_JSON
    parts: list[str] = []
    run: list[int] = []
    for action_id in ids:
        text = by_id[action_id]
        if text is None:
            run.append(action_id)
            continue
        if run:
            parts.append(_saloon_run(tuple(run), state, view, memo))
            run = []
        parts.append(text)
    if run:
        parts.append(_saloon_run(tuple(run), state, view, memo))
    return "[" + ",".join(parts) + "]"


def _saloon_run(run: tuple[int, ...], state: State, view: View, memo: dict[str, Any] | None) -> str:
    """The JSON text (without brackets) of a run of Saloon exchange ids."""
    assert view.viewer is not None and view.viewer == state.to_act, "needs the actor's view"
    side = view.seats[view.viewer]
    cards = side.saloon + side.street
    key = (cards, run)
    if memo is not None and memo.get("key") == key:
        return str(memo["text"])
    template, names = _run_plan(run)
    text = (template % names([_NAME_BYTES.get(name) or name.encode() for name in cards])).decode()
    if memo is not None:
        memo["key"], memo["text"] = key, text
    return text
