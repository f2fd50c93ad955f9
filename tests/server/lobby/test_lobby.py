"""The lobby: open games that strangers join in one click, the games being
played, who is online, live for everyone and across server processes."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from outlaws.server.common.bus import Bus
from tests.server.processkit import two_servers
from tests.server.serverkit import Player, auth, recv, running, said_hello


def open_game(client: TestClient, **extra: Any) -> dict[str, Any]:
    """A friend game listed in the lobby: the creator's answer."""
    made = client.post("/games", json={"opponent": "friend", "open": True, "name": "Ada", **extra})
    assert made.status_code == 201, made.text
    return dict(made.json())


def lobby_until(
    ws: WebSocketTestSession, done: Callable[[dict[str, Any]], bool], timeout: float = 10.0
) -> dict[str, Any]:
    """The lobby's messages until one for which ``done`` holds."""
    end = time.monotonic() + timeout
    while True:
        message = recv(ws, max(0.1, end - time.monotonic()))
        assert message["type"] == "lobby"
        if done(message):
            return message


def seeks(message: dict[str, Any]) -> list[str]:
    return [seek["game"] for seek in message["seeks"]]


def take_at_once(takers: list[tuple[TestClient, str]], game: str) -> list[Any]:
    """Each (client, name) clicks the open ``game`` at the same moment: the answers."""
    with ThreadPoolExecutor(len(takers)) as pool:
        return list(pool.map(lambda t: t[0].post(f"/seeks/{game}", json={"name": t[1]}), takers))


def test_an_open_game_is_listed_while_its_creator_is_at_the_table(tmp_path: Path) -> None:
    """Ada opens a game and sits at its table: the lobby lists it, with her name and
    clock. When she leaves the table the game leaves the lobby (nobody joins a game its
    creator has left)."""
    with running(tmp_path) as client:
        made = open_game(client, clock={"bank": 300, "per_turn": 10, "on_timeout": "lose"})
        assert client.get("/lobby").json()["seeks"] == []  # not at the table yet
        with client.websocket_connect("/ws/lobby?visitor=browser-of-bob") as lobby:
            with said_hello(client, made["game"], made["token"]):
                listed = lobby_until(lobby, lambda m: made["game"] in seeks(m))
                seek = listed["seeks"][0]
                assert seek["name"] == "Ada"
                assert seek["clock"] == {"bank": 300, "per_turn": 10}
                assert seek["rated"] is False
                assert "token" not in str(listed) and made["invite"] not in str(listed)
            lobby_until(lobby, lambda m: m["seeks"] == [])


def test_one_click_joins_and_the_game_leaves_the_lobby(tmp_path: Path) -> None:
    """Bob sees Ada's game in the lobby and takes its seat in one request: both are at
    a game that starts with placement, and the lobby lists it among games being played."""
    with running(tmp_path) as client:
        made = open_game(client)
        with (
            said_hello(client, made["game"], made["token"]),
            client.websocket_connect("/ws/lobby") as lobby,
        ):
            lobby_until(lobby, lambda m: made["game"] in seeks(m))
            joined = client.post(f"/seeks/{made['game']}", json={"name": "Bob"})
            assert joined.status_code == 200, joined.text
            assert joined.json()["seat"] == 1 - made["seat"]
            playing = lobby_until(lobby, lambda m: m["seeks"] == [] and m["playing"] != [])
            names = [p["name"] for p in playing["playing"][0]["players"]]
            assert sorted(names) == ["Ada", "Bob"]
        game = client.get(f"/games/{made['game']}", headers=auth(joined.json()["token"]))
        assert game.json()["status"] == "placing"


def test_an_open_game_taken_twice_at_once_seats_one_player(tmp_path: Path) -> None:
    """Two players click the same open game at the same moment: one gets the seat, the
    other a clear 409 ``seek_taken``; the game has exactly one opponent."""
    with running(tmp_path) as client:
        for _ in range(5):
            made = open_game(client)
            answers = take_at_once([(client, "Bob"), (client, "Cy")], made["game"])
            codes = sorted(a.status_code for a in answers)
            assert codes == [200, 409], [a.text for a in answers]
            refused = next(a for a in answers if a.status_code == 409)
            assert refused.json()["error"]["code"] == "seek_taken"


def test_an_open_game_is_taken_once_across_two_processes(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    """Ada's game is created on one process; Bob clicks it through that one and Cy
    through the other at once: one seat, one winner, whatever the processes."""
    with two_servers(tmp_path, database, buses) as (a, b):
        for _ in range(3):
            made = open_game(a)
            answers = take_at_once([(a, "Bob"), (b, "Cy")], made["game"])
            assert sorted(x.status_code for x in answers) == [200, 409], [x.text for x in answers]


def test_the_lobby_of_another_process_lists_the_game_and_who_is_online(
    tmp_path: Path, database: str, buses: Callable[[], Bus]
) -> None:
    """Ada, signed in, opens a game and waits at its table on process A; Bob looks at the
    lobby on process B: he sees her game and her name among those online, and joins it
    through B."""
    with two_servers(tmp_path, database, buses) as (a, b):
        ada = Player(a, "Ada", "correct horse battery")
        made = a.post(
            "/games",
            json={"opponent": "friend", "open": True, "rated": True, "clock": {"bank": 300}},
            headers=ada.headers(),
        )
        assert made.status_code == 201, made.text
        game = made.json()["game"]
        a.cookies.set("outlaws_session", ada.cookie)
        with (
            said_hello(a, game, made.json()["token"]),
            b.websocket_connect("/ws/lobby?visitor=bob-browser-1") as lobby,
        ):
            seen = lobby_until(
                lobby, lambda m: game in seeks(m) and "Ada" in m["online"]["players"]
            )
            assert seen["seeks"][0]["rated"] is True
            assert seen["online"]["guests"] >= 1  # Bob, a guest
            bob = Player(b, "Bob", "another good password")
            joined = b.post(f"/seeks/{game}", json={}, headers=bob.headers())
            assert joined.status_code == 200, joined.text
            lobby_until(lobby, lambda m: game not in seeks(m))
        a.cookies.clear()


def test_a_player_cannot_join_their_own_open_game(tmp_path: Path) -> None:
    """Ada's own account clicking her open game is told so, and the seat stays free."""
    with running(tmp_path) as client:
        ada = Player(client, "Ada", "correct horse battery")
        made = client.post(
            "/games", json={"opponent": "friend", "open": True}, headers=ada.headers()
        )
        answer = client.post(f"/seeks/{made.json()['game']}", json={}, headers=ada.headers())
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "own_game"


def test_open_is_for_a_game_against_a_person(tmp_path: Path) -> None:
    """A game against a bot cannot be listed: 422 naming the reason."""
    with running(tmp_path) as client:
        answer = client.post("/games", json={"opponent": "bot", "open": True})
        assert answer.status_code == 422
        assert "open is for opponent=friend" in answer.text
