"""Chat at the table (server/chat/rooms.py): two rooms a game, the players' and the
spectators', stored with the game, pushed live on the game's WebSocket to its own room
only, and across server processes through the bus. docs/protocol.md, Chat."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from outlaws.server import create_app
from outlaws.server.chat import rooms as chat
from outlaws.server.cluster.bus import LocalBus
from tests.server.serverkit import (
    Player,
    auth,
    create_bot_game,
    create_friend_game,
    recv,
    recv_until,
    running,
    said_hello,
    settings_for,
)


def say(
    client: TestClient,
    game: str,
    token: str | None,
    headers: dict[str, str] | None = None,
    **body: Any,
) -> Any:
    """``POST /games/{id}/chat`` as the seat of ``token`` (none: a spectator)."""
    return client.post(f"/games/{game}/chat", headers={**auth(token), **(headers or {})}, json=body)


def room(client: TestClient, game: str, token: str | None) -> dict[str, Any]:
    """``GET /games/{id}/chat``: the room of the seat of ``token`` (none: the spectators')."""
    answer = client.get(f"/games/{game}/chat", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def next_chat(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next ``chat`` message of ``ws`` (the game's own messages skipped)."""
    return dict(recv_until(ws, lambda message: message["type"] == "chat")[-1]["message"])


def test_one_player_writes_and_the_other_reads_it_live_and_later(tmp_path: Path) -> None:
    """Ann writes in the players' room: Bob's socket gets it at once, as it was
    stored (its id, seat, author, text); a spectator's socket never does; reading the
    room afterwards gives it to either player, and to no spectator."""
    with running(tmp_path) as client:
        made = client.post(
            "/games", json={"opponent": "friend", "seat": 0, "placement": "random", "name": "Ann"}
        )
        game = made.json()["game"]
        joined = client.post(f"/invites/{made.json()['invite']}", json={"name": "Bob"})
        tokens = [made.json()["token"], joined.json()["token"]]
        with (
            said_hello(client, game, tokens[1]) as bob,
            said_hello(client, game, None) as watcher,
        ):
            assert recv(bob)["type"] == recv(watcher)["type"] == "hello"
            sent = say(client, game, tokens[0], room="players", text="  good luck, Bob!  ")
            assert sent.status_code == 201, sent.text
            stored = sent.json()
            assert stored["text"] == "good luck, Bob!" and stored["author"] == "Ann"
            assert (stored["room"], stored["seat"], stored["phrase"]) == ("players", 0, None)
            assert next_chat(bob) == stored
            # The spectator's next chat message is the spectators' own, not Ann's.
            guest = say(client, game, None, room="spectators", text="hi all", name="Cleo")
            assert guest.status_code == 201, guest.text
            assert next_chat(watcher)["text"] == "hi all"
            # Bob's next one is not the spectator's: he hears Ann's next words instead.
            say(client, game, tokens[0], room="players", phrase="gg")
            assert next_chat(bob)["phrase"] == "gg"
        for token in tokens:
            read = room(client, game, token)
            assert read["room"] == "players"
            assert [(m["seat"], m["text"], m["phrase"]) for m in read["messages"]] == [
                (0, "good luck, Bob!", None),
                (0, None, "gg"),
            ]
        spectators = room(client, game, None)
        assert spectators["room"] == "spectators"
        assert [(m["author"], m["text"]) for m in spectators["messages"]] == [("Cleo", "hi all")]


def test_a_quick_phrase_is_stored_as_its_key_and_an_unknown_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phrase travels as its key (each page words it in its reader's language); a key
    the server does not know, or text and phrase together, or neither, is refused
    naming the field. (The rate is lifted: every phrase is said in a row.)"""
    monkeypatch.setattr(chat, "BURST", 100.0)
    monkeypatch.setattr(chat, "AUTHOR_BURST", 100.0)
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        for key in sorted(chat.PHRASES):
            assert say(client, game, tokens[1], room="players", phrase=key).status_code == 201
            said = room(client, game, tokens[0])["messages"][-1]
            assert (said["phrase"], said["text"]) == (key, None)
        refused = say(client, game, tokens[1], room="players", phrase="<b>hi</b>")
        assert refused.status_code == 422 and refused.json()["error"]["field"] == "phrase"
        both = say(client, game, tokens[1], room="players", phrase="gg", text="gg")
        assert both.status_code == 422 and both.json()["error"]["field"] == "text"
        neither = say(client, game, tokens[1], room="players")
        assert neither.status_code == 422 and neither.json()["error"]["field"] == "text"


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("x" * 200, True),
        ("x" * 201, False),
        ("   ", False),
        ("line\nbreak", False),
        ("é" * 200, True),
    ],
)
def test_text_is_1_to_200_characters_once_trimmed_without_control_characters(
    tmp_path: Path, text: str, ok: bool
) -> None:
    """The limits of a message's text, counted in characters (not bytes): 200 ``é`` are
    as good as 200 ``x``; a refusal names the field ``text`` and stores nothing."""
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        answer = say(client, game, tokens[0], room="players", text=text)
        if ok:
            assert answer.status_code == 201, answer.text
        else:
            assert answer.status_code == 422, answer.text
            assert answer.json()["error"] == {
                **answer.json()["error"],
                "code": "bad_chat",
                "field": "text",
            }
            assert room(client, game, tokens[0])["messages"] == []


def test_a_guest_spectator_writes_under_a_name_and_a_signed_in_one_as_their_account(
    tmp_path: Path,
) -> None:
    """A guest must give a name (1 to 24 characters); a signed-in spectator writes as
    their account, whatever name they give, and only with the session's anti-CSRF
    token (a page of another site cannot make them speak)."""
    with running(tmp_path) as client:
        game, _ = create_friend_game(client)
        nameless = say(client, game, None, room="spectators", text="hello")
        assert nameless.status_code == 422 and nameless.json()["error"]["field"] == "name"
        too_long = say(client, game, None, room="spectators", text="hello", name="n" * 25)
        assert too_long.status_code == 422 and too_long.json()["error"]["field"] == "name"
        dora = Player(client, "Dora", "a long enough secret")
        signed = say(client, game, None, dora.headers(), room="spectators", text="hey", name="Eve")
        assert signed.status_code == 201, signed.text
        assert signed.json()["author"] == "Dora"
        forged = say(
            client, game, None, dora.headers(csrf=False), room="spectators", text="hey", name="X"
        )
        assert forged.status_code == 403 and forged.json()["error"]["code"] == "bad_csrf"
        assert [m["author"] for m in room(client, game, None)["messages"]] == ["Dora"]


def test_a_game_against_a_bot_has_no_players_room_but_its_spectators_chat(
    tmp_path: Path,
) -> None:
    """Nobody would read the players' room of a bot game (a bot never receives chat):
    writing or reading it is refused with a reason; its spectators chat as anywhere."""
    with running(tmp_path) as client:
        made = create_bot_game(client)
        game, token = made["game"], made["token"]
        written = say(client, game, token, room="players", text="hi bot")
        assert written.status_code == 409, written.text
        assert written.json()["error"]["code"] == "chat_closed"
        assert "bot" in written.json()["error"]["message"]
        read = client.get(f"/games/{game}/chat", headers=auth(token))
        assert read.status_code == 409 and read.json()["error"]["code"] == "chat_closed"
        assert (
            say(client, game, None, room="spectators", text="go bot", name="Fan").status_code == 201
        )
        assert [m["text"] for m in room(client, game, None)["messages"]] == ["go bot"]


def test_the_chat_is_stored_with_the_game_and_read_after_a_restart(tmp_path: Path) -> None:
    """What was said is in the database, not in a process's memory: a restarted
    server reads it back, in order."""
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        for n in range(3):
            assert say(client, game, tokens[n % 2], room="players", text=f"m{n}").status_code == 201
    with running(tmp_path) as client:
        assert [m["text"] for m in room(client, game, tokens[1])["messages"]] == ["m0", "m1", "m2"]
        assert [m["seat"] for m in room(client, game, tokens[1])["messages"]] == [0, 1, 0]


def test_a_room_gives_its_latest_100_messages_oldest_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long chat is read as its last ``HISTORY`` messages, in the order they were
    said (the rate is lifted for this test)."""
    monkeypatch.setattr(chat, "BURST", 1000.0)
    monkeypatch.setattr(chat, "AUTHOR_BURST", 1000.0)
    with running(tmp_path) as client:
        game, tokens = create_friend_game(client)
        for n in range(chat.HISTORY + 5):
            assert say(client, game, tokens[0], room="players", text=f"#{n}").status_code == 201
        texts = [m["text"] for m in room(client, game, tokens[1])["messages"]]
        assert texts == [f"#{n}" for n in range(5, chat.HISTORY + 5)]


@contextmanager
def two_processes(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one SQLite database and one bus, as ``outlaws serve`` processes share
    a database and Redis (tests/server/cluster/test_processes.py)."""
    bus = LocalBus()
    database = f"sqlite:///{tmp_path / 'outlaws.db'}"
    with ExitStack() as stack:
        clients = []
        for name in "ab":
            folder = tmp_path / name
            folder.mkdir()
            settings = settings_for(folder, db_url=database, bus=bus)
            clients.append(stack.enter_context(TestClient(create_app(settings))))
        yield clients[0], clients[1]


def test_a_player_on_one_process_is_read_live_by_the_other_on_another(tmp_path: Path) -> None:
    """Ann's page talks to process A, Bob's to process B: what Ann says is stored by
    A, published on the bus, and pushed by B to Bob's socket; a spectator on B does not
    get it. Bob's answer, through B, reaches Ann on A the same way (after her own words:
    every socket of the room gets every message, its writer's too)."""
    with two_processes(tmp_path) as (a, b):
        game, tokens = create_friend_game(a)
        with (
            said_hello(a, game, tokens[0]) as ann,
            said_hello(b, game, tokens[1]) as bob,
            said_hello(b, game, None) as watcher,
        ):
            assert recv(ann)["type"] == recv(bob)["type"] == recv(watcher)["type"] == "hello"
            assert say(a, game, tokens[0], room="players", text="from A").status_code == 201
            heard = next_chat(bob)
            assert (heard["text"], heard["seat"], heard["room"]) == ("from A", 0, "players")
            assert say(b, game, tokens[1], room="players", phrase="thanks").status_code == 201
            # Ann's own socket shows her words too (her other tabs), then Bob's.
            assert next_chat(ann)["text"] == "from A"
            assert next_chat(ann)["phrase"] == "thanks"
            assert (
                say(a, game, None, room="spectators", text="seen?", name="Wes").status_code == 201
            )
            assert next_chat(watcher)["text"] == "seen?"  # not Ann's words before it
        assert [m["text"] for m in room(b, game, tokens[1])["messages"]] == ["from A", None]
