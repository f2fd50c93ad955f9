"""The wiring: every part of one server process, built once, connected, started and
stopped in order. The one place that knows them all (the features never import each
other upward, :mod:`tests.test_architecture`); routes get their parts by FastAPI
dependencies (:func:`outlaws.server.http.routing.part`) from the app's state, where
:meth:`House.install` puts them.

How the parts hear each other, without importing each other:

- the games tell the hub of every change (:class:`~.games.service.Audience`), and call
  :attr:`~.games.service.GameService.ended` with each game that ends: the ratings settle
  a rated one here;
- the lobby hears games start and end on the bus (the games' channel), as every process
  does, and presence from the sockets;
- a rematch stores and holds its new game through the games' seating, and signing out
  everywhere ends the seat tokens of the tables held here;
- the analyses read a finished game's record from the table its route holds.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from fastapi import FastAPI

from .accounts.service import Accounts
from .analysis.jobs import Analyses
from .chat.rooms import Chat
from .cluster.bus import make_bus
from .common.settings import Settings
from .db.storage import Database, Storage
from .games.service import GameService
from .games.table import Table
from .live.hub import Hub
from .live.presence import Presence
from .live.signout import SignOut
from .lobby.feed import LobbyFeed
from .lobby.rematch import Rematches
from .ratings.standings import Standings


class House:
    """The parts of one server process (as lila's modules are built by its env)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        now = settings.now
        self.db = Database(
            Storage(settings.db_url, settings.sqlite_synchronous), settings.commit_window
        )
        #: The bus between server processes (this process alone by default).
        self.bus = settings.bus if settings.bus is not None else make_bus(settings.redis_url)
        #: Whether other processes may write this database: a table may then be behind it.
        self.db.shared = settings.bus is not None or settings.redis_url is not None
        #: This process on the bus: it does not catch up with its own announcements.
        self.process_id = secrets.token_hex(8)
        #: The connections to each game, and the messages they are sent.
        self.hub = Hub()
        #: Players who signed up: their sessions and the seats of their accounts.
        self.accounts = Accounts(settings, self.db)
        self.games = GameService(
            settings, self.db, self.bus, self.process_id, self.accounts, audience=self.hub
        )
        #: Their ratings, moved by each rated game's end.
        self.standings = Standings(settings, self.db)
        self.games.ended.append(self._settle)
        #: Who is online, and the lobby they see: open games, games being played.
        self.presence = Presence(self.bus, self.process_id, now)
        self.lobby = LobbyFeed(self.db, self.bus, self.presence)
        #: The next game, seats swapped, offered from the game-over panel.
        self.rematches = Rematches(
            self.db, self.bus, self.hub, now, self.games.seating.launch, self.games.after_change
        )
        #: What players and spectators say at the tables.
        self.chat = Chat(self.db, self.bus, self.hub, self.process_id, now)
        #: Signing out everywhere: the seat tokens it ends, in every process.
        self.sign_out = SignOut(
            self.accounts, self.bus, self.hub, self.process_id, held=self.games.holding.held
        )
        #: Finished games' analyses, computed in the background while someone waits.
        self.analyses = Analyses(settings, self.db, self.process_id)
        self._stop_hearing: list[Callable[[], None]] = []

    def _settle(self, table: Table) -> None:
        if table.meta.get("rated"):
            self.games.spawn(self.standings.settle(table))

    def install(self, app: FastAPI) -> None:
        """Put the parts on ``app.state``, where the routes' dependencies find them."""
        state = app.state
        state.house = self
        state.service = self.games
        state.accounts = self.accounts
        state.standings = self.standings
        state.hub = self.hub
        state.presence = self.presence
        state.lobby = self.lobby
        state.rematches = self.rematches
        state.chat = self.chat
        state.sign_out = self.sign_out
        state.analyses = self.analyses

    async def start(self) -> None:
        """Migrate the schema; every part listens before the bus connects and before the
        games are read (a change another process makes meanwhile is heard); then the
        games are rebuilt and their clocks and bots restart."""
        await self.db.start()
        self.games.listen()
        self.chat.listen()
        self.lobby.start()
        self._stop_hearing = [self.rematches.start(), self.sign_out.start()]
        await self.bus.start()
        await self.games.start()
        self.analyses.start()

    async def stop(self) -> None:
        """The reverse: the games this process ran are let go first (the others take
        them over at once), then the sockets, the listeners, the bus and the database."""
        self.chat.close()
        await self.games.stop()
        await self.analyses.stop()
        await self.hub.close()
        for stop_hearing in self._stop_hearing:
            stop_hearing()
        await self.lobby.stop()
        await self.bus.close()
        self.games.bots.shutdown()
        await self.db.stop()
