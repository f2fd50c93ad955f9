"""Attacks on accounts: forged requests from another site (CSRF), signing a visitor in
to an attacker's account, guessing passwords, stealing another account's seat, reading a
session from a script.

Each test is an attack that must fail, and says what the server answers instead."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.server.serverkit import auth, create_bot_game, running

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str) -> dict[str, Any]:
    answer = client.post("/account", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def test_a_request_forged_by_another_site_changes_nothing(tmp_path: Path) -> None:
    """The browser sends the cookie (a top-level form post keeps Lax cookies), but the
    forger cannot read the anti-CSRF token: refused, nothing changed."""
    with running(tmp_path) as client:
        account = sign_up(client, "victim")
        made = create_bot_game(client, bot="random", seat=0)
        for method, url in (
            ("DELETE", "/account/sessions"),
            ("DELETE", "/account/session"),
            ("POST", f"/account/games/{made['game']}/token"),
        ):
            for headers in ({}, {"X-CSRF-Token": "guessed"}, {"X-CSRF-Token": ""}):
                answer = client.request(method, url, headers=headers)
                assert answer.status_code == 403, (method, url, answer.text)
                assert answer.json()["error"]["code"] == "bad_csrf"
        assert client.get("/account").json()["id"] == account["id"]  # still signed in
        # A game made by a forged request (no token) is a guest's, not the account's.
        assert client.get("/account/games").json()["games"] == []


def test_another_site_cannot_sign_a_visitor_in_to_its_own_account(tmp_path: Path) -> None:
    """Login CSRF: a form on another site posting the attacker's name and password would
    make the visitor play, unknowingly, under the attacker's account."""
    with running(tmp_path) as client:
        sign_up(client, "attacker")
        client.cookies.clear()
        body = {"name": "attacker", "password": PASSWORD}
        for headers in (
            {"Origin": "https://evil.example"},
            {"Sec-Fetch-Site": "cross-site"},
            {"Origin": "null"},
        ):
            for url in ("/account/session", "/account"):
                answer = client.post(url, json=body, headers=headers)
                assert answer.status_code == 403, answer.text
                assert answer.json()["error"]["code"] == "cross_site"
        assert "outlaws_session" not in client.cookies
        own = client.post("/account/session", json=body, headers={"Sec-Fetch-Site": "same-origin"})
        assert own.status_code == 200


def test_guessing_a_password_is_throttled_by_name_and_the_right_one_waits_too(
    tmp_path: Path,
) -> None:
    with running(tmp_path) as client:
        sign_up(client, "sheriff")
        client.cookies.clear()
        codes = [
            client.post("/account/session", json={"name": "SHERIFF", "password": f"guess {n}"})
            for n in range(7)
        ]
        assert [c.status_code for c in codes] == [401] * 5 + [429] * 2
        throttled = codes[-1].json()["error"]
        assert throttled["code"] == "throttled" and "seconds" in throttled["message"]
        right = client.post("/account/session", json={"name": "sheriff", "password": PASSWORD})
        assert right.status_code == 429  # the throttle is checked before the password
        assert "outlaws_session" not in client.cookies


def test_a_session_cookie_is_out_of_scripts_reach_and_other_sites_requests(
    tmp_path: Path,
) -> None:
    with running(tmp_path) as client:
        answer = client.post("/account", json={"name": "cookie_jar", "password": PASSWORD})
        cookie = answer.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
        # Never in a body or a URL: the cookie alone carries it.
        assert answer.json().keys() == {"id", "name", "csrf", "adopted"}


def test_an_account_cannot_take_or_play_a_seat_of_another(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        victim = create_bot_game(client, bot="random", seat=0)
        sign_up(client, "first")
        first = client.get("/account").json()
        csrf = {"X-CSRF-Token": first["csrf"]}
        adopted = client.post("/account/seats", json={"seats": [victim["token"]]}, headers=csrf)
        assert adopted.json() == {"adopted": 1}
        # A second account that learnt the token cannot move the seat to itself...
        client.cookies.clear()
        sign_up(client, "second")
        second = client.get("/account").json()
        csrf = {"X-CSRF-Token": second["csrf"]}
        again = client.post("/account/seats", json={"seats": [victim["token"]]}, headers=csrf)
        assert again.json() == {"adopted": 0}
        # ...nor get a device token of it, nor play with a device token of its own game.
        stolen = client.post(f"/account/games/{victim['game']}/token", headers=csrf)
        assert stolen.status_code == 404 and stolen.json()["error"]["code"] == "not_your_game"
        mine = create_bot_game(client, bot="random", seat=0)
        client.post("/account/seats", json={"seats": [mine["token"]]}, headers=csrf)
        device = client.post(f"/account/games/{mine['game']}/token", headers=csrf).json()
        other = client.get(f"/games/{victim['game']}", headers=auth(device["token"]))
        assert other.status_code == 403 and other.json()["error"]["code"] == "bad_token"
