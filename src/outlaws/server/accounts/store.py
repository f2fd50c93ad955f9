"""The accounts' rows (revision 0006): accounts, sessions, the attempts the throttles
count, the seats of each account and the tokens its devices hold for them.

Each function takes the connection of a transaction (writes run on the database's
writer, :meth:`~.storage.Database.write`; reads on its thread,
:meth:`~.storage.Database.read`), like the games' own :class:`~.storage.Storage`.
Apart from it because accounts are another concern than the games: nothing here reads
a game's play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy import Connection, delete, func, insert, select, update

from ..db.schema import accounts, login_failures, seat_tokens, seats, sessions
from ..http.auth import hash_token, new_token

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


@dataclass(frozen=True)
class Retired:
    """A seat token an account was given, ended: its game, seat and hash, and the hash
    that replaced it as the seat's first token (None: it was another device's)."""

    game_id: str
    seat: int
    token_hash: str
    replaced_by: str | None


def sign_out_everywhere(conn: Connection, account_id: str) -> list[Retired]:
    """Every session of the account ends, and every seat token it was given (a lost
    phone plays no more): a device's, and a seat's first one when the seat was taken
    while signed in (:func:`give_seat`), which a random hash nobody holds replaces (the
    seat is still taken). A guest's token the account adopted stays its holder's."""
    given = conn.execute(
        select(seat_tokens.c.game_id, seat_tokens.c.seat, seat_tokens.c.token_hash).where(
            seat_tokens.c.account_id == account_id
        )
    ).all()
    retired = []
    for row in given:
        fresh = hash_token(new_token())
        replaced = conn.execute(
            update(seats)
            .where(
                seats.c.game_id == row.game_id,
                seats.c.seat == row.seat,
                seats.c.token_hash == row.token_hash,
            )
            .values(token_hash=fresh)
        ).rowcount
        retired.append(Retired(row.game_id, row.seat, row.token_hash, fresh if replaced else None))
    conn.execute(delete(sessions).where(sessions.c.account_id == account_id))
    conn.execute(delete(seat_tokens).where(seat_tokens.c.account_id == account_id))
    return retired


# -- the throttles -------------------------------------------------------------------------
@dataclass(frozen=True)
class Attempt:
    """One attempt as the throttles counted it: the rows that count it (one for each
    key), or none, the key whose limit refused it and the oldest attempt counted under
    that key (whose age tells when the refusal ends)."""

    rows: list[int]
    refused_by: str | None = None
    oldest: float = 0.0


def count_attempt(
    conn: Connection,
    limits: Sequence[tuple[str, int]],
    since: float,
    now: float,
    forget_before: float,
) -> Attempt:
    """Count one attempt under each key of ``limits`` unless one of them had its limit
    of attempts since ``since``: then none is counted, and the attempt is refused.
    Attempts of any key older than ``forget_before`` (every throttle's window) go.

    Counting and checking are one step for every process at once, so that attempts sent
    together cannot all pass a check made before any of them is counted. PostgreSQL:
    each key's advisory lock until the transaction ends (in the keys' order, so that
    two attempts never wait for each other in a circle). SQLite: the write that opens
    the step takes the database's write lock, and the counts after it see every
    attempt other processes committed."""
    keys = sorted(key for key, _ in limits)
    if conn.dialect.name == "postgresql":
        for key in keys:
            conn.execute(select(func.pg_advisory_xact_lock(func.hashtext(key))))
    conn.execute(delete(login_failures).where(login_failures.c.at < forget_before))
    for key, limit in limits:
        query = select(func.count(), func.min(login_failures.c.at)).where(
            login_failures.c.key == key, login_failures.c.at >= since
        )
        count, oldest = conn.execute(query).one()
        if int(count) >= limit:
            return Attempt([], key, float(oldest))
    counted = insert(login_failures).returning(login_failures.c.id)
    return Attempt(
        [int(conn.execute(counted.values(key=key, at=now)).scalar_one()) for key in keys]
    )


def succeeded(conn: Connection, attempt: Attempt, key: str) -> None:
    """A sign-in that succeeded: its own rows, and the failures under ``key`` (its
    name's), count no more."""
    conn.execute(delete(login_failures).where(login_failures.c.id.in_(attempt.rows)))
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


def give_seat(
    conn: Connection, account_id: str, token_hash: str, game_id: str, seat: int, now: float
) -> None:
    """A seat taken while signed in becomes the account's, and its token one the
    account was given (signing out everywhere ends it, :func:`sign_out_everywhere`)."""
    if adopt_seats(conn, account_id, [token_hash]):
        insert_seat_token(conn, token_hash, game_id, seat, account_id, now)


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


def accounts_of_game(conn: Connection, game_id: str) -> dict[int, tuple[str, str]]:
    """The seats of the game that accounts hold: seat -> (account id, its name)."""
    query = (
        select(seats.c.seat, accounts.c.id, accounts.c.name)
        .join(accounts, accounts.c.id == seats.c.account_id)
        .where(seats.c.game_id == game_id)
    )
    return {int(row.seat): (row.id, row.name) for row in conn.execute(query)}
