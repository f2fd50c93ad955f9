"""Accounts: sign up, sign in, sign out (here or everywhere), and the seats of an account.

Accounts are optional: a guest plays as before, a seat being its secret token in one
browser. A player who signs up keeps, from then on, every seat they take while signed in,
and the guest seats whose tokens their browser hands over (:meth:`Accounts.adopt`); on
another device the account asks for a token of that device's own for each seat
(:meth:`Accounts.device_token`), so that no token ever travels between devices.

**Passwords** are hashed with argon2id (argon2-cffi, the reference implementation's
binding; the hash carries its own parameters and salt), in a thread: a hash costs some
tens of milliseconds of CPU and 64 MiB, which the event loop must not wait for. A name
that does not exist is answered after verifying a hash all the same, so that the time a
refusal takes does not tell which names have accounts.

**Sessions** are random tokens kept by the browser in an HttpOnly cookie and stored
hashed (a leaked database signs nobody in). Each session has an anti-CSRF token that the
page reads from ``GET /account`` and sends back as ``X-CSRF-Token`` with every request
that changes something (:mod:`.routes`).

**Throttles.** Sign-ins are counted in the database (so across every server process),
by name and by client address, each one *before* its password is checked: past
:data:`NAME_FAILURES` for a name or :data:`CLIENT_FAILURES` for an address within
:data:`THROTTLE_WINDOW`, sign-ins are refused (429, with the seconds to wait). Counting
and checking are one atomic step (:func:`.accountstore.count_attempt`), so sign-ins sent
all at once are held to the limit as surely as sign-ins sent one by one; a sign-in that
succeeds takes its count back, and clears its name's. Sign-ups are counted so too, by
client address (:data:`SIGN_UPS` in :data:`SIGN_UP_WINDOW`), and at most
:data:`HASHES_AT_ONCE` passwords are hashed or checked at once in a process: each takes
64 MiB.
"""

from __future__ import annotations

import asyncio
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ..common.errors import ApiError
from ..common.names import shown_as_written
from ..common.settings import Settings
from ..db.storage import Conflict, Database
from ..http.auth import hash_token, new_token
from . import store

#: A session lasts this long (seconds) from its sign-in.
SESSION_SECONDS = 30 * 24 * 3600
#: Failed sign-ins that close a name, and a client address, for the rest of the window.
NAME_FAILURES = 5
CLIENT_FAILURES = 20
THROTTLE_WINDOW = 15 * 60.0
#: Sign-ups one client address may make in :data:`SIGN_UP_WINDOW` (seconds).
SIGN_UPS = 10
SIGN_UP_WINDOW = 3600.0
#: Passwords hashed or checked at once by one process (argon2id takes 64 MiB each).
HASHES_AT_ONCE = 4
#: Names: 3 to 24 letters, digits and ``_-.`` (any script: 名前 is a name).
NAME_LENGTH = (3, 24)
PASSWORD_LENGTH = (8, 256)

T = TypeVar("T")

_HASHER = PasswordHasher()
#: Verified when a name has no account, so that a refusal takes as long either way.
_DECOY_HASH = _HASHER.hash(secrets.token_urlsafe(16))


@dataclass(frozen=True)
class SignedIn:
    """A new session: the cookie's token (shown once), its anti-CSRF token, the account."""

    token: str
    csrf: str
    account_id: str
    name: str


def name_key(name: str) -> str:
    """A name as compared: NFKC-normalised and case-folded (``Ana`` and ``ＡＮＡ`` are
    one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """The name, stripped, if it may name an account; else 422 naming the field."""
    name = unicodedata.normalize("NFKC", name.strip())
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        raise ApiError(422, "bad_name", f"a name has {low} to {high} characters", field="name")
    if not all(ch.isalnum() or ch in "_-." for ch in name) or not shown_as_written(name):
        raise ApiError(422, "bad_name", "a name has only letters, digits and _ - .", field="name")
    return name


def check_password(password: str) -> None:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise ApiError(
            422, "bad_password", f"a password has {low} to {high} characters", field="password"
        )


class Accounts:
    """The accounts of one database (every server process shares them)."""

    def __init__(self, settings: Settings, db: Database) -> None:
        self.now = settings.now
        self.db = db
        self._hashing = asyncio.Semaphore(HASHES_AT_ONCE)

    # -- signing up and in -------------------------------------------------------------
    async def sign_up(self, name: str, password: str, client: str) -> SignedIn:
        """A new account, signed in. 409 ``name_taken`` if the name (folded) has one;
        429 ``throttled`` once ``client`` made its sign-ups of the hour."""
        name = check_name(name)
        check_password(password)
        await self._count(f"sign_up:{client}", SIGN_UPS, SIGN_UP_WINDOW, "sign-ups")
        password_hash = await self._hashed(_HASHER.hash, password)
        row = store.AccountRow(secrets.token_urlsafe(12), name, password_hash)
        now = self.now()
        try:
            await self.db.write(lambda conn: store.insert_account(conn, row, name_key(name), now))
        except Conflict:
            raise ApiError(409, "name_taken", "this name has an account", field="name") from None
        return await self._open_session(row)

    async def sign_in(self, name: str, password: str, client: str) -> SignedIn:
        """A new session for the account ``name``, if ``password`` is its password.

        Refused alike (401 ``bad_credentials``) for a wrong password and a name without
        an account; 429 ``throttled`` while the name or ``client`` failed too often."""
        key = name_key(name.strip())
        # The name's key is hashed: a name of any length fits the counter's column.
        by_name = f"name:{hash_token(key)}"
        attempt = await self._count(
            by_name, NAME_FAILURES, THROTTLE_WINDOW, "failed sign-ins", f"client:{client}"
        )
        row = await self.db.read(lambda conn: store.account_by_name(conn, key))
        checked = row.password_hash if row else _DECOY_HASH
        if row is None or not await self._hashed(_verify, checked, password):
            # The attempt stays counted: a failure.
            raise ApiError(401, "bad_credentials", "no account has this name and password")
        await self.db.write(lambda conn: store.succeeded(conn, attempt, by_name))
        if _HASHER.check_needs_rehash(row.password_hash):
            fresh = await self._hashed(_HASHER.hash, password)
            await self.db.write(lambda conn: store.set_password_hash(conn, row.id, fresh))
        return await self._open_session(row)

    async def _count(
        self, key: str, limit: int, window: float, what: str, by_client: str | None = None
    ) -> store.Attempt:
        """One more attempt counted under ``key`` (and ``by_client``, the address's
        sign-ins), or 429 ``throttled`` with the seconds to wait if one of them had its
        limit in ``window``: counted and checked at once, before anything costly."""
        limits = [(key, limit)] + ([(by_client, CLIENT_FAILURES)] if by_client else [])
        now = self.now()
        forget = now - max(THROTTLE_WINDOW, SIGN_UP_WINDOW)
        attempt: store.Attempt = await self.db.write(
            lambda conn: store.count_attempt(conn, limits, now - window, now, forget)
        )
        if attempt.refused_by is not None:
            wait = max(1, int(attempt.oldest + window - now) + 1)
            raise ApiError(
                429,
                "throttled",
                f"too many {what}: try again in {wait} seconds",
                field="name" if attempt.refused_by.startswith("name:") else None,
            )
        return attempt

    async def _hashed(self, work: Callable[..., T], *args: str) -> T:
        """``work`` (argon2's hash or check) on a thread, a few at a time."""
        async with self._hashing:
            return await asyncio.to_thread(work, *args)

    async def _open_session(self, row: store.AccountRow) -> SignedIn:
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        now = self.now()
        await self.db.write(
            lambda conn: store.insert_session(
                conn, hash_token(token), row.id, csrf, now, now + SESSION_SECONDS
            )
        )
        return SignedIn(token, csrf, row.id, row.name)

    # -- sessions ----------------------------------------------------------------------
    async def session(self, token: str | None) -> store.SessionRow | None:
        """The live session of a cookie's token (None: none, or expired)."""
        if not token or len(token) > 128:
            return None
        now = self.now()
        return await self.db.read(lambda conn: store.session(conn, hash_token(token), now))

    async def sign_out(self, token: str) -> None:
        await self.db.write(lambda conn: store.delete_session(conn, hash_token(token)))

    async def sign_out_everywhere(self, account_id: str) -> list[store.Retired]:
        """Every session of the account ends, and every seat token it was given: the
        tokens ended (the service tells the tables, :mod:`.signout`)."""
        retired: list[store.Retired] = await self.db.write(
            lambda conn: store.sign_out_everywhere(conn, account_id)
        )
        return retired

    # -- seats -------------------------------------------------------------------------
    async def adopt(self, account_id: str, seat_tokens: list[str]) -> int:
        """The guest seats of ``seat_tokens`` become the account's; how many did."""
        hashes = [hash_token(token) for token in seat_tokens if token]
        return int(await self.db.write(lambda conn: store.adopt_seats(conn, account_id, hashes)))

    async def give(self, account_id: str, seat_token: str, game_id: str, seat: int) -> None:
        """A seat taken while signed in: the account's, its token one the account was
        given (:func:`.accountstore.give_seat`)."""
        token_hash, now = hash_token(seat_token), self.now()
        await self.db.write(
            lambda conn: store.give_seat(conn, account_id, token_hash, game_id, seat, now)
        )

    async def seats(self, account_id: str) -> list[tuple[str, int]]:
        """(game, seat) of every seat of the account."""
        return await self.db.read(lambda conn: store.seats_of_account(conn, account_id))

    async def device_token(self, account_id: str, game_id: str) -> tuple[str, int]:
        """A new token of the account's seat in ``game_id``, for the device asking: the
        token and the seat. 404 if the account holds no seat there."""
        seat = await self.seat_in(account_id, game_id)
        if seat is None:
            raise ApiError(404, "not_your_game", "your account holds no seat in this game")
        token, now = new_token(), self.now()
        await self.db.write(
            lambda conn: store.insert_seat_token(
                conn, hash_token(token), game_id, seat, account_id, now
            )
        )
        return token, seat

    async def seat_in(self, account_id: str, game_id: str) -> int | None:
        """The seat the account holds in ``game_id`` (None: none)."""
        return await self.db.read(lambda conn: store.seat_of_account(conn, account_id, game_id))

    async def seat_of_device_token(self, token_hash: str, game_id: str) -> int | None:
        """The seat a device token holds in ``game_id`` (None: none)."""
        return await self.db.read(
            lambda conn: store.seat_of_device_token(conn, token_hash, game_id)
        )


def _verify(password_hash: str, password: str) -> bool:
    try:
        return bool(_HASHER.verify(password_hash, password))
    except (VerificationError, InvalidHashError):
        return False


__all__ = ["Accounts", "SignedIn", "check_name", "name_key"]
