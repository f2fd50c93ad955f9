"""The accounts' rows (revision 0006): accounts, sessions, failed sign-ins, the seats of
each account and the tokens its devices hold for them.

Each function takes the connection of a transaction (writes run on the database's
writer, :meth:`~.storage.Database.write`; reads on its thread, :func:`read`), like the
games' own :class:`~.storage.Storage`. Apart from it because accounts are another
concern than the games: nothing here reads a game's play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy import Connection, delete, func, insert, select, update

from .storage import Database
from .tables import accounts, login_failures, seat_tokens, seats, sessions

T = TypeVar("T")


@dataclass(frozen=True)
class AccountRow:
    id: str
    name: str
    password_hash: str


@dataclass(frozen=True)
class SessionRow:
    """A signed-in browser: its account and the token its unsafe requests must echo."""

    account_id: str
    name: str
    csrf: str


async def read(db: Database, fn: Callable[[Connection], T]) -> T:
    """Run the read ``fn`` on a connection of the database's thread."""

    def run() -> T:
        with db.storage.engine.connect() as conn:
            return fn(conn)

    return await db.call(run)


# -- accounts ------------------------------------------------------------------------------
def insert_account(conn: Connection, row: AccountRow, name_key: str, now: float) -> None:
    """A new account (a name already taken, folded, is refused by its key)."""
    conn.execute(
        insert(accounts).values(
            id=row.id,
            name=row.name,
            name_key=name_key,
            password_hash=row.password_hash,
            created_at=now,
        )
    )


def account_by_name(conn: Connection, name_key: str) -> AccountRow | None:
    query = select(accounts.c.id, accounts.c.name, accounts.c.password_hash).where(
        accounts.c.name_key == name_key
    )
    found = conn.execute(query).first()
    return None if found is None else AccountRow(found.id, found.name, found.password_hash)


def set_password_hash(conn: Connection, account_id: str, password_hash: str) -> None:
    """A hash made again with newer parameters (argon2's ``check_needs_rehash``)."""
    conn.execute(
        update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash)
    )


# -- sessions ------------------------------------------------------------------------------
def insert_session(
    conn: Connection, token_hash: str, account_id: str, csrf: str, now: float, expires: float
) -> None:
    # Expired sessions go as new ones come: no sweeper to run.
    conn.execute(delete(sessions).where(sessions.c.expires_at < now))
    conn.execute(
        insert(sessions).values(
            token_hash=token_hash,
            account_id=account_id,
            csrf=csrf,
            created_at=now,
            expires_at=expires,
        )
    )


def session(conn: Connection, token_hash: str, now: float) -> SessionRow | None:
    """The session of a cookie's hash, if it has not expired."""
    query = (
        select(sessions.c.account_id, sessions.c.csrf, accounts.c.name)
        .join(accounts, accounts.c.id == sessions.c.account_id)
        .where(sessions.c.token_hash == token_hash, sessions.c.expires_at > now)
    )
    found = conn.execute(query).first()
    return None if found is None else SessionRow(found.account_id, found.name, found.csrf)


def delete_session(conn: Connection, token_hash: str) -> None:
    conn.execute(delete(sessions).where(sessions.c.token_hash == token_hash))


def sign_out_everywhere(conn: Connection, account_id: str) -> None:
    """Every session of the account ends, and every seat token its devices were given
    (a lost phone plays no more)."""
    conn.execute(delete(sessions).where(sessions.c.account_id == account_id))
    conn.execute(delete(seat_tokens).where(seat_tokens.c.account_id == account_id))


# -- the throttle --------------------------------------------------------------------------
def failures(conn: Connection, key: str, since: float) -> tuple[int, float | None]:
    """How many sign-ins failed for ``key`` since ``since``, and the oldest of them."""
    query = select(func.count(), func.min(login_failures.c.at)).where(
        login_failures.c.key == key, login_failures.c.at >= since
    )
    count, oldest = conn.execute(query).one()
    return int(count), None if oldest is None else float(oldest)


def add_failure(conn: Connection, keys: Sequence[str], now: float, forget_before: float) -> None:
    conn.execute(delete(login_failures).where(login_failures.c.at < forget_before))
    conn.execute(insert(login_failures), [{"key": key, "at": now} for key in keys])


def clear_failures(conn: Connection, key: str) -> None:
    conn.execute(delete(login_failures).where(login_failures.c.key == key))


# -- seats ---------------------------------------------------------------------------------
def adopt_seats(conn: Connection, account_id: str, token_hashes: Sequence[str]) -> int:
    """The guest seats of these tokens become the account's (a seat of another account
    stays its own); how many did."""
    if not token_hashes:
        return 0
    done = conn.execute(
        update(seats)
        .where(seats.c.token_hash.in_(list(token_hashes)), seats.c.account_id.is_(None))
        .values(account_id=account_id)
    )
    return int(done.rowcount)


def seats_of_account(conn: Connection, account_id: str) -> list[tuple[str, int]]:
    query = select(seats.c.game_id, seats.c.seat).where(seats.c.account_id == account_id)
    return [(row.game_id, row.seat) for row in conn.execute(query)]


def seat_of_account(conn: Connection, account_id: str, game_id: str) -> int | None:
    """The seat the account holds in the game (None: none)."""
    query = select(seats.c.seat).where(seats.c.account_id == account_id, seats.c.game_id == game_id)
    found = conn.execute(query).scalar()
    return None if found is None else int(found)


def insert_seat_token(
    conn: Connection, token_hash: str, game_id: str, seat: int, account_id: str, now: float
) -> None:
    conn.execute(
        insert(seat_tokens).values(
            token_hash=token_hash,
            game_id=game_id,
            seat=seat,
            account_id=account_id,
            created_at=now,
        )
    )


def seat_of_device_token(conn: Connection, token_hash: str, game_id: str) -> int | None:
    """The seat a device's token holds in the game, while its account holds it."""
    query = (
        select(seat_tokens.c.seat)
        .join(
            seats,
            (seats.c.game_id == seat_tokens.c.game_id) & (seats.c.seat == seat_tokens.c.seat),
        )
        .where(
            seat_tokens.c.token_hash == token_hash,
            seat_tokens.c.game_id == game_id,
            seats.c.account_id == seat_tokens.c.account_id,
        )
    )
    found = conn.execute(query).scalar()
    return None if found is None else int(found)
