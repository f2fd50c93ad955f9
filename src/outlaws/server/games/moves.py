"""Play: an action checked, committed and applied (:meth:`Moves.submit`), and a game's
end by resignation or timeout (:meth:`Moves.resign`, :meth:`Moves.timeout_end`).

Every accepted action goes the same way, whoever took it (a human over HTTP or a
WebSocket, a bot, a bot standing in after a timeout): the engine checks it on a copy of
the state, one :class:`Commit` (the action's row, the clock after it, the outcome) is
stored in one transaction, and only then does the table follow and the clients hear of
it. A commit another process beat (:class:`~.storage.Conflict`) changes nothing: the
table catches up and the action is answered as if the client had sent it after the
other one (the first answer for the same action, 409 ``stale``, the engine's refusal,
or the action played at the next index when the client did not pin a position).

Apart from :mod:`.service` because it is the one path by which a game moves on: it
knows the database and the clockwork, never the service, and what it needs of the
service (a catch-up, ending a game's life in memory, telling the clients) is handed in
as functions by :class:`~.service.GameService`.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ...engine import Action, OutlawsError
from ..common.errors import ApiError, from_engine
from ..common.kinds import Actor, GameResult
from ..common.settings import Settings
from ..db.storage import ActionRow, Conflict, Database, Storage
from .catchup import CONFLICT_TRIES, STATE_REFUSALS
from .clocks import ClockState
from .clockwork import Clockwork
from .parts import CatchUpTable, Changed, Finish, TableWriter
from .placing import NOT_PLACED
from .table import Table

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Commit:
    """One accepted action and all it changes, stored in one transaction before the
    table follows: the action's row in the log, the clock after it, and the outcome
    when it ends the game."""

    row: ActionRow
    action: Action
    by: Actor
    clock_state: ClockState | None
    result: GameResult | None
    #: The action's id, as its rehearsal found it.
    action_id: int | None = None

    def changes(self) -> dict[str, Any]:
        """The game row's columns this commit changes."""
        changes: dict[str, Any] = {}
        if self.result is not None:
            changes["status"] = "over"
            changes["result"] = self.result
        if self.clock_state is not None:
            changes["clock_state"] = self.clock_state.to_json()
        return changes


def check_turn(table: Table, seat: int) -> None:
    """Refuse an action of ``seat`` that is not its to take now (409)."""
    if table.kind == "imported":
        raise ApiError(409, "not_playable", "an imported game is for watching only")
    if table.finished:
        raise ApiError(409, "game_over", "the game is over", rule="R9")
    if table.status == "waiting":
        raise ApiError(409, "not_started", "the second player has not joined yet")
    if table.placing:
        raise ApiError(409, "not_started", NOT_PLACED, rule="R3.1")
    if table.to_act != seat:
        raise ApiError(409, "not_your_turn", f"it is seat {table.to_act}'s decision")


class Moves(TableWriter):
    """The actions and ends of the service's games; ``finish`` ends a game's life in
    memory."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        clockwork: Clockwork,
        *,
        shared: bool,
        catch_up: CatchUpTable,
        finish: Finish,
        changed: Changed,
    ) -> None:
        super().__init__(settings, db, clockwork, shared=shared, catch_up=catch_up, changed=changed)
        self._finish = finish
        #: The index each idempotency key's action was stored at, by (game, seat, key).
        self.answered: OrderedDict[tuple[str, int, str], int] = OrderedDict()

    async def submit(
        self,
        table: Table,
        seat: int,
        action: Action,
        by: Actor = "human",
        period: int | None = None,
        expect: int | None = None,
        key: str | None = None,
    ) -> int:
        """Validate ``action`` for ``seat``, commit it, apply it; its index in the record.

        ``period``: for a bot standing in after a timeout, the clock period it plays in
        (if that period is over, the action is refused). ``expect``: the number of
        actions the client saw when it chose this one; if the game has moved on since,
        the action is a retry of one stored (its index is answered again, nothing is
        played) or stale (409 ``stale``). ``key``: an idempotency key: an action sent
        again with the key of one stored gets that one's index, and is not played again.
        Raises :class:`ApiError`, and then nothing changed.

        With other processes on the database (:attr:`shared`), this table may be behind
        it: a client that saw more actions than it holds, a refusal that a newer
        position could lift, and a commit another process beat to the action's index
        each catch it up first (:meth:`~.catchup.CatchUp.catch_up`), and the action is
        decided again."""
        async with table.lock:
            if key is not None:
                stored = await self._answered(table, seat, key)
                if stored is not None:
                    return stored
            if self.shared and expect is not None and expect > table.actions:
                await self._catch_up(table)  # the client saw actions this process has not
            for tries_left in reversed(range(CONFLICT_TRIES)):
                index = table.actions
                try:
                    index = await self._submit_locked(table, seat, action, by, period, expect, key)
                except Conflict:
                    # Another process stored an action at this index first: this one
                    # was not applied. Caught up, the action is decided again: a retry
                    # of the one stored there gets its answer, else it is stale (with
                    # ``expect``) or played next if it still may be.
                    await self._catch_up(table)
                    if table.took(index, seat, action):
                        return index
                    if key is not None:
                        stored = await self._answered(table, seat, key)
                        if stored is not None:
                            return stored  # stored by another process, at another index
                    if not tries_left:
                        raise ApiError(
                            503, "storage", "the action could not be stored: try again"
                        ) from None
                    log.debug("game %s: action %d was stored by another process", table.id, index)
                    continue
                except ApiError as error:
                    if not (self.shared and tries_left and error.code in STATE_REFUSALS):
                        raise
                    if not await self._catch_up(table):
                        raise  # the table was not behind: the refusal stands
                    continue
                if key is not None:
                    self._remember(table, seat, key, index)
                return index
            raise AssertionError("unreachable")  # pragma: no cover

    def _remember(self, table: Table, seat: int, key: str, index: int) -> None:
        """Keep the index of ``key``'s action (the latest 10,000 keys)."""
        self.answered[table.id, seat, key] = index
        while len(self.answered) > 10_000:
            self.answered.popitem(last=False)

    async def _answered(self, table: Table, seat: int, key: str) -> int | None:
        """The index of the action ``seat`` sent with ``key``, if one was stored: this
        process remembers those it took; with other processes, the database holds the
        rest (the table is caught up to it first, so that the answer's position is
        here)."""
        found = self.answered.get((table.id, seat, key))
        if found is not None or not self.shared:
            return found
        found = await self.db.call(self.db.storage.index_of_key, table.id, seat, key)
        if found is not None:
            if found >= table.actions:
                await self._catch_up(table)
            self._remember(table, seat, key, found)
        return found

    async def _submit_locked(
        self,
        table: Table,
        seat: int,
        action: Action,
        by: Actor,
        period: int | None,
        expect: int | None,
        key: str | None = None,
    ) -> int:
        """:meth:`submit` once, under the table's lock: :class:`ApiError` if refused,
        :class:`~.storage.Conflict` if another process stored this index first."""
        if expect is not None and expect != table.actions:
            if expect < table.actions and table.took(expect, seat, action):
                return expect
            raise ApiError(
                409,
                "stale",
                f"the game has {table.actions} actions, not {expect}: this action was "
                "chosen for another position",
                field="expect",
            )
        check_turn(table, seat)
        cs = table.clock_state
        if by == "human" and cs is not None and cs.seat == seat and cs.deadline is not None:
            if self.now() >= cs.deadline:  # the clock service ends the game at once
                raise ApiError(409, "out_of_time", "this seat's time ran out")
        if period is not None:
            cs = table.clock_state
            if cs is None or cs.autopilot != period or cs.period != period:
                raise ApiError(409, "stale", "the period the bot played for is over")
        try:
            after = table.rehearse(action)
        except OutlawsError as error:
            raise from_engine(error) from None
        index = table.actions
        now = self.now()
        clock_state = self.clockwork.advance(
            table, after.to_act, dry=True, turn=after.turn, reacting=after.reacting
        )
        if clock_state is not None and after.result is not None:
            clock_state.stop(now)
        row = ActionRow(index, action.to_json(), seat, by, now, key)
        commit = Commit(row, action, by, clock_state, after.result, after.action_id)
        stored = self.db.queue_append(table.id, commit.row, commit.changes())
        # The table follows as soon as the write is committed (a callback of the write,
        # not a task of its own: an action's commit no longer costs a task and a shield),
        # even if the caller went away meanwhile (a closed socket, a shutdown).
        followed = asyncio.get_running_loop().create_future()
        stored.add_done_callback(lambda _: self._follow(table, commit, stored, followed))
        try:
            await followed
        except asyncio.CancelledError:
            # The table's lock is held until the table follows the database.
            await asyncio.shield(stored)
            raise
        return index

    def _follow(
        self,
        table: Table,
        commit: Commit,
        stored: asyncio.Future[Any],
        followed: asyncio.Future[None],
    ) -> None:
        """Once ``commit`` is stored (``stored`` done): change the table and tell everyone;
        ``followed`` gets the outcome, a refusal or failure of the write as an ApiError
        (or :class:`~.storage.Conflict`)."""
        error = stored.exception()
        outcome: BaseException | None = None
        if isinstance(error, ApiError | Conflict):
            outcome = error
        elif error is not None:
            log.error("storing an action of game %s failed", table.id, exc_info=error)
            outcome = ApiError(503, "storage", f"the action could not be stored: {error}")
        else:
            try:
                self._apply(table, commit)
            except Exception as failure:  # a fault of the server: the caller's 500
                outcome = failure
        if followed.done():  # the caller went away
            return
        if outcome is None:
            followed.set_result(None)
        else:
            followed.set_exception(outcome)

    def _apply(self, table: Table, commit: Commit) -> None:
        """Change the table by a stored ``commit`` and tell everyone."""
        table.apply(commit.action, commit.by, commit.action_id)
        table.set_clock(commit.clock_state)
        if commit.result is not None:
            self._finish(table, dict(commit.result))
        table.changed()
        self.clockwork.arm(table)
        self._changed(table)

    async def resign(self, table: Table, seat: int) -> GameResult:
        """``seat`` gives up: the other seat wins. Stored as the game's outcome."""
        async with table.lock:
            if table.kind == "imported":
                raise ApiError(409, "not_playable", "an imported game is for watching only")
            if table.finished:
                raise ApiError(409, "game_over", "the game is over", rule="R9")
            if table.placing:
                # There is no game to give up yet: nothing was dealt.
                raise ApiError(409, "not_started", NOT_PLACED, rule="R3.1")
            result: GameResult = {"winner": 1 - seat, "how": "resign", "loser": seat}
            for tries_left in reversed(range(CONFLICT_TRIES)):
                try:
                    await self._store_end(table, result)
                    return result
                except Conflict:
                    # Another process ended the game or played on: caught up, the
                    # resignation stands unless the game is over now.
                    await self._catch_up(table)
                    if table.finished:
                        raise ApiError(409, "game_over", "the game is over", rule="R9") from None
                    if not tries_left:
                        failed = ApiError(503, "storage", "the resignation could not be stored")
                        raise failed from None
            raise AssertionError("unreachable")  # pragma: no cover

    async def timeout_end(self, table: Table, result: GameResult) -> None:
        """A deadline ends the game (the clockwork's, under the table's lock). Another
        process holding the game may have ended it first, or played in time: then its
        end stands, this table catches up, and nothing else happens."""
        try:
            await self._store_end(table, result)
        except Conflict:
            log.debug("game %s: its end was decided by another process", table.id)
            await self._catch_up(table)

    async def _store_end(self, table: Table, result: GameResult) -> None:
        """End the game by ``result`` (resignation, timeout): stored, then announced.
        :class:`~.storage.Conflict` if the game, as stored, is over already or holds
        actions this table has not (another process's), and then nothing changed."""
        clock_state = table.clock_state.copy() if table.clock_state else None
        if clock_state is not None:
            clock_state.stop(self.now())
        changes: dict[str, Any] = {"status": "over", "result": result}
        if clock_state is not None:
            changes["clock_state"] = clock_state.to_json()
        seen = table.actions
        await self.db.write(lambda conn: Storage.end_game(conn, table.id, seen, **changes))
        table.set_clock(clock_state)
        self._finish(table, dict(result))
        table.changed()
        self._changed(table)


__all__ = ["Commit", "Moves", "check_turn"]
