"""The tables one server process holds: the games being played (and waiting), the
finished ones recently opened, and the invites of free seats; a game not held is read
from the database and rebuilt (:mod:`.rebuild`) when it is asked for."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence

from ...engine import OutlawsError
from ..common.errors import ApiError, bad_token, unknown_game
from ..common.settings import Settings
from ..db.storage import Database
from ..http.auth import hash_token
from .rebuild import rebuild
from .table import Summary, Table


class Holding:
    """The tables in memory. ``watched(game_id)``: whether a client watches the game (a
    watched finished game is kept); ``adopted(table)``: called for an unfinished game
    read from the database (another process created it), which is played here too;
    ``catch_up(table)`` brings a table up to the database; ``device_seat(token_hash,
    game_id)`` is the seat a device token of an account holds."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        watched: Callable[[str], bool],
        adopted: Callable[[Table], None],
        catch_up: Callable[[Table], Awaitable[bool]],
        device_seat: Callable[[str, str], Awaitable[int | None]],
    ) -> None:
        self.settings = settings
        self.db = db
        self.shared = db.shared
        self.watched = watched
        self.adopted = adopted
        self.catch_up = catch_up
        self.device_seat = device_seat
        #: Games still being played (or waiting for a second player).
        self.active: dict[str, Table] = {}
        #: Finished games recently opened, least recently first.
        self.finished: OrderedDict[str, Table] = OrderedDict()
        #: The game of each free seat's invite, by the invite's hash.
        self.invites: dict[str, str] = {}

    def hold(self, table: Table) -> None:
        """Hold an unfinished game, and the invites of its free seats."""
        self.active[table.id] = table
        for info in table.seats:
            if info.invite_hash is not None:
                self.invites[info.invite_hash] = table.id

    def held(self, game_id: str) -> Table | None:
        """The game if it is in memory (never read from the database)."""
        return self.active.get(game_id) or self.finished.get(game_id)

    async def table(self, game_id: str) -> Table:
        """The game ``game_id`` (loaded from the database if it is not in memory)."""
        table = self.active.get(game_id) or self.finished.get(game_id)
        if table is not None:
            if game_id in self.finished:
                self.finished.move_to_end(game_id)
            return table
        if len(game_id) > 64:
            raise unknown_game(game_id[:64])
        row = await self.db.call(self.db.storage.load_game, game_id)
        if row is None:
            raise unknown_game(game_id)
        # Another request may have loaded it meanwhile.
        table = self.active.get(game_id) or self.finished.get(game_id)
        if table is None:
            try:
                table = rebuild(row)
            except OutlawsError as error:
                raise ApiError(
                    500, "corrupt_game", f"game {game_id} cannot be replayed: {error}"
                ) from None
            if table.finished:
                self.remember_finished(table)
            else:
                # A game another process created (or this one left out): played here
                # from now on too. Caught up once more, for a change announced while it
                # was being read.
                self.hold(table)
                self.adopted(table)
        return table

    async def seat_of(self, game_id: str, token: str | None) -> tuple[Table, int | None]:
        """The table and the seat ``token`` holds in it (None: a spectator, no token).

        The token is a seat's own, or one an account was given for a device of its
        (:meth:`.Accounts.device_token`). With other processes, a token this table does
        not know may be of a seat taken through another process a moment ago: the table
        is caught up before the token is refused. A token that holds no seat of this
        game is refused, not taken for a spectator."""
        table = await self.table(game_id)
        if token is None or token == "":
            return table, None
        hashed = hash_token(token)
        seat = table.seat_of_token(hashed)
        if seat is None and self.shared and not table.finished:
            async with table.lock:
                await self.catch_up(table)
            seat = table.seat_of_token(hashed)
        if seat is None:
            seat = await self.device_seat(hashed, table.id)
        if seat is None:
            raise bad_token()
        return table, seat

    def remember_finished(self, table: Table) -> None:
        self.finished[table.id] = table
        self.finished.move_to_end(table.id)
        while len(self.finished) > self.settings.finished_cache:
            old_id = next(iter(self.finished))
            if self.watched(old_id):
                self.finished.move_to_end(old_id)
                break
            del self.finished[old_id]

    # -- listing -----------------------------------------------------------------------
    async def my_games(self, tokens: Sequence[str]) -> list[Summary]:
        """A summary of each game that one of ``tokens`` holds a seat in."""
        hashes = [hash_token(t) for t in tokens]
        return await self.summaries(await self.db.call(self.db.storage.seats_of_tokens, hashes))

    async def summaries(self, found: Sequence[tuple[str, int]]) -> list[Summary]:
        """A summary of each (game, seat), newest game first (a game that cannot be read
        is left out)."""
        out = []
        for game_id, seat in found:
            try:
                table = await self.table(game_id)
            except ApiError:
                continue
            out.append(table.summary(seat))
        out.sort(key=lambda g: -g.created_at)
        return out
