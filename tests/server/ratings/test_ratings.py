"""Rated games: two accounts play a rated game and both ratings move, once;
an account's rated games against a bot move its rating against bots; the profile shows
ratings, history and the ways games were won and lost."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from outlaws.server import create_app
from outlaws.server.cluster.bus import LocalBus
from tests.server.serverkit import Player, auth, running, settings_for

PASSWORD = "six-guns at dawn"
#: A rated game has a clock (docs/protocol.md, Rated play).
CLOCK = {"clock": {"bank": 300, "per_turn": 30}}


def rated_friend_game(client: TestClient, host: Player, guest: Player) -> tuple[str, list[str]]:
    """A rated game between ``host`` (seat 0) and ``guest`` (seat 1): its id and tokens."""
    made = client.post(
        "/games",
        json={"opponent": "friend", "seat": 0, "placement": "random", "rated": True, **CLOCK},
        headers=host.headers(),
    )
    assert made.status_code == 201, made.text
    joined = client.post(f"/invites/{made.json()['invite']}", json={}, headers=guest.headers())
    assert joined.status_code == 200, joined.text
    return made.json()["game"], [made.json()["token"], joined.json()["token"]]


def profile(client: TestClient, name: str, pool: str = "players") -> dict[str, Any]:
    """The player's profile once a rated game of ``pool`` is in it (a game is rated just
    after its end is answered)."""
    deadline = time.monotonic() + 5
    while True:
        answer = client.get(f"/players/{name}")
        assert answer.status_code == 200, answer.text
        body: dict[str, Any] = answer.json()
        if pool in body["ratings"]:
            return body
        assert time.monotonic() < deadline, f"no rated game of {name} in {pool}"
        time.sleep(0.02)


def test_a_rated_game_between_two_accounts_moves_both_ratings(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        doc, kid = Player(client, "Doc", PASSWORD), Player(client, "Kid", PASSWORD)
        game_id, tokens = rated_friend_game(client, doc, kid)
        # The Kid resigns: Doc wins.
        assert client.post(f"/games/{game_id}/resign", headers=auth(tokens[1])).status_code == 200
        won, lost = profile(client, "doc"), profile(client, "KID")
        assert won["name"] == "Doc" and lost["name"] == "Kid"
        a, b = won["ratings"]["players"], lost["ratings"]["players"]
        assert a["games"] == b["games"] == 1
        assert a["rating"] > 1500 > b["rating"]
        assert a["rating"] - 1500 == pytest.approx(1500 - b["rating"], abs=0.2)
        assert a["provisional"] and a["deviation"] < 350
        assert [h["game_id"] for h in won["history"]["players"]] == [game_id]
        assert won["history"]["players"][0]["opponent"] == "Kid"
        assert won["record"]["players"] == {
            "games": 1, "won": 1, "lost": 0, "drawn": 0,
            "by_how": {"resign": {"won": 1, "lost": 0, "drawn": 0}},
        }  # fmt: skip
        assert "bots" not in won["ratings"]


def test_rated_games_against_bots_have_a_rating_of_their_own(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        doc = Player(client, "Doc", PASSWORD)
        made = client.post(
            "/games",
            json={
                "opponent": "bot",
                "bot": "heuristic",
                "placement": "random",
                "rated": True,
                **CLOCK,
            },
            headers=doc.headers(),
        )
        assert made.status_code == 201, made.text
        game_id, token = made.json()["game"], made.json()["token"]
        assert client.post(f"/games/{game_id}/resign", headers=auth(token)).status_code == 200
        ratings = profile(client, "Doc", pool="bots")["ratings"]
        assert set(ratings) == {"bots"} and ratings["bots"]["rating"] < 1500
        # Losing to a bot rated some 1900 costs less than losing to an equal would.
        assert 1500 - ratings["bots"]["rating"] < 200


def test_what_may_be_rated_and_who_may_join_it(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        guest = client.post("/games", json={"opponent": "friend", "rated": True})
        assert guest.status_code == 401 and guest.json()["error"]["code"] == "account_needed"
        doc = Player(client, "Doc", PASSWORD)
        unmeasured = client.post(
            "/games", json={"opponent": "bot", "bot": "search:5", "rated": True},
            headers=doc.headers(),
        )  # fmt: skip
        assert unmeasured.status_code == 422
        assert unmeasured.json()["error"] == {
            "code": "unrated_bot",
            "message": unmeasured.json()["error"]["message"],
            "field": "bot",
        }
        made = client.post(
            "/games", json={"opponent": "friend", "rated": True, **CLOCK}, headers=doc.headers()
        )
        invite = made.json()["invite"]
        refused = client.post(f"/invites/{invite}", json={"name": "a guest"})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "account_needed"
        assert client.get(f"/invites/{invite}").json() == {"open": True}  # still free
        # Without the CSRF token the request is a guest's: refused too.
        kid = Player(client, "Kid", PASSWORD)
        forged = client.post(f"/invites/{invite}", json={}, headers=kid.headers(csrf=False))
        assert forged.status_code == 409
        unknown = client.get("/players/nobody")
        assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_player"


def test_a_rated_game_seen_ending_by_two_processes_is_rated_once(tmp_path: Path) -> None:
    bus = LocalBus()
    database = f"sqlite:///{tmp_path / 'outlaws.db'}"
    for name in "ab":
        (tmp_path / name).mkdir()
    with (
        TestClient(create_app(settings_for(tmp_path / "a", db_url=database, bus=bus))) as a,
        TestClient(create_app(settings_for(tmp_path / "b", db_url=database, bus=bus))) as b,
    ):
        doc, kid = Player(a, "Doc", PASSWORD), Player(a, "Kid", PASSWORD)
        game_id, tokens = rated_friend_game(a, doc, kid)
        assert b.get(f"/games/{game_id}", headers=auth(tokens[0])).status_code == 200
        assert b.post(f"/games/{game_id}/resign", headers=auth(tokens[0])).status_code == 200
        for client in (a, b):
            for name in ("Doc", "Kid"):
                history = profile(client, name)["history"]["players"]
                assert [h["game_id"] for h in history] == [game_id]
