"""The placement phase (R3.1): each seat places its own cards before the first action.

A placement goes the way an action does: committed, then taken by the table
(:meth:`Placing.commit`), and the one that completes both starts the game in the same
transaction (its setup, status and clock). A seat may place by hand or at random
(:meth:`Placing.place`); when the placing time runs out the clockwork places the late
seats at random (:meth:`Placing.late`). Another process may have placed first: the
database refuses the second write (:class:`~.storage.Conflict`), the table catches up
and the placement is decided again.

Apart from :mod:`.service` because the phase ends where play begins and shares nothing
with it but the table: it knows the database and the clockwork, never the service, and
what it needs of the service (a catch-up, telling the clients) is handed in as functions
by :class:`~.service.GameService`.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import Connection

from ...engine import Placement
from ..common.errors import ApiError
from ..db.storage import Conflict, PlacementRow, Storage
from .catchup import CONFLICT_TRIES
from .parts import TableWriter
from .table import Table

log = logging.getLogger(__name__)

#: What a refusal says while the seats place: there is no game yet.
NOT_PLACED = "the game starts when both seats have placed their cards (R3.1)"


class Placing(TableWriter):
    """The placements of the service's games."""

    async def place(self, table: Table, seat: int, placement: Placement | None) -> Placement:
        """``seat`` places its cards (None: at random); the placement it made.

        Committed before it counts; the second placement starts the game in the same
        transaction. Raises :class:`ApiError` (409 ``already_placed``, ``not_placing``),
        and then nothing changed."""
        async with table.lock:
            if table.kind == "imported":
                raise ApiError(409, "not_playable", "an imported game is for watching only")
            if self.shared:
                # Another process may have taken a placement this one has not heard of.
                await self._catch_up(table)
            for tries_left in reversed(range(CONFLICT_TRIES)):
                if table.meta.get("placement") == "choose" and table.placed[seat]:
                    raise ApiError(
                        409, "already_placed", "this seat has placed its cards already", rule="R3.1"
                    )
                if not table.placing:
                    raise ApiError(
                        409,
                        "not_placing",
                        "this game is not placing its cards: they were dealt from its seed",
                        rule="R3.1",
                    )
                made = placement if placement is not None else table.random_placement(seat)
                try:
                    await self.commit(table, [(seat, made)])
                    return made
                except Conflict:
                    # Another process stored a placement first (this seat's: refused
                    # above, the other seat's: this one completes the game now).
                    await self._catch_up(table)
                    if not tries_left:
                        raise ApiError(
                            503, "storage", "the placement could not be stored"
                        ) from None
            raise AssertionError("unreachable")  # pragma: no cover

    async def late(self, table: Table, placements: list[tuple[int, Placement]]) -> None:
        """The placing time ran out (the clockwork's, under the table's lock): late seats
        get random placements, unless another process placed for them first."""
        try:
            await self.commit(table, placements)
        except Conflict:
            log.debug("game %s: late placements made by another process", table.id)
            await self._catch_up(table)

    async def commit(self, table: Table, placements: list[tuple[int, Placement]]) -> None:
        """Store these placements (and, if they are the last, the start of the game:
        its setup, status and clock) in one transaction; only then change the table.
        Under the table's lock."""
        try:
            after = table.rehearse_placement(placements)
        except RuntimeError as error:  # pragma: no cover - checked by the caller
            raise ApiError(409, "already_placed", str(error), rule="R3.1") from None
        now = self.now()
        rows = [PlacementRow(seat, placement.to_json(), now) for seat, placement in placements]
        changes: dict[str, Any] = {}
        clock_state = table.clock_state.copy() if table.clock_state else None
        if after.setup is not None:
            changes = {"setup": after.setup, "status": "playing"}
            if clock_state is not None and table.clock is not None:
                clock_state.advance(table.clock, after.to_act, table.timed_seats(), now, 1)
                changes["clock_state"] = clock_state.to_json()

        def op(conn: Connection) -> None:
            Storage.lock_game(conn, table.id)
            for row in rows:
                Storage.insert_placement(conn, table.id, row)
            if not changes and Storage.placements_made(conn, table.id) == 2:
                # The other seat placed through another process meanwhile: this write
                # must start the game, so it is made again once caught up.
                raise Conflict(f"both seats of {table.id} have placed")
            if changes:
                Storage.update_game(conn, table.id, **changes)

        try:
            await self.db.write(op)
        except Conflict:
            raise
        except Exception as error:
            log.error("storing a placement of game %s failed: %s", table.id, type(error).__name__)
            raise ApiError(503, "storage", "the placement could not be stored") from None
        table.place(placements)
        if after.setup is not None:
            table.set_status("playing")
            table.set_clock(clock_state)
        table.changed()
        self.clockwork.arm(table)
        self._changed(table)


__all__ = ["NOT_PLACED", "Placing"]
