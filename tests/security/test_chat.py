"""Attacks on the chat (server/chat/rooms.py): oversized and invisible text, markup, flooding,
a spectator reaching into the players' room, a forged or stolen seat, a message forced
on a bot game, a token in the URL. Each refusal stores nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from outlaws.server.chat import rooms as chat
from tests.security.attackkit import recv
from tests.server.serverkit import (
    Player,
    auth,
    create_bot_game,
    create_friend_game,
    recv_until,
    running,
    said_hello,
)


@pytest.fixture
def friends(tmp_path: Path) -> Iterator[tuple[TestClient, str, list[str]]]:
    """A friend game with both seats taken: the client, the game, the seat tokens."""
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        yield client, game, tokens


def say(client: TestClient, game: str, token: str | None, **body: Any) -> Any:
    return client.post(f"/games/{game}/chat", headers=auth(token), json=body)


def said(client: TestClient, game: str, token: str | None) -> list[dict[str, Any]]:
    """Every message of the room of ``token`` (none: the spectators')."""
    answer = client.get(f"/games/{game}/chat", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return list(answer.json()["messages"])


@pytest.mark.parametrize("size", [201, 5_000, 500_000])
def test_oversized_text_is_refused_and_not_stored(
    friends: tuple[TestClient, str, list[str]], size: int
) -> None:
    client, game, tokens = friends
    answer = say(client, game, tokens[0], room="players", text="A" * size)
    assert answer.status_code in (413, 422), answer.text
    if answer.status_code == 422:
        assert answer.json()["error"]["field"] == "text"
    assert said(client, game, tokens[1]) == []


@pytest.mark.parametrize(
    "text",
    ["\u202egnp.exe", "nul\x00byte", "bell\x07", "tab\tinside", "\ud800", "a\u2028b"],
    ids=["bidi-override", "nul", "bell", "tab", "lone-surrogate", "line-separator"],
)
def test_control_and_direction_characters_are_refused(
    friends: tuple[TestClient, str, list[str]], text: str
) -> None:
    """A message cannot turn the text after it around (U+202E), hide a NUL, ring, break
    lines, or carry half a character (a lone surrogate: no database stores it)."""
    client, game, tokens = friends
    raw = json.dumps({"room": "players", "text": text})  # ASCII: a lone surrogate escaped
    answer = client.post(
        f"/games/{game}/chat",
        headers={**auth(tokens[0]), "Content-Type": "application/json"},
        content=raw,
    )
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["field"] == "text"
    assert said(client, game, tokens[1]) == []


def test_markup_is_kept_as_text_in_json_never_interpreted(
    friends: tuple[TestClient, str, list[str]],
) -> None:
    """HTML is neither run nor rewritten by the server: the reader's page gets the very
    characters written, as a JSON string (the browser table shows them with
    textContent: tests/browser/test_chat.py), in a JSON answer."""
    client, game, tokens = friends
    markup = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    with said_hello(client, game, tokens[1]) as bob:
        assert recv(bob)["type"] == "hello"
        answer = say(client, game, tokens[0], room="players", text=markup)
        assert answer.status_code == 201, answer.text
        pushed = recv_until(bob, lambda message: message["type"] == "chat")[-1]
    assert pushed["message"]["text"] == markup
    read = client.get(f"/games/{game}/chat", headers=auth(tokens[1]))
    assert read.headers["content-type"].startswith("application/json")
    assert read.json()["messages"][0]["text"] == markup


def test_a_flood_is_refused_past_the_rate_and_the_seats_are_counted_apart(
    friends: tuple[TestClient, str, list[str]],
) -> None:
    client, game, tokens = friends
    codes = [say(client, game, tokens[0], room="players", text=f"spam {n}") for n in range(12)]
    statuses = [answer.status_code for answer in codes]
    burst = int(chat.BURST)
    assert statuses[:burst] == [201] * burst
    assert set(statuses[burst + 1 :]) == {429}
    assert codes[-1].json()["error"]["code"] == "rate_limited"
    # The other seat still speaks: each writer has a rate of their own.
    assert say(client, game, tokens[1], room="players", text="stop").status_code == 201
    assert len(said(client, game, tokens[1])) <= burst + 2


def test_guest_spectators_flooding_under_new_names_share_their_address_rate(
    friends: tuple[TestClient, str, list[str]],
) -> None:
    """A guest's rate is their address's: a new name for each message does not help."""
    client, game, _ = friends
    statuses = [
        say(client, game, None, room="spectators", text="x", name=f"guest{n}").status_code
        for n in range(10)
    ]
    assert statuses.count(201) <= int(chat.BURST) + 1 and statuses[-1] == 429


def test_one_address_flooding_many_games_at_once_is_held_to_its_own_rate(
    tmp_path: Path,
) -> None:
    """Five messages in each of six games, within a moment, from one address: each game
    allows five, but the address is held to ``AUTHOR_BURST`` in a row across them."""
    with running(tmp_path) as client:
        games = [create_friend_game(client) for _ in range(6)]
        statuses = [
            say(client, game, tokens[0], room="players", text=f"spam {n}").status_code
            for game, tokens in games
            for n in range(5)
        ]
        assert statuses.count(201) <= int(chat.AUTHOR_BURST) + 1, statuses
        assert statuses[-1] == 429


def test_a_signed_in_player_who_leaves_the_token_out_is_no_spectator(tmp_path: Path) -> None:
    """Ann plays, signed in; without her seat's token she would be a spectator and read
    what the spectators deduce. Her session gives her away: refused both ways."""
    with running(tmp_path) as client:
        ann = Player(client, "Ann", "correct horse battery")
        made = client.post("/games", json={"opponent": "friend"}, headers=ann.headers()).json()
        client.post(f"/invites/{made['invite']}", json={"name": "Bob"})
        game = made["game"]
        assert say(client, game, None, room="spectators", text="Bob has the Hitman", name="Cy")
        for answer in (
            client.get(f"/games/{game}/chat", headers=ann.headers()),
            client.get(f"/games/{game}/chat", headers=ann.headers(csrf=False)),
            client.post(
                f"/games/{game}/chat",
                json={"room": "spectators", "text": "so?"},
                headers=ann.headers(),
            ),
        ):
            assert answer.status_code == 403, answer.text
            assert answer.json()["error"]["code"] == "not_your_room"
        # Her own seat reads her own room; a spectator still reads theirs.
        mine = client.get(f"/games/{game}/chat", headers=ann.headers(made["token"]))
        assert mine.json()["room"] == "players"
        assert len(client.get(f"/games/{game}/chat").json()["messages"]) == 1


def test_a_spectator_cannot_read_nor_write_the_players_room(
    friends: tuple[TestClient, str, list[str]],
) -> None:
    client, game, tokens = friends
    assert say(client, game, tokens[0], room="players", text="my plan: col 3").status_code == 201
    written = say(client, game, None, room="players", text="psst", name="Mallory")
    assert written.status_code == 403 and written.json()["error"]["code"] == "not_your_room"
    peek = client.get(f"/games/{game}/chat?room=players")
    assert peek.status_code == 403 and peek.json()["error"]["code"] == "not_your_room"
    # Nor do the spectators' room and socket ever hold the players' words.
    assert said(client, game, None) == []
    with said_hello(client, game, None) as watcher:
        assert recv(watcher)["type"] == "hello"
        say(client, game, tokens[1], room="players", text="col 5 is the hitman")
        say(client, game, None, room="spectators", text="marker", name="Mallory")
        heard = recv_until(watcher, lambda message: message["type"] == "chat")
    assert heard[-1]["message"]["text"] == "marker"
    assert "hitman" not in str(heard)


def test_a_player_cannot_write_to_the_spectators_room(
    friends: tuple[TestClient, str, list[str]],
) -> None:
    """A seat that asks for the spectators' room with its token is refused (a player
    asking the watchers for help is a player in their room)."""
    client, game, tokens = friends
    answer = say(client, game, tokens[0], room="spectators", text="what should I do?")
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_your_room"
    assert said(client, game, None) == []


def test_a_bad_token_neither_writes_nor_reads(friends: tuple[TestClient, str, list[str]]) -> None:
    client, game, tokens = friends
    say(client, game, tokens[0], room="players", text="secret")
    forged = say(client, game, "not-a-seat-token", room="players", text="I am Ann")
    assert forged.status_code == 403 and forged.json()["error"]["code"] == "bad_token"
    read = client.get(f"/games/{game}/chat", headers=auth("not-a-seat-token"))
    assert read.status_code == 403 and read.json()["error"]["code"] == "bad_token"
    # A token of another game holds no seat in this one.
    _, other_tokens = create_friend_game(client)
    crossed = say(client, game, other_tokens[0], room="players", text="hi")
    assert crossed.status_code == 403
    assert [m["text"] for m in said(client, game, tokens[1])] == ["secret"]


def test_a_token_in_the_url_is_refused_before_anything(
    friends: tuple[TestClient, str, list[str]],
) -> None:
    client, game, tokens = friends
    answer = client.post(
        f"/games/{game}/chat?token={tokens[0]}", json={"room": "players", "text": "hi"}
    )
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "token_in_url"
    assert said(client, game, tokens[1]) == []


def test_a_player_of_a_bot_game_cannot_chat(tmp_path: Path) -> None:
    """Nothing is ever said to a bot: its players' room is closed, and stays empty."""
    with running(tmp_path) as client:
        made = create_bot_game(client)
        answer = say(client, made["game"], made["token"], room="players", text="hello bot")
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "chat_closed"
        answer = say(client, made["game"], made["token"], room="players", phrase="gg")
        assert answer.status_code == 409
