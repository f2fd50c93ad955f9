"""Seating players: a new game (against a bot or a friend, the guided game, a rated or
an open one) stored and held, and a friend's seat taken through its invite or from the
lobby. Each seat gets a secret token, shown once: only its hash is stored."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from sqlalchemy import Connection

from ...bots.placement import bot_placement
from ...bots.tutorial import LEARNER, tutorial_setup
from ...engine import Placement, State
from ..accounts.store import accounts_of_game
from ..common.errors import ApiError
from ..common.kinds import PlacementMode, TableStatus
from ..db.storage import GameRow, PlacementRow, SeatRow, Storage
from ..http.auth import hash_token, new_token
from .clocks import ClockConfig, ClockState
from .rated import BOT_RATINGS, bot_rating, check_rated_terms
from .table import SeatInfo, Table

if TYPE_CHECKING:
    from .service import GameService


@dataclass(frozen=True, slots=True)
class SeatGrant:
    """A seat handed to a player: the game, the seat and its secret token (shown once:
    only its hash is stored)."""

    game: str
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class NewGame(SeatGrant):
    """A game just created: the creator's seat, and the invite for a friend's seat."""

    invite: str | None


class Seating:
    """Creating games and taking their seats, for the game service ``games``."""

    def __init__(self, games: GameService) -> None:
        self.games = games

    async def create(
        self,
        *,
        opponent: Literal["bot", "friend"],
        bot: str | None,
        seat: int | None,
        name: str | None,
        clock: ClockConfig | None,
        turn_limit: int | None,
        placement: PlacementMode = "choose",
        tutorial: bool = False,
        rated: bool = False,
        open_game: bool = False,
        account: str | None = None,
    ) -> NewGame:
        """A new game against a bot or a friend; the creator's seat token (and the
        invite for the friend's seat).

        ``placement="choose"``: each seat places its own cards before play (R3.1), a bot
        at once; ``"random"``: the seed deals everything and play starts now.
        ``tutorial``: the guided game, from its fixed position (bots/tutorial.py).
        ``rated``: its result moves the players' ratings (:mod:`.standings`); against a
        bot, one of fixed rating only (422 ``unrated_bot``); on the fixed terms of rated
        play only (422 ``rated_terms``: :func:`.check_rated_terms`).
        ``open_game``: a friend game listed in the lobby while its creator (of
        ``account``, if signed in) is at its table, for anyone to join (:mod:`.lobby`)."""
        if tutorial:
            seat, bot, placement = LEARNER, "tutorial", "random"
        if seat is None:
            seat = secrets.randbelow(2)
        seed = secrets.randbits(62)
        state = None
        if placement == "random":
            setup = tutorial_setup() if tutorial else None
            state = State.new(seed=seed, setup=setup, turn_limit=turn_limit)
        token = new_token()
        invite = None
        seats = [SeatInfo("human"), SeatInfo("human")]
        status: TableStatus
        seats[seat] = SeatInfo(
            "human", name=name, token_hash=hash_token(token), account=account is not None
        )
        if opponent == "bot":
            assert bot is not None
            if rated and bot_rating(bot) is None:
                raise ApiError(
                    422,
                    "unrated_bot",
                    f"the bot {bot} has no fixed rating yet: play it unrated, or rate a game "
                    f"against {', '.join(BOT_RATINGS)}",
                    field="bot",
                )
            seats[1 - seat] = SeatInfo("bot", bot=bot, name=bot)
            status = "playing" if state is not None else "placing"
        else:
            invite = new_token()
            seats[1 - seat] = SeatInfo("human", invite_hash=hash_token(invite))
            status = "waiting"
        if rated:
            check_rated_terms(clock, turn_limit)
        table = Table(
            id=secrets.token_urlsafe(8),
            kind=opponent,
            created_at=self.games.now(),
            state=state,
            seats=seats,
            status=status,
            clock=clock,
            clock_state=ClockState.fresh(clock) if clock else None,
            meta={
                "placement": placement,
                **({"tutorial": True} if tutorial else {}),
                **({"rated": True} if rated else {}),
                **(
                    {"open": True, "host": name, "host_account": account}
                    if open_game and opponent == "friend"
                    else {}
                ),
            },
            seed=seed,
            turn_limit=turn_limit,
        )
        await self.launch(table, seed=seed, state=state, turn_limit=turn_limit)
        if invite is not None:
            self.games.holding.invites[hash_token(invite)] = table.id
        self.games.after_change(table)
        return NewGame(game=table.id, seat=seat, token=token, invite=invite)

    async def launch(
        self,
        table: Table,
        *,
        seed: int,
        state: State | None,
        turn_limit: int | None,
        also: Callable[[Connection], None] | None = None,
    ) -> None:
        """Store a new game and hold it here (its clients not told yet). A bot seat
        places at once, from a seed of its own (secret like the game's), and the clock
        starts. ``also`` runs in the same transaction, after the game's rows: what it
        raises stores nothing (a rematch stores its acceptance with the game it starts)."""
        now = self.games.now()
        bot_rows: list[PlacementRow] = []
        bot_placements: list[tuple[int, Placement]] = []
        if table.placing:
            for seat, info in enumerate(table.seats):
                if info.kind == "bot" and info.bot is not None:
                    bot_seed = table.bot_placement_seed(seat)
                    made = await asyncio.to_thread(bot_placement, info.bot, bot_seed, seat)
                    bot_placements.append((seat, made))
                    bot_rows.append(PlacementRow(seat, made.to_json(), now))
        if table.status == "playing":
            self.games.clockwork.advance(table, table.to_act)
        elif table.status == "placing":
            self.games.clockwork.start_placing(table)
        row = GameRow(
            id=table.id,
            created_at=table.created_at,
            kind=table.kind,
            status=table.status,
            seed=seed,
            setup=state.setup.to_json() if state is not None and state.setup else None,
            turn_limit=turn_limit,
            result=None,
            clock=table.clock.to_json() if table.clock else None,
            clock_state=table.clock_state.to_json() if table.clock_state else None,
            meta=table.meta,
            seats=[
                SeatRow(i, s.kind, s.bot, s.name, s.token_hash, s.invite_hash)
                for i, s in enumerate(table.seats)
            ],
            placements=bot_rows,
        )

        def store(conn: Connection) -> None:
            Storage.insert_game(conn, row)
            self.games.runners.created(conn, row.id)
            if also is not None:
                also(conn)

        await self.games.db.write(store)
        self.games.runners.started(table.id)
        if bot_placements:
            table.place(bot_placements)
        self.games.holding.active[table.id] = table
        self.games.clockwork.arm(table)

    async def invite_open(self, invite: str) -> bool:
        """Whether the invite's seat is still free (an invite is forgotten once spent)."""
        table = await self.table_of_invite(hash_token(invite))
        return table is not None and not table.finished

    async def table_of_invite(self, invite_hash: str) -> Table | None:
        """The game an invite was made for, while its seat is free (as far as this
        process knows; the database has the last word when the seat is claimed). An
        invite made by another process is looked up in the database."""
        game_id = self.games.holding.invites.get(invite_hash)
        if game_id is None and self.games.shared:
            game_id = await self.games.db.call(self.games.db.storage.game_of_invite, invite_hash)
            if game_id is not None:
                with contextlib.suppress(ApiError):
                    await self.games.table(game_id)
        return self.games.active.get(game_id) if game_id else None

    async def join(self, invite: str, name: str | None, account: str | None = None) -> SeatGrant:
        """Take the seat an invite was made for: its secret token (the invite is spent).
        A rated game's seat is for an ``account`` only (409 ``account_needed``), and not
        the account of its other seat (409 ``own_game``)."""
        invite_hash = hash_token(invite)
        table = await self.table_of_invite(invite_hash)
        if table is None:
            raise ApiError(
                404, "unknown_invite", "this invite is unknown or already used", field="invite"
            )
        return await self._claim(table, invite_hash, name, account)

    async def join_open(self, game_id: str, name: str | None, account: str | None) -> SeatGrant:
        """Take the free seat of an open game of the lobby. Of two players who click at
        once, one gets it, the other 409 ``seek_taken``; the creator's own account
        cannot take it (409 ``own_game``)."""
        table = await self.games.table(game_id)
        if self.games.shared and not table.finished:
            async with table.lock:
                await self.games.sync.catch_up(table)
        free = next((info.invite_hash for info in table.seats if info.invite_hash), None)
        if table.status != "waiting" or not table.meta.get("open") or free is None:
            raise ApiError(409, "seek_taken", "this game is no longer open: its seat is taken")
        if account is not None and account == table.meta.get("host_account"):
            raise ApiError(409, "own_game", "this is your own open game: wait for an opponent")
        try:
            return await self._claim(table, free, name, account)
        except ApiError as error:
            if error.code != "unknown_invite":
                raise
            raise ApiError(
                409, "seek_taken", "this game is no longer open: its seat is taken"
            ) from None

    async def _claim(
        self, table: Table, invite_hash: str, name: str | None, account: str | None
    ) -> SeatGrant:
        """Turn the seat of ``invite_hash`` into a player's, once, and start the game."""
        async with table.lock:
            seat = next(
                (s for s, info in enumerate(table.seats) if info.invite_hash == invite_hash), None
            )
            if seat is None:
                raise ApiError(404, "unknown_invite", "this invite is already used", field="invite")
            if table.meta.get("rated") and account is None:
                raise ApiError(
                    409, "account_needed", "this game is rated: sign in to take its seat"
                )
            token = new_token()
            token_hash = hash_token(token)
            # Both seats are there: the seats place their cards (R3.1), or play starts.
            status: TableStatus = "placing" if table.placing else "playing"
            clock_state = table.clock_state.copy() if table.clock_state else None
            if clock_state is not None and table.clock is not None:
                if table.placing:
                    self.games.clockwork.placing_deadline(table.clock, clock_state)
                else:
                    timed = [s for s, info in enumerate(table.seats) if info.kind == "human"]
                    clock_state.advance(
                        table.clock,
                        table.to_act,
                        timed,
                        self.games.now(),
                        table.turn,
                        table.reacting,
                    )

            def op(conn: Connection) -> Any:
                holders = accounts_of_game(conn, table.id).values()
                if table.meta.get("rated") and account in {held for held, _ in holders}:
                    raise ApiError(
                        409, "own_game", "this rated game is your own: another player takes it"
                    )
                claimed = Storage.claim_invite(conn, invite_hash, token_hash, name)
                if claimed is None:
                    raise ApiError(404, "unknown_invite", "this invite is already used")
                Storage.update_game(
                    conn,
                    table.id,
                    status=status,
                    clock_state=clock_state.to_json() if clock_state else None,
                )
                return claimed

            try:
                await self.games.db.write(op)
            except ApiError:
                # Claimed through another process: this table is behind.
                self.games.sync.schedule(table)
                raise
            self.games.holding.invites.pop(invite_hash, None)
            info = table.seats[seat]
            info.token_hash, info.invite_hash, info.name = token_hash, None, name
            info.account = account is not None
            table.set_status(status)
            table.set_clock(clock_state)
            table.changed()
            self.games.clockwork.arm(table)
            self.games.after_change(table)
        return SeatGrant(game=table.id, seat=seat, token=token)


__all__ = ["NewGame", "SeatGrant", "Seating"]
