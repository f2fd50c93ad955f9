"""Slowloris. Connections whose headers never ended were never closed (1,500
held for 60 s; 300 made normal requests fail under a 256-descriptor limit), and a game
took any number of WebSockets (1,000 spectators held). Now request headers have a
deadline, each client address a cap on its connections, and each game and client a cap
on WebSockets, spectators included. Against a real ``outlaws serve`` on 127.0.0.1."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.security.attackkit import live_server, recv, serve_command
from tests.server.serverkit import create_friend_game, running

HEADER_TIMEOUT = 1.0
PER_CLIENT = 20


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("slowloris") / "outlaws.db"
    command = serve_command(
        db, "--header-timeout", str(HEADER_TIMEOUT), "--client-connections", str(PER_CLIENT)
    )
    with live_server(command) as (base, _):
        yield base


def half_open(base: str) -> socket.socket:
    """A connection that starts a request and never finishes its headers."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=5)
    sock.sendall(b"GET /bots HTTP/1.1\r\nHost: x\r\nX-Slow: 1")
    return sock


def closed(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_unfinished_headers_are_closed_and_a_client_is_capped(server: str) -> None:
    socks = [half_open(server) for _ in range(PER_CLIENT + 10)]
    try:
        started = time.monotonic()
        # Past the cap, at once; all of them once the header deadline has passed.
        assert all(closed(s, HEADER_TIMEOUT + 2.0) for s in socks[PER_CLIENT:])
        assert all(closed(s, HEADER_TIMEOUT + 2.0) for s in socks[:PER_CLIENT])
        held = time.monotonic() - started
        assert held < HEADER_TIMEOUT + 2.0, held
    finally:
        for sock in socks:
            sock.close()
    time.sleep(0.2)
    assert httpx.get(f"{server}/bots", timeout=5.0).status_code == 200


def test_a_game_and_a_client_have_a_cap_on_websockets(tmp_path: Path) -> None:
    with running(tmp_path, spectator_sockets=4, client_sockets=6) as client:
        game_id, _ = create_friend_game(client)
        other, _ = create_friend_game(client)
        with ExitStack() as stack:

            def connect(game: str) -> dict[str, Any]:
                ws = stack.enter_context(client.websocket_connect(f"/ws/games/{game}"))
                ws.send_json({"op": "hello"})  # a spectator (refused already past a cap)
                return recv(ws)

            assert [connect(game_id)["type"] for _ in range(4)] == ["hello"] * 4
            assert connect(game_id)["error"]["code"] == "too_many_sockets"  # spectator 5
            assert [connect(other)["type"] for _ in range(2)] == ["hello"] * 2
            assert connect(other)["error"]["code"] == "too_many_sockets"  # socket 7
