"""Players' names: one rule at every door (a new game, an invite, an open game of the
lobby, a guest spectator's chat): 1 to 24 characters once NFC-normalised and trimmed, no
control characters; a refusal is a clear 422 naming the field and the rule. And the
lobby's games being played tell a bot by its spec, for the page to say its ladder name."""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.serverkit import create_bot_game, http_game, recv, running, said_hello

#: Names refused, and why.
REFUSED = {
    "25 characters": "n" * 25,
    "empty": "",
    "only spaces": "   ",
    "a control character": "Ada\x07",
    "a line break": "Ada\nBob",
    "a direction override": "Ada\u202eboB",
}
#: Names taken, and as what they are kept.
TAKEN = {
    "24 characters": ("n" * 24, "n" * 24),
    "24 accented letters": ("é" * 24, "é" * 24),
    "decomposed accents, counted once normalised": (
        unicodedata.normalize("NFD", "é" * 24),
        "é" * 24,
    ),
    "spaces around": ("  Ada Lovelace  ", "Ada Lovelace"),
}


def friend_game(client: TestClient, **extra: Any) -> dict[str, Any]:
    made = client.post("/games", json={"opponent": "friend", "placement": "random", **extra})
    assert made.status_code == 201, made.text
    return dict(made.json())


def open_game(client: TestClient) -> dict[str, Any]:
    """A friend game listed in the lobby, its creator at the table."""
    return friend_game(client, open=True)


def create_named(client: TestClient, name: str) -> Any:
    return client.post("/games", json={"opponent": "friend", "name": name})


def join_named(client: TestClient, name: str) -> Any:
    return client.post(f"/invites/{friend_game(client)['invite']}", json={"name": name})


def take_named(client: TestClient, name: str) -> Any:
    made = open_game(client)
    with said_hello(client, made["game"], made["token"]):
        return client.post(f"/seeks/{made['game']}", json={"name": name})


def chat_named(client: TestClient, name: str) -> Any:
    game = friend_game(client)["game"]
    body = {"room": "spectators", "text": "hello", "name": name}
    return client.post(f"/games/{game}/chat", json=body)


#: Each door a name comes in by, and the error code it answers a bad name with.
DOORS: dict[str, tuple[Callable[[TestClient, str], Any], str]] = {
    "a new game": (create_named, "invalid"),
    "an invite": (join_named, "invalid"),
    "an open game of the lobby": (take_named, "invalid"),
    "a guest spectator's chat": (chat_named, "bad_chat"),
}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with running(tmp_path_factory.mktemp("names"), rate_burst=1000.0) as client:
        yield client


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("why", REFUSED)
def test_a_bad_name_is_refused_naming_the_field_and_the_rule(
    client: TestClient, door: str, why: str
) -> None:
    """A name of 25 characters, an empty one, or one with a control character is
    refused at every door with a 422 that names the field ``name`` and says the rule."""
    send, code = DOORS[door]
    answer = send(client, REFUSED[why])
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == code and error["field"] == "name", error
    rule = "1 to 24 characters" if why in ("25 characters", "empty", "only spaces") else "control"
    assert rule in error["message"], error["message"]
    assert "Traceback" not in answer.text and "Value error" not in error["message"]


@pytest.mark.parametrize("door", ["a new game", "an invite", "an open game of the lobby"])
@pytest.mark.parametrize("given", TAKEN)
def test_a_good_name_is_kept_normalised_and_trimmed(
    client: TestClient, door: str, given: str
) -> None:
    """24 characters are enough, counted as characters (accents written in two code
    points count once) and without the spaces around them: the table shows the name
    kept."""
    name, kept = TAKEN[given]
    answer = DOORS[door][0](client, name)
    assert answer.status_code in (200, 201), answer.text
    seat = answer.json()
    players = http_game(client, seat["game"], seat["token"])["players"]
    assert players[seat["seat"]]["name"] == kept


def test_a_guest_spectator_writes_under_the_name_kept(client: TestClient) -> None:
    """A guest spectator's chat name follows the same rule: trimmed and normalised."""
    answer = chat_named(client, unicodedata.normalize("NFD", "  Zoé  "))
    assert answer.status_code == 201, answer.text
    assert answer.json()["author"] == "Zoé"


def test_a_nameless_player_is_still_welcome(client: TestClient) -> None:
    """Giving no name at all is not an error: the player is a guest."""
    made = friend_game(client)
    joined = client.post(f"/invites/{made['invite']}", json={})
    assert joined.status_code == 200, joined.text
    assert [p["name"] for p in http_game(client, made["game"])["players"]] == [None, None]


def test_the_lobby_tells_a_bot_by_its_spec(client: TestClient) -> None:
    """A game against the beginner bot is listed among games being played with the
    bot's spec (the page says its ladder name in the reader's language), not its spec
    as a player's name only."""
    made = create_bot_game(client, bot="novice:1", name="Ada")
    with client.websocket_connect("/ws/lobby") as lobby:
        end = time.monotonic() + 10
        while time.monotonic() < end:
            message = recv(lobby)
            games = {g["game"]: g for g in message["playing"]}
            if made["game"] in games:
                break
        players = games[made["game"]]["players"]
    bot = 1 - made["seat"]
    assert players[bot]["kind"] == "bot" and players[bot]["bot"] == "novice:1"
    assert players[made["seat"]] == {"kind": "human", "bot": None, "name": "Ada", "guest": True}
    assert http_game(client, made["game"], made["token"])["players"][bot]["bot"] == "novice:1"
    assert made["token"] not in str(message)
