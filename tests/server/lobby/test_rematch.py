"""Rematch: offered and accepted from the game-over panel, seats swapped,
started once, on any process."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from fastapi.testclient import TestClient

from outlaws.server.common.bus import Bus
from tests.server.processkit import two_servers
from tests.server.serverkit import (
    Player,
    auth,
    create_bot_game,
    create_friend_game,
    http_game,
    recv_until,
    running,
    said_hello,
)


def resign(client: TestClient, game_id: str, token: str) -> None:
    answer = client.post(f"/games/{game_id}/resign", headers=auth(token))
    assert answer.status_code == 200, answer.text


def test_a_rematch_offered_and_accepted_swaps_the_seats(tmp_path: Path) -> None:
    """After a game, seat 0 offers a rematch: seat 1's socket hears the offer; seat 1
    accepts: both sockets hear the new game's id, and each player holds the other seat
    of it, with the same clock."""
    with running(tmp_path) as client:
        clock = {"bank": 300, "per_turn": 10, "on_timeout": "lose"}
        game, tokens = create_friend_game(client, clock=clock)
        resign(client, game, tokens[1])
        with said_hello(client, game, tokens[1]) as other:
            offered = client.post(f"/games/{game}/rematch", headers=auth(tokens[0]))
            assert offered.status_code == 200, offered.text
            offer = offered.json()
            assert offer["state"] == "offered" and offer["seat"] == 1
            heard = recv_until(other, lambda m: m["type"] == "rematch")[-1]
            assert heard == {"type": "rematch", "offered_by": 0, "game": None}
            assert client.get(f"/games/{game}/rematch").json() == {"offered_by": 0, "game": None}
            again = client.post(f"/games/{game}/rematch", headers=auth(tokens[0]))
            assert again.status_code == 409
            assert again.json()["error"]["code"] == "rematch_offered"

            accepted = client.post(f"/games/{game}/rematch", headers=auth(tokens[1]))
            assert accepted.status_code == 200, accepted.text
            answer = accepted.json()
            assert answer == {**answer, "state": "accepted", "game": offer["game"], "seat": 0}
            heard = recv_until(other, lambda m: m["type"] == "rematch" and m["game"])[-1]
            assert heard["game"] == offer["game"]
        new = offer["game"]
        assert http_game(client, new, offer["token"])["seat"] == 1
        assert http_game(client, new, answer["token"])["seat"] == 0
        assert http_game(client, new)["clock"]["banks"] == [300, 300]
        third = client.post(f"/games/{game}/rematch", headers=auth(tokens[0]))
        assert third.json()["error"]["code"] == "rematch_started"


def test_a_declined_rematch_is_gone_for_both(tmp_path: Path) -> None:
    """Seat 1 declines seat 0's offer: nobody is offered anything any more, and seat 1
    may offer one itself."""
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        resign(client, game, tokens[0])
        client.post(f"/games/{game}/rematch", headers=auth(tokens[0]))
        declined = client.delete(f"/games/{game}/rematch", headers=auth(tokens[1]))
        assert declined.status_code == 204
        assert client.get(f"/games/{game}/rematch").json() == {"offered_by": None, "game": None}
        mine = client.post(f"/games/{game}/rematch", headers=auth(tokens[1]))
        assert mine.json()["state"] == "offered"


def test_a_bot_accepts_a_rematch_at_once(tmp_path: Path) -> None:
    """Against a bot the rematch starts at once, the bot in the other seat."""
    with running(tmp_path) as client:
        made = create_bot_game(client, seat=0)
        resign(client, made["game"], made["token"])
        answer = client.post(f"/games/{made['game']}/rematch", headers=auth(made["token"]))
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["state"] == "accepted" and body["seat"] == 1
        new = http_game(client, body["game"], body["token"])
        assert new["players"][0]["kind"] == "bot" and new["players"][0]["bot"] == "random"


def test_a_rematch_needs_a_finished_game_and_a_seat(tmp_path: Path) -> None:
    """Offered before the end: 409 ``not_over``; without a seat's token: 401."""
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        early = client.post(f"/games/{game}/rematch", headers=auth(tokens[0]))
        assert early.status_code == 409 and early.json()["error"]["code"] == "not_over"
        resign(client, game, tokens[0])
        anonymous = client.post(f"/games/{game}/rematch")
        assert anonymous.status_code == 401


def test_a_rematch_accepted_twice_at_once_starts_one_game(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    """The accepting player's two clicks reach two processes at once: one new game."""
    with two_servers(tmp_path, database, buses) as (a, b):
        game, tokens = create_friend_game(a)
        resign(a, game, tokens[0])
        a.post(f"/games/{game}/rematch", headers=auth(tokens[0]))
        with ThreadPoolExecutor(2) as pool:
            answers = list(
                pool.map(
                    lambda c: c.post(f"/games/{game}/rematch", headers=auth(tokens[1])), [a, b]
                )
            )
        assert sorted(x.status_code for x in answers) == [200, 409], [x.text for x in answers]


def test_a_rated_rematch_stays_rated_and_each_seat_is_its_account(tmp_path: Path) -> None:
    """Two signed-in players rematch a rated game: the new game is rated and each of
    them finds it among their account's games."""
    with running(tmp_path) as client:
        ada = Player(client, "Ada", "correct horse battery")
        bob = Player(client, "Bob", "another good password")
        made = client.post(
            "/games",
            json={
                "opponent": "friend",
                "rated": True,
                "seat": 0,
                "placement": "random",
                "clock": {"bank": 300, "per_turn": 30},
            },
            headers=ada.headers(),
        ).json()
        joined = client.post(f"/invites/{made['invite']}", json={}, headers=bob.headers()).json()
        resign(client, made["game"], joined["token"])
        offer = client.post(
            f"/games/{made['game']}/rematch", headers=ada.headers(made["token"])
        ).json()
        answer = client.post(
            f"/games/{made['game']}/rematch", headers=bob.headers(joined["token"])
        ).json()
        assert answer["state"] == "accepted"
        for player, seat in ((ada, 1), (bob, 0)):
            games = client.get("/account/games", headers=player.headers(csrf=False)).json()
            assert (offer["game"], seat) in [(g["game"], g["seat"]) for g in games["games"]]
