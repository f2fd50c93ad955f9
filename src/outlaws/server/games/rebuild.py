"""A game's table rebuilt from its stored row: the record replayed by the engine.

Used when a process starts (every unfinished game) and when it opens a game it does not
hold (another process's, or a finished one). Apart from :mod:`.service` because it is a
pure function of the stored row: it knows the engine and the table, nothing of the
service, the database or the other processes.
"""

from __future__ import annotations

from ...engine import Action, OutlawsError, Placement, Setup, State
from ..db.storage import GameRow
from .clocks import ClockConfig, ClockState
from .table import SeatInfo, Table


def rebuild(row: GameRow) -> Table:
    """A table from its stored row: the record is replayed by the engine; a game
    still placing comes back with the placements made so far."""
    state = None
    placements: list[Placement | None] = [None, None]
    if row.setup is None:
        for placed in row.placements:
            placements[placed.seat] = Placement.from_json(placed.placement)
    else:
        setup = Setup.from_json(row.setup)
        state = State.new(seed=row.seed, setup=setup, turn_limit=row.turn_limit)
        for number, action_row in enumerate(row.actions):
            if action_row.idx != number:
                raise OutlawsError(f"action log has a gap at {number}")
            state.apply(Action.from_json(action_row.action, where=f"actions[{number}]"))
    return Table(
        id=row.id,
        kind=row.kind,
        created_at=row.created_at,
        state=state,
        seats=[
            SeatInfo(s.kind, s.bot, s.name, s.token_hash, s.invite_hash, s.account)
            for s in row.seats
        ],
        status=row.status,
        result=row.result,
        clock=ClockConfig.from_json(row.clock) if row.clock else None,
        clock_state=ClockState.from_json(row.clock_state) if row.clock_state else None,
        meta=row.meta,
        actors=[a.by for a in row.actions],
        seed=row.seed,
        turn_limit=row.turn_limit,
        placements=placements,
    )


__all__ = ["rebuild"]
