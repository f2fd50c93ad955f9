"""Ratings of accounts: a rated game moves its players' Glicko-2 ratings when it ends,
and a player's profile shows them with their history.

**Two pools.** ``players``: a rated game between two accounts moves both ratings
(:func:`~outlaws.ratings.rate_game`, each game its own rating period). ``bots``: an
account's rated games against a bot move the account's rating in a pool of its own,
against the bot's fixed rating (:data:`~outlaws.server.games.rated.BOT_RATINGS`): what
beating a bot says of a player is not what beating a person says, so the two never mix.

**Fixed terms.** A rated game is played on the terms of :func:`check_rated_terms`, as
on lichess: a clock (a player who leaves loses on time, so that no game that is going
badly can be left unrated), no stand-in bot when a seat runs out of time (the loss on
time instead: a bot's moves would count as the player's), and the rules' own end (no
turn limit: it would make a draw of any game, R9.5). Two seats of one account are never
rated against each other (:meth:`Standings.settle` checks it again).

**Once.** Every server process that holds a game sees it end (the one that stored the
end, and those that catch up); each tries to rate it, in one transaction that first
claims the game in ``rated_games``. The first commits; the others' claim is refused by
its key (:class:`~.storage.Conflict`) and their transaction leaves nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from ...ratings import Rating, Result, rate, rate_game
from ..accounts import store as accounts_store
from ..accounts.service import name_key
from ..common.errors import ApiError
from ..common.settings import Settings
from ..db.storage import Conflict, Database
from ..games.rated import bot_rating, check_rated_terms
from ..games.table import Table
from . import store

log = logging.getLogger(__name__)

POOLS = ("players", "bots")
#: Rated games a profile shows, in each pool.
HISTORY = 200


def on_rated_terms(table: Table) -> bool:
    """Whether ``table`` was played on the fixed terms of rated play."""
    try:
        check_rated_terms(table.clock, table.turn_limit)
    except ApiError:
        return False
    return True


def score_of(result: dict[str, Any], seat: int) -> float:
    """The seat's score in a finished game: 1 won, 0 lost, 0.5 neither won (the turn
    limit)."""
    winner = result.get("winner")
    if winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


@dataclass(frozen=True)
class PoolOut:
    rating: float
    deviation: float
    provisional: bool
    games: int


class Standings:
    """The ratings of one database's accounts."""

    def __init__(self, settings: Settings, db: Database) -> None:
        self.now = settings.now
        self.db = db

    async def settle(self, table: Table) -> None:
        """Rate a finished rated game, once across every process."""
        result = table.result
        if not table.meta.get("rated") or result is None:
            return
        if not on_rated_terms(table):  # a game created before the terms were fixed
            log.info("game %s is not on the terms of rated play: not rated", table.id)
            return
        bots = {seat: info.bot for seat, info in enumerate(table.seats) if info.kind == "bot"}
        now = self.now()

        def op(conn: Connection) -> None:
            store.claim_game(conn, table.id, now)
            holders = accounts_store.accounts_of_game(conn, table.id)
            if len(holders) == 2 and not bots and holders[0][0] != holders[1][0]:
                self._rate_players(conn, table.id, result, holders, now)
            elif len(holders) == 1 and len(bots) == 1:
                [(seat, (account, _))] = holders.items()
                [spec] = bots.values()
                opponent = bot_rating(spec)
                if opponent is not None and seat not in bots:
                    self._rate_against_bot(
                        conn, table.id, result, seat, account, spec or "", opponent, now
                    )

        try:
            await self.db.write(op)
        except Conflict:
            log.debug("game %s was rated by another process", table.id)

    @staticmethod
    def _rate_players(
        conn: Connection,
        game_id: str,
        result: dict[str, Any],
        holders: dict[int, tuple[str, str]],
        now: float,
    ) -> None:
        (a_id, a_name), (b_id, b_name) = holders[0], holders[1]
        a = store.rating_of(conn, a_id, "players") or store.Stored(Rating(), 0)
        b = store.rating_of(conn, b_id, "players") or store.Stored(Rating(), 0)
        score = score_of(result, 0)
        new_a, new_b = rate_game(a.rating, b.rating, score)
        how = str(result.get("how", ""))
        for account, old, new, own, opponent in (
            (a_id, a, new_a, score, b_name),
            (b_id, b, new_b, 1.0 - score, a_name),
        ):
            store.store_rating(conn, account, "players", new, old.games + 1, now)
            store.add_history(
                conn,
                account,
                "players",
                store.HistoryRow(game_id, now, new.rating, new.deviation, own, how, opponent),
            )

    @staticmethod
    def _rate_against_bot(
        conn: Connection,
        game_id: str,
        result: dict[str, Any],
        seat: int,
        account: str,
        spec: str,
        opponent: Rating,
        now: float,
    ) -> None:
        old = store.rating_of(conn, account, "bots") or store.Stored(Rating(), 0)
        score = score_of(result, seat)
        new = rate(old.rating, [Result(opponent, score)])
        store.store_rating(conn, account, "bots", new, old.games + 1, now)
        how = str(result.get("how", ""))
        row = store.HistoryRow(game_id, now, new.rating, new.deviation, score, how, spec)
        store.add_history(conn, account, "bots", row)

    # -- profiles ----------------------------------------------------------------------
    async def profile(self, name: str) -> dict[str, Any]:
        """A player's ratings, rated games and win rates (404 ``unknown_player``)."""
        key = name_key(name.strip())

        def load(conn: Connection) -> dict[str, Any] | None:
            found = store.account_named(conn, key)
            if found is None:
                return None
            account_id, shown = found
            return {
                "name": shown,
                "pools": store.pools_of(conn, account_id),
                "history": store.history(conn, account_id, HISTORY),
            }

        data = await self.db.read(load)
        if data is None:
            raise ApiError(404, "unknown_player", f"no player is named {name!r}", field="name")
        pools: dict[str, store.Stored] = data["pools"]
        history: dict[str, list[store.HistoryRow]] = data["history"]
        return {
            "name": data["name"],
            "ratings": {
                pool: PoolOut(
                    rating=round(stored.rating.rating, 1),
                    deviation=round(stored.rating.deviation, 1),
                    provisional=stored.rating.provisional,
                    games=stored.games,
                )
                for pool, stored in pools.items()
            },
            "history": history,
            "record": {pool: record_of(rows) for pool, rows in history.items()},
        }


def record_of(rows: list[store.HistoryRow]) -> dict[str, Any]:
    """Games won, lost and drawn, and, for each way a game ends, how many were won
    and lost that way (an election, an assassination, an arrest, the clock...)."""
    won = sum(1 for row in rows if row.score == 1.0)
    lost = sum(1 for row in rows if row.score == 0.0)
    ways: dict[str, dict[str, int]] = {}
    for row in rows:
        way = ways.setdefault(row.how, {"won": 0, "lost": 0, "drawn": 0})
        way["won" if row.score == 1.0 else "lost" if row.score == 0.0 else "drawn"] += 1
    drawn = len(rows) - won - lost
    return {"games": len(rows), "won": won, "lost": lost, "drawn": drawn, "by_how": ways}


__all__ = [
    "POOLS",
    "Standings",
    "record_of",
    "score_of",
]
