"""A :class:`~outlaws.engine.View` as plain picklable values and back, exactly (a view
holds read-only mappings, which do not pickle): what a bot's worker process receives
(:mod:`.botpool`)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...engine import Event, SeatView, View

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
