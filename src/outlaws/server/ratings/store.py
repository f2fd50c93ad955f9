"""The ratings' rows (revision 0007): each account's rating in each pool, its history,
and the games already rated. Functions of a transaction's connection, as in
:mod:`.accountstore`."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from sqlalchemy import Connection, insert, select, update

from ...ratings import Rating
from ..db.schema import accounts, rated_games, rating_history, ratings


@dataclass(frozen=True)
class Stored:
    """An account's rating in a pool, and how many rated games made it."""

    rating: Rating
    games: int


@dataclass(frozen=True)
class HistoryRow:
    game_id: str
    at: float
    rating: float
    deviation: float
    score: float
    how: str
    opponent: str


_HISTORY_FIELDS = [f.name for f in fields(HistoryRow)]


def claim_game(conn: Connection, game_id: str, now: float) -> None:
    """Mark the game rated (a second claim, by another process, is refused by the key:
    :class:`~.storage.Conflict`, and nothing of its transaction is kept)."""
    conn.execute(insert(rated_games).values(game_id=game_id, at=now))


def rating_of(conn: Connection, account_id: str, pool: str) -> Stored | None:
    query = select(ratings).where(ratings.c.account_id == account_id, ratings.c.pool == pool)
    row = conn.execute(query).first()
    if row is None:
        return None
    return Stored(Rating(row.rating, row.deviation, row.volatility), int(row.games))


def store_rating(
    conn: Connection, account_id: str, pool: str, rating: Rating, games: int, now: float
) -> None:
    values = {
        "rating": rating.rating,
        "deviation": rating.deviation,
        "volatility": rating.volatility,
        "games": games,
        "updated_at": now,
    }
    done = conn.execute(
        update(ratings)
        .where(ratings.c.account_id == account_id, ratings.c.pool == pool)
        .values(**values)
    )
    if done.rowcount == 0:
        conn.execute(insert(ratings).values(account_id=account_id, pool=pool, **values))


def add_history(conn: Connection, account_id: str, pool: str, row: HistoryRow) -> None:
    conn.execute(insert(rating_history).values(account_id=account_id, pool=pool, **asdict(row)))


def account_named(conn: Connection, name_key: str) -> tuple[str, str] | None:
    """(id, name) of the account whose folded name is ``name_key``."""
    query = select(accounts.c.id, accounts.c.name).where(accounts.c.name_key == name_key)
    row = conn.execute(query).first()
    return None if row is None else (row.id, row.name)


def history(conn: Connection, account_id: str, limit: int) -> dict[str, list[HistoryRow]]:
    """The latest ``limit`` rated games of the account in each pool, oldest first."""
    out: dict[str, list[HistoryRow]] = {}
    query = (
        select(rating_history)
        .where(rating_history.c.account_id == account_id)
        .order_by(rating_history.c.at.desc(), rating_history.c.id.desc())
    )
    for row in conn.execute(query):
        rows = out.setdefault(row.pool, [])
        if len(rows) < limit:
            rows.append(HistoryRow(**{name: getattr(row, name) for name in _HISTORY_FIELDS}))
    return {pool: rows[::-1] for pool, rows in out.items()}


def pools_of(conn: Connection, account_id: str) -> dict[str, Stored]:
    query = select(ratings).where(ratings.c.account_id == account_id)
    return {
        row.pool: Stored(Rating(row.rating, row.deviation, row.volatility), int(row.games))
        for row in conn.execute(query)
    }


__all__ = [
    "HistoryRow",
    "Stored",
    "account_named",
    "add_history",
    "claim_game",
    "history",
    "pools_of",
    "rating_of",
    "store_rating",
]
