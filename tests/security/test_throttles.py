"""Attacks on the throttles of accounts: many sign-ins sent at once, to one server
process or to two sharing the database, to guess more passwords than the throttle
allows; and a flood of sign-ups, each a costly password hash.

A throttle counts an attempt before it checks the password: attempts sent together are
held to the limit as surely as attempts sent one after the other."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from outlaws.server.cluster.bus import LocalBus
from tests.server.processkit import servers
from tests.server.serverkit import running

PASSWORD = "correct horse battery"


def at_once(requests: list[Callable[[], int]]) -> Counter[int]:
    """The status codes of ``requests``, all sent at the same time."""
    with ThreadPoolExecutor(max_workers=len(requests)) as pool:
        return Counter(pool.map(lambda send: send(), requests))


def guess(client: TestClient, name: str, password: str) -> Callable[[], int]:
    def send() -> int:
        answer = client.post("/account/session", json={"name": name, "password": password})
        return answer.status_code

    return send


def test_forty_guesses_sent_at_once_check_five_passwords_of_a_name(tmp_path: Path) -> None:
    """The documented 5 failures a name in 15 minutes hold when the guesses all come at
    the same moment: the other 35 are refused before their password is checked, and the
    right password, sent next, waits its turn too."""
    with running(tmp_path) as client:
        assert client.post("/account", json={"name": "sheriff", "password": PASSWORD}).is_success
        client.cookies.clear()
        codes = at_once([guess(client, "sheriff", f"guess {n}") for n in range(40)])
        assert codes == Counter({401: 5, 429: 35})
        assert guess(client, "sheriff", PASSWORD)() == 429


def test_sixty_guesses_at_once_from_one_address_check_twenty_passwords(
    tmp_path: Path,
) -> None:
    """20 failures an address, whatever names it tries, however fast."""
    with running(tmp_path) as client:
        codes = at_once([guess(client, f"deputy{n}", f"guess {n}") for n in range(60)])
        assert codes == Counter({401: 20, 429: 40})


def test_guesses_spread_over_two_server_processes_share_one_count(
    tmp_path: Path,
    database: str,
) -> None:
    """Two processes on one database (SQLite or PostgreSQL): 30 guesses for one name,
    half to each, all at once, still check 5 passwords."""
    shared = LocalBus()
    with servers(tmp_path, database, lambda: shared, "ab") as (a, b):
        assert a.post("/account", json={"name": "marshal", "password": PASSWORD}).is_success
        a.cookies.clear()
        sends = [guess(a if n % 2 else b, "marshal", f"guess {n}") for n in range(30)]
        assert at_once(sends) == Counter({401: 5, 429: 25})


def test_a_flood_of_sign_ups_from_one_address_makes_ten_accounts(tmp_path: Path) -> None:
    """Each sign-up hashes a password (64 MiB, tens of milliseconds): an address makes
    10 accounts an hour, the rest are refused before any hash, even sent at once."""
    with running(tmp_path) as client:

        def sign_up(n: int) -> Callable[[], int]:
            body = {"name": f"bandit{n}", "password": PASSWORD}
            return lambda: client.post("/account", json=body).status_code

        assert at_once([sign_up(n) for n in range(16)]) == Counter({201: 10, 429: 6})
        refused = client.post("/account", json={"name": "late", "password": PASSWORD})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "throttled"
        assert "seconds" in refused.json()["error"]["message"]
