"""Accounts: a player signs up, keeps their guest games, signs in
on another device and plays the same seat there, signs out here or everywhere.

Every request that changes something while signed in echoes the session's anti-CSRF
token (``X-CSRF-Token``); the attacks on that are in ``tests/security/test_accounts.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from outlaws.server import create_app
from tests.server.serverkit import (
    Player,
    auth,
    create_bot_game,
    http_game,
    play_http,
    running,
    settings_for,
)

PASSWORD = "a good long secret"


def sign_up(client: TestClient, name: str, **extra: Any) -> dict[str, Any]:
    answer = client.post("/account", json={"name": name, "password": PASSWORD, **extra})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def signed(csrf: str) -> dict[str, str]:
    """Headers of a signed-in request that changes something (the cookie is the
    client's own)."""
    return {"X-CSRF-Token": csrf}


def test_a_guest_signs_up_keeps_their_games_and_plays_them_from_another_device(
    tmp_path: Path,
) -> None:
    with running(tmp_path) as client:
        # A guest's bot game, played a little on the phone.
        made = create_bot_game(client, bot="random", seat=0, turn_limit=40)
        game_id, seat_token = made["game"], made["token"]
        play_http(client, game_id, {0: seat_token}, random.Random(3), steps=2)
        # Sign up: the phone hands its guest seats over.
        phone = Player(client, "Calamity_Jane", PASSWORD, seats=[seat_token])
        assert phone.adopted == 1
        listed = client.get("/account/games", headers=phone.headers()).json()["games"]
        assert [(g["game"], g["seat"]) for g in listed] == [(game_id, 0)]
        # A game made while signed in is the account's from the start.
        second = client.post(
            "/games",
            json={"opponent": "bot", "bot": "random", "placement": "random"},
            headers=phone.headers(),
        )
        assert second.status_code == 201
        assert len(client.get("/account/games", headers=phone.headers()).json()["games"]) == 2

        # Another device, a laptop: no cookie, no token. It signs in.
        assert client.get("/account").json() is None  # a guest
        laptop = Player(client, "calamity_jane", PASSWORD, sign_up=False)
        games = client.get("/account/games", headers=laptop.headers()).json()["games"]
        assert {g["game"] for g in games} == {game_id, second.json()["game"]}
        # Its own token of the seat: it plays the same seat, the phone's token unknown.
        device = client.post(f"/account/games/{game_id}/token", headers=laptop.headers())
        assert device.status_code == 201, device.text
        laptop_token = device.json()["token"]
        assert device.json()["seat"] == 0 and laptop_token != seat_token
        view = http_game(client, game_id, laptop_token)
        assert view["mode"] == "play" and view["seat"] == 0
        assert view == http_game(client, game_id, seat_token)
        before = view["actions"]
        play_http(client, game_id, {0: laptop_token}, random.Random(4), steps=1)
        assert http_game(client, game_id, seat_token)["actions"] > before

        # Signed out everywhere: both sessions end, and the laptop's seat token too; the
        # seat's first token (the phone's own) still plays.
        out = client.delete("/account/sessions", headers=laptop.headers())
        assert out.status_code == 204
        for player in (laptop, phone):
            assert client.get("/account", headers=player.headers()).json() is None
        gone = client.get(f"/games/{game_id}", headers=auth(laptop_token))
        assert gone.status_code == 403
        assert http_game(client, game_id, seat_token)["mode"] == "play"


def test_sign_in_and_out_and_the_names_an_account_may_have(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        account = sign_up(client, "名前のある人")
        me = client.get("/account").json()
        assert me["name"] == "名前のある人" and me["csrf"] == account["csrf"]
        # One name, whatever its case or width.
        taken = client.post("/account", json={"name": "ＮＡＭＥ", "password": PASSWORD})
        assert taken.status_code == 201
        again = client.post("/account", json={"name": "name", "password": PASSWORD})
        assert again.status_code == 409 and again.json()["error"]["code"] == "name_taken"
        for name, field in (("ab", "name"), ("no spaces", "name"), ("ok_name", "password")):
            bad = client.post("/account", json={"name": name, "password": "short"})
            assert bad.status_code == 422 and bad.json()["error"]["field"] == field, bad.text
        wrong = client.post("/account/session", json={"name": "name", "password": "wrong one"})
        assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_credentials"
        nobody = client.post("/account/session", json={"name": "nobody", "password": PASSWORD})
        assert nobody.status_code == 401 and nobody.json() == wrong.json()
        # Signing out ends this session only.
        me = client.get("/account").json()
        assert client.delete("/account/session", headers=signed(me["csrf"])).status_code == 204
        assert client.get("/account").json() is None  # a guest


def test_an_account_and_its_session_survive_a_restart_and_reach_another_process(
    tmp_path: Path,
) -> None:
    """Sessions are in the database: a restart, or another process, knows them."""
    settings = settings_for(tmp_path)
    with TestClient(create_app(settings)) as client:
        account = sign_up(client, "Wild_Bill")
        cookies = dict(client.cookies)
    with TestClient(create_app(settings), cookies=cookies) as client:
        assert client.get("/account").json()["id"] == account["id"]
    engine = create_engine(settings.db_url)
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT password_hash FROM accounts")).scalar()
        sessions = conn.execute(text("SELECT token_hash FROM sessions")).scalars().all()
    engine.dispose()
    # At rest: an argon2id hash, and no session's token itself.
    assert str(stored).startswith("$argon2id$") and PASSWORD not in str(stored)
    assert cookies["outlaws_session"] not in sessions
