"""Seat tokens travelled in URLs (``/games/ID?token=T``, ``/ws/games/ID?token=T``),
and every proxy's access log keeps URLs: whoever reads the log holds the seat. Now a token
goes in the ``Authorization: Bearer`` header, or in a WebSocket's first message (a browser
cannot set headers there); a URL that holds one is refused, and does nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from outlaws.server.live import socket as ws_module
from tests.security.attackkit import recv
from tests.server.serverkit import (
    auth,
    create_friend_game,
    http_game,
    legal_of,
    running,
    stored_game,
)


def close_code(ws: WebSocketTestSession, timeout: float = 10.0) -> tuple[list[dict], int]:
    """The messages ``ws`` gets until the server closes it, and the close code."""

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    messages = []
    while True:
        message = ws.portal.call(get)
        if message["type"] == "websocket.close":
            return messages, int(message.get("code", 1000))
        messages.append(json.loads(message["text"]))


def refused_in_url(answer: Any) -> None:
    assert answer.status_code == 400, answer.text
    error = answer.json()["error"]
    assert error["code"] == "token_in_url" and error["field"] == "token", error
    assert "Authorization" in error["message"]


@pytest.fixture
def game(tmp_path: Path) -> Iterator[tuple[TestClient, str, list[str], int]]:
    """A friend game, both seats taken: the client, its id, the tokens, the seat to act."""
    with running(tmp_path) as client:
        game_id, tokens = create_friend_game(client)
        yield client, game_id, tokens, http_game(client, game_id)["view"]["to_act"]


def test_a_token_in_an_http_query_is_refused_and_nothing_is_done(
    game: tuple[TestClient, str, list[str], int], tmp_path: Path
) -> None:
    client, game_id, tokens, seat = game
    token = tokens[seat]
    legal = legal_of(http_game(client, game_id, token)) or []
    look = next(a for a in legal if a["type"] == "look")
    # Every endpoint, the ones that read a token and the ones that do not.
    for method, path, body in (
        ("GET", f"/games/{game_id}", None),
        ("POST", f"/games/{game_id}/actions", look),
        ("POST", f"/games/{game_id}/resign", None),
        ("POST", f"/games/{game_id}/placement", {"random": True}),
        ("GET", f"/games/{game_id}/notebook", None),
        ("GET", f"/games/{game_id}/record", None),
        ("GET", f"/games/{game_id}/replay", None),
        ("POST", "/games/mine", {"tokens": [token]}),
        ("GET", "/bots", None),
    ):
        refused_in_url(client.request(method, path, params={"token": token}, json=body))
    # The header beside it changes nothing: the token has leaked all the same.
    url = f"/games/{game_id}/actions"
    refused_in_url(client.post(url, params={"token": token}, headers=auth(token), json=look))
    # Nor does another spelling of the name, an empty value, or a bad body.
    for query in ("tok%65n=T", "TOKEN=T", "access_token=T", "token", "since=1&token="):
        refused_in_url(client.post(f"{url}?{query}", json=look))
    refused_in_url(client.post(f"{url}?token={token}", content=b"{not json"))
    # Nothing was played, nobody resigned: the game is as it was.
    assert stored_game(tmp_path, game_id).actions == []
    after = http_game(client, game_id)
    assert after["actions"] == 0 and after["status"] == "playing" and after["result"] is None
    # The same action with the token in the header is played.
    assert client.post(url, headers=auth(token), json=look).status_code == 200
    assert len(stored_game(tmp_path, game_id).actions) == 1


def test_the_api_document_asks_for_no_token_in_the_query(tmp_path: Path) -> None:
    with running(tmp_path) as client:
        document = client.get("/openapi.json").json()
    for path, operations in document["paths"].items():
        for operation in operations.values():
            names = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
            assert "token" not in names, path


def test_a_token_in_a_websocket_url_is_refused(
    game: tuple[TestClient, str, list[str], int],
) -> None:
    client, game_id, tokens, _ = game
    for url, headers in (
        (f"/ws/games/{game_id}?token={tokens[0]}", {}),
        (f"/ws/games/{game_id}?since=0&token={tokens[0]}", {}),
        (f"/ws/games/{game_id}?token={tokens[0]}", auth(tokens[0])),
        (f"/ws/games/{game_id}?tok%65n=forged", {}),
    ):
        with client.websocket_connect(url, headers=headers) as ws:
            messages, code = close_code(ws)
        assert [m["error"]["code"] for m in messages] == ["token_in_url"], messages
        assert code == ws_module.CLOSE_POLICY


def test_a_seat_says_hello_with_its_token_in_the_first_message(
    game: tuple[TestClient, str, list[str], int], tmp_path: Path
) -> None:
    client, game_id, tokens, seat = game
    with client.websocket_connect(f"/ws/games/{game_id}?since=0") as ws:
        ws.send_json({"op": "hello", "token": tokens[seat]})
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["seat"] == seat and hello["legal"]
        ws.send_json({"op": "action", "action": "look 1", "ref": 1})
        assert any(m["type"] == "accepted" for m in (recv(ws), recv(ws)))
        # A second hello is refused, and the connection goes on.
        ws.send_json({"op": "hello", "token": tokens[seat]})
        assert recv(ws)["error"]["field"] == "op"
        ws.send_json({"op": "ping", "ref": "p"})
        assert recv(ws) == {"type": "pong", "ref": "p"}
    assert len(stored_game(tmp_path, game_id).actions) == 1


def test_a_spectator_says_hello_without_a_token(
    game: tuple[TestClient, str, list[str], int],
) -> None:
    client, game_id, _, _ = game
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_json({"op": "hello"})
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["seat"] is None and hello["legal"] is None
        assert hello["view"]["seats"][0]["street"] == [None] * 8
        ws.send_text("look 1")
        assert recv(ws)["error"]["code"] == "not_a_seat"


def test_a_header_needs_no_hello(game: tuple[TestClient, str, list[str], int]) -> None:
    client, game_id, tokens, seat = game
    with client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[seat])) as ws:
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["seat"] == seat
    # Another scheme (a proxy's password, sent by the browser itself) is no token: the
    # connection still says hello.
    basic = {"Authorization": "Basic dXNlcjpwYXNz"}
    with client.websocket_connect(f"/ws/games/{game_id}", headers=basic) as ws:
        ws.send_json({"op": "hello", "token": tokens[seat]})
        hello = recv(ws)
        assert hello["type"] == "hello" and hello["seat"] == seat


def test_a_bad_token_in_the_hello_is_refused_with_4003(
    game: tuple[TestClient, str, list[str], int],
) -> None:
    client, game_id, _, _ = game
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_json({"op": "hello", "token": "forged"})
        messages, code = close_code(ws)
    assert [m["error"]["code"] for m in messages] == ["bad_token"]
    assert code == ws_module.CLOSE_BAD_TOKEN == 4003


@pytest.mark.parametrize(
    ("first", "error"),
    [
        ("look 1", "hello_expected"),
        ('{"op": "ping"}', "hello_expected"),
        ('{"op": "hello", "token": 7}', "bad_message"),
        ('{"op": "hello", "seat": 0}', "bad_message"),
        ("x" * (17 * 1024), "too_large"),
    ],
)
def test_a_first_message_that_is_not_a_hello_ends_the_connection(
    game: tuple[TestClient, str, list[str], int], first: str, error: str
) -> None:
    client, game_id, _, _ = game
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_text(first)
        messages, code = close_code(ws)
    assert [m["error"]["code"] for m in messages] == [error]
    assert code == ws_module.CLOSE_POLICY


def test_a_silent_socket_is_closed_at_the_hello_deadline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ws_module, "HELLO_TIMEOUT", 0.3)
    with running(tmp_path, client_sockets=2) as client:
        game_id, tokens = create_friend_game(client)
        sockets: dict[str, int] = client.app.state.sockets_of_client  # type: ignore[attr-defined]
        with (
            client.websocket_connect(f"/ws/games/{game_id}") as first,
            client.websocket_connect(f"/ws/games/{game_id}") as second,
        ):
            # Waiting sockets count against their client's cap: a third is refused...
            with client.websocket_connect(f"/ws/games/{game_id}") as third:
                messages, code = close_code(third)
            assert [m["error"]["code"] for m in messages] == ["too_many_sockets"]
            assert code == ws_module.CLOSE_TRY_LATER
            # ...and the deadline frees them: each is told why, and closed.
            for ws in (first, second):
                messages, code = close_code(ws, timeout=5.0)
                assert [m["error"]["code"] for m in messages] == ["hello_timeout"]
                assert code == ws_module.CLOSE_HELLO_TIMEOUT == 4008
        assert sockets == {}
        # The places are free again.
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            ws.send_json({"op": "hello", "token": tokens[0]})
            assert recv(ws)["type"] == "hello"
