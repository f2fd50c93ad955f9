"""Rematch: after a game, either player offers the next one, seats swapped; the other
accepts (or declines), and both go straight to the new table.

- **Offer** (``POST /games/{id}/rematch`` by a seat of a finished game): stored with the
  game (its ``meta["rematch"]``), with the offerer's seat token for the new game already
  chosen. The offerer gets that token in its answer: when the other accepts, the offerer
  needs nothing more than the new game's id, which every connection to the old game is
  sent (a ``rematch`` message), on every process (:data:`REMATCH_CHANNEL`).
- **Accept**: the same request by the other seat. The new game (its id chosen with the
  offer) is stored in the same transaction as the acceptance, under the old game's row
  lock: accepted once, whatever the processes and the clicks. Against a bot, the bot
  accepts at once.
- **Decline or withdraw** (``DELETE``): the offer is gone, for both.

The new game keeps the old one's clock, turn limit, way of placing and rating; each seat
changes hands (the first move is the seed's, as always).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import Connection

from ...engine import State
from ..accounts.store import give_seat
from ..common.bus import Bus, Message
from ..common.errors import ApiError
from ..common.kinds import TableStatus
from ..db.storage import Database, Storage
from ..games.clocks import ClockState
from ..games.rated import check_rated_terms
from ..games.table import SeatInfo, Table
from ..http.auth import hash_token, new_token
from ..live.hub import Hub

#: The bus channel of rematches: ``{"game": old id, "offered_by": seat or None,
#: "next": the new game's id once accepted}``.
REMATCH_CHANNEL = "rematch"

#: Stores and holds a new game (:meth:`~.service.GameService.launch`).
Launch = Callable[..., Awaitable[None]]


@dataclass(frozen=True, slots=True)
class RematchAnswer:
    """What a seat gets: the state of the rematch, and its seat of the new game (its
    token shown once), when it offered or accepted."""

    state: Literal["offered", "accepted"]
    game: str
    seat: int
    token: str


def public(meta: dict[str, Any]) -> dict[str, Any]:
    """The rematch as everyone may know it: who offered, and the new game once accepted."""
    offer = meta.get("rematch") or {}
    accepted = bool(offer.get("accepted"))
    return {"offered_by": offer.get("by"), "game": offer.get("next") if accepted else None}


class Rematches:
    """The rematches of the games of one process."""

    def __init__(
        self,
        db: Database,
        bus: Bus,
        hub: Hub,
        now: Callable[[], float],
        launch: Launch,
        started: Callable[[Table], None],
    ) -> None:
        self.db = db
        self.bus = bus
        self.hub = hub
        self.now = now
        self._launch = launch
        self._started = started

    def start(self) -> Callable[[], None]:
        return self.bus.subscribe(REMATCH_CHANNEL, self.heard)

    def heard(self, message: Message) -> None:
        """Tell this process's connections to the game (seats and spectators)."""
        game = message.get("game")
        room = self.hub.rooms.get(game) if isinstance(game, str) else None
        if room is None:
            return
        out = {
            "type": "rematch",
            "offered_by": message.get("offered_by"),
            "game": message.get("next"),
        }
        for conn in list(room.conns):
            conn.push(out)

    def _announce(self, game_id: str, meta: dict[str, Any]) -> None:
        state = public(meta)
        self.bus.publish(
            REMATCH_CHANNEL,
            {"game": game_id, "offered_by": state["offered_by"], "next": state["game"]},
        )

    async def state(self, table: Table) -> dict[str, Any]:
        """The rematch of ``table`` as stored (another process may have changed it)."""
        meta = await self.db.call(self.db.storage.game_meta, table.id)
        return public(meta)

    async def offer(self, table: Table, seat: int, account: str | None) -> RematchAnswer:
        """``seat`` offers a rematch, or accepts the other seat's offer."""
        if not table.finished or table.kind == "imported":
            raise ApiError(409, "not_over", "a rematch is offered once the game is over")
        if table.meta.get("tutorial"):
            raise ApiError(409, "tutorial", "the tutorial is played once: start a game instead")
        if table.meta.get("rated") and account is None:
            raise ApiError(409, "account_needed", "this game was rated: sign in to play it again")
        against_bot = any(info.kind == "bot" for info in table.seats)
        token = new_token()
        stored = await self.db.call(self.db.storage.game_meta, table.id)
        offer = stored.get("rematch") or {}
        if offer.get("accepted"):
            raise ApiError(409, "rematch_started", "the rematch has started")
        if offer and offer.get("by") == seat:
            raise ApiError(409, "rematch_offered", "you offered a rematch: wait for the answer")
        if not offer and not against_bot:
            return await self._offer(table, seat, account, token)
        return await self._accept(table, seat, account, token, offer, against_bot)

    async def _offer(
        self, table: Table, seat: int, account: str | None, token: str
    ) -> RematchAnswer:
        new_id = secrets.token_urlsafe(8)

        def op(conn: Connection) -> dict[str, Any]:
            meta = Storage.locked_meta(conn, table.id)
            if meta.get("rematch"):
                raise ApiError(409, "rematch_offered", "a rematch was just offered: look again")
            meta["rematch"] = {
                "by": seat,
                "next": new_id,
                "hash": hash_token(token),
                "account": account,
                "at": self.now(),
            }
            Storage.update_game(conn, table.id, meta=meta)
            return meta

        meta = await self.db.write(op)
        self._announce(table.id, meta)
        return RematchAnswer("offered", new_id, 1 - seat, token)

    async def _accept(
        self,
        table: Table,
        seat: int,
        account: str | None,
        token: str,
        offer: dict[str, Any],
        against_bot: bool,
    ) -> RematchAnswer:
        """Start the rematch ``offer`` proposed (none against a bot): checked again under
        the old game's row lock, in the transaction that stores the new game."""
        if table.meta.get("rated"):
            # Rated again only on the terms of rated play, between two accounts.
            check_rated_terms(table.clock, table.turn_limit)
            if offer and offer.get("account") == account:
                raise ApiError(409, "own_game", "both seats are your account's: not rated")
        new_id = str(offer.get("next") or secrets.token_urlsafe(8))
        seed = secrets.randbits(62)
        placement = table.meta.get("placement", "choose")
        state = None
        if placement == "random":
            state = State.new(seed=seed, turn_limit=table.turn_limit)
        hashes = {1 - seat: hash_token(token)}
        if offer:
            hashes[1 - int(offer["by"])] = str(offer["hash"])
        # The seats change hands: who played seat 0 plays seat 1.
        seats = [
            SeatInfo(
                old.kind,
                old.bot,
                old.name,
                hashes.get(new) if old.kind == "human" else None,
                account=old.account,
            )
            for new, old in enumerate(reversed(table.seats))
        ]
        status: TableStatus = "placing" if state is None else "playing"
        new = Table(
            id=new_id,
            kind=table.kind,
            created_at=self.now(),
            state=state,
            seats=seats,
            status=status,
            clock=table.clock,
            clock_state=ClockState.fresh(table.clock) if table.clock else None,
            meta={
                "placement": placement,
                "rematch_of": table.id,
                **({"rated": True} if table.meta.get("rated") else {}),
            },
            seed=seed,
            turn_limit=table.turn_limit,
        )
        accepted: dict[str, Any] = {}

        def also(conn: Connection) -> None:
            meta = Storage.locked_meta(conn, table.id)
            now_offer = meta.get("rematch") or {}
            if now_offer.get("accepted"):
                raise ApiError(409, "rematch_started", "the rematch has started")
            if not against_bot and now_offer.get("next") != new_id:
                raise ApiError(409, "rematch_withdrawn", "the offer was withdrawn")
            meta["rematch"] = {**now_offer, "by": now_offer.get("by", seat), "next": new_id}
            meta["rematch"]["accepted"] = True
            Storage.update_game(conn, table.id, meta=meta)
            accepted.update(meta)
            # Each seat of the new game is its player's account's, as the old one was.
            now = self.now()
            if account is not None:
                give_seat(conn, account, hash_token(token), new_id, 1 - seat, now)
            if offer.get("account"):
                offerer = 1 - int(offer["by"])
                give_seat(conn, str(offer["account"]), str(offer["hash"]), new_id, offerer, now)

        await self._launch(new, seed=seed, state=state, turn_limit=table.turn_limit, also=also)
        self._started(new)
        self._announce(table.id, accepted)
        return RematchAnswer("accepted", new_id, 1 - seat, token)

    async def withdraw(self, table: Table) -> None:
        """Decline the other seat's offer, or withdraw one's own (before it is accepted)."""

        def op(conn: Connection) -> dict[str, Any]:
            meta = Storage.locked_meta(conn, table.id)
            offer = meta.get("rematch") or {}
            if offer.get("accepted"):
                raise ApiError(409, "rematch_started", "the rematch has started")
            meta.pop("rematch", None)
            Storage.update_game(conn, table.id, meta=meta)
            return meta

        self._announce(table.id, await self.db.write(op))
