"""Spectators never keep the players out. A game took 64 WebSockets, seats and
spectators counted together: 32 spectators from each of two addresses (game ids are
public, in the lobby) made both seats' hellos fail with ``too_many_sockets`` and, with
8 seconds a turn, the seat to act lost on time. Now a game's spectators are capped
apart from its seats, and a seat's own connections are always let in: past its own
budget its oldest gives way to its newest. Against a real ``outlaws serve`` on
127.0.0.1, the spectators coming from 127.0.0.2 and 127.0.0.3."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.security.attackkit import live_server, recv, serve_command
from tests.server.serverkit import create_friend_game, legal_of, running, said_hello

#: The per-game cap on spectators, and on a client address's sockets (the defaults).
SPECTATORS = 64
PER_ADDRESS = 32


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("lockout") / "outlaws.db"
    with live_server(serve_command(db)) as (base, _):
        yield base


def read(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return message


def test_a_full_house_of_spectators_does_not_keep_the_players_out(server: str) -> None:
    clock = {"bank": 0, "per_turn": 8, "on_timeout": "lose"}
    made = httpx.post(
        f"{server}/games",
        json={"opponent": "friend", "seat": 0, "placement": "random", "clock": clock},
        timeout=10,
    ).json()
    joined = httpx.post(f"{server}/invites/{made['invite']}", json={}, timeout=10).json()
    tokens = [made["token"], joined["token"]]
    url = server.replace("http://", "ws://") + f"/ws/games/{made['game']}"
    with ExitStack() as stack:

        def watch(address: str) -> dict[str, Any]:
            ws = stack.enter_context(connect(url, source_address=(address, 0), open_timeout=10))
            ws.send(json.dumps({"op": "hello"}))
            return read(ws)

        # Two addresses fill the game with spectators, each up to its own cap.
        for address in ("127.0.0.2", "127.0.0.3"):
            watched = [watch(address)["type"] for _ in range(PER_ADDRESS)]
            assert watched == ["hello"] * PER_ADDRESS
        assert PER_ADDRESS * 2 == SPECTATORS
        # One spectator more is refused, from any address...
        assert watch("127.0.0.4")["error"]["code"] == "too_many_sockets"
        # ...but both seats come in: a browser's way (the token in its first message)
        # and with the Authorization header.
        first = stack.enter_context(connect(url, open_timeout=10))
        first.send(json.dumps({"op": "hello", "token": tokens[0]}))
        bearer = {"Authorization": f"Bearer {tokens[1]}"}
        second = stack.enter_context(connect(url, additional_headers=bearer, open_timeout=10))
        hellos = [read(first), read(second)]
        assert [hello["type"] for hello in hellos] == ["hello", "hello"]
        # The seat to act plays within its turn: nobody loses on time.
        to_act = hellos[0]["view"]["to_act"]
        seat_ws, hello = ((first, hellos[0]), (second, hellos[1]))[to_act]
        legal = legal_of(hello)
        assert legal
        seat_ws.send(json.dumps({"op": "action", "action": legal[0], "ref": 1}))
        while (answer := read(seat_ws))["type"] != "accepted":
            assert answer["type"] != "error", answer
        game = httpx.get(f"{server}/games/{made['game']}", timeout=10).json()
        assert game["status"] == "playing" and game["actions"] == 1


def test_a_seat_that_connects_again_and_again_keeps_its_newest_connections(
    tmp_path: Path,
) -> None:
    with running(tmp_path, seat_sockets=2) as client:
        game_id, tokens = create_friend_game(client)
        with said_hello(client, game_id, tokens[0]) as oldest:
            assert recv(oldest)["type"] == "hello"
            with (
                said_hello(client, game_id, tokens[0]) as older,
                said_hello(client, game_id, tokens[0]) as newest,
            ):
                for ws in (older, newest):
                    assert recv(ws)["type"] == "hello"
                # The third connection of the seat took the place of its first.
                told = recv(oldest)
                assert told["error"]["code"] == "too_many_sockets"
                with pytest.raises(ConnectionError, match="closed: 1008"):
                    recv(oldest)
                for ws in (older, newest):
                    ws.send_json({"op": "ping", "ref": 1})
                    assert recv(ws) == {"type": "pong", "ref": 1}
