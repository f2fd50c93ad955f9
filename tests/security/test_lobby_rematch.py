"""Attacks on the lobby and the rematch: taking the seat of a private game by its public
id, reading secrets from the lobby, a rematch by someone who holds no seat of the game,
a visitor id used to smuggle text into the presence list.

Each test is an attack that must fail, and says what the server answers instead."""

from __future__ import annotations

from pathlib import Path

from tests.server.serverkit import auth, create_friend_game, running, said_hello, stored_game


def test_a_private_invite_game_cannot_be_taken_by_its_public_id(tmp_path: Path) -> None:
    """A game's id is public (spectators' links); its free seat is the invite's alone,
    unless its creator opened it to the lobby: 409, and the seat stays free."""
    with running(tmp_path) as client:
        made = client.post("/games", json={"opponent": "friend"}).json()
        answer = client.post(f"/seeks/{made['game']}", json={"name": "thief"})
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "seek_taken"
        assert client.get(f"/invites/{made['invite']}").json() == {"open": True}


def test_the_lobby_shows_no_token_invite_or_account_id(tmp_path: Path) -> None:
    """Everything the lobby says is public: names, clocks, whether rated; never a seat's
    token, an invite, their hashes or an account's id."""
    with running(tmp_path) as client:
        signed = client.post("/account", json={"name": "Ada", "password": "correct horse battery"})
        headers = {"X-CSRF-Token": signed.json()["csrf"]}
        terms = {"rated": True, "clock": {"bank": 300, "per_turn": 30}}
        made = client.post(
            "/games", json={"opponent": "friend", "open": True, **terms}, headers=headers
        ).json()
        client.cookies.clear()
        row = stored_game(tmp_path, made["game"])
        with said_hello(client, made["game"], made["token"]):
            text = client.get("/lobby").text
            assert made["game"] in text and "Ada" in text
        secrets = [made["token"], made["invite"], signed.json()["id"]]
        secrets += [s.token_hash for s in row.seats if s.token_hash]
        secrets += [s.invite_hash for s in row.seats if s.invite_hash]
        assert [s for s in secrets if s in text] == []


def test_a_rematch_needs_a_seat_of_that_game(tmp_path: Path) -> None:
    """No token: 401; a seat of another game: 403 ``bad_token``; a spectator cannot
    decline the players' rematch either. Nothing is offered."""
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        _, other_tokens = create_friend_game(client)
        client.post(f"/games/{game}/resign", headers=auth(tokens[0]))
        assert client.post(f"/games/{game}/rematch").status_code == 401
        stolen = client.post(f"/games/{game}/rematch", headers=auth(other_tokens[0]))
        assert stolen.status_code == 403 and stolen.json()["error"]["code"] == "bad_token"
        assert client.delete(f"/games/{game}/rematch").status_code == 401
        assert client.get(f"/games/{game}/rematch").json() == {"offered_by": None, "game": None}


def test_a_visitor_id_cannot_carry_text_into_the_presence_list(tmp_path: Path) -> None:
    """The guest's browser id is checked (8 to 32 of [A-Za-z0-9_-]); anything else is
    ignored, and the lobby counts the socket as one guest, naming nobody."""
    with running(tmp_path) as client:
        bad = "%3Cscript%3Ealert(1)%3C%2Fscript%3E"
        with client.websocket_connect(f"/ws/lobby?visitor={bad}") as lobby:
            message = lobby.receive_json()
            assert message["online"]["players"] == []
            assert "script" not in str(message)


def test_a_flood_of_frames_on_the_lobby_socket_ends_it(tmp_path: Path) -> None:
    """The lobby's socket only listens: past its rate, the server closes it (1008)."""
    with (
        running(tmp_path, rate_burst=5.0, rate_per_second=1.0) as client,
        client.websocket_connect("/ws/lobby") as lobby,
    ):
        lobby.receive_json()
        for _ in range(20):
            lobby.send_text("x" * 1000)
        closed = lobby.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 1008
