"""Signing out everywhere, in every server process: the seat tokens an account was
given stop working at once.

:meth:`.Accounts.sign_out_everywhere` ends them in the database (a seat's first token,
when the seat was taken while signed in, is replaced there by a random hash nobody
holds; a device's token is deleted). The tables in memory still know the first tokens,
and live sockets were let in with any of them: each process is told on the bus
(:data:`RETIRED_CHANNEL`), forgets the ended tokens of the tables it holds, and closes
the sockets that came with them (``bad_token``, 4003).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..accounts.service import Accounts
from ..accounts.store import Retired
from ..common.bus import Bus, Message
from ..games.table import Table
from .hub import Hub

log = logging.getLogger(__name__)

#: The bus channel of ended seat tokens: ``{"from": the process, "tokens": [[game,
#: seat, token hash, replacing hash or null], ...]}``. The hashes are of tokens nobody
#: holds any more (or ever did): nothing in it lets anyone play.
RETIRED_CHANNEL = "retired_tokens"


class SignOut:
    """Sign-outs everywhere of the accounts, and what they end in this process's tables
    (``held``: the table of a game id in memory, or None) and sockets."""

    def __init__(
        self,
        accounts: Accounts,
        bus: Bus,
        hub: Hub,
        process_id: str,
        held: Callable[[str], Table | None],
    ) -> None:
        self.accounts = accounts
        self.bus = bus
        self.hub = hub
        self.process_id = process_id
        self.held = held

    def start(self) -> Callable[[], None]:
        return self.bus.subscribe(RETIRED_CHANNEL, self.heard)

    async def everywhere(self, account_id: str) -> None:
        """Every session of the account ends, and every seat token it was given, here
        and in every other process."""
        retired = await self.accounts.sign_out_everywhere(account_id)
        self._forget(retired)
        if retired:
            tokens = [[r.game_id, r.seat, r.token_hash, r.replaced_by] for r in retired]
            self.bus.publish(RETIRED_CHANNEL, {"from": self.process_id, "tokens": tokens})

    def heard(self, message: Message) -> None:
        """Another process ended seat tokens: forgotten here too."""
        if message.get("from") == self.process_id:
            return
        try:
            retired = [
                Retired(str(game), int(seat), str(old), None if new is None else str(new))
                for game, seat, old, new in message.get("tokens") or []
            ]
        except (TypeError, ValueError):
            log.warning("a message of ended seat tokens could not be read: %r", message)
            return
        self._forget(retired)

    def _forget(self, retired: list[Retired]) -> None:
        for ended in retired:
            table = self.held(ended.game_id)
            if table is not None and ended.replaced_by is not None:
                info = table.seats[ended.seat]
                if info.token_hash == ended.token_hash:
                    info.token_hash = ended.replaced_by
            self.hub.expel(ended.game_id, ended.token_hash)


__all__ = ["RETIRED_CHANNEL", "SignOut"]
