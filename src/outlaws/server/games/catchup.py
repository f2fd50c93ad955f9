"""Keeping a process's tables up with the database that other processes write too.

After every change it commits a process announces "game X changed" on the bus
(:meth:`CatchUp.announce`); every other process that holds X reads what is new from
the database and applies it through the engine (:meth:`CatchUp.catch_up`: the seats
joined, the placements, the actions after its own, the status, result and clock), then
wakes its room. Announcements that come while a catch-up runs are coalesced into one
more (:meth:`CatchUp.schedule`), and when the bus comes back after an outage every
table held is read again. A write refused by the database (:class:`~.storage.Conflict`)
is followed by a catch-up too, by the code that made it: :data:`CONFLICT_TRIES` bounds
those retries, and :data:`STATE_REFUSALS` names the refusals a table behind the
database may give wrongly.

Apart from :mod:`.service` because it is the one part that exists for several
processes: it knows the database, the bus and the clockwork, never the
service, and what it needs of the service (ending a game's life in memory, running a
task) is handed in as functions by :class:`~.service.GameService`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Mapping
from typing import Any

from ...engine import Action, OutlawsError, Placement
from ..common.bus import Bus, Message
from ..db.storage import Database
from .clocks import ClockState
from .clockwork import Clockwork
from .parts import Finish
from .table import Table

log = logging.getLogger(__name__)

#: The bus channel of the games' changes: ``{"game": id, "actions": n, "status": s,
#: "from": the process}``.
GAMES_CHANNEL = "games"
#: Refusals that a table behind the database may give wrongly: a process that shares
#: its database catches the game up and decides again before it refuses.
STATE_REFUSALS = frozenset({"not_your_turn", "not_started", "game_over", "illegal_action"})
#: How many times a write that another process beat is tried again (after a catch-up).
CONFLICT_TRIES = 4

#: Runs a coroutine as a task the service owns (cancelled when it stops).
Spawn = Callable[[Coroutine[Any, Any, None]], asyncio.Task[Any]]


class CatchUp:
    """The announcements and catch-ups of the games in ``active`` (the service's
    dictionary, shared; as is ``invites``, from which a claimed invite is dropped)."""

    def __init__(
        self,
        db: Database,
        bus: Bus,
        process_id: str,
        active: Mapping[str, Table],
        invites: dict[str, str],
        clockwork: Clockwork,
        *,
        finish: Finish,
        spawn: Spawn,
        changed: Callable[[Table], None],
        unwatched: Callable[[Table, str], bool],
    ) -> None:
        self.db = db
        self.bus = bus
        #: This process on the bus: it does not catch up with its own announcements.
        self.process_id = process_id
        self.active = active
        self.invites = invites
        self.clockwork = clockwork
        self._finish = finish
        self._spawn = spawn
        self._changed = changed
        self._unwatched = unwatched
        #: The catch-up under way for each game, and those asked again meanwhile.
        self._catching: dict[str, asyncio.Task[Any]] = {}
        self._catch_again: set[str] = set()

    def announce(self, table: Table) -> None:
        """Tell the other processes that ``table`` changed (they catch up from the
        database; the message is only a hint of what changed)."""
        self.bus.publish(
            GAMES_CHANNEL,
            {
                "game": table.id,
                "actions": table.actions,
                "status": table.status,
                "from": self.process_id,
            },
        )

    def heard(self, message: Message) -> None:
        """Another process changed a game: if it is at this process's table, catch up,
        unless nobody watches it here (then the other process serves its players and
        this one lets the game go: ``unwatched``)."""
        sender = message.get("from")
        if sender == self.process_id or not isinstance(sender, str):
            return
        game_id = message.get("game")
        table = self.active.get(game_id) if isinstance(game_id, str) else None
        if table is None:
            return  # not held here (a finished game changes no more)
        if self._unwatched(table, sender):
            return
        # Read again even when the message's actions and status are the table's: a
        # join, a placement or a clock changes neither.
        self.schedule(table)

    def catch_up_all(self) -> None:
        """The bus is back after an outage: what was announced meanwhile is lost, so
        every game held here is read again."""
        log.info("bus reconnected: catching up %d games", len(self.active))
        for table in list(self.active.values()):
            self.schedule(table)

    def schedule(self, table: Table) -> None:
        """Catch ``table`` up soon, under its lock; announcements that come while one
        runs make one more (never more than one waiting for each game)."""
        if table.id in self._catching:
            self._catch_again.add(table.id)
            return
        self._catching[table.id] = self._spawn(self._catch_up_soon(table))

    async def _catch_up_soon(self, table: Table) -> None:
        try:
            while True:
                self._catch_again.discard(table.id)
                async with table.lock:
                    await self.catch_up(table)
                if table.id not in self._catch_again:
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("catching up game %s failed", table.id)
        finally:
            self._catching.pop(table.id, None)

    async def catch_up(self, table: Table) -> bool:
        """Bring ``table`` up to the database (under its lock): the seats joined, the
        placements and actions other processes stored, applied by the engine in order,
        the status, result and clock; then its room is woken, and if this process runs
        the game (:class:`~.runners.Runners`) and the change handed a bot the turn, the
        bot plays. Whether anything changed."""
        row = await self.db.call(self.db.storage.load_game, table.id, table.actions)
        if row is None:  # pragma: no cover - games are never deleted
            return False
        changed = False
        for info, stored in zip(table.seats, row.seats, strict=True):
            if (info.token_hash, info.invite_hash, info.name, info.account) != (
                stored.token_hash,
                stored.invite_hash,
                stored.name,
                stored.account,
            ):
                if info.invite_hash is not None and stored.invite_hash is None:
                    self.invites.pop(info.invite_hash, None)
                info.token_hash, info.invite_hash = stored.token_hash, stored.invite_hash
                info.name, info.account = stored.name, stored.account
                changed = True
        if table.placing:
            placed = table.placed
            new = [
                (p.seat, Placement.from_json(p.placement))
                for p in row.placements
                if not placed[p.seat]
            ]
            if new:
                table.place(new)
                changed = True
        for action_row in row.actions:
            if action_row.idx != table.actions:
                if action_row.idx < table.actions:
                    continue  # pragma: no cover - read with ``since``
                raise OutlawsError(f"game {table.id}: action log has a gap at {table.actions}")
            where = f"actions[{action_row.idx}]"
            table.apply(Action.from_json(action_row.action, where=where), action_row.by)
            changed = True
        clock_state = ClockState.from_json(row.clock_state) if row.clock_state else None
        if (clock_state.to_json() if clock_state else None) != (
            table.clock_state.to_json() if table.clock_state else None
        ):
            table.set_clock(clock_state)
            changed = True
        if row.status == "over" and not table.finished:
            self._finish(table, row.result)
            changed = True
        elif row.status != table.status:
            table.set_status(row.status)
            changed = True
        if changed:
            table.changed()
            self.clockwork.arm(table)
            self._changed(table)
        return changed


__all__ = ["CONFLICT_TRIES", "GAMES_CHANNEL", "STATE_REFUSALS", "CatchUp"]
