"""Signing out everywhere ends every seat token the account was given. The token
handed out when a seat was created or joined while signed in still played after
``DELETE /account/sessions`` (its game 200, an action 200, a chat message 201): a lost
phone kept its games. Now it ends with the others, its live sockets are closed, on
every server process; the account keeps its seats and plays them again once signed in.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from outlaws.server.common.bus import Bus
from tests.server.processkit import two_servers
from tests.server.serverkit import Player, auth, legal_of, recv, running, said_hello

PASSWORD = "six-guns at dawn"


def friend_game(client: TestClient, creator: Player | None, joiner: Player | None) -> Any:
    """A friend game (the cards dealt at random): each player signed in or a guest
    (None). The game's id and the tokens of seats 0 and 1."""

    def headers(player: Player | None) -> dict[str, str]:
        return player.headers() if player else {}

    body = {"opponent": "friend", "seat": 0, "placement": "random"}
    made = client.post("/games", json=body, headers=headers(creator)).json()
    joined = client.post(f"/invites/{made['invite']}", json={}, headers=headers(joiner)).json()
    return made["game"], [made["token"], joined["token"]]


def to_act(client: TestClient, game_id: str, seat: int, tokens: list[str]) -> dict[str, Any]:
    """Play the other seat's legal actions until ``seat`` is to act: its view then."""
    while True:
        game: dict[str, Any] = client.get(f"/games/{game_id}", headers=auth(tokens[seat])).json()
        if game["view"]["to_act"] == seat:
            return game
        other = client.get(f"/games/{game_id}", headers=auth(tokens[1 - seat])).json()
        played = client.post(
            f"/games/{game_id}/actions",
            headers=auth(tokens[1 - seat]),
            json=(legal_of(other) or [])[0],
        )
        assert played.status_code == 200, played.text


def test_signing_out_everywhere_ends_the_seats_taken_while_signed_in(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        doc = Player(client, "Doc", PASSWORD)
        # Doc creates a game (seat 0) and joins another (seat 1), signed in; guests
        # hold the other seats.
        mine, tokens = friend_game(client, doc, None)
        joined_id, joined_tokens = friend_game(client, None, doc)
        legal = (legal_of(to_act(client, mine, 0, tokens)) or [])[0]
        with said_hello(client, mine, tokens[0]) as phone:
            assert recv(phone)["type"] == "hello"
            out = client.delete("/account/sessions", headers=doc.headers())
            assert out.status_code == 204
            # The phone's socket is told, and closed as a bad token's.
            assert recv(phone)["error"]["code"] == "bad_token"
            try:
                recv(phone)
                raise AssertionError("the socket stayed open")
            except ConnectionError as closed:
                assert "closed: 4003" in str(closed)
        seat = auth(tokens[0])
        assert client.get(f"/games/{mine}", headers=seat).status_code == 403
        assert client.post(f"/games/{mine}/actions", headers=seat, json=legal).status_code == 403
        chat = {"room": "players", "text": "still here"}
        assert client.post(f"/games/{mine}/chat", headers=seat, json=chat).status_code == 403
        joined_seat = auth(joined_tokens[1])
        assert client.get(f"/games/{joined_id}", headers=joined_seat).status_code == 403
        # The guests' seats still play.
        assert client.get(f"/games/{mine}", headers=auth(tokens[1])).json()["mode"] == "play"
        # Signed in again, Doc has both seats, and plays them from a new token.
        again = Player(client, "doc", PASSWORD, sign_up=False)
        listed = client.get("/account/games", headers=again.headers()).json()["games"]
        assert {(g["game"], g["seat"]) for g in listed} == {(mine, 0), (joined_id, 1)}
        fresh = client.post(f"/account/games/{mine}/token", headers=again.headers()).json()
        played = client.post(f"/games/{mine}/actions", headers=auth(fresh["token"]), json=legal)
        assert played.status_code == 200, played.text


def test_a_seat_token_ended_through_one_process_ends_on_the_others(
    tmp_path: Path,
    database: str,
    buses: Callable[[], Bus],
) -> None:
    with two_servers(tmp_path, database, buses) as (a, b):
        doc = Player(a, "Doc", PASSWORD)
        game_id, tokens = friend_game(a, doc, None)
        with said_hello(b, game_id, tokens[0]) as laptop:
            assert recv(laptop)["type"] == "hello"
            assert b.get(f"/games/{game_id}", headers=auth(tokens[0])).status_code == 200
            assert a.delete("/account/sessions", headers=doc.headers()).status_code == 204
            assert recv(laptop)["error"]["code"] == "bad_token"
        assert b.get(f"/games/{game_id}", headers=auth(tokens[0])).status_code == 403
        assert b.get(f"/games/{game_id}", headers=auth(tokens[1])).status_code == 200
