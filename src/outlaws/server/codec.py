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
from types import MappingProxyType
from typing import Any

from ..engine import Event, SeatView, State, View
from ..engine.actions import ACTION_OF_ID, K_SALOON, SPECS, spec_to_action
from ..engine.names import CHARACTER_ID


def dumps(value: Any) -> str:
    """Compact JSON text."""
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


def legal_json(state: State, view: View, memo: dict[str, Any] | None = None) -> str:
    """The legal actions of ``state`` as a JSON list (the same list, in the same order,
    as ``[a.to_json() for a in state.legal_actions()]``). ``view`` is the view of the seat
    to act: it names the cards a Saloon exchange moves.

    The Saloon exchanges are most of the list; they come as one run of ids, whose text
    depends only on those ids and the seat's cards. ``memo`` (one dict per seat) keeps
    the last run's text, which the seat's next decisions mostly share."""
    by_id = _ID_JSON
    parts: list[str] = []
    run: list[int] = []
    for action_id in state.legal_action_ids():
        text = by_id[action_id]
        if text is None:
            run.append(action_id)
            continue
        if run:
            parts.append(_saloon_run(run, state, view, memo))
            run = []
        parts.append(text)
    if run:
        parts.append(_saloon_run(run, state, view, memo))
    return "[" + ",".join(parts) + "]"


def _saloon_run(run: list[int], state: State, view: View, memo: dict[str, Any] | None) -> str:
    """The JSON text (without brackets) of a run of Saloon exchange ids."""
    assert view.viewer is not None and view.viewer == state.to_act, "needs the actor's view"
    side = view.seats[view.viewer]
    cards = side.saloon + side.street
    key = (cards, tuple(run))
    if memo is not None and memo.get("key") == key:
        return memo["text"]
    saloon = _SALOON
    texts = []
    for action_id in run:
        template, i, j, k = saloon[action_id]
        texts.append(template % (cards[i], cards[j], cards[k]))
    text = ",".join(texts)
    if memo is not None:
        memo["key"], memo["text"] = key, text
    return text
